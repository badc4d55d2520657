/* The wall's pages of tables and of standings (templates/pages/wall.html): more than 8 tables
   or 16 standings rows do not fit a 1920 x 1080 screen in type read from across the room, so
   they come in pages, each saying which ("Page 1 of 2", "Players 1–16 of 40"). On a wall
   screen (static/css/wall.css) one page of each shows at a time: this turns to the next every
   EVERY milliseconds, and keeps its place when static/js/live.js swaps the wall's parts. Without this file the wall shows the first page; a phone shows them all. */
(function () {
  "use strict";
  var EVERY = 12000;
  var at = 0;
  // Each set of pages turns on the same beat, the standings' (16 rows a page) with the tables'.
  var SETS = ["[data-wall-page]", "[data-wall-standings-page]"];
  function show() {
    SETS.forEach(function (selector) {
      var pages = document.querySelectorAll(selector);
      if (!pages.length) return;
      var current = at % pages.length;
      pages.forEach(function (page, index) { page.classList.toggle("current", index === current); });
    });
  }
  document.addEventListener("live-updated", show);
  window.setInterval(function () { at += 1; show(); }, EVERY);
})();
