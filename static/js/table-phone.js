/* The table's touch helpers (issue 35), beside battlefield.js:
   - a stack's dialog opened by a tap focuses the dialog, not its count field (no keyboard pops
     up on a phone); opened with Enter, the count field still comes first, as the Keys dialog says;
   - dialogs close on a tap outside them and, as a bottom sheet, on a swipe down from the title;
   - a seat's "More" on phones stays open across board updates;
   - the invite strip copies its link and opens the system share sheet where there is one. */
(function () {
  "use strict";

  var panel = document.getElementById("panel");
  var byPointer = false;

  // A click from a pointer has detail >= 1; Enter on a link clicks with detail 0.
  document.addEventListener("click", function (event) {
    var opener = event.target.closest ? event.target.closest('[hx-target="#panel-body"]') : null;
    if (opener) {
      byPointer = event.detail > 0;
    }
  }, true);

  // Runs before battlefield.js's afterSwap handler (capture on the document): a tap's dialog
  // takes focus itself (its title is read), a keyboard's dialog keeps its autofocus field.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (!panel || !target || target.id !== "panel-body") {
      return;
    }
    if (byPointer) {
      target.querySelectorAll("[autofocus]").forEach(function (field) {
        field.removeAttribute("autofocus");
      });
    }
    panel.style.transform = "";
  }, true);

  // ...and after it (bubbling to the document): the tapped dialog holds focus itself, so its
  // title is read and no field or button under the thumb is focused.
  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail && event.detail.target;
    if (panel && byPointer && target && target.id === "panel-body" && panel.open) {
      panel.setAttribute("tabindex", "-1");
      panel.focus({ preventScroll: true });
    }
  });

  // A tap on the backdrop lands on the dialog element itself, outside its box.
  document.querySelectorAll("dialog.panel").forEach(function (dialog) {
    dialog.addEventListener("click", function (event) {
      if (event.target !== dialog) {
        return;
      }
      var box = dialog.getBoundingClientRect();
      var inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
      if (!inside) {
        dialog.close();
      }
    });
  });

  // Swipe down from the sheet's title (or pull it down while scrolled to the top) to close.
  if (panel) {
    var startY = null;
    var moved = 0;
    var CLOSE_AT = 70;

    panel.addEventListener("pointerdown", function (event) {
      var grip = event.target.closest && event.target.closest("#panel-title");
      if (!grip || panel.scrollTop > 0 || event.button > 0) {
        return;
      }
      startY = event.clientY;
      moved = 0;
      panel.classList.add("is-dragging");
      grip.setPointerCapture(event.pointerId);
    });
    panel.addEventListener("pointermove", function (event) {
      if (startY === null) {
        return;
      }
      moved = Math.max(0, event.clientY - startY);
      panel.style.transform = moved ? "translateY(" + moved + "px)" : "";
    });
    function release() {
      if (startY === null) {
        return;
      }
      startY = null;
      panel.classList.remove("is-dragging");
      if (moved >= CLOSE_AT) {
        panel.close();
        panel.style.transform = "";
        return;
      }
      panel.classList.add("is-settling");
      panel.style.transform = "";
      window.setTimeout(function () { panel.classList.remove("is-settling"); }, 200);
    }
    panel.addEventListener("pointerup", release);
    panel.addEventListener("pointercancel", release);
  }

  // A seat's "More" (phones) stays open across the board's updates, which redraw the seat heads.
  var unfolded = {};

  document.addEventListener("toggle", function (event) {
    var more = event.target;
    var head = more.closest ? more.closest(".seat-head") : null;
    if (head && more.matches("[data-seat-more]")) {
      unfolded[head.id] = more.open;
    }
  }, true);

  function reopen() {
    Object.keys(unfolded).forEach(function (id) {
      var more = unfolded[id] ? document.querySelector("#" + id + " > [data-seat-more]:not([open])") : null;
      if (more) {
        more.open = true;
      }
    });
  }

  new MutationObserver(reopen).observe(document.body, { childList: true, subtree: true });

  // The invite strip: copy the link (the clipboard, else the field selected), share where the
  // system has a share sheet.
  function flash(strip, text) {
    var done = strip.querySelector("[data-invite-done]");
    if (done) {
      done.textContent = text;
    }
  }

  document.querySelectorAll("[data-invite]").forEach(function (strip) {
    var field = strip.querySelector("[data-invite-link]");
    var copy = strip.querySelector("[data-copy]");
    var share = strip.querySelector("[data-share]");
    if (copy && field) {
      copy.addEventListener("click", function () {
        var copied = strip.dataset.copied || "";
        function fallback() {
          field.focus();
          field.select();
          flash(strip, strip.dataset.selected || "");
        }
        if (navigator.clipboard && navigator.clipboard.writeText) {
          navigator.clipboard.writeText(field.value).then(function () { flash(strip, copied); }, fallback);
        } else {
          fallback();
        }
      });
    }
    if (share && field && navigator.share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        navigator.share({ title: strip.dataset.shareTitle || document.title, url: field.value }).catch(function () {});
      });
    }
  });
})();
