// The color theme: "auto" follows the system (prefers-color-scheme), "dark" or "light" is the
// player's choice, kept in localStorage. Loaded in <head> so the page never flashes the other one.
(function () {
  "use strict";
  var KEY = "tokensite-theme";
  var ORDER = ["auto", "dark", "light"];
  var LABELS = { auto: "Theme: auto", dark: "Theme: dark", light: "Theme: light" };

  function stored() {
    try { return localStorage.getItem(KEY) || "auto"; } catch (e) { return "auto"; }
  }

  function apply(theme) {
    if (theme === "auto") { document.documentElement.removeAttribute("data-theme"); }
    else { document.documentElement.setAttribute("data-theme", theme); }
    var button = document.getElementById("theme-toggle");
    if (button) {
      // The page's language: the labels come translated on the button's data attributes.
      var label = button.dataset["label" + theme.charAt(0).toUpperCase() + theme.slice(1)] || LABELS[theme];
      button.textContent = label;
      button.setAttribute("aria-label", label + " " + (button.dataset.labelChange || "(change)"));
    }
  }

  apply(stored());
  document.addEventListener("DOMContentLoaded", function () {
    var button = document.getElementById("theme-toggle");
    if (!button) { return; }
    apply(stored());
    button.addEventListener("click", function () {
      var next = ORDER[(ORDER.indexOf(stored()) + 1) % ORDER.length];
      try { localStorage.setItem(KEY, next); } catch (e) { /* private mode: this page only */ }
      apply(next);
    });
  });
}());
