/* A night's round counts down to the server's bell (templates/includes/night_countdown.html):
   the page says the server's time when it was made, so every phone and the wall count to the
   same second whatever their own clocks say. The wall's night (data-night-refresh) loads
   itself again every 15 seconds, and at the bell, to show the next draw and the standings.
   Without this file the page shows the bell's time. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  var loaded = Date.now();
  function left(element) {
    var serverNow = Date.parse(element.dataset.serverNow);
    var endsAt = Date.parse(element.dataset.endsAt);
    return Math.max(0, endsAt - (serverNow + (Date.now() - loaded)));
  }
  function tick() {
    document.querySelectorAll("[data-countdown]").forEach(function (element) {
      var out = element.querySelector("[data-countdown-left]");
      var ms = left(element);
      var seconds = Math.ceil(ms / 1000);
      var text = Math.floor(seconds / 60) + ":" + String(seconds % 60).padStart(2, "0");
      if (out) out.textContent = ms > 0 ? text : gettext("time: finish the hand in play");
      element.classList.toggle("rang", ms <= 0);
    });
  }
  tick();
  setInterval(tick, 1000);
  document.addEventListener("live-updated", tick);  // the wall's parts swapped by live.js
  if (document.querySelector("[data-night-refresh]")) {
    setTimeout(function () { window.location.reload(); }, 15000);
  }
})();
