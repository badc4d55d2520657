/* The game page (templates/pages/game.html), the director's room view (pages/room.html) and
   the wall (pages/wall.html, polling the wall API) update themselves: every few seconds,
   while the page is in view, one conditional request (If-None-Match with the version shown)
   for the game's scoreboard, or the room's tables, which the server answers 304 from the
   version alone. Only when the game changed is the page fetched again and its live parts
   ([data-live-part]) swapped for the new ones, without a reload; a part the scorer is using
   (a form with the focus, or opened) is left alone, and the messages of the request that
   loaded the page go. Without this file the page shows the game as it was loaded. */
(function () {
  "use strict";
  var ROOT = "[data-live-game], [data-live-room]";
  var root = document.querySelector(ROOT);
  if (!root || !window.fetch) return;
  var EVERY = 3000;
  var etag = '"' + root.dataset.version + '"';
  var busy = false;

  function inUse(part) {
    if (!part.hasAttribute("data-live-careful")) return false;
    return part.contains(document.activeElement) || part.querySelector("details[open]") !== null;
  }

  function refresh() {
    return fetch(window.location.pathname, { credentials: "same-origin", cache: "no-store" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) return;
        var fresh = new DOMParser().parseFromString(html, "text/html");
        var freshRoot = fresh.querySelector(ROOT);
        if (freshRoot) {
          etag = '"' + freshRoot.dataset.version + '"';
          root.dataset.version = freshRoot.dataset.version;
          root.dataset.nextHand = freshRoot.dataset.nextHand;
        }
        document.querySelectorAll("[data-live-part]").forEach(function (part) {
          var name = part.getAttribute("data-live-part");
          var next = fresh.querySelector('[data-live-part="' + name + '"]');
          if (next && !inUse(part)) part.replaceWith(document.importNode(next, true));
        });
        // The messages of the last request ("Hand 9 corrected") spoke of the page as it was.
        document.querySelectorAll("main .messages").forEach(function (list) { list.remove(); });
        document.dispatchEvent(new CustomEvent("live-updated"));
      });
  }

  function poll() {
    if (busy || document.hidden || !navigator.onLine) return;
    busy = true;
    fetch(root.dataset.scoreboardUrl || root.dataset.roomUrl, {
      // A public club's board is the same for everyone: no cookie, so no session to look up.
      credentials: root.hasAttribute("data-poll-anonymous") ? "omit" : "same-origin",
      cache: "no-store",
      headers: { "If-None-Match": etag, Accept: "application/json" }
    }).then(function (response) {
      if (response.status === 200 && response.headers.get("ETag") !== etag) return refresh();
    }).catch(function () { /* no connection: the next poll tries again */ })
      .then(function () { busy = false; });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var note = document.querySelector("[data-live-note]");
    if (note) note.hidden = false;
    window.setInterval(poll, EVERY);
    document.addEventListener("visibilitychange", poll);
    window.addEventListener("online", poll);
    // Hands this phone kept offline were just stored: show them now.
    document.addEventListener("outbox-sent", function () { refresh(); });
  });
})();
