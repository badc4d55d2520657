/* The claim a trick record may end in (templates/includes/claim.html). Without this file its
   fields are plain selects. Here: who claimed and what are taps (static/js/irregularities.js's
   picker); each tap says "change" on its select, so the keypad (static/js/tricks.js) lets the
   hand be recorded short of its last card and asks the moon question as claimed. The fields
   stay the ones the plain form posts, so the server and the outbox read one entry either way. */
(function () {
  "use strict";

  function setup(form) {
    var box = form.querySelector("[data-claim-box]");
    if (!box || !window.heartsPicker) return;
    var shows = ["seat", "outcome"].map(function (name) {
      var select = box.querySelector('[data-claim="' + name + '"]');
      return window.heartsPicker(select, function () {
        select.dispatchEvent(new Event("change", { bubbles: true }));
      });
    });
    function update() { shows.forEach(function (show) { show(); }); }
    box.addEventListener("change", update);
    // The outbox cleared the form for the next hand (a moon answer says "entry-change" too:
    // a claim made stays open).
    var seat = box.querySelector('[data-claim="seat"]');
    form.addEventListener("entry-change", function () { if (!seat.value) box.open = false; update(); });
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    Array.prototype.forEach.call(document.querySelectorAll('form[data-hand-entry="plays"]'), setup);
  });
})();
