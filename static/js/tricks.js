/* The hand form's trick record (templates/includes/trick_record.html) as a card keypad. The form
   works without this file: a field a trick, typed, checked by the server. Here: who led as one
   tap; then a tap a card, in the order played. The script knows whose turn it is from the first
   leader and each trick's winner (static/js/cards.js, as the engine replays a record), shows the
   trick so far and each player's points, greys the cards already played (and, when the holdings
   are entered, marks the cards the player to play was not given, without forbidding them), lets
   the scorer undo, and asks the moon question when one player took every point. While online,
   the engine itself rules on the record so far after each card (the page's enter/check/, no
   rule written here): the plays it proves illegal are flagged, in its words, and still
   recorded as played. It writes the same fields the plain form posts, so the server, and the
   offline outbox (static/js/outbox.js), read one record whichever way it was entered.
   A record that ends in a claim may be sent short of its last card. Every change dispatches
   "trick-record-change" on the form with the plays, the first leader, the seat of each play,
   the trick and the seat to play. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (s, o) { return s.replace(/%\((\w+)\)s/g, function (m, k) { return o[k]; }); };
  var cards = window.heartsCards; // static/js/cards.js
  var CHECK_AFTER_MS = 250;
  var RED = "HD";

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }
  function element(tag, className, text) {
    var el = document.createElement(tag);
    if (className) el.className = className;
    if (text) el.textContent = text;
    return el;
  }

  function setup(form) {
    var box = form.querySelector("[data-trick-record]");
    var pad = box.querySelector("[data-trick-pad]");
    var inputs = all(box, "input[data-trick]");
    var players = Number(box.dataset.players);
    var deckSize = players * Number(box.dataset.tricks);
    var total = Number(box.dataset.total);
    var select = box.querySelector("[data-first-leader]");
    var holdingsBox = box.querySelector("[data-holdings]");
    var names = Array.prototype.filter.call(select.options, function (o) { return o.value !== ""; })
      .map(function (o) { return o.textContent.trim(); });
    var keys = all(pad, "button[data-card]");
    var points = {};
    keys.forEach(function (key) { points[key.dataset.card] = Number(key.dataset.points); });
    var turn = pad.querySelector("[data-trick-turn]");
    var tiles = all(pad, "[data-trick-seat]");
    var undo = pad.querySelector("[data-trick-undo]");
    var flags = pad.querySelector("[data-trick-flags]");
    var list = pad.querySelector("[data-trick-list]");
    var moon = window.heartsEntry.moonPart(form);
    var block = window.heartsEntry.submitPart(form);
    var illegal = {}; // play index → true: what the engine last proved
    // A record may stop at a claim (templates/includes/claim.html): then not every card is in.
    var claimSeat = form.querySelector('[data-claim="seat"]');
    var claimOutcome = form.querySelector('[data-claim="outcome"]');
    function claimer() { return claimSeat && claimSeat.value !== "" ? Number(claimSeat.value) : null; }
    // Who takes every point by the claim as claimed, as far as the keypad knows (-1: nobody):
    // the moon claimed, or the rest of the tricks by the only player who has taken points.
    function claimedShooter(state, seat) {
      if (seat === null || !claimOutcome) return -1;
      var others = state.taken.some(function (taken, other) { return other !== seat && taken > 0; });
      var outcome = claimOutcome.value;
      return outcome === "moon" || (outcome === "all_tricks" && !others) ? seat : -1;
    }

    // The record the fields hold (a correction, a form come back): null when it is not the
    // keypad's to show (a typo, a trick short before a later one, a card twice).
    function fromFields() {
      var read = [];
      var seen = {};
      for (var i = 0; i < inputs.length; i += 1) {
        var trick = cards.tokens(inputs[i].value);
        if (trick === null || trick.length > players) return null;
        if (trick.length && read.length !== i * players) return null;
        for (var j = 0; j < trick.length; j += 1) {
          if (seen[trick[j]]) return null;
          seen[trick[j]] = true;
        }
        read = read.concat(trick);
      }
      return read;
    }

    var plays = fromFields();
    if (plays === null || box.querySelector(".trick-row.has-error")) return; // the plain fields

    // Each player's cards after the pass, when every line reads as cards: seat → {card: true}.
    function holdings() {
      var lines = holdingsBox.value.split("\n").filter(function (line) { return line.trim(); }).map(cards.tokens);
      if (lines.length !== players || lines.indexOf(null) >= 0) return null;
      return lines.map(function (line) {
        var held = {};
        line.forEach(function (card) { held[card] = true; });
        return held;
      });
    }

    // As chosen, else the holder of the lowest club in the holdings entered (as the engine).
    function firstLeader(held) {
      if (select.value !== "") return Number(select.value);
      var low = box.dataset.lowest;
      if (!held || !low) return null;
      for (var seat = 0; seat < players; seat += 1) if (held[seat][low]) return seat;
      return null;
    }

    // The record replayed: each play's seat, the tricks done, the trick so far, who plays next
    // (null once every card is in) and the points each player took.
    function replay(held) {
      var leader = firstLeader(held);
      var state = { leader: leader, seats: [], done: [], current: [], lead: leader, next: null };
      state.taken = names.map(function () { return 0; });
      if (leader === null) return state;
      var lead = leader;
      for (var start = 0; start < plays.length; start += players) {
        var trick = plays.slice(start, start + players);
        var seats = trick.map(function (card, i) { return (lead + i) % players; });
        state.seats = state.seats.concat(seats);
        if (trick.length < players) {
          state.current = trick;
          break;
        }
        var won = cards.winner(trick, lead, players);
        var taken = trick.reduce(function (sum, card) { return sum + (points[card] || 0); }, 0);
        state.taken[won] += taken;
        state.done.push({ number: start / players + 1, start: start, cards: trick, lead: lead, winner: won, points: taken });
        lead = won;
      }
      state.lead = lead;
      state.next = plays.length < deckSize ? (lead + state.current.length) % players : null;
      return state;
    }

    function said(state) {
      var done = state.done.length;
      var count = deckSize / players;
      if (state.leader === null) return gettext("Choose who led the first trick, then tap each card as it is played.");
      var last = done ? state.done[done - 1] : null;
      // Translators: a trick just completed ("Trick 3 went to Ben."), before whose turn it is.
      var ended = last && !state.current.length ? interpolate(gettext("Trick %(number)s went to %(name)s."), { number: last.number, name: names[last.winner] }, true) + " " : "";
      if (state.next === null) return ended + interpolate(gettext("All %(count)s tricks are in: check the points, then record the hand."), { count: count }, true);
      var words = state.current.length ? gettext("Trick %(number)s of %(count)s: %(name)s to play.") : gettext("Trick %(number)s of %(count)s: %(name)s to lead.");
      return ended + interpolate(words, { number: done + 1, count: count, name: names[state.next] }, true);
    }

    // The seats' tiles: the trick so far, or the trick just done with its winner.
    function showTiles(state) {
      var last = state.done[state.done.length - 1];
      var shown = state.current.length || !last ? { cards: state.current, lead: state.lead, winner: null, start: state.done.length * players } : last;
      tiles.forEach(function (tile, seat) {
        var at = shown.lead === null ? -1 : (seat - shown.lead + players) % players;
        var card = at >= 0 ? shown.cards[at] : undefined;
        tile.querySelector("[data-played]").textContent = card ? cards.label(card) : "";
        tile.querySelector("[data-taken]").textContent = String(state.taken[seat]);
        tile.classList.toggle("turn", seat === state.next);
        tile.classList.toggle("won", seat === shown.winner);
        tile.classList.toggle("red", Boolean(card) && RED.indexOf(card[1]) >= 0);
        tile.classList.toggle("illegal", Boolean(card) && Boolean(illegal[shown.start + at]));
      });
    }

    function showKeys(state, held) {
      var played = {};
      plays.forEach(function (card) { played[card] = true; });
      keys.forEach(function (key) {
        var card = key.dataset.card;
        var gone = Boolean(played[card]);
        key.disabled = gone || state.next === null || state.leader === null;
        var unheld = !gone && held !== null && state.next !== null && !held[state.next][card];
        key.classList.toggle("unheld", unheld);
        key.setAttribute("aria-label", unheld ? interpolate(gettext("%(card)s, not in %(name)s's cards as entered"), { card: cards.label(card), name: names[state.next] }, true) : cards.label(card));
      });
      undo.disabled = !plays.length;
      var keypad = pad.querySelector(".trick-keys");
      keypad.classList.toggle("waiting", state.leader === null);
      keypad.hidden = plays.length === deckSize; // every card is in: the record and the moon come up

    }

    function showList(state) {
      list.textContent = "";
      state.done.forEach(function (trick) {
        var li = element("li", "trick");
        li.appendChild(element("span", "trick-no", String(trick.number)));
        var row = element("span", "trick-cards");
        trick.cards.forEach(function (card, i) {
          var seat = (trick.lead + i) % players;
          var play = element("span", "play");
          play.classList.toggle("red", RED.indexOf(card[1]) >= 0);
          play.classList.toggle("won", seat === trick.winner);
          play.classList.toggle("illegal", Boolean(illegal[trick.start + i]));
          play.appendChild(element("small", "", names[seat]));
          play.appendChild(document.createTextNode(" " + cards.label(card)));
          row.appendChild(play);
        });
        li.appendChild(row);
        li.appendChild(element("span", "trick-win", "→ " + names[trick.winner] + (trick.points ? " +" + trick.points : "")));
        list.appendChild(li);
      });
    }

    function update() {
      var held = holdings();
      var state = replay(held);
      inputs.forEach(function (input, i) { input.value = plays.slice(i * players, (i + 1) * players).join(" "); });
      turn.textContent = said(state);
      showTiles(state);
      showKeys(state, held);
      showList(state);
      pickLeader.update(state.leader);
      var complete = plays.length === deckSize;
      var claimed = claimer();
      var shooter = complete ? state.taken.indexOf(total) : claimedShooter(state, claimed);
      var moonWait = moon.update(shooter >= 0 ? names[shooter] : null);
      var wait = "";
      if (state.leader === null) wait = gettext("Choose who led the first trick.");
      else if (!complete && claimed === null) wait = interpolate(ngettext("Tap every card first: %(count)s of %(deck)s is in.", "Tap every card first: %(count)s of %(deck)s are in.", plays.length), { count: plays.length, deck: deckSize }, true);
      block(wait || moonWait);
      form.dispatchEvent(new CustomEvent("trick-record-change", {
        detail: { plays: plays.slice(), firstLeader: state.leader, seats: state.seats, trick: state.done.length + 1, next: state.next }
      }));
    }

    // --- The engine's word on the record so far (the page's enter/check/: nothing stored).
    var timer = null;
    var asked = 0;
    function check() {
      window.clearTimeout(timer);
      timer = window.setTimeout(ask, CHECK_AFTER_MS);
    }
    function showFound(found, rerender) {
      flags.textContent = "";
      flags.className = "trick-flags";
      illegal = {};
      found.forEach(function (item) {
        illegal[item.play] = true;
        var note = element("p", "violation");
        note.appendChild(element("strong", "", item.title));
        if (item.what) note.appendChild(document.createTextNode(" " + item.what));
        flags.appendChild(note);
      });
      if (rerender) update();
    }
    function showNote(text, bad) {
      flags.textContent = "";
      flags.className = "trick-flags live" + (bad ? " bad" : "");
      flags.appendChild(element("p", "", text));
    }
    function ask() {
      var mine = (asked += 1);
      if (!plays.length) { showFound([], true); return; }
      if (!navigator.onLine) { showNote(gettext("No connection: the rules are checked when the hand is sent.")); return; }
      var body = new FormData();
      body.append("csrfmiddlewaretoken", form.querySelector('[name="csrfmiddlewaretoken"]').value);
      body.append("plays", plays.join(" "));
      if (select.value !== "") body.append("first_leader", String(Number(select.value) + 1));
      body.append("hands", holdingsBox.value);
      var number = form.querySelector('input[name="number"]');
      body.append("number", number ? number.value : box.dataset.hand || "");
      fetch(box.dataset.checkUrl, { method: "POST", body: body, credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (response) {
          if (!response.ok && response.status !== 400) return null; // throttled, a server error: said when sent
          return response.json().then(function (answer) { return { ok: response.ok, answer: answer }; });
        })
        .then(function (result) {
          if (mine !== asked || !result) return;
          if (result.ok) showFound(result.answer.found, true);
          else showNote((result.answer.errors || []).join(" "), true);
        }, function () { if (mine === asked) showNote(gettext("No connection: the rules are checked when the hand is sent.")); });
    }

    // --- Who led: a tap on a name (the list stays, for the server and the outbox).
    var pickLeader = (function () {
      var field = select.closest(".field");
      var label = field.querySelector("label");
      var group = element("div", "seat-picker leader-picker");
      var heading = element("p", "picker-label", label.textContent.trim());
      heading.id = "first-leader-heading";
      group.setAttribute("role", "group");
      group.setAttribute("aria-labelledby", heading.id);
      var buttons = names.map(function (name, seat) {
        var button = element("button", "seat-pick", name);
        button.type = "button";
        button.addEventListener("click", function () {
          var first = select.value === "" && !plays.length;
          select.value = String(seat);
          update();
          check();
          if (first) pad.scrollIntoView({ block: "start" });
        });
        group.appendChild(button);
        return button;
      });
      label.hidden = true;
      select.hidden = true;
      field.insertBefore(group, select);
      field.insertBefore(heading, group);
      return {
        update: function (leader) {
          buttons.forEach(function (button, seat) { button.setAttribute("aria-pressed", seat === leader ? "true" : "false"); });
        }
      };
    })();

    pad.addEventListener("click", function (event) {
      var key = event.target.closest("button[data-card]");
      if (!key || key.disabled) return;
      plays.push(key.dataset.card);
      update();
      check();
    });
    undo.addEventListener("click", function () {
      plays.pop();
      update();
      check();
    });
    holdingsBox.addEventListener("input", function () { update(); check(); });
    [claimSeat, claimOutcome].forEach(function (field) { if (field) field.addEventListener("change", update); });
    // The outbox cleared the form for the next hand: start again from its fields.
    form.addEventListener("entry-change", function () {
      plays = fromFields() || [];
      showFound([]);
      update();
    });
    window.addEventListener("pageshow", update);
    box.querySelector("[data-trick-fields]").hidden = true;
    pad.hidden = false;
    update();
    if (plays.length) check();
  }

  document.addEventListener("DOMContentLoaded", function () {
    all(document, 'form[data-hand-entry="plays"]').forEach(setup);
  });
})();
