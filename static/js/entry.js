/* The hand form's helps (templates/pages/hand_form.html). The form works without this file: the
   server fills a blank last seat, gives the cards nobody took to the "rest" player, and explains
   every refusal. Here: the last seat filled in as the scorer types, quick 0/13/26 buttons, a
   submit that waits while the hand cannot be right, the moon question asked by name, and the
   penalty cards as one grid where a tap gives a card to the chosen player. The whole trick
   record has its own file, static/js/tricks.js. */
(function () {
  "use strict";
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  var interpolate = window.interpolate || function (s, o) { return s.replace(/%\((\w+)\)s/g, function (m, k) { return o[k]; }); };

  function all(root, selector) { return Array.prototype.slice.call(root.querySelectorAll(selector)); }

  function setStatus(status, text, state) {
    if (!status) return;
    status.textContent = text;
    status.classList.toggle("ok", state === "ok");
    status.classList.toggle("bad", state === "bad");
  }

  // The moon question, by name, only for a moon; the submit waits for its answer.
  function moonPart(form) {
    var box = form.querySelector("[data-moon]");
    if (!box) return { update: function () { return ""; } };
    var question = box.querySelector("[data-moon-question]");
    var hint = box.querySelector("[data-moon-hint]");
    var subtract = box.querySelector('[data-moon-label="subtract_from_shooter"]');
    var radios = all(box, 'input[type="radio"]');
    radios.forEach(function (radio) { radio.addEventListener("change", function () { form.dispatchEvent(new Event("entry-change")); }); });
    return {
      update: function (shooterName) {
        var isMoon = shooterName !== null;
        box.hidden = !isMoon;
        if (!isMoon) {
          radios.forEach(function (radio) { radio.checked = false; });
          return "";
        }
        question.textContent = box.dataset.question.split("{shooter}").join(shooterName);
        if (hint) hint.textContent = gettext("The shooter chooses.");
        if (subtract) subtract.textContent = box.dataset.subtractLabel.split("{shooter}").join(shooterName);
        var answered = radios.some(function (radio) { return radio.checked; });
        return answered ? "" : gettext("Answer the moon question first.");
      }
    };
  }

  // The submit waits while the hand cannot be right, its reason said beside it; unless the
  // line just above it says it already (the points' sum), which a fresh page showed twice.
  function submitPart(form) {
    var button = form.querySelector("[data-submit]");
    var why = form.querySelector("[data-submit-why]");
    return function (reason, saidAbove) {
      button.disabled = Boolean(reason);
      button.classList.toggle("waiting", Boolean(reason));
      var said = saidAbove ? "" : reason || "";
      why.hidden = !said;
      why.textContent = said;
    };
  }

  function pointsEntry(form) {
    var total = parseInt(form.dataset.total, 10);
    var queen = parseInt(form.dataset.queen, 10);
    var inputs = all(form, "[data-seat-points]");
    var status = form.querySelector("[data-sum-status]");
    var moon = moonPart(form);
    var block = submitPart(form);
    var auto = null; // the box this script filled in: typing elsewhere recomputes it

    function nameOf(input) { return form.querySelector('label[for="' + input.id + '"]').textContent.trim(); }
    function valueOf(input) { return /^\d+$/.test(input.value.trim()) ? Number(input.value.trim()) : null; }

    // The one box left blank gets what the others leave; never the box being typed in (its
    // scorer just cleared it, to type another number: refilled, "13" then "0" made "130"),
    // which is the box with the focus too when the page itself asks (pageshow, or a box
    // cleared on a slow phone before this script ran).
    function fillLast(typing) {
      var open = inputs.filter(function (input) { return input === auto || input.value.trim() === ""; });
      if (auto && open.length !== 1) { auto.value = ""; auto.classList.remove("auto"); auto = null; }
      if (open.length !== 1 || open[0] === (typing || document.activeElement)) return;
      var rest = total;
      inputs.forEach(function (input) { if (input !== open[0]) rest -= valueOf(input) || 0; });
      if (rest < 0) return;
      auto = open[0];
      auto.value = String(rest);
      auto.classList.add("auto");
    }

    function update(typing) {
      fillLast(typing);
      var sum = 0, filled = 0, bad = "", shooter = null, hasQueen = false;
      inputs.forEach(function (input) {
        var raw = input.value.trim();
        if (raw === "") return;
        var n = valueOf(input);
        if (n === null) { bad = interpolate(gettext("%(name)s: a whole number, please."), { name: nameOf(input) }, true); return; }
        if (n > total) { bad = interpolate(gettext("%(name)s: at most %(total)s, every point in the hand."), { name: nameOf(input), total: total }, true); return; }
        filled += 1;
        sum += n;
        if (n >= queen) hasQueen = true;
        if (n === total && form.dataset.moonByPoints !== "0") shooter = input;  // "0": no moon by points alone
      });
      var complete = filled === inputs.length;
      var problem = "";
      var values = { sum: sum, extra: sum - total, total: total, queen: queen };
      if (bad) problem = bad;
      else if (sum > total) problem = interpolate(gettext("Adds up to %(sum)s: %(extra)s too many (a hand has %(total)s)."), values, true);
      else if (!complete) problem = gettext("Enter every player's points but one.");
      else if (sum !== total) problem = interpolate(gettext("Adds up to %(sum)s of %(total)s."), values, true);
      // Translators: the points the queen of spades is worth in this game's rules ("the 13 of the Q♠").
      else if (!hasQueen) problem = interpolate(gettext("Nobody has the %(queen)s of the Q♠."), values, true);
      var moonName = !problem && shooter ? nameOf(shooter) : null;
      if (problem) setStatus(status, problem, complete || bad || sum > total ? "bad" : "");
      else if (moonName) setStatus(status, interpolate(gettext("%(name)s took all %(total)s: a moon!"), { name: moonName, total: total }, true), "ok");
      else setStatus(status, interpolate(gettext("Adds up to %(total)s ✓"), values, true), "ok");
      var moonWait = moon.update(moonName);
      block(problem || moonWait, Boolean(problem));
    }

    inputs.forEach(function (input) {
      input.addEventListener("input", function () {
        if (input === auto) { auto.classList.remove("auto"); auto = null; }
        update(input);
      });
      // Left blank: now it is the box the others fill.
      input.addEventListener("blur", function () { update(); });
      var quick = input.parentElement.querySelector("[data-quick]");
      if (!quick) return;
      quick.hidden = false;
      quick.addEventListener("click", function (event) {
        var key = event.target.closest("[data-quick-value]");
        if (!key) return;
        if (input === auto) { auto.classList.remove("auto"); auto = null; }
        input.value = key.dataset.quickValue;
        update();
      });
    });
    // Called without the event: update's argument is the box being typed in.
    form.addEventListener("entry-change", function () { update(); });
    // After pages.js re-enables buttons on pageshow: the hand may still be impossible.
    window.addEventListener("pageshow", function () { update(); });
    update();
  }

  function cardsEntry(form) {
    var total = parseInt(form.dataset.total, 10);
    var panel = form.querySelector("[data-cards-panel]");
    var grid = form.querySelector("[data-card-grid]");
    var rest = form.querySelector("[data-rest]");
    var status = form.querySelector("[data-sum-status]");
    var selects = all(grid, "select[data-card]");
    var names = Array.prototype.slice.call(rest.options).map(function (option) { return option.textContent.trim(); });
    var moon = moonPart(form);
    var block = submitPart(form);
    var active = Number(rest.value);

    // The seats to give cards to, each with its points: sticky above the grid.
    var seats = document.createElement("div");
    seats.className = "seat-picker";
    seats.setAttribute("role", "group");
    seats.setAttribute("aria-label", gettext("Give the cards you tap to"));
    var seatButtons = names.map(function (name, seat) {
      var button = document.createElement("button");
      button.type = "button";
      button.className = "seat-pick";
      button.dataset.seat = String(seat);
      button.innerHTML = '<span class="who"></span><strong class="pts"></strong>';
      button.querySelector(".who").textContent = name;
      button.addEventListener("click", function () { active = seat; update(); });
      seats.appendChild(button);
      return button;
    });
    panel.insertBefore(seats, panel.firstChild);
    form.querySelector("[data-cards-hint]").textContent = gettext("Tap a player, then the cards they took. The cards left go to the player chosen in the box: no need to tap them.");
    grid.classList.add("tapping");

    var cardButtons = selects.map(function (select) {
      var cell = select.closest(".card-cell");
      var label = cell.querySelector("label").textContent.trim();
      var button = document.createElement("button");
      button.type = "button";
      button.className = "card-tap";
      button.innerHTML = '<span class="face"></span><small class="owner"></small>';
      button.querySelector(".face").textContent = label;
      button.addEventListener("click", function () {
        select.value = select.value === String(active) ? "" : String(active);
        update();
      });
      cell.appendChild(button);
      return { select: select, button: button, label: label, points: Number(select.dataset.points) };
    });

    function ownerOf(card) { return card.select.value === "" ? Number(rest.value) : Number(card.select.value); }

    function update() {
      var points = names.map(function () { return 0; });
      var left = [];
      cardButtons.forEach(function (card) {
        var owner = ownerOf(card);
        points[owner] += card.points;
        var given = card.select.value !== "";
        if (!given) left.push(card.label);
        card.button.classList.toggle("given", given);
        card.button.querySelector(".owner").textContent = names[owner];
        // Translators: a penalty card's button ("Q♠: Ada"), and the same card nobody was given yet.
        var said = given ? gettext("%(card)s: %(name)s") : gettext("%(card)s: not given, goes to %(name)s");
        card.button.setAttribute("aria-label", interpolate(said, { card: card.label, name: names[owner] }, true));
        card.button.setAttribute("aria-pressed", given && owner === active ? "true" : "false");
      });
      seatButtons.forEach(function (button, seat) {
        button.setAttribute("aria-pressed", seat === active ? "true" : "false");
        button.querySelector(".pts").textContent = String(points[seat]);
      });
      var restName = names[Number(rest.value)];
      if (left.length) setStatus(status, interpolate(gettext("Left: %(cards)s → %(name)s"), { cards: left.join(" "), name: restName }, true), "");
      else setStatus(status, gettext("Every penalty card given ✓"), "ok");
      var shooter = points.indexOf(total);
      moon.update(shooter >= 0 ? names[shooter] : null);
      block(shooter >= 0 ? moon.update(names[shooter]) : "");
    }

    rest.addEventListener("change", update);
    form.addEventListener("entry-change", update);
    window.addEventListener("pageshow", update);
    update();
  }

  // The trick record's keypad (static/js/tricks.js) asks the moon and waits to submit the same way.
  window.heartsEntry = { moonPart: moonPart, submitPart: submitPart, setStatus: setStatus };

  document.addEventListener("DOMContentLoaded", function () {
    all(document, 'form[data-hand-entry="points"]').forEach(pointsEntry);
    all(document, 'form[data-hand-entry="cards"]').forEach(cardsEntry);
  });
})();
