/* The director's room view redraws itself: every 2 seconds it asks the room API with
   If-None-Match (304 while no table changed) and, when something did, redraws the tables from
   the answer. Without this file the page still shows the room as it was served. */
(function () {
  "use strict";

  var room = document.getElementById("room");
  var status = document.getElementById("room-status");
  if (!room || !window.fetch) return;
  var etag = room.dataset.etag || "";
  var EVERY = 2000;
  var STATUS = { in_progress: "In progress", finished: "Finished", abandoned: "Abandoned" };

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function link(href, text) {
    var a = el("a", "", text);
    a.href = href;
    return a;
  }

  function table(t) {
    var section = el("section", "card room-table");
    section.dataset.game = String(t.game);
    section.setAttribute("aria-labelledby", "table-" + t.game);
    var title = el("h2");
    title.id = "table-" + t.game;
    title.appendChild(link(t.link, "Game " + t.game));
    if (t.league_name) { title.append(" "); title.appendChild(el("span", "muted small", t.league_name)); }
    title.append(" ");
    title.appendChild(el("span", "tag " + t.status, STATUS[t.status] || t.status));
    section.appendChild(title);
    var seats = el("ol", "room-seats");
    t.seats.forEach(function (seat) {
      var li = el("li");
      var who = el("span", "who", seat.name);
      if (t.next_dealer === seat.seat) { who.append(" "); who.appendChild(el("span", "dealer-mark", "deals next")); }
      li.appendChild(who);
      li.append(" ");
      li.appendChild(el("strong", "total", String(seat.total)));
      seats.appendChild(li);
    });
    section.appendChild(seats);
    var line = el("p", "small");
    line.append("Hands: ");
    line.appendChild(el("strong", "current-hand", String(t.hands_recorded)));
    line.append(" recorded, " + t.hands_counted + " counted" + (t.next_hand ? " · next: hand " + t.next_hand : ""));
    section.appendChild(line);
    if (t.awaiting.length) {
      section.appendChild(el("p", "small waiting-line", "Waiting: " + t.awaiting.map(function (h) {
        return "hand " + h.number + " (" + h.confirmation + ")";
      }).join(", ")));
    }
    if (t.disputes.length) {
      var disputes = el("p", "small", "Disputes: ");
      t.disputes.forEach(function (d, i) {
        if (i) disputes.append(", ");
        disputes.appendChild(link(d.link, "rule on hand " + d.hand));
      });
      section.appendChild(disputes);
    }
    return section;
  }

  function draw(body) {
    var nodes = body.tables.map(table);
    if (!nodes.length) nodes = [el("p", "muted", "No game has started today.")];
    room.replaceChildren.apply(room, nodes);
    var n = body.tables.length;
    status.textContent = n + " table" + (n === 1 ? "" : "s") + " · updated " + new Date().toLocaleTimeString();
  }

  function poll() {
    fetch(room.dataset.url, { headers: { "If-None-Match": etag, Accept: "application/json" }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status === 200) {
          etag = response.headers.get("ETag") || etag;
          return response.json().then(draw);
        }
        return null;
      })
      .catch(function () { /* offline a moment: the next poll tries again */ })
      .then(function () { window.setTimeout(poll, EVERY); });
  }

  window.setTimeout(poll, EVERY);
})();
