/* The adjudicate page's card keypad. The page works without this file (the cards are typed into
   the boxes and the server rules on them); here only: tapping cards into the plays, a player's
   holding, deal or pass; the trick and whose turn it is; cards already used greyed out; the
   leader list following the number of players. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var interpolate = window.interpolate || function (s, o) { return s.replace(/%\((\w+)\)s/g, function (m, k) { return o[k]; }); };

  var cards = window.heartsCards; // static/js/cards.js
  var RANKS = cards.RANKS;
  var SPLIT = /[\s,;]+/;

  function tokens(text) {
    return text.split(SPLIT).filter(Boolean).map(function (t) {
      return t.toUpperCase().replace(/^10/, "T");
    });
  }

  function setup(form) {
    var pad = form.querySelector("[data-cardpad]");
    if (!pad) return;
    var target = pad.querySelector("[data-cardpad-target]");
    var turn = pad.querySelector("[data-cardpad-turn]");
    var plays = form.querySelector("#id_plays");
    var leader = form.querySelector("#id_first_leader");
    var players = form.querySelector("#id_players");
    var fixedNames = (form.dataset.seats || "").split("|").filter(Boolean);
    // Translators: a box of the adjudicate form, one line per player, and whose line it is.
    var lineBoxes = { hands: gettext("After the pass: %(name)s"), deal: gettext("Deal: %(name)s"), passes: gettext("Pass: %(name)s") };
    var inGame = !players;

    function names() {
      if (inGame) return fixedNames;
      var n = parseInt(players.value, 10) || 4;
      var list = [];
      for (var i = 1; i <= n; i += 1) list.push(interpolate(gettext("Seat %(number)s"), { number: i }, true));
      return list;
    }

    function box(kind) { return form.querySelector("#id_" + kind); }
    function lineOf(kind, name) { return interpolate(lineBoxes[kind], { name: name }, true); }

    function lines(kind) {
      var seats = names().length;
      var rows = box(kind).value.split("\n").map(tokens);
      while (rows.length < seats) rows.push([]);
      return rows;
    }

    function writeLines(kind, rows) {
      while (rows.length && rows[rows.length - 1].length === 0) rows.pop();
      box(kind).value = rows.map(function (r) { return r.join(" "); }).join("\n");
    }

    function rebuildTargets() {
      var keep = target.value || "plays";
      var options = [["plays", gettext("The plays, in order")]];
      Object.keys(lineBoxes).forEach(function (kind) {
        if (!box(kind)) return;
        names().forEach(function (name, seat) {
          options.push([kind + ":" + seat, lineOf(kind, name)]);
        });
      });
      target.innerHTML = "";
      options.forEach(function (o) {
        var option = document.createElement("option");
        option.value = o[0];
        option.textContent = o[1];
        target.appendChild(option);
      });
      target.value = options.some(function (o) { return o[0] === keep; }) ? keep : "plays";
    }

    function rebuildLeaders() {
      if (inGame || !leader) return;
      var keep = leader.value;
      var list = names();
      while (leader.options.length > 1) leader.remove(1);
      list.forEach(function (name, seat) {
        var option = document.createElement("option");
        option.value = String(seat + 1);
        option.textContent = name;
        leader.appendChild(option);
      });
      leader.value = parseInt(keep, 10) <= list.length ? keep : "";
      Object.keys(lineBoxes).forEach(function (kind) {
        var hint = box(kind) && box(kind).parentNode.querySelector(".hint");
        if (hint) hint.textContent = interpolate(gettext("One line per player: %(names)s."), { names: list.join(", ") }, true);
      });
    }

    // The first leader: as chosen, else the holder of the lowest club in the holdings entered.
    function firstLeader() {
      if (leader && leader.value) return parseInt(leader.value, 10) - 1;
      if (!box("hands")) return null;
      var held = lines("hands");
      for (var rank = 0; rank < RANKS.length; rank += 1) {
        var club = RANKS[rank] + "C";
        for (var seat = 0; seat < held.length; seat += 1) {
          if (held[seat].indexOf(club) >= 0) return seat;
        }
      }
      return null;
    }

    function playsTurn() {
      var list = tokens(plays.value), seats = names(), n = seats.length;
      var tricks = Math.floor(52 / n);
      if (list.length >= tricks * n) {
        return interpolate(ngettext("All %(count)s trick entered: tap Rule on it.", "All %(count)s tricks entered: tap Rule on it.", tricks), { count: tricks }, true);
      }
      var lead = firstLeader();
      var done = Math.floor(list.length / n);
      for (var t = 0; t < done && lead !== null; t += 1) lead = cards.winner(list.slice(t * n, t * n + n), lead, n);
      var current = list.slice(done * n);
      var shown = current.map(function (card, i) {
        return (lead === null ? "" : seats[(lead + i) % n] + " ") + cards.label(card);
      });
      var words = shown.length ? gettext("Trick %(number)s: %(cards)s") : gettext("Trick %(number)s: no card yet");
      var trick = interpolate(words, { number: done + 1, cards: shown.join(", ") }, true);
      if (lead === null) return interpolate(gettext("%(trick)s. Choose who led the first trick to see whose turn it is."), { trick: trick }, true);
      // Translators: the trick so far ("Trick 2: Ada 10♣"), then who plays next.
      return interpolate(gettext("%(trick)s. %(name)s to play."), { trick: trick, name: seats[(lead + current.length) % n] }, true);
    }

    function usedCards(kind) {
      if (kind === "plays") return tokens(plays.value);
      return [].concat.apply([], lines(kind));
    }

    function update() {
      var value = target.value || "plays";
      var kind = value.split(":")[0];
      var used = usedCards(kind);
      pad.querySelectorAll("[data-key]").forEach(function (key) {
        key.disabled = used.indexOf(key.dataset.key) >= 0;
      });
      if (kind === "plays") {
        turn.textContent = playsTurn();
      } else {
        var seat = parseInt(value.split(":")[1], 10);
        var count = lines(kind)[seat].length;
        var words = ngettext("%(line)s · %(count)s card so far.", "%(line)s · %(count)s cards so far.", count);
        turn.textContent = interpolate(words, { line: lineOf(kind, names()[seat]), count: count }, true);
      }
    }

    pad.addEventListener("click", function (event) {
      var key = event.target.closest("button");
      if (!key || key.disabled) return;
      var value = target.value || "plays";
      var kind = value.split(":")[0];
      if (kind === "plays") {
        var list = tokens(plays.value);
        if (key.hasAttribute("data-key")) list.push(key.dataset.key);
        else if (key.hasAttribute("data-key-undo")) list.pop();
        else if (key.hasAttribute("data-key-clear")) list = [];
        plays.value = list.join(" ");
      } else {
        var seat = parseInt(value.split(":")[1], 10);
        var rows = lines(kind);
        if (key.hasAttribute("data-key")) rows[seat].push(key.dataset.key);
        else if (key.hasAttribute("data-key-undo")) rows[seat].pop();
        else if (key.hasAttribute("data-key-clear")) rows[seat] = [];
        writeLines(kind, rows);
      }
      update();
    });

    target.addEventListener("change", function () {
      var more = form.querySelector("details.more-cards");
      if (more && target.value !== "plays") more.open = true;
      update();
    });
    if (players) players.addEventListener("change", function () { rebuildLeaders(); rebuildTargets(); update(); });
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    rebuildTargets();
    pad.hidden = false;
    update();
  }

  document.addEventListener("DOMContentLoaded", function () {
    document.querySelectorAll("form[data-adjudicate]").forEach(setup);
  });
})();
