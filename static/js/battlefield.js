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
  // The websocket protocol (docs/live.md): every message carries the table's version; a
  // heartbeat comes every `every` seconds; close codes say what to do next.
  var CLOSE_RESYNC = 4001; // the server lost its channel: reconnect at once
  var CLOSE_ACCESS_ENDED = 4403; // logged out, link rotated, seat removed, table deleted
  var CLOSE_UNAVAILABLE = 4503; // live updates are down for now: poll and retry later
  var heartbeatMs = 3000;
  var watchdog = null;
  var wasLive = false;
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
      // The page's language: "access ended" -> data-access-ended, translated by the server.
      var key = text.replace(/ (\w)/g, function (m, c) { return c.toUpperCase(); });
      el.textContent = el.dataset[key] || text;
      el.classList.toggle("offline", !ok);
    }
  }

  // The resync: the board for the version we have (204 when it is still the latest).
  function refresh() {
    var sep = boardUrl.indexOf("?") === -1 ? "?" : "&";
    htmx.ajax("GET", boardUrl + sep + "known=" + version(), { target: "#board", swap: "outerHTML" });
  }

  function startPolling(text) {
    if (pollTimer === null) {
      pollTimer = window.setInterval(refresh, POLL_MS);
    }
    setStatus(text, false);
  }

  function stopPolling() {
    if (pollTimer !== null) {
      window.clearInterval(pollTimer);
      pollTimer = null;
    }
  }

  // A socket that stays open but hears nothing for three heartbeats is dead: drop it.
  function armWatchdog() {
    window.clearTimeout(watchdog);
    watchdog = window.setTimeout(function () {
      if (socket !== null) {
        socket.close();
      }
    }, 3 * heartbeatMs + 2000);
  }

  // Patching tiles from a websocket delta (API.md "?view=delta"). Only counts and tapped /
  // exhausted change in place, as every other field of a tile is in its data-sig (the server's
  // canonical JSON of the stack without them, play/board.py tile_signature); a new stack joins
  // its pile as a copy of a tile with the same signature. Anything else returns false.
  var PATCHED = ["id", "count", "tapped", "exhausted"];

  function canonical(value) {
    if (Array.isArray(value)) {
      return "[" + value.map(canonical).join(",") + "]";
    }
    if (value !== null && typeof value === "object") {
      return "{" + Object.keys(value).sort().map(function (key) {
        return JSON.stringify(key) + ":" + canonical(value[key]);
      }).join(",") + "}";
    }
    return JSON.stringify(value);
  }

  function signature(obj) {
    var rest = {};
    Object.keys(obj).forEach(function (key) {
      if (PATCHED.indexOf(key) === -1) {
        rest[key] = obj[key];
      }
    });
    return canonical(rest);
  }

  function tileOf(id) {
    return document.getElementById("obj-" + id);
  }

  // What the status a quick button flips is called in this game, from the board's data
  // (the game's presentation and the registry's tap/untap controls): no game names here.
  function toggleOf(el) {
    var d = el.dataset;
    return {
      key: d.toggleKey, word: d.toggleWord, upWord: d.toggleUpWord, count: d.toggleCount,
      on: d.tap, onLabel: d.tapLabel, off: d.untap, offLabel: d.untapLabel
    };
  }

  function showTile(tile, obj, toggle) {
    var down = !!obj[toggle.key];
    var name = tile.dataset.name;
    tile.dataset.count = String(obj.count);
    tile.classList.toggle("is-tapped", down);
    var count = tile.querySelector(".card-name .count");
    if (count) {
      count.textContent = "x" + obj.count;
    }
    var badges = tile.querySelector(".badges");
    if (badges) {
      var first = badges.querySelector("li");
      if (first && [toggle.word, toggle.upWord].indexOf(first.textContent) !== -1) {
        first.remove();
      }
      var label = down ? toggle.word : toggle.upWord;
      if (label) {
        var item = document.createElement("li");
        item.textContent = label;
        badges.insertBefore(item, badges.firstChild);
      }
    }
    var open = tile.querySelector(".tile-open");
    if (open) {
      var shown = Array.prototype.map.call(tile.querySelectorAll(".badges li"), function (li) {
        return ", " + li.textContent;
      }).join("");
      open.setAttribute("aria-label", obj.count + " " + name + shown + ": actions");
    }
    var quick = tile.querySelector(".tile-quick button[name=type]");
    if (quick) {
      var text = (down ? toggle.offLabel : toggle.onLabel) + " 1";
      quick.value = down ? toggle.off : toggle.on;
      quick.textContent = text;
      quick.setAttribute("aria-label", text + " " + name);
    }
  }

  function newTile(obj) {
    var sig = signature(obj);
    var sibling = Array.prototype.find.call(
      document.querySelectorAll("#board .bf-tile[data-sig]"),
      function (tile) { return tile.dataset.sig === sig; }
    );
    if (!sibling) {
      return null;
    }
    var old = sibling.dataset.object;
    var tile = sibling.cloneNode(true);
    tile.id = "obj-" + obj.id;
    tile.dataset.object = obj.id;
    tile.querySelectorAll("[href], [hx-get]").forEach(function (el) {
      ["href", "hx-get"].forEach(function (attr) {
        var value = el.getAttribute(attr);
        if (value) {
          el.setAttribute(attr, value.replace("/" + old + "/", "/" + obj.id + "/"));
        }
      });
    });
    tile.querySelectorAll("input[name=object]").forEach(function (input) { input.value = obj.id; });
    tile.querySelectorAll("[id^=err-]").forEach(function (out) { out.id = "err-" + obj.id.toLowerCase(); });
    tile.querySelectorAll("input[name=slot]").forEach(function (input) { input.value = "err-" + obj.id.toLowerCase(); });
    sibling.parentNode.insertBefore(tile, sibling.nextSibling);
    htmx.process(tile);
    return tile;
  }

  function summarize(pile, toggle) {
    var tiles = pile.querySelectorAll(".bf-tile");
    var summary = pile.querySelector(".pile-summary");
    if (!tiles.length || !summary) {
      return false;
    }
    var total = 0;
    var down = 0;
    tiles.forEach(function (tile) {
      var count = parseInt(tile.dataset.count, 10);
      total += count;
      down += tile.classList.contains("is-tapped") ? count : 0;
    });
    // "(2 tapped)" in the page's language: the board carries the translated template.
    var counted = (toggle.count || "{n} " + toggle.word).replace("{n}", down);
    summary.textContent = "x" + total + " " + tiles[0].dataset.name + (down ? " (" + counted + ")" : "");
    return true;
  }

  // Seats, turn, step and choice are rendered by the server alone: a delta that changes them
  // (and only fields the frame shows, the board's data-frame-fields) patches the tiles, then
  // fetches the board's frame (its head, choice, seat heads and log, `?part=frame`), whose
  // cost doesn't grow with the stacks, and htmx swaps those in by id.
  function frameOnly(el, delta) {
    var shown = (el.dataset.frameFields || "").split(",");
    return Object.keys(delta.table).every(function (key) { return shown.indexOf(key) !== -1; });
  }

  function refreshFrame() {
    var sep = boardUrl.indexOf("?") === -1 ? "?" : "&";
    htmx.ajax("GET", boardUrl + sep + "part=frame", { target: "#board", swap: "none" }).then(function () {
      document.querySelectorAll("#board .seat-head[data-seat-class]").forEach(function (head) {
        var section = head.closest("section.seat");
        if (section) {
          section.className = head.dataset.seatClass;
        }
      });
      setStatus(status.text, status.ok);
      syncVersion();
      applyLogFilter();
    });
  }

  function patchBoard(newVersion, delta) {
    var el = board();
    var toggle = el ? toggleOf(el) : null;
    if (!el || !frameOnly(el, delta)) {
      return false;
    }
    var frameChanged = Object.keys(delta.table).length > 0 || delta.seats.length > 0;
    var piles = [];
    var plan = [];
    for (var i = 0; i < delta.removed.length; i++) {
      var gone = tileOf(delta.removed[i]);
      if (!gone) {
        return false;
      }
      plan.push({ remove: gone });
    }
    for (var j = 0; j < delta.objects.length; j++) {
      var obj = delta.objects[j];
      var tile = tileOf(obj.id);
      if (tile ? tile.dataset.sig !== signature(obj) : obj.zone !== el.dataset.boardZone) {
        return false;
      }
      plan.push({ tile: tile, obj: obj });
    }
    // Every change can be shown: only now touch the page.
    for (var k = 0; k < plan.length; k++) {
      var step = plan[k];
      var target = step.remove || step.tile || newTile(step.obj);
      if (!target) {
        return false; // a new stack with no tile like it: the board re-renders
      }
      piles.push(target.closest(".pile"));
      if (step.remove) {
        step.remove.remove();
      } else {
        showTile(target, step.obj, toggle);
      }
    }
    for (var p = 0; p < piles.length; p++) {
      if (piles[p] && !summarize(piles[p], toggle)) {
        return false;
      }
    }
    el.dataset.version = String(newVersion);
    var label = el.querySelector("[data-version-label]");
    if (label) {
      label.textContent = "v" + newVersion;
    }
    el.querySelectorAll("input[name=expected_version]").forEach(function (input) {
      input.value = String(newVersion);
    });
    syncVersion();
    if (frameChanged) {
      refreshFrame();
    }
    return true;
  }

  function connect() {
    if (!("WebSocket" in window)) {
      startPolling("polling");
      return;
    }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    try {
      socket = new WebSocket(scheme + window.location.host + page.dataset.wsPath);
    } catch (err) {
      startPolling("polling");
      return;
    }
    socket.onopen = function () {
      armWatchdog();
    };
    socket.onmessage = function (message) {
      var data;
      try {
        data = JSON.parse(message.data);
      } catch (err) {
        return;
      }
      armWatchdog();
      if (data.type === "table.heartbeat") {
        heartbeatMs = Math.max(1000, (data.every || 3) * 1000);
        if (!wasLive || pollTimer !== null) {
          // The first heartbeat proves the subscription: live from here, catch up once.
          wasLive = true;
          retryDelay = 1000;
          stopPolling();
          setStatus("live", true);
        }
      }
      // An update or heartbeat newer than the board (a gap, or a quiet table that missed one)
      // means a resync; an older one (delivered out of order) changes nothing.
      if (typeof data.version === "number" && data.version > version()) {
        if (data.type === "table.heartbeat" && data.version === version() + 1) {
          // The heartbeat can overtake the update it counts (both leave the server at once):
          // give that update a moment before fetching the whole board.
          var expected = data.version;
          window.setTimeout(function () {
            if (version() < expected) {
              refresh();
            }
          }, 500);
          return;
        }
        // A delta that follows the version on screen patches the tiles; anything else (a
        // missed version, a change the patch can't show) fetches the whole board.
        var next = data.type === "table.updated" && data.version === version() + 1 && data.delta;
        if (!next || !patchBoard(data.version, data.delta)) {
          refresh();
        }
      }
    };
    socket.onclose = function (event) {
      socket = null;
      window.clearTimeout(watchdog);
      if (event.code === CLOSE_ACCESS_ENDED) {
        stopPolling();
        setStatus("access ended", false);
        refresh(); // the board answers why (logged out, link no longer valid)
        return;
      }
      var delay = retryDelay;
      if (event.code === CLOSE_RESYNC) {
        delay = 250;
        startPolling("reconnecting");
      } else if (event.code === CLOSE_UNAVAILABLE) {
        startPolling("retrying");
      } else {
        startPolling(wasLive ? "reconnecting" : "polling");
      }
      window.setTimeout(connect, delay);
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
      var list = gone.map(function (name) {
        return (before[name] - (now[name] || 0)) + " " + name;
      }).join(", ");
      var words = el.dataset.goneText || "Left the board: {list} (the log says why)";
      note.textContent = words.replace("{list}", list);
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

  // With DEBUG on, django-htmx's debug script shows any 400/403/404 answer as a whole error
  // page. A refused action is answered beside its control (the server retargets it there) and
  // must keep the board, so that answer never reaches the debug script's document listener.
  document.body.addEventListener("htmx:beforeOnLoad", function (event) {
    var xhr = event.detail.xhr;
    if (xhr && xhr.status >= 400 && xhr.status < 500 && xhr.getResponseHeader("HX-Retarget")) {
      event.stopPropagation();
    }
  });

  // A quantity is for one action: after it succeeds the form's numbers go back to their
  // defaults, so the next Treasure isn't made 5 times because the last Soldiers were.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("form") : null;
    if (form && event.detail.successful) {
      form.querySelectorAll("input[type=number]").forEach(function (input) {
        input.value = input.defaultValue;
      });
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
