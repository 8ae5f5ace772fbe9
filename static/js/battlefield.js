// The battlefield page: live updates (websocket, polling when the socket is down), the stack
// dialog, keyboard shortcuts. htmx does the requests and swaps; this file only wires them.
(function () {
  "use strict";

  var page = document.getElementById("table-page");
  if (!page || !window.htmx) {
    return;
  }
  var boardUrl = page.dataset.boardUrl;
  var panel = document.getElementById("panel");
  var help = document.getElementById("help");
  var socket = null;
  var pollTimer = null;
  var retryDelay = 1000;
  var POLL_MS = 1000; // "within a second" even when the socket is down
  // The status lives in the board partial, which the server renders as "connecting": every swap
  // puts the last known status back.
  var status = { text: "connecting", ok: true };

  function board() {
    return document.getElementById("board");
  }

  function version() {
    var el = board();
    return el ? parseInt(el.dataset.version, 10) : 0;
  }

  function setStatus(text, ok) {
    status = { text: text, ok: ok };
    var el = document.getElementById("live-status");
    if (el) {
      el.textContent = text;
      el.classList.toggle("offline", !ok);
    }
  }

  function refresh() {
    var sep = boardUrl.indexOf("?") === -1 ? "?" : "&";
    htmx.ajax("GET", boardUrl + sep + "known=" + version(), { target: "#board", swap: "outerHTML" });
  }

  function startPolling() {
    if (pollTimer === null) {
      pollTimer = window.setInterval(refresh, POLL_MS);
    }
    setStatus("polling", false);
  }

  function stopPolling() {
    if (pollTimer !== null) {
      window.clearInterval(pollTimer);
      pollTimer = null;
    }
  }

  function connect() {
    if (!("WebSocket" in window)) {
      startPolling();
      return;
    }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      socket = new WebSocket(scheme + window.location.host + page.dataset.wsPath);
    } catch (err) {
      startPolling();
      return;
    }
    socket.onopen = function () {
      retryDelay = 1000;
      stopPolling();
      setStatus("live", true);
      refresh(); // catch up on anything that happened while we were away
    };
    socket.onmessage = function (message) {
      var data;
      try {
        data = JSON.parse(message.data);
      } catch (err) {
        return;
      }
      if (data.type === "table.updated" && data.version !== version()) {
        refresh();
      }
    };
    socket.onclose = function () {
      socket = null;
      startPolling();
      window.setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 30000);
    };
  }

  // Controls outside the board (the token palette) post the version the board shows now.
  function syncVersion() {
    var v = String(version());
    document.querySelectorAll("[data-sync-version]").forEach(function (input) {
      input.value = v;
    });
  }

  // Stacks that vanish in an update are named for a moment, so players see them go; the log
  // (and the result of one's own action) says why: exiled, ceased to exist (704.5d), ...
  var before = {};

  function stacksOnBoard() {
    var totals = {};
    document.querySelectorAll("#board .bf-tile[data-object]").forEach(function (tile) {
      var name = tile.dataset.name || "";
      totals[name] = (totals[name] || 0) + parseInt(tile.dataset.count || "0", 10);
    });
    return totals;
  }

  function showGone() {
    var now = stacksOnBoard();
    var gone = Object.keys(before).filter(function (name) { return (now[name] || 0) < before[name]; });
    var el = board();
    if (gone.length && el) {
      var note = document.createElement("p");
      note.className = "gone";
      note.setAttribute("role", "status");
      note.textContent = "Left the board: " + gone.map(function (name) {
        return (before[name] - (now[name] || 0)) + " " + name;
      }).join(", ") + " (the log says why)";
      el.insertBefore(note, el.querySelector(".board-grid"));
      window.setTimeout(function () { note.classList.add("faded"); }, 4000);
    }
    before = now;
  }

  // The log filter (by player) and the focused control survive board updates.
  var logSeat = "";
  var focus = null;
  var FOCUSABLE = "a[href], button, input, select, textarea, summary";

  function applyLogFilter() {
    var select = document.querySelector("[data-log-filter]");
    if (select) {
      select.value = logSeat;
    }
    document.querySelectorAll(".log-entry").forEach(function (entry) {
      entry.hidden = logSeat !== "" && entry.dataset.seat !== logSeat;
    });
  }

  function rememberFocus() {
    var active = document.activeElement;
    var root = board();
    focus = null;
    if (!active || !root || !root.contains(active)) {
      return;
    }
    var anchor = active.closest("[id]");
    if (!anchor) {
      return;
    }
    focus = { id: anchor.id, index: Array.prototype.indexOf.call(anchor.querySelectorAll(FOCUSABLE), active) };
  }

  function restoreFocus() {
    if (!focus) {
      return;
    }
    var anchor = document.getElementById(focus.id);
    if (!anchor) {
      return;
    }
    var target = focus.index >= 0 ? anchor.querySelectorAll(FOCUSABLE)[focus.index] : anchor;
    if (target && document.activeElement !== target) {
      target.focus({ preventScroll: true });
    }
  }

  document.body.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-log-filter]")) {
      logSeat = event.target.value;
      applyLogFilter();
    }
  });

  document.body.addEventListener("htmx:beforeSwap", function () {
    before = stacksOnBoard();
    rememberFocus();
  });

  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "panel-body" && panel && !panel.open) {
      panel.showModal();
    }
    if (document.getElementById("board") && event.detail.target && event.detail.target.id !== "panel-body") {
      showGone();
    }
    setStatus(status.text, status.ok);
    syncVersion();
    applyLogFilter();
    restoreFocus();
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.elt;
    var xhr = event.detail.xhr;
    if (!panel || !panel.open || !elt || !panel.contains(elt) || !xhr) {
      return;
    }
    // Done, or the table changed under the dialog: the board now shows the truth. Other 4xx
    // answers are swapped beside their control (see the page's htmx-config) and keep it open.
    if ((xhr.status >= 200 && xhr.status < 300) || xhr.status === 409) {
      panel.close();
    }
  });

  // Clear an old error next to a control when it posts again.
  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("form") : null;
    if (form) {
      form.querySelectorAll(".form-error").forEach(function (out) {
        out.textContent = "";
      });
    }
  });

  document.body.addEventListener("click", function (event) {
    var opener = event.target.closest ? event.target.closest("[data-open-help]") : null;
    if (opener && help) {
      help.showModal();
    }
  });

  function typing(target) {
    var tag = target && target.tagName;
    return tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) {
      return;
    }
    if ((panel && panel.open) || (help && help.open)) {
      return;
    }
    if (event.key === "?") {
      event.preventDefault();
      if (help) {
        help.showModal();
      }
      return;
    }
    if (event.key === "/") {
      var search = document.getElementById("palette-q");
      if (search) {
        event.preventDefault();
        var palette = document.getElementById("palette");
        if (palette) {
          palette.open = true;
        }
        search.focus();
      }
      return;
    }
    var button = document.querySelector('#board [data-shortcut="' + event.key + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // Phones start with the palette folded so the board is on screen first.
  var palette = document.getElementById("palette");
  if (palette && window.matchMedia("(max-width: 719px)").matches) {
    palette.open = false;
  }

  connect();
})();
