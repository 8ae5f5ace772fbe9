// The table's command line (play/web/command_line.py): type what to do or ask, Enter runs it.
// Its shortcut focuses it; the questions have shortcuts of their own; Tab completes verbs and
// the names on the board; an ambiguous phrase lists its readings and a digit then Enter picks
// one. Answers and refusals are said in the page's live regions (battlefield.js `say`).
(function () {
  "use strict";

  var form = document.getElementById("command-form");
  var board = window.TokensiteBoard;
  if (!form || !board) {
    return;
  }
  var input = document.getElementById("command-q");
  var asked = null; // the phrase whose readings are listed, waiting for a number
  var lastTile = null; // the stack last focused on the board (the "stack" question)

  document.addEventListener("focusin", function (event) {
    var tile = event.target.closest ? event.target.closest(".bf-tile") : null;
    if (tile) {
      lastTile = tile.dataset.object;
    }
  });

  function focusedStack() {
    var tile = document.activeElement && document.activeElement.closest ? document.activeElement.closest(".bf-tile") : null;
    return tile ? tile.dataset.object : lastTile || "";
  }

  // A digit alone answers the listed readings; anything else is a new phrase.
  document.body.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt !== form) {
      return;
    }
    var params = event.detail.parameters;
    var text = String(input.value || "").trim();
    var set = function (name, value) {
      if (typeof params.set === "function") {
        params.set(name, value);
      } else {
        params[name] = value;
      }
    };
    if (asked && /^[1-9]$/.test(text)) {
      set("text", asked);
      set("reading", text);
    } else {
      set("reading", "");
    }
    set("focus", focusedStack());
  });

  function sayOut(out) {
    if (!out) {
      return;
    }
    asked = out.hasAttribute("data-options") ? out.dataset.text : null;
    // Answered, or the readings listed: the line is ready for the next phrase (or the number).
    // A refusal keeps the phrase, to be corrected.
    if (!out.hasAttribute("data-refused") && document.activeElement === input) {
      input.value = "";
    }
    board.say(out.dataset.said || out.textContent.trim(), out.hasAttribute("data-refused"));
  }

  document.body.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.id === "command-out") {
      sayOut(document.getElementById("command-out"));
      return;
    }
    var from = event.detail.requestConfig && event.detail.requestConfig.elt;
    if (from === form && event.detail.xhr && event.detail.xhr.status < 300) {
      // Done: the board says what happened; the line is ready for the next command.
      asked = null;
      input.value = "";
      var out = document.getElementById("command-out");
      if (out) {
        out.textContent = "";
        out.dataset.said = "";
      }
    }
    if (from === form && input.isConnected) {
      input.focus();
    }
  });

  // Questions by shortcut: asked in English (always understood), answered in the reader's language.
  function ask(question) {
    var data = new FormData(form);
    data.set("text", question);
    data.set("reading", "");
    data.set("focus", focusedStack());
    var xhr = new XMLHttpRequest();
    xhr.open("POST", form.action);
    xhr.setRequestHeader("HX-Request", "true");
    xhr.onload = function () {
      var doc = new DOMParser().parseFromString(xhr.responseText, "text/html");
      var out = doc.getElementById("command-out");
      var here = document.getElementById("command-out");
      if (out && here) {
        here.replaceWith(out);
        sayOut(out);
      }
    };
    xhr.send(data);
    return true;
  }

  function repeatLast() {
    var polite = document.getElementById("announce");
    var urgent = document.getElementById("announce-urgent");
    var text = (polite && polite.textContent) || (urgent && urgent.textContent) || "";
    board.say(text);
    return true;
  }

  board.run.command = function () {
    input.focus();
    input.select();
    return true;
  };
  board.run["ask-life"] = function () { return ask("life"); };
  board.run["ask-combat"] = function () { return ask("combat"); };
  board.run["ask-stack"] = function () { return ask("stack"); };
  board.run["ask-last"] = function () { return ask("last"); };
  board.run["ask-pending"] = function () { return ask("pending"); };
  board.run.repeat = repeatLast;

  // Tab completion: the verbs and questions (the form's data-words) and the names on the board
  // and at the table. One match completes the last word; several complete what they share and
  // are said; a second Tab takes the next one. Nothing to complete: Tab moves on as usual.
  var cycle = null;

  function candidates() {
    var words = (form.dataset.words || "").split("|").filter(Boolean);
    document.querySelectorAll("#board .bf-tile[data-name]").forEach(function (tile) {
      words.push(tile.dataset.name);
    });
    var seen = {};
    return words.filter(function (w) {
      var key = w.toLowerCase();
      if (seen[key]) {
        return false;
      }
      seen[key] = true;
      return true;
    });
  }

  function shared(list) {
    var first = list[0].toLowerCase();
    var n = first.length;
    list.forEach(function (w) {
      var low = w.toLowerCase();
      var i = 0;
      while (i < n && low[i] === first[i]) {
        i += 1;
      }
      n = i;
    });
    return list[0].slice(0, n);
  }

  input.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || event.shiftKey || event.ctrlKey || event.altKey || event.metaKey) {
      if (event.key !== "Tab") {
        cycle = null;
      }
      return;
    }
    var value = input.value;
    if (cycle && value === cycle.shown) {
      cycle.at = (cycle.at + 1) % cycle.list.length;
      cycle.shown = cycle.head + cycle.list[cycle.at] + " ";
      input.value = cycle.shown;
      board.say(cycle.list[cycle.at]);
      event.preventDefault();
      return;
    }
    var match = /(\S*)$/.exec(value);
    var word = match ? match[1] : "";
    var head = value.slice(0, value.length - word.length);
    if (!word) {
      return;
    }
    var low = word.toLowerCase();
    var found = candidates().filter(function (w) {
      return w.toLowerCase().indexOf(low) === 0 && w.length > word.length;
    });
    if (!found.length) {
      return;
    }
    event.preventDefault();
    if (found.length === 1) {
      input.value = head + found[0] + " ";
      cycle = null;
      return;
    }
    var common = shared(found);
    input.value = head + (common.length > word.length ? common : word);
    cycle = { list: found, at: -1, head: head, shown: input.value };
    board.say((form.dataset.completions || "Completions:") + " " + found.slice(0, 8).join(", "));
  });
})();
