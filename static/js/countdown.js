/* A night's round counts down to the server's bell (templates/includes/night_countdown.html):
   the page says the server's time when it was made, so every phone and the wall count to the
   same second whatever their own clocks say. At the bell the sentence of the time left gives
   way to the bell's own words ("Round 2: time. Finish the hand in play."), which the page
   carries, translated, hidden until then. The wall updates itself through static/js/live.js
   (the wall API's version follows the night: the next draw, the standings, the close).
   Without this file the page shows the bell's time. */
(function () {
  "use strict";
  var loaded = Date.now();
  function left(element) {
    var serverNow = Date.parse(element.dataset.serverNow);
    var endsAt = Date.parse(element.dataset.endsAt);
    return Math.max(0, endsAt - (serverNow + (Date.now() - loaded)));
  }
  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (element) {
      var out = element.querySelector("[data-countdown-left]");
      var running = element.querySelector("[data-countdown-running]");
      var bell = element.querySelector("[data-countdown-bell]");
      var ms = left(element);
      var seconds = Math.ceil(ms / 1000);
      if (out && ms > 0) out.textContent = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      if (running) running.hidden = ms <= 0;
      if (bell) bell.hidden = ms > 0;
      element.classList.toggle("rang", ms <= 0);
    });
  }
  tick();
  setInterval(tick, 1000);
  // The wall's parts swapped by live.js: a new page's server time to count from.
  document.addEventListener("live-updated", function () { loaded = Date.now(); tick(); });
})();
