// Admin pages that follow an unfinished job (the Import page's job, the jobs list and a job's
// page): instead of a timed reload (<meta http-equiv=refresh> fails WCAG 2.2.1 and throws focus
// and the reading position to the top), the page fetches itself every data-refresh-seconds and
// swaps in the new [data-refresh] region, until a page comes without data-refresh-seconds (the
// job ended). The Pause button stops it (2.2.1: the user can turn it off); a changed status
// (data-refresh-status) is said in the polite live region; a form control being used is never
// swapped away. A region with data-refresh-cells (a change list) keeps its rows, whose
// checkboxes Django's actions.js has bound: only the other cells are updated, row by row, and
// the rows are replaced only when the jobs listed changed and none is selected.
(function () {
  "use strict";

  var region = document.querySelector("[data-refresh]");
  var toggle = document.querySelector("[data-refresh-toggle]");
  var live = document.getElementById("refresh-status");
  if (!region || !region.dataset.refreshSeconds) {
    return;
  }
  var seconds = Math.max(1, parseInt(region.dataset.refreshSeconds, 10) || 3);
  var paused = false;
  var timer = null;

  var cellsOnly = "refreshCells" in region.dataset;

  // A form control in use would be swapped away (in a change list, only by a whole swap).
  function busy() {
    var active = document.activeElement;
    return !!active && region.contains(active) && /^(INPUT|SELECT|TEXTAREA)$/.test(active.tagName);
  }

  function schedule() {
    window.clearTimeout(timer);
    timer = paused ? null : window.setTimeout(update, seconds * 1000);
  }

  function finish() {
    paused = true;
    window.clearTimeout(timer);
    if (toggle) {
      toggle.hidden = true;
    }
  }

  function swap(fresh) {
    var status = fresh.dataset.refreshStatus || "";
    if (live && status && status !== region.dataset.refreshStatus) {
      live.textContent = status;
    }
    if (!cellsOnly || !swapCells(fresh)) {
      region.innerHTML = fresh.innerHTML;
    }
    region.dataset.refreshStatus = status;
    if (!fresh.dataset.refreshSeconds) {
      delete region.dataset.refreshSeconds;
      finish();
    }
  }

  function rowKey(row) {
    var box = row.querySelector("input.action-select");
    return box ? box.value : "";
  }

  // True when done in place; false when the whole region must be replaced instead.
  function swapCells(fresh) {
    var rows = Array.prototype.slice.call(region.querySelectorAll("tbody tr"));
    var freshRows = Array.prototype.slice.call(fresh.querySelectorAll("tbody tr"));
    var same = rows.length === freshRows.length && rows.every(function (row, i) {
      return rowKey(row) === rowKey(freshRows[i]);
    });
    if (!same) {
      // Replace the rows only when nothing is selected or in use; else keep them as they are.
      return !!region.querySelector("input.action-select:checked") || busy();
    }
    rows.forEach(function (row, i) {
      Array.prototype.forEach.call(row.cells, function (cell, j) {
        var next = freshRows[i].cells[j];
        if (next && !cell.querySelector("input") && cell.innerHTML !== next.innerHTML) {
          cell.innerHTML = next.innerHTML;
        }
      });
    });
    return true;
  }

  function update() {
    if (paused || document.hidden || (!cellsOnly && busy())) {
      schedule();
      return;
    }
    window.fetch(window.location.href, { credentials: "same-origin" }).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (html) {
      var fresh = html && new DOMParser().parseFromString(html, "text/html").querySelector("[data-refresh]");
      if (fresh && !paused && (cellsOnly || !busy())) {
        swap(fresh);
      }
    }, function () {}).then(function () {
      if (!paused) {
        schedule();
      }
    });
  }

  if (toggle) {
    toggle.hidden = false;
    toggle.addEventListener("click", function () {
      paused = !paused;
      toggle.textContent = paused ? toggle.dataset.resume : toggle.dataset.pause;
      schedule();
    });
  }
  schedule();
})();
