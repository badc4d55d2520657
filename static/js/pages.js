/* Small helps for the phone pages. Every page works without this file: the server parses and
   judges every entry. Here only: a live check that the points add up, card-by-card tapping,
   the moon choice shown when a moon is entered, a guard against double taps, a card keypad. */
(function () {
  "use strict";

  function labelOf(form, input) {
    var label = form.querySelector('label[for="' + input.id + '"]');
    return label ? label.textContent.trim() : "";
  }

  function setStatus(status, text, state) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("ok", state === "ok");
    status.classList.toggle("bad", state === "bad");
  }

  // The moon choice matters only for a moon: show it then, hide (and clear) it otherwise.
  function showMoon(form, isMoon) {
    var moon = form.querySelector("[data-moon]");
    if (!moon) return;
    if (moon.classList.contains("has-error")) isMoon = true;
    moon.hidden = !isMoon;
    if (!isMoon) {
      var none = moon.querySelector('input[type="radio"][value=""]');
      if (none) none.checked = true;
    }
  }

  function pointsEntry(form) {
    var total = parseInt(form.dataset.total, 10);
    var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-seat-points]"));
    var status = form.querySelector("[data-sum-status]");
    function update() {
      var sum = 0, filled = 0, shooter = null, bad = false;
      inputs.forEach(function (input) {
        var raw = input.value.trim();
        if (raw === "") return;
        var n = Number(raw);
        if (!/^\d+$/.test(raw)) { bad = true; return; }
        filled += 1;
        sum += n;
        if (n === total) shooter = input;
      });
      var complete = filled === inputs.length;
      var isMoon = complete && shooter !== null && sum === total;
      if (bad) setStatus(status, "Whole numbers only, please.", "bad");
      else if (isMoon) setStatus(status, labelOf(form, shooter) + " took all " + total + ": a moon!", "ok");
      else if (sum === total && complete) setStatus(status, "Adds up to " + total + " ✓", "ok");
      else if (sum > total) setStatus(status, "Adds up to " + sum + ": " + (sum - total) + " too many (the deck holds " + total + ").", "bad");
      else setStatus(status, "Adds up to " + sum + " of " + total + (complete ? ": " + (total - sum) + " missing." : "."), complete ? "bad" : "");
      showMoon(form, isMoon);
    }
    inputs.forEach(function (input) { input.addEventListener("input", update); });
    update();
  }

  function cardsEntry(form) {
    var boxes = Array.prototype.slice.call(form.querySelectorAll("input[data-card]"));
    var pointCards = (form.dataset.pointCards || "").split(" ").filter(Boolean);
    var status = form.querySelector("[data-sum-status]");
    var names = {};
    boxes.forEach(function (box) { names[box.value] = box.nextElementSibling.textContent.trim(); });
    var cards = Object.keys(names);
    function seatOf(box) { return box.closest("[data-seat]").dataset.seat; }
    function update() {
      var owner = {};
      boxes.forEach(function (box) { if (box.checked) owner[box.value] = seatOf(box); });
      boxes.forEach(function (box) { box.disabled = !box.checked && owner[box.value] !== undefined; });
      form.querySelectorAll("[data-seat]").forEach(function (seat) {
        var count = seat.querySelectorAll("input[data-card]:checked").length;
        var out = seat.querySelector("[data-seat-count]");
        if (out) out.textContent = count ? "· " + count + " card" + (count === 1 ? "" : "s") : "";
      });
      var missing = cards.filter(function (card) { return owner[card] === undefined; });
      var moonSeat = pointCards.length && pointCards.every(function (c) { return owner[c] === owner[pointCards[0]]; }) ? owner[pointCards[0]] : undefined;
      var isMoon = moonSeat !== undefined;
      if (missing.length) setStatus(status, "Still to place: " + missing.map(function (c) { return names[c]; }).join(" "), "");
      else if (isMoon) setStatus(status, "Every penalty card placed ✓ — one player took them all: a moon!", "ok");
      else setStatus(status, "Every penalty card placed ✓", "ok");
      showMoon(form, isMoon);
    }
    boxes.forEach(function (box) { box.addEventListener("change", update); });
    update();
  }

  // A double tap sends one request; the server also records a hand once whatever happens.
  function once(form) {
    form.addEventListener("submit", function () {
      var buttons = form.querySelectorAll('button[type="submit"]');
      window.setTimeout(function () {
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
    document.querySelectorAll('form[data-entry="points"]').forEach(pointsEntry);
    document.querySelectorAll('form[data-entry="cards"]').forEach(cardsEntry);
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
