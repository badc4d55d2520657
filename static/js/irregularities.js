/* What went wrong at the table, on the hand form's trick record (templates/includes/
   irregularities.html). Without this file the rows are plain fields, and the server reads
   only those each kind takes. Here: what went wrong and who are taps; only the fields the
   kind takes are shown; the trick starts as the one the keypad is at (static/js/tricks.js
   says it in "trick-record-change"); a second row comes on request. The
   script writes the same fields the plain form posts, so the server and the offline outbox
   (static/js/outbox.js, which reads data-irregularities too) read one entry either way. */
(function () {
  "use strict";
  var gettext = window.gettext || function (s) { return s; };

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  // A select shown as a row of buttons (the select stays, hidden, for the post).
  function picker(select, onPick) {
    var field = select.closest(".field");
    var label = field.querySelector("label");
    var group = element("div", "seat-picker irregularity-picker");
    group.setAttribute("role", "group");
    var heading = element("p", "picker-label", label.textContent.trim());
    heading.id = select.id + "-heading";
    group.setAttribute("aria-labelledby", heading.id);
    var buttons = Array.prototype.filter.call(select.options, function (o) { return o.value !== ""; }).map(function (option) {
      var button = element("button", "seat-pick", option.textContent.trim());
      button.type = "button";
      button.dataset.value = option.value;
      button.addEventListener("click", function () {
        select.value = select.value === option.value ? "" : option.value;
        onPick();
      });
      group.appendChild(button);
      return button;
    });
    label.hidden = true;
    select.hidden = true;
    field.insertBefore(group, select);
    field.insertBefore(heading, group);
    return function show() {
      buttons.forEach(function (button) { button.setAttribute("aria-pressed", button.dataset.value === select.value ? "true" : "false"); });
    };
  }

  window.heartsPicker = picker; // the claim's taps too (static/js/claim.js)

  function setupRow(row, kinds, state) {
    var kind = row.querySelector('[data-irregularity="kind"]');
    var trick = row.querySelector('[data-irregularity="trick"]');
    var seat = row.querySelector('[data-irregularity="seat"]');
    var shows = [];
    function update() {
      var chosen = kind.value;
      var takes = chosen ? kinds[chosen] : [];
      var corrected = row.querySelector('[data-irregularity="corrected"]').checked;
      all(row, "[data-needs]").forEach(function (wrapper) {
        var name = wrapper.querySelector("[data-irregularity]").dataset.irregularity;
        // A revoke's card is the one taken back: asked once it was corrected.
        var unasked = chosen === "revoke" && name === "card" && !corrected;
        wrapper.hidden = takes.indexOf(name) < 0 || unasked;
      });
      // The trick the keypad is at when the kind is tapped, unless one is chosen already.
      if (chosen && trick.value === "" && state.trick) trick.value = String(state.trick);
      row.classList.toggle("used", Boolean(chosen));
      shows.forEach(function (show) { show(); });
    }
    shows.push(picker(kind, update));
    shows.push(picker(seat, update));
    row.addEventListener("change", update);
    return update;
  }

  function setup(form) {
    var box = form.querySelector("[data-irregularities]");
    if (!box) return;
    var kinds = JSON.parse(box.dataset.irregularities);
    var rows = all(box, "[data-irregularity-row]");
    var tricks = form.querySelectorAll("input[data-trick]").length;
    var state = { trick: null };
    var updates = rows.map(function (row) { return setupRow(row, kinds, state); });
    var more = element("button", "secondary add-irregularity", gettext("Something else went wrong too"));
    more.type = "button";
    box.appendChild(more);
    function showRows() {
      var shown = 1;
      rows.forEach(function (row, i) {
        if (row.querySelector('[data-irregularity="kind"]').value) shown = Math.max(shown, i + 1);
      });
      shown = Math.max(shown, Number(box.dataset.shown || 1));
      rows.forEach(function (row, i) { row.hidden = i >= shown; });
      more.hidden = shown >= rows.length;
    }
    more.addEventListener("click", function () {
      box.dataset.shown = String(Math.min(rows.length, Number(box.dataset.shown || 1) + 1));
      showRows();
    });
    form.addEventListener("trick-record-change", function (event) {
      var detail = event.detail;
      // The trick being played; once every card is in, the last one; none before the lead.
      if (detail.firstLeader === null) state.trick = null;
      else state.trick = Math.min(tricks, detail.next === null ? tricks : detail.trick);
      updates.forEach(function (update) { update(); });
    });
    // The outbox cleared the form for the next hand.
    form.addEventListener("entry-change", function () {
      box.dataset.shown = "1";
      box.open = false;
      updates.forEach(function (update) { update(); });
      showRows();
    });
    box.querySelector("[data-irregularities-hint]").textContent = gettext("Tap what went wrong, then who and at which trick: the hand counts as played, and a director rules on it.");
    updates.forEach(function (update) { update(); });
    showRows();
  }

  document.addEventListener("DOMContentLoaded", function () {
    all(document, 'form[data-hand-entry="plays"]').forEach(setup);
  });
})();
