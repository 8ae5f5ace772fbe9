// Where the battlefield's single-key shortcut settings are kept: a signed-in
// player's on their account, so they follow them to another browser (the page carries them in
// #shortcut-saved, changes are posted to the help form's data-save-url); a guest's or an
// anonymous visitor's in this browser (localStorage), which is also the fallback while an
// account has nothing saved. battlefield.js calls load() once and save(settings, done) on each
// change; done(null) when kept, done(message) when not.
(function () {
  "use strict";

  var BROWSER_KEY = "tokensite.shortcuts";
  var sending = false;
  var queued = null;

  function form() {
    return document.getElementById("shortcut-settings");
  }

  function parsed(text) {
    try {
      return JSON.parse(text || "null");
    } catch (err) {
      return null;
    }
  }

  function fromAccount() {
    var data = document.getElementById("shortcut-saved");
    return data ? parsed(data.textContent) : null;
  }

  function fromBrowser() {
    try {
      return parsed(window.localStorage.getItem(BROWSER_KEY));
    } catch (err) {
      return null;
    }
  }

  function load() {
    var saved = fromAccount() || fromBrowser() || {};
    return { enabled: saved.enabled !== false, keys: saved.keys || {} };
  }

  function csrfToken() {
    var headers = parsed(document.body.getAttribute("hx-headers")) || {};
    return headers["X-CSRFToken"] || "";
  }

  // One request at a time, the newest settings last: a slow answer never undoes a later change.
  function post(url, settings, done) {
    if (sending) {
      queued = { settings: settings, done: done };
      return;
    }
    sending = true;
    var failed = form() ? form().dataset.msgNotSaved : "";
    window.fetch(url, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true, // a reload or a closed tab right after a change still saves it
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(settings)
    }).then(function (response) {
      if (response.ok) {
        return null;
      }
      return response.json().then(function (body) {
        return failed + " " + (body.detail || "");
      }, function () {
        return failed;
      });
    }, function () {
      return failed;
    }).then(function (error) {
      sending = false;
      var next = queued;
      queued = null;
      if (next) {
        post(url, next.settings, next.done);
      } else {
        done(error);
      }
    });
  }

  function save(settings, done) {
    var url = form() ? form().dataset.saveUrl : "";
    if (url) {
      post(url, settings, done);
      return;
    }
    try {
      window.localStorage.setItem(BROWSER_KEY, JSON.stringify(settings));
      done(null);
    } catch (err) {
      done(form() ? form().dataset.msgNotKept : "");
    }
  }

  window.TokensiteShortcuts = { load: load, save: save };
})();
