// Live seats: when a seat changes hands, the board comes back with the seats this viewer now
// acts for (its data-acts, [[seat, name], ...]); the controls outside the board that name
// seats (the palette's "For", the custom token's) follow it, so none offers a seat the
// viewer no longer acts for.
(function () {
  "use strict";

  function acts() {
    var board = document.getElementById("board");
    if (!board || !board.dataset.acts) {
      return null;
    }
    try {
      return JSON.parse(board.dataset.acts);
    } catch (err) {
      return null;
    }
  }

  function same(select, seats) {
    var values = Array.prototype.map.call(select.options, function (o) { return o.value; });
    return values.join(",") === seats.map(function (s) { return String(s[0]); }).join(",");
  }

  function follow() {
    var seats = acts();
    if (seats === null) {
      return;
    }
    document.querySelectorAll("#table-page select[name=controller]").forEach(function (select) {
      if (select.closest("#board") || same(select, seats)) {
        return;
      }
      var chosen = select.value;
      select.textContent = "";
      seats.forEach(function (seat) {
        var option = document.createElement("option");
        option.value = String(seat[0]);
        option.textContent = seat[1];
        option.selected = option.value === chosen;
        select.appendChild(option);
      });
    });
  }

  document.body.addEventListener("htmx:afterSwap", follow);
})();
