/* Small helps for the phone pages. Every page works without this file: the server parses and
   judges every entry. Here only: a guard against double taps, a card keypad (the hand form's
   helps are in entry.js). */
(function () {
  "use strict";

  // A double tap sends one request; the server also records a hand once whatever happens.
  function once(form) {
    form.addEventListener("submit", function (event) {
      var buttons = form.querySelectorAll('button[type="submit"]');
      window.setTimeout(function () {
        // Kept on the phone instead (outbox.js, offline): nothing was sent, the form stays.
        if (event.defaultPrevented) return;
        buttons.forEach(function (b) { b.disabled = true; });
        window.setTimeout(function () { buttons.forEach(function (b) { b.disabled = false; }); }, 8000);
      }, 0);
    });
  }

  function keypad(pad) {
    var area = document.getElementById(pad.dataset.keypad);
    if (!area) return;
    pad.hidden = false;
    var count = pad.querySelector("[data-keypad-count]");
    function tokens() { return area.value.split(/[\s,;]+/).filter(Boolean); }
    function set(list) {
      area.value = list.join(" ");
      if (count) count.textContent = String(list.length);
    }
    pad.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      if (!key) return;
      var list = tokens();
      if (key.hasAttribute("data-key")) list.push(key.dataset.key);
      else if (key.hasAttribute("data-key-undo")) list.pop();
      else if (key.hasAttribute("data-key-clear")) list = [];
      set(list);
    });
    area.addEventListener("input", function () { if (count) count.textContent = String(tokens().length); });
    if (count) count.textContent = String(tokens().length);
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-once]").forEach(once);
    document.querySelectorAll("[data-keypad]").forEach(keypad);
    document.querySelectorAll("form[data-autosubmit] select").forEach(function (select) {
      select.addEventListener("change", function () { select.form.submit(); });
    });
  });
  // Coming back with the Back button: buttons disabled by a submit work again.
  window.addEventListener("pageshow", function () {
    document.querySelectorAll("form[data-once] button[disabled]").forEach(function (b) { b.disabled = false; });
  });
})();
