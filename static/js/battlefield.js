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
    // The viewer's seats too: a seat taken or left changes the controls, not the version.
    var grants = board() && board().dataset.grants ? "&grants=" + encodeURIComponent(board().dataset.grants) : "";
    var known = ended() ? "" : sep + "known=" + version() + grants;
    htmx.ajax("GET", boardUrl + known, { target: "#board", swap: "outerHTML" });
  }

  function ended() {
    var el = board();
    return !!(el && el.hasAttribute("data-ended"));
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
  // canonical JSON of the stack without them, play/web/board.py tile_signature); a new stack joins
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
    // The tile's link is named by its visible text (count, name, badges), patched above.
    var quick = tile.querySelector(".tile-quick button[name=type]");
    if (quick) {
      var text = (down ? toggle.offLabel : toggle.onLabel) + " 1";
      quick.value = down ? toggle.off : toggle.on;
      quick.textContent = text;
      quick.setAttribute("aria-label", text + " " + name);
    }
  }

  // Two 32-bit FNV-1a hashes of a text's UTF-16 code units, in hex: the server names each pile
  // `pile-<hash of its key>` (play/web/board.py short_hash), so a new stack finds its pile by id.
  function shortHash(text) {
    var first = 0x811c9dc5;
    var second = 0x01000193;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      first = Math.imul(first ^ code, 0x01000193) >>> 0;
      second = Math.imul(second ^ code, 0x811c9dc5) >>> 0;
    }
    return ("0000000" + first.toString(16)).slice(-8) + ("0000000" + second.toString(16)).slice(-8);
  }

  // The pile a stack belongs to (board.py pile_key: controller, location, name).
  function pileOf(obj) {
    var key = obj.controller + "|" + (obj.location || "base") + "|" + (obj.name || "");
    return document.getElementById("pile-" + shortHash(key));
  }

  // Stacks the page hasn't loaded yet (a big table's piles further down, the rest of a long
  // pile): "more" buttons that load them as they scroll into view.
  function lazyIn(el) {
    return el.getElementsByClassName("load-more").length > 0;
  }

  // Where a stack with no tile on the page is: "unloaded" when it belongs among the stacks
  // still to load (they come at the version they are loaded at), "new" when it joins a pile
  // that is all on the page, else null (the board is fetched).
  function placeOf(obj) {
    var pile = pileOf(obj);
    if (pile) {
      return lazyIn(pile) ? null : "new";
    }
    var group = document.getElementById("piles-" + obj.controller + "-" + (obj.location || "base"));
    var more = group ? group.querySelector(":scope > .load-more") : null;
    return more && (obj.name || "") > (more.dataset.after || "") ? "unloaded" : null;
  }

  function setTabStops(tile, tabIndex) {
    tile.querySelectorAll("a[href], button").forEach(function (el) {
      el.tabIndex = tabIndex;
    });
  }

  function newTile(obj) {
    var sig = signature(obj);
    var pile = pileOf(obj);
    var sibling = pile ? Array.prototype.find.call(
      pile.getElementsByClassName("bf-tile"),
      function (tile) { return tile.dataset.sig === sig; }
    ) : null;
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
    tile.querySelectorAll("[data-select-stack]").forEach(function (box) { box.value = obj.id; box.checked = false; });
    tile.querySelectorAll("[id^=err-]").forEach(function (out) { out.id = "err-" + obj.id.toLowerCase(); });
    tile.querySelectorAll("input[name=slot]").forEach(function (input) { input.value = "err-" + obj.id.toLowerCase(); });
    setTabStops(tile, -1);
    sibling.parentNode.insertBefore(tile, sibling.nextSibling);
    htmx.process(tile);
    return tile;
  }

  // A pile keeps its totals (data-total, data-down, from the server, loaded tiles or not):
  // a patched tile changes them by what it changed, so no update counts a pile's tiles.
  function tileCounts(tile) {
    var count = parseInt(tile.dataset.count, 10) || 0;
    return { total: count, down: tile.classList.contains("is-tapped") ? count : 0 };
  }

  function adjustPile(pile, before, after) {
    var total = (parseInt(pile.dataset.total, 10) || 0) + after.total - before.total;
    var down = (parseInt(pile.dataset.down, 10) || 0) + after.down - before.down;
    pile.dataset.total = String(total);
    pile.dataset.down = String(down);
  }

  function summarize(pile, toggle, name) {
    var summary = pile.querySelector(".pile-summary");
    var total = parseInt(pile.dataset.total, 10) || 0;
    if (!summary || total <= 0) {
      return !!summary && !pile.getElementsByClassName("bf-tile").length;
    }
    var down = parseInt(pile.dataset.down, 10) || 0;
    // "(2 tapped)" in the page's language: the board carries the translated template.
    var counted = (toggle.count || "{n} " + toggle.word).replace("{n}", down);
    summary.textContent = "x" + total + " " + name + (down ? " (" + counted + ")" : "");
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
    htmx.ajax("GET", boardUrl + sep + "part=frame", { target: "#board", swap: "none" }).then(frameSwapped);
  }

  // Patches the board to `newVersion` from a delta (anyone's action, one's own answer alike):
  // its work is the stacks the delta names, looked up by id; nothing else on the page is read
  // or written. `own`: the frame comes with the answer (out of band), so it isn't fetched.
  function patchBoard(newVersion, delta, own) {
    var el = board();
    var toggle = el ? toggleOf(el) : null;
    if (!el || !frameOnly(el, delta)) {
      return false;
    }
    var frameChanged = Object.keys(delta.table).length > 0 || delta.seats.length > 0;
    var lazy = lazyIn(el);
    var plan = [];
    for (var i = 0; i < delta.removed.length; i++) {
      var gone = tileOf(delta.removed[i]);
      if (!gone && !lazy) {
        return false;
      }
      if (gone) {
        plan.push({ remove: gone });
      }
    }
    for (var j = 0; j < delta.objects.length; j++) {
      var obj = delta.objects[j];
      var tile = tileOf(obj.id);
      if (tile ? tile.dataset.sig !== signature(obj) : obj.zone !== el.dataset.boardZone) {
        return false;
      }
      var place = tile ? "tile" : placeOf(obj);
      if (!place) {
        return false;
      }
      if (place !== "unloaded") {
        plan.push({ tile: tile, obj: obj });
      }
    }
    // Every change can be shown: only now touch the page.
    var kept = rememberFocus();
    var piles = [];
    var names = {};
    for (var k = 0; k < plan.length; k++) {
      var step = plan[k];
      var target = step.remove || step.tile || newTile(step.obj);
      if (!target) {
        return false; // a new stack with no tile like it: the board re-renders
      }
      var pile = target.closest(".pile");
      var name = target.dataset.name;
      var before = step.tile || step.remove ? tileCounts(target) : { total: 0, down: 0 };
      if (step.remove) {
        if (current === target.dataset.object) {
          moveCurrentFrom(target);
        }
        target.remove();
      } else {
        showTile(target, step.obj, toggle);
      }
      var after = step.remove ? { total: 0, down: 0 } : tileCounts(target);
      if (pile) {
        adjustPile(pile, before, after);
        if (piles.indexOf(pile) === -1) {
          piles.push(pile);
        }
      }
      names[name] = (names[name] || 0) + after.total - before.total;
    }
    for (var p = 0; p < piles.length; p++) {
      if (!summarize(piles[p], toggle, piles[p].querySelector(".bf-tile") ? piles[p].querySelector(".bf-tile").dataset.name : "")) {
        return false;
      }
      if (!piles[p].getElementsByClassName("bf-tile").length && !lazyIn(piles[p])) {
        piles[p].remove();
      }
    }
    el.dataset.version = String(newVersion);
    noteGone(names);
    restoreFocus(kept);
    // Undo shows only when it would work for this viewer: another player's action may change
    // that. One's own answer brought the head already.
    if (!own && (frameChanged || el.querySelector("[data-shortcut=undo]"))) {
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
      if (data.type === "table.grants") {
        refresh(); // a seat changed hands: the board comes back if this viewer's seats did
        return;
      }
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
        if (data.type === "table.updated" && ownPending() > 0) {
          // Our own action is on its way back with its delta: updates meanwhile wait for it
          // (this one is most likely that action) and are patched in order once it came.
          held.push(data);
          if (data.said && data.version > announced) {
            announced = data.version;
            say(data.said);
          }
          return;
        }
        if (data.type === "table.updated" && data.said && data.version > announced) {
          announced = data.version;
          say(data.said);
        }
        applyUpdate(data);
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

  // Own actions in flight (posts that answer with the board): a websocket update meanwhile is
  // most likely that action; the answer brings it, so the page doesn't download it twice.
  var own = []; // {xhr, at} of the posts in flight
  var held = []; // websocket updates that came while one's own action was on its way

  // A delta that follows the version on screen patches the tiles; anything else (a missed
  // version, a change the patch can't show) fetches the whole board.
  function applyUpdate(data) {
    if (data.version <= version()) {
      return true;
    }
    var next = data.type === "table.updated" && data.version === version() + 1 && data.delta;
    if (!next || !patchBoard(data.version, data.delta)) {
      refresh();
      return false;
    }
    return true;
  }

  function applyHeld() {
    var updates = held.sort(function (a, b) { return a.version - b.version; });
    held = [];
    for (var i = 0; i < updates.length; i++) {
      if (!applyUpdate(updates[i])) {
        return;
      }
    }
  }
  var OWN_MAX_MS = 10000; // a post that never reports back stops counting after this

  function ownPending() {
    var now = Date.now();
    own = own.filter(function (entry) { return now - entry.at < OWN_MAX_MS; });
    return own.length;
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var detail = event.detail;
    var verb = detail.requestConfig ? detail.requestConfig.verb : "";
    if (verb === "post" && detail.target && detail.target.id === "board" && detail.xhr) {
      own.push({ xhr: detail.xhr, at: Date.now() });
    }
  });

  function ownDone(event) {
    var xhr = event.detail.xhr;
    var before = own.length;
    own = own.filter(function (entry) { return entry.xhr !== xhr; });
    if (own.length === before) {
      return;
    }
    if (ownPending() === 0) {
      applyHeld();
    }
  }

  document.body.addEventListener("htmx:afterRequest", ownDone);
  document.body.addEventListener("htmx:sendAbort", ownDone);

  // Every post names what it asks for with an Idempotency-Key made from its fields (the
  // version among them): a double click or a retry of the same submission gets the first
  // answer back (header Idempotent-Replayed), not a second action or a conflict; the same
  // button pressed again once the board moved on sends a new version, so a new key.
  function idempotencyKey(path, formData) {
    var text = path;
    if (formData && formData.entries) {
      var pairs = [];
      for (var entry of formData.entries()) {
        if (entry[0] !== "csrfmiddlewaretoken" && typeof entry[1] === "string") {
          pairs.push(entry[0] + "=" + entry[1]);
        }
      }
      text += "?" + pairs.sort().join("&");
    }
    var hash = 0x811c9dc5; // FNV-1a, twice (two seeds) for 64 bits: enough within one table
    var other = 0x01000193;
    for (var i = 0; i < text.length; i++) {
      var code = text.charCodeAt(i);
      hash = Math.imul(hash ^ code, 0x01000193) >>> 0;
      other = Math.imul(other ^ code, 0x811c9dc5) >>> 0;
    }
    return "page-" + hash.toString(16) + other.toString(16) + "-" + text.length;
  }

  // One version field, the board's: every post that names a version sends the one the board
  // shows now (no form's field is rewritten on an update), and asks for its answer as a delta.
  // The version the player saw when they pressed: a request htmx queued behind the one in
  // flight (a double click) must not take the version that answer brought, or it would act
  // twice; sent at the old version it is answered once (same Idempotency-Key) or refused.
  function notePress(event) {
    var form = event.target && event.target.closest && event.target.closest("form");
    if (form && board()) {
      form.dataset.pressedVersion = String(version());
      form.dataset.pressedAt = String(Date.now());
    }
  }
  document.addEventListener("click", notePress, true);
  document.addEventListener("submit", notePress, true);

  document.body.addEventListener("htmx:configRequest", function (event) {
    var detail = event.detail;
    if (detail.verb === "post") {
      if (detail.formData && detail.formData.has("expected_version") && board() && !ended()) {
        var form = detail.elt && detail.elt.closest && detail.elt.closest("form");
        // Only a press of a moment ago: a post triggered otherwise takes the board's version.
        var recent = form && Date.now() - Number(form.dataset.pressedAt || 0) < 3000;
        var pressed = recent && form.dataset.pressedVersion;
        detail.formData.set("expected_version", pressed || String(version()));
      }
      detail.headers["X-Board-Delta"] = "1";
      detail.headers["Idempotency-Key"] = idempotencyKey(detail.path, detail.formData);
    }
  });

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
    var changed = {};
    Object.keys(before).forEach(function (name) { changed[name] = (now[name] || 0) - before[name]; });
    before = now;
    noteGone(changed);
  }

  // `changed`: tokens by name, as a patch or a swap changed them; those that went are named.
  function noteGone(changed) {
    var gone = Object.keys(changed).filter(function (name) { return changed[name] < 0; });
    var el = board();
    if (gone.length && el) {
      var note = document.createElement("p");
      note.className = "gone";
      note.setAttribute("role", "status");
      var list = gone.map(function (name) {
        return (-changed[name]) + " " + name;
      }).join(", ");
      var words = el.dataset.goneText || "Left the board: {list} (the log says why)";
      note.textContent = words.replace("{list}", list);
      el.insertBefore(note, el.querySelector(".board-grid"));
      window.setTimeout(function () { note.classList.add("faded"); }, 4000);
    }
  }

  // The log filter (by player) survives board updates.
  var logSeat = "";

  function applyLogFilter() {
    var select = document.querySelector("[data-log-filter]");
    if (select) {
      select.value = logSeat;
    }
    document.querySelectorAll(".log-entry").forEach(function (entry) {
      entry.hidden = logSeat !== "" && entry.dataset.seat !== logSeat;
    });
  }

  // Announcements: two live regions that exist from page load (outside the board, so swaps
  // never replace them). The polite one says every action, anyone's, in one sentence from the
  // server (the board's data-said, the websocket's `said`); the assertive one says what needs
  // the player now (a pending choice, a refused or stale action, the session's end).
  var announced = version(); // the newest version whose sentence was said (or was on load)
  var lastUrgent = (board() && board().dataset.urgent) || "";
  var queued = { polite: [], urgent: [] };
  var sayTimer = null;

  function say(text, urgent) {
    if (!text) {
      return;
    }
    queued[urgent ? "urgent" : "polite"].push(text);
    if (sayTimer === null) {
      // Cleared, then set a moment later: the same sentence twice in a row is news too, and
      // sentences arriving together are said together.
      sayTimer = window.setTimeout(flushSay, 60);
      ["announce", "announce-urgent"].forEach(function (id) {
        var region = document.getElementById(id);
        if (region) {
          region.textContent = "";
        }
      });
    }
  }

  function flushSay() {
    sayTimer = null;
    [["polite", "announce"], ["urgent", "announce-urgent"]].forEach(function (pair) {
      var region = document.getElementById(pair[1]);
      if (region && queued[pair[0]].length) {
        region.textContent = queued[pair[0]].join(" ");
      }
      queued[pair[0]] = [];
    });
  }

  function announceBoard() {
    var el = board();
    if (!el) {
      return;
    }
    var saidAt = parseInt(el.dataset.saidVersion || "0", 10);
    if (el.dataset.said && saidAt > announced) {
      say(el.dataset.said);
    }
    announced = Math.max(announced, saidAt);
    var urgent = el.dataset.urgent || "";
    if (urgent && (urgent !== lastUrgent || el.querySelector(".notice"))) {
      say(urgent, true);
    }
    lastUrgent = urgent;
  }

  // Focus survives every update, one's own or anyone's, swapped or patched: a stack is found
  // again by its object id (or, when it is gone, the stack now at its place), any other control
  // by the element with an id around it and what the control says.
  var FOCUSABLE = "a[href], button, input, select, textarea, summary, [tabindex]";

  function tiles() {
    return Array.prototype.slice.call(document.querySelectorAll("#board .bf-tile"));
  }

  function controlKey(el) {
    return [el.tagName, el.getAttribute("name") || "", el.getAttribute("value") || "",
      el.getAttribute("aria-label") || el.textContent.trim()].join("|");
  }

  function rememberFocus() {
    var active = document.activeElement;
    var root = board();
    var palette = document.getElementById("palette"); // its memory is swapped out of band
    if (!active || !root || !(root.contains(active) || (palette && palette.contains(active)))) {
      return null;
    }
    var tile = active.closest(".bf-tile");
    if (tile) {
      return { tile: tile.dataset.object, near: neighbours(tile), quick: !!active.closest(".tile-quick") };
    }
    var anchor = active.parentElement ? active.parentElement.closest("[id]") : null;
    if (active.id) {
      anchor = active;
    }
    if (!anchor) {
      return null;
    }
    return {
      id: anchor.id,
      key: controlKey(active),
      index: Array.prototype.indexOf.call(anchor.querySelectorAll(FOCUSABLE), active)
    };
  }

  function tileTarget(tile, quick) {
    var button = quick ? tile.querySelector(".tile-quick button[name=type]") : null;
    return button || tile.querySelector(".tile-open");
  }

  // The stacks beside a tile (ids), where focus goes when the tile itself is gone.
  function neighbours(tile) {
    var near = [];
    [tile.nextElementSibling, tile.previousElementSibling].forEach(function (el) {
      if (el && el.classList.contains("bf-tile")) {
        near.push(el.dataset.object);
      }
    });
    return near;
  }

  function firstTile() {
    return document.querySelector("#board .bf-tile");
  }

  function nearestTile(id, near) {
    var found = id ? tileOf(id) : null;
    if (found && found.closest("#board")) {
      return found;
    }
    var ids = near || [];
    for (var i = 0; i < ids.length; i++) {
      var other = tileOf(ids[i]);
      if (other && other.closest("#board")) {
        return other;
      }
    }
    return firstTile();
  }

  function focusTarget(kept) {
    if (kept.tile !== undefined) {
      var tile = nearestTile(kept.tile, kept.near);
      return tile ? tileTarget(tile, kept.quick) : document.getElementById("stacks");
    }
    var anchor = document.getElementById(kept.id);
    if (!anchor) {
      return board();
    }
    if (anchor.matches(FOCUSABLE)) {
      return anchor;
    }
    var all = Array.prototype.slice.call(anchor.querySelectorAll(FOCUSABLE));
    var same = all.filter(function (el) { return controlKey(el) === kept.key; })[0];
    return same || all[Math.min(kept.index, all.length - 1)] || anchor;
  }

  function restoreFocus(kept) {
    if (!kept) {
      return;
    }
    var active = document.activeElement;
    if (active && active !== document.body && active.isConnected) {
      return; // focus is still somewhere (the player moved it): leave it there
    }
    if ((panel && panel.open) || (help && help.open)) {
      return; // a modal dialog has focus; closing it gives focus back (see "close" below)
    }
    var target = focusTarget(kept);
    if (target) {
      if (target.closest(".bf-tile")) {
        setCurrent(target.closest(".bf-tile"));
      }
      if (!target.matches(FOCUSABLE)) {
        target.setAttribute("tabindex", "-1");
      }
      target.focus({ preventScroll: true });
    }
  }

  // The stacks are one Tab stop (a roving tabindex): Tab reaches the current stack (its
  // actions and its quick button), arrow keys, Home and End move between stacks.
  // The server renders every tile's controls out of the Tab order; the page puts the current
  // one's back, so moving the stop touches two tiles, whatever the table holds.
  var current = null;

  function setCurrent(tile) {
    var old = current ? tileOf(current) : null;
    if (old && old !== tile) {
      setTabStops(old, -1);
    }
    if (tile) {
      current = tile.dataset.object;
      setTabStops(tile, 0);
    }
  }

  // After the board or some of its tiles were (re)rendered: the current stack, else the first.
  function rove() {
    var here = current ? tileOf(current) : null;
    setCurrent(here && here.closest("#board") ? here : firstTile());
  }

  // A patch removes the current stack: the stop moves to a stack beside it.
  function moveCurrentFrom(tile) {
    var near = neighbours(tile);
    var next = near.length ? tileOf(near[0]) : null;
    setTabStops(tile, -1);
    current = null;
    if (next) {
      setCurrent(next);
    }
  }

  function moveBetweenStacks(event) {
    var tile = event.target.closest ? event.target.closest("#board .bf-tile") : null;
    if (!tile || event.ctrlKey || event.metaKey || event.altKey) {
      return false;
    }
    var all = tiles();
    var at = all.indexOf(tile);
    var to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) {
      return false;
    }
    event.preventDefault();
    var target = all[Math.max(0, Math.min(to, all.length - 1))];
    setCurrent(target);
    tileTarget(target, !!event.target.closest(".tile-quick")).focus();
    return true;
  }

  document.body.addEventListener("focusin", function (event) {
    var group = event.target.closest ? event.target.closest("#palette .quick") : null;
    if (group && event.target.tagName === "BUTTON") {
      roveQuick(group, event.target);
    }
    var tile = event.target.closest ? event.target.closest("#board .bf-tile") : null;
    if (tile && tile.dataset.object !== current) {
      setCurrent(tile);
    }
  });

  // The skip link lands on the current stack (or the empty board).
  document.body.addEventListener("click", function (event) {
    var skip = event.target.closest ? event.target.closest("[data-skip-stacks]") : null;
    if (!skip) {
      return;
    }
    event.preventDefault();
    rove();
    var tile = nearestTile(current, []);
    var target = tile ? tileTarget(tile, false) : document.getElementById("stacks");
    if (target) {
      target.focus();
    }
  });

  document.body.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-log-filter]")) {
      logSeat = event.target.value;
      applyLogFilter();
    }
  });

  var kept = null;

  // One's own actions on their way (posts): a resync answered meanwhile may already hold the
  // action's version, and swapped in first it would leave no room for the action's own answer
  // (its result and announcement). The answer brings the board; the next resync what else moved.
  var acting = 0;
  var actingSince = 0;
  var ACTING_AT_MOST_MS = 10000; // a post that never ends (no event came) holds no resync longer

  function isPost(detail) {
    var config = detail.requestConfig;
    return !!(config && String(config.verb || "").toLowerCase() === "post");
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (isPost(event.detail)) {
      acting += 1;
      actingSince = Date.now();
    }
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    if (isPost(event.detail)) {
      acting = Math.max(0, acting - 1);
    }
  });

  // A resync that was already on its way when one's own action answered brings a board no newer
  // than the one shown: swapping it in would only drop the action's result and announcement.
  // Versions only grow (undo is a new version too), so an older or equal board is stale.
  function staleResync(detail) {
    var xhr = detail.xhr;
    if (!xhr || xhr.status !== 200 || (xhr.responseURL || "").indexOf("known=") === -1 || ended()) {
      return false;
    }
    if (acting > 0 && Date.now() - actingSince < ACTING_AT_MOST_MS) {
      return true;
    }
    var tag = /<section id="board"[^>]*>/.exec(detail.serverResponse || "");
    var match = tag ? /data-version="(\d+)"/.exec(tag[0]) : null;
    // The same version for other seats (a seat changed hands) is news, not stale.
    var grants = tag ? /data-grants="([^"]*)"/.exec(tag[0]) : null;
    if (grants && board() && grants[1] !== board().dataset.grants) {
      return false;
    }
    return !!match && !/\sdata-ended[\s>=]/.test(tag[0]) && parseInt(match[1], 10) <= version();
  }

  // One's own action answered as a delta (the header names its version; views._answer): the
  // tiles are patched as for anyone's action, the frame and what the action did come out of
  // band in the same answer. A gap (the answer isn't the next version) fetches the board.
  function ownDelta(detail) {
    var xhr = detail.xhr;
    return !!(xhr && xhr.getResponseHeader("X-Board-Delta"));
  }

  function applyOwnDelta(detail) {
    var found = /<script id="board-delta" type="application\/json">([\s\S]*?)<\/script>/.exec(detail.serverResponse || "");
    var data = null;
    try {
      data = found ? JSON.parse(found[1]) : null;
    } catch (err) {
      data = null;
    }
    if (!data || data.version > version() + 1 || (data.version === version() + 1 && !patchBoard(data.version, data.delta, true))) {
      refresh();
    }
    var said = [];
    if (data && data.version > announced) {
      announced = data.version;
      said.push([data.said, false]);
    }
    if (data && data.urgent && data.urgent !== lastUrgent) {
      said.push([data.urgent, true]);
    }
    lastUrgent = data ? data.urgent || "" : lastUrgent;
    ownSaid = { xhr: detail.xhr, said: said };
  }

  // What one's own answer says is said once it has settled: htmx makes the frame it brought
  // (the head's Undo, its versions) live only then, so a key pressed on hearing it acts on the
  // new board instead of submitting a form htmx doesn't handle yet.
  var ownSaid = null;

  document.body.addEventListener("htmx:afterSettle", function (event) {
    if (!ownSaid || ownSaid.xhr !== event.detail.xhr) {
      return;
    }
    var said = ownSaid.said;
    ownSaid = null;
    said.forEach(function (line) { say(line[0], line[1]); });
  });

  // After the frame came (out of band, or fetched): what the page keeps across swaps.
  function frameSwapped() {
    document.querySelectorAll("#board .seat-head[data-seat-class]").forEach(function (head) {
      var section = head.closest("section.seat");
      if (section) {
        section.className = head.dataset.seatClass;
      }
    });
    setStatus(status.text, status.ok);
    applyLogFilter();
  }

  var LOG_LINES = 40; // the board's log (play/web/presentation.py LOG_ENTRIES)

  // Stacks loaded as they scroll into view (a "more" button's answer), not a new board.
  function morePage(detail) {
    var elt = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    return !!(elt && elt.hasAttribute && elt.hasAttribute("data-more"));
  }

  document.body.addEventListener("htmx:beforeSwap", function (event) {
    if (morePage(event.detail)) {
      return;
    }
    if (ownDelta(event.detail)) {
      applyOwnDelta(event.detail);
      return;
    }
    if (event.detail.target && event.detail.target.id === "board" && staleResync(event.detail)) {
      event.detail.shouldSwap = false;
      return;
    }
    if (event.detail.target && event.detail.target.id === "board") {
      before = stacksOnBoard();
      kept = rememberFocus();
    }
  });

  // Parts of the board swapped out of band (the frame: heads, seats) keep focus too.
  document.body.addEventListener("htmx:oobBeforeSwap", function () {
    kept = rememberFocus() || kept;
  });

  document.body.addEventListener("htmx:oobAfterSwap", function () {
    var active = document.activeElement;
    if (kept && (!active || active === document.body || !active.isConnected)) {
      rove();
      restoreFocus(kept);
    }
  });

  // The ended session: the board says so; the page asks again every few seconds (and when the
  // tab comes back), and reconnects once the board is back (logged in again here or elsewhere).
  var RECOVER_MS = 4000;
  var endedSaid = false;
  var recoverTimer = null;

  function sessionEnded() {
    stopPolling();
    if (socket !== null) {
      socket.close();
    }
    if (recoverTimer === null) {
      recoverTimer = window.setInterval(refresh, RECOVER_MS);
    }
  }

  function sessionBack() {
    if (recoverTimer !== null) {
      window.clearInterval(recoverTimer);
      recoverTimer = null;
      wasLive = false;
      if (socket === null) {
        connect();
      }
    }
  }

  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && ended()) {
      refresh();
    }
  });

  // Search results show where the thumb is: inside the open sheet, scrolled into view.
  document.body.addEventListener("htmx:afterSwap", function (event) {
    var from = event.detail.requestConfig && event.detail.requestConfig.elt;
    var results = document.getElementById("palette-results");
    if (results && from && (from.id === "palette-q" || from.id === "palette-kind")) {
      results.scrollIntoView({ block: "nearest" });
    }
  });

  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "panel-body" && panel) {
      if (!panel.open) {
        panel.showModal();
      }
      // The count field first, its number selected: typing "4" then Enter acts on 4.
      var first = panel.querySelector("[autofocus]");
      if (first) {
        first.focus();
        if (first.select) {
          first.select();
        }
      }
      return;
    }
    if (target && target.classList && target.classList.contains("form-error")) {
      // A refusal shows beside its control and is said where every announcement is.
      say(target.textContent.trim(), true);
      return;
    }
    if (target && target.id === "palette-results") {
      // The swap replaced the element (outerHTML): the count is the new one's, not the old's.
      var results = document.getElementById("palette-results");
      say((results && results.dataset.found) || "");
      return;
    }
    if (morePage(event.detail)) {
      return;
    }
    if (ownDelta(event.detail)) {
      // The answer put its action's line at the top of the log: it keeps as many as the board.
      var list = document.getElementById("log-list");
      while (list && list.children.length > LOG_LINES) {
        list.lastElementChild.remove();
      }
      frameSwapped();
      kept = null;
      return;
    }
    if (!board()) {
      return;
    }
    if (ended()) {
      // Said once (the page asks again every few seconds: each answer is the same news), and
      // focus, lost with the board, goes to the way back (its link), else the board itself.
      if (!endedSaid) {
        endedSaid = true;
        say(board().dataset.urgent || board().textContent.trim(), true);
      }
      var active = document.activeElement;
      if (!active || active === document.body || !active.isConnected) {
        var way = board().querySelector("a[href]");
        if (way) {
          way.focus({ preventScroll: true });
        } else {
          board().setAttribute("tabindex", "-1");
          board().focus({ preventScroll: true });
        }
      }
      sessionEnded();
      return;
    }
    endedSaid = false;
    sessionBack();
    showGone();
    setStatus(status.text, status.ok);
    syncVersion();
    applyLogFilter();
    rove();
    announceBoard();
    restoreFocus(kept);
    kept = null;
  });

  // The stack dialog remembers its stack: closing it (done, Esc, Close) puts focus back there,
  // or on the stack now at its place when that one is gone.
  var panelFrom = null;

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    var opener = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("[data-open-panel]") : null;
    var tile = opener ? opener.closest(".bf-tile") : null;
    if (tile) {
      panelFrom = { tile: tile.dataset.object, near: neighbours(tile), quick: false };
    }
  });

  if (panel) {
    var backToStack = function () {
      var target = focusTarget(panelFrom);
      if (target) {
        if (target.closest(".bf-tile")) {
          setCurrent(target.closest(".bf-tile"));
        }
        target.focus();
      }
    };
    panel.addEventListener("close", function () {
      if (!panelFrom) {
        return;
      }
      backToStack();
      // Once more after the browser's own focus fix-up and the answer's settle: when the stack
      // the dialog opened from was replaced meanwhile, focus would otherwise stay on <body>.
      window.setTimeout(function () {
        var active = document.activeElement;
        if (!panel.open && (!active || active === document.body || !active.isConnected)) {
          backToStack();
        }
      }, 50);
    });
  }

  // The help dialog gives focus back to its button, even when a swap replaced that one.
  if (help) {
    help.addEventListener("close", function () {
      // After the browser has put focus back where it was when the dialog opened (the body,
      // when "?" was pressed with nothing focused): only then is a lost focus known.
      window.setTimeout(function () {
        var active = document.activeElement;
        if (!active || active === document.body || !active.isConnected) {
          var opener = document.querySelector("[data-open-help]");
          if (opener) {
            opener.focus();
          }
        }
      }, 0);
    });
  }

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
  // defaults, so the next Treasure isn't made 5 times because the last Soldiers were. Only an
  // action (a post) uses them up: a search's results arriving (a get from the same form) keep
  // the 40 typed before the name.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var form = event.detail.elt && event.detail.elt.closest ? event.detail.elt.closest("form") : null;
    var verb = event.detail.requestConfig ? event.detail.requestConfig.verb : "";
    if (form && event.detail.successful && verb === "post") {
      form.querySelectorAll("input[type=number]").forEach(function (input) {
        input.value = input.defaultValue;
      });
      form.querySelectorAll(".count-picker").forEach(showPressed);
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

  // Single-key shortcuts the player controls (WCAG 2.1.4): on or off and remapped in the help
  // dialog, kept with the account or in this browser (static/js/shortcut-store.js). The defaults
  // are the page's (the help's data-default).
  var settingsForm = document.getElementById("shortcut-settings");
  var shortcutStore = window.TokensiteShortcuts;

  function loadShortcuts() {
    return shortcutStore ? shortcutStore.load() : { enabled: true, keys: {} };
  }

  var shortcuts = loadShortcuts();

  function keyInputs() {
    return settingsForm ? Array.prototype.slice.call(settingsForm.querySelectorAll("[data-action]")) : [];
  }

  function keyOf(action) {
    var input = keyInputs().filter(function (el) { return el.dataset.action === action; })[0];
    var key = shortcuts.keys[action];
    return key !== undefined ? key : (input ? input.dataset.default : "");
  }

  function actionFor(key) {
    return keyInputs().map(function (el) { return el.dataset.action; }).filter(function (action) {
      return key && keyOf(action) === key;
    })[0];
  }

  // Every button with a shortcut says its key (aria-keyshortcuts), or none when they are off.
  function showShortcuts() {
    document.querySelectorAll("[data-shortcut]").forEach(function (el) {
      var key = keyOf(el.dataset.shortcut);
      if (shortcuts.enabled && key) {
        el.setAttribute("aria-keyshortcuts", key);
      } else {
        el.removeAttribute("aria-keyshortcuts");
      }
    });
  }

  function fillSettings() {
    if (!settingsForm) {
      return;
    }
    settingsForm.elements.enabled.checked = shortcuts.enabled;
    keyInputs().forEach(function (input) {
      input.value = keyOf(input.dataset.action);
      input.disabled = !shortcuts.enabled;
    });
  }

  function saveShortcuts(note) {
    var out = document.getElementById("shortcut-note");
    if (out) {
      out.textContent = note || "";
    }
    fillSettings();
    showShortcuts();
    if (shortcutStore) {
      shortcutStore.save(shortcuts, function (error) {
        if (error && out) {
          out.textContent = error;
        }
      });
    }
  }

  // Shown without saving: a key the settings can't take.
  function refuseShortcut(note) {
    var out = document.getElementById("shortcut-note");
    if (out) {
      out.textContent = note;
    }
    fillSettings();
  }

  // The notes in the reader's language, from the page (templates/play/table.html).
  function noteWord(name, fallback) {
    var out = document.getElementById("shortcut-note");
    return (out && out.dataset[name]) || fallback;
  }

  if (settingsForm) {
    settingsForm.addEventListener("submit", function (event) {
      event.preventDefault();
    });
    settingsForm.addEventListener("input", function (event) {
      var input = event.target;
      if (input.name === "enabled") {
        shortcuts.enabled = input.checked;
        saveShortcuts(input.checked ? noteWord("on", "Shortcuts on.") : noteWord("off", "Shortcuts off."));
        return;
      }
      if (!input.dataset.action) {
        return;
      }
      var key = input.value.slice(-1);
      var taken = actionFor(key);
      if (key && taken && taken !== input.dataset.action) {
        refuseShortcut(
          noteWord("taken", "“{key}” already does something else: choose another key.")
            .replace("{key}", key)
        );
        return;
      }
      if (key === " ") {
        refuseShortcut(noteWord("space", "Space can’t be a shortcut."));
        return;
      }
      if (key && settingsForm.dataset.reservedKeys.indexOf(key) !== -1) {
        refuseShortcut(settingsForm.dataset.msgReserved);
        return;
      }
      shortcuts.keys[input.dataset.action] = key;
      saveShortcuts(key ? noteWord("saved", "Saved.") : noteWord("cleared", "That shortcut is off."));
    });
    settingsForm.addEventListener("click", function (event) {
      if (event.target.closest("[data-reset-shortcuts]")) {
        shortcuts = { enabled: true, keys: {} };
        saveShortcuts(noteWord("defaults", "Default keys."));
      }
    });
  }
  fillSettings();
  showShortcuts();
  document.body.addEventListener("htmx:afterSwap", showShortcuts);

  function typing(target) {
    var tag = target && target.tagName;
    return (tag === "INPUT" && target.type !== "checkbox") || tag === "TEXTAREA" || tag === "SELECT" || (target && target.isContentEditable);
  }

  function openPalette(selector) {
    var field = document.querySelector(selector);
    if (!field) {
      return false;
    }
    openSheet(true);
    field.focus();
    if (field.select) {
      field.select();
    }
    return true;
  }

  var RUN = {
    help: function () {
      if (help) {
        help.showModal();
      }
      return !!help;
    },
    search: function () { return openPalette("#palette-q"); },
    create: function () { return openPalette("#palette input[name=count]"); }
  };

  // The palette's token groups are toolbars: one Tab stop each, arrow keys, Home and End move
  // along, and typing a name's first letters jumps to it ("t" for Treasure Token).
  var typed = "";
  var typedAt = 0;

  function quickButtons(group) {
    return Array.prototype.slice.call(group.querySelectorAll("button"));
  }

  function roveQuick(group, here) {
    quickButtons(group).forEach(function (button) {
      button.tabIndex = button === here ? 0 : -1;
    });
  }

  function initQuick() {
    document.querySelectorAll("#palette .quick").forEach(function (group) {
      var buttons = quickButtons(group);
      var here = buttons.filter(function (b) { return b.tabIndex === 0 && b.hasAttribute("tabindex"); })[0];
      roveQuick(group, here || buttons[0]);
    });
  }

  function moveInQuick(event) {
    var group = event.target.closest ? event.target.closest("#palette .quick") : null;
    if (!group || event.ctrlKey || event.metaKey || event.altKey) {
      return false;
    }
    var buttons = quickButtons(group);
    var at = buttons.indexOf(event.target);
    var to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    // Type-ahead takes letters no shortcut has: digits ("3" then Enter makes 3), "." and
    // the shortcut keys ("u" undoes) act from here as from anywhere that isn't a text field.
    var typeAhead = event.key.length === 1 && /[^\s\d.]/.test(event.key) && !(shortcuts.enabled && actionFor(event.key));
    if (to === undefined && typeAhead) {
      var now = Date.now();
      typed = (now - typedAt < 800 ? typed : "") + event.key.toLowerCase();
      typedAt = now;
      var order = buttons.slice(at + (typed.length === 1 ? 1 : 0)).concat(buttons.slice(0, at + (typed.length === 1 ? 1 : 0)));
      var match = order.filter(function (b) { return b.textContent.trim().toLowerCase().indexOf(typed) === 0; })[0];
      to = match ? buttons.indexOf(match) : at;
    }
    if (to === undefined) {
      return false;
    }
    event.preventDefault();
    var target = buttons[Math.max(0, Math.min(to, buttons.length - 1))];
    roveQuick(group, target);
    target.focus();
    return true;
  }

  initQuick();

  // The command line (static/js/command-line.js) says its answers in the same live regions and
  // adds its own shortcuts.
  window.TokensiteBoard = { say: say, run: RUN, setCount: setCount };

  document.addEventListener("keydown", function (event) {
    if (event.key === "Escape" && sheet && sheet.classList.contains("is-open") && !(panel && panel.open)) {
      openSheet(false);
      return;
    }
    if (typing(event.target) || (event.target.closest && event.target.closest("dialog"))) {
      return;
    }
    if (moveBetweenStacks(event) || moveInQuick(event)) {
      return;
    }
    if (!shortcuts.enabled || event.ctrlKey || event.metaKey || event.altKey) {
      return;
    }
    if ((panel && panel.open) || (help && help.open)) {
      return;
    }
    if (event.key === "Escape" && selectedBoxes().length) {
      clearSelection();
      return;
    }
    var quick = { "1": 1, "2": 2, "3": 3, "5": 5, "0": 10 }[event.key];
    var palettePicker = document.querySelector("#palette-form .count-picker");
    if (quick && palettePicker) {
      event.preventDefault();
      setCount(palettePicker, quick);
      return;
    }
    if (event.key === ".") {
      var again = document.querySelector("[data-again]");
      if (again) {
        event.preventDefault();
        again.click();
      }
      return;
    }
    var action = actionFor(event.key);
    if (!action) {
      return;
    }
    if (RUN[action]) {
      if (RUN[action]()) {
        event.preventDefault();
      }
      return;
    }
    var button = document.querySelector('#board [data-shortcut="' + action + '"]');
    if (button) {
      event.preventDefault();
      button.click();
    }
  });

  // Quick counts and steppers (the palette's "how many tokens", the panel's "how many of the
  // stack"): one tap sets the number; the chip matching the number shows pressed.
  function showPressed(picker) {
    var input = picker.querySelector("input[type=number]");
    picker.querySelectorAll("[data-count]").forEach(function (chip) {
      chip.setAttribute("aria-pressed", String(input && chip.dataset.count === input.value));
    });
  }

  function setCount(picker, value) {
    var input = picker.querySelector("input[type=number]");
    if (!input) {
      return;
    }
    var min = parseInt(input.min || "1", 10);
    var max = input.max ? parseInt(input.max, 10) : Infinity;
    input.value = String(Math.max(min, Math.min(max, value)));
    showPressed(picker);
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-count], [data-step]") : null;
    var picker = button ? button.closest(".count-picker") : null;
    if (!picker) {
      return;
    }
    var input = picker.querySelector("input[type=number]");
    var now = parseInt(input.value, 10) || 0;
    setCount(picker, button.dataset.count ? parseInt(button.dataset.count, 10) : now + parseInt(button.dataset.step, 10));
  });

  document.addEventListener("input", function (event) {
    var picker = event.target.closest ? event.target.closest(".count-picker") : null;
    if (picker) {
      showPressed(picker);
    }
  });

  // The create sheet (phones): the bar opens it over the board, Close or Esc folds it. Wider
  // screens show the palette beside the board; CSS decides, so nothing moves after first paint.
  var sheet = document.getElementById("palette");
  var sheetToggle = document.querySelector("[data-sheet-toggle]");

  // The bar shows on phones only (CSS). It is position: fixed, so its offsetParent is always
  // null: ask its computed display instead.
  function sheetShown() {
    return !!sheetToggle && window.getComputedStyle(sheetToggle).display !== "none";
  }

  function openSheet(open) {
    if (!sheet) {
      return;
    }
    var wasOpen = sheet.classList.contains("is-open");
    sheet.classList.toggle("is-open", open);
    if (sheetToggle) {
      sheetToggle.setAttribute("aria-expanded", String(open));
    }
    // Focus follows the sheet on phones (not into a field: that would pop the keyboard up).
    if (open && !wasOpen && sheetShown()) {
      sheet.focus({ preventScroll: true });
    } else if (!open && wasOpen && sheetToggle && sheet.contains(document.activeElement)) {
      sheetToggle.focus({ preventScroll: true });
    }
    if (!open && window.location.hash === "#palette") {
      history.replaceState(null, "", window.location.pathname + window.location.search);
    }
  }

  // A creation done from the sheet (or the bar's "Again") on a phone folds the sheet so the
  // board shows what was made: focus goes back to the bar's toggle and the board's sentence is
  // said as for any action. Searches (gets) and refused posts keep it open; wide screens keep
  // the palette beside the board.
  function creationFrom(detail) {
    var elt = detail.requestConfig ? detail.requestConfig.elt : detail.elt;
    var verb = detail.requestConfig ? detail.requestConfig.verb : "";
    if (!sheet || !elt || verb !== "post") {
      return false;
    }
    var form = elt.closest ? elt.closest("form") : null;
    return sheet.contains(elt) || !!(form && (form.id === "again-form" || sheet.contains(form)));
  }

  // The stacks' counts when a creation leaves, so the one it made or grew can be shown after.
  var countsBefore = null;

  function stackCounts() {
    var counts = {};
    tiles().forEach(function (tile) {
      var count = tile.querySelector(".count");
      counts[tile.dataset.object] = count ? count.textContent : "";
    });
    return counts;
  }

  document.body.addEventListener("htmx:beforeRequest", function (event) {
    if (creationFrom(event.detail)) {
      countsBefore = stackCounts();
    }
  });

  document.body.addEventListener("htmx:afterRequest", function (event) {
    var counts = countsBefore;
    if (!creationFrom(event.detail)) {
      return;
    }
    countsBefore = null;
    if (!event.detail.successful || !sheetShown() || !sheet.classList.contains("is-open")) {
      return;
    }
    var active = document.activeElement;
    var focusInSheet = !active || active === document.body || !active.isConnected || sheet.contains(active);
    openSheet(false);
    if (focusInSheet) {
      sheetToggle.focus({ preventScroll: true });
    }
    var made = counts && tiles().filter(function (tile) {
      var count = tile.querySelector(".count");
      return counts[tile.dataset.object] !== (count ? count.textContent : "");
    })[0];
    if (made) {
      made.scrollIntoView({ block: "nearest" });
    }
  });

  document.addEventListener("click", function (event) {
    var target = event.target.closest ? event.target.closest("[data-sheet-toggle], [data-sheet-close]") : null;
    if (!target) {
      return;
    }
    event.preventDefault();
    openSheet(target.hasAttribute("data-sheet-toggle") ? !(sheet && sheet.classList.contains("is-open")) : false);
  });

  // Multi-select: the tiles' checkboxes belong to the bar's form; the choice survives live
  // board updates and clears once the bar's action is done.
  var stacksForm = document.getElementById("stacks-form");
  var selected = [];

  function selectedBoxes() {
    return Array.prototype.slice.call(document.querySelectorAll("[data-select-stack]:checked"));
  }

  function showSelection() {
    if (!stacksForm) {
      return;
    }
    var boxes = selectedBoxes();
    stacksForm.hidden = boxes.length === 0;
    var count = stacksForm.querySelector("[data-selected-count]");
    if (count) {
      count.textContent = String(boxes.length);
    }
  }

  function clearSelection() {
    selectedBoxes().forEach(function (box) { box.checked = false; });
    selected = [];
    showSelection();
  }

  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-select-stack]")) {
      showSelection();
    }
  });

  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-clear-selection]")) {
      clearSelection();
    }
  });

  document.body.addEventListener("htmx:beforeSwap", function () {
    selected = selectedBoxes().map(function (box) { return box.value; });
  });

  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (morePage(event.detail) || ownDelta(event.detail)) {
      return;
    }
    var fromBar = stacksForm && event.detail.requestConfig && stacksForm.contains(event.detail.requestConfig.elt);
    if (fromBar && event.detail.xhr && event.detail.xhr.status < 300) {
      selected = [];
    }
    document.querySelectorAll("[data-select-stack]").forEach(function (box) {
      box.checked = selected.indexOf(box.value) !== -1;
    });
    showSelection();
  });

  // Done is done whatever order the swaps came in: a resync that landed while the bar's post was
  // on its way has put the old choice back, and the bar's answer clears it for good.
  document.body.addEventListener("htmx:afterRequest", function (event) {
    var elt = event.detail.requestConfig ? event.detail.requestConfig.elt : event.detail.elt;
    if (stacksForm && elt && stacksForm.contains(elt) && event.detail.successful) {
      clearSelection();
    }
  });

  // The skip link to the palette unfolds it (on phones it is the create sheet).
  document.body.addEventListener("click", function (event) {
    var skip = event.target.closest ? event.target.closest("[data-skip-palette]") : null;
    if (skip && openPalette("#palette-q")) {
      event.preventDefault();
    }
  });

  rove();
  connect();
})();
