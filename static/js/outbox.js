/* Hands entered without a connection. The hand form (templates/pages/hand_form.html) posts as
   ever while the phone is online; offline, this file keeps the hand in IndexedDB with the exact
   body of the API's PUT /api/v1/games/{id}/hands/{n}/ and clears the form for the next hand.
   The game page lists the kept hands as "not sent yet". They are sent in order, each with its
   own body, when the connection returns, on every page load and every 20 s while any wait: the
   PUT of hand n is idempotent, so a retry never stores a hand twice. A hand another phone
   recorded differently meanwhile comes back as a 409: the game page shows both versions, and
   the scorer keeps theirs (a correction, PATCH with a reason) or drops it.
   A kept hand belongs to the account that entered it (the page's <body data-account>): only
   a page rendered for that account shows it or sends it, with that account named in the
   Hearts-Account header (the API refuses it for any other session). While nobody is signed in
   it waits, unseen, so an expired session loses nothing; a page for another account removes
   it from the phone and says so, naming nothing of it; signing out asks, then removes it. */
(function () {
  "use strict";
  if (!("indexedDB" in window) || !window.fetch || !window.Promise) return;
  // The words come from the page's catalog (jsi18n); without it, in English.
  var gettext = window.gettext || function (s) { return s; };
  var ngettext = window.ngettext || function (one, many, n) { return n === 1 ? one : many; };
  var pgettext = window.pgettext || function (context, s) { return s; };
  var interpolate = window.interpolate || function (s, o) { return s.replace(/%\((\w+)\)s/g, function (m, k) { return o[k]; }); };

  // The account this page was rendered for ("": nobody).
  var ME = (document.body && document.body.dataset.account) || "";
  var DB_NAME = "hearts-outbox";
  var STORE = "hands";
  var RETRY_EVERY = 20000;
  var MOON_WORDS = {
    add_to_others: gettext("moon: the others take the points"),
    subtract_from_shooter: gettext("moon: taken off the shooter")
  };
  var SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };

  // --- IndexedDB: one record a kept hand, keyed [game, number] so a game's hands come in order.
  var opened = null;
  function db() {
    if (!opened) {
      opened = new Promise(function (resolve, reject) {
        var request = indexedDB.open(DB_NAME, 1);
        request.onupgradeneeded = function () { request.result.createObjectStore(STORE, { keyPath: ["game", "number"] }); };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    }
    return opened;
  }
  function run(mode, work) {
    return db().then(function (base) {
      return new Promise(function (resolve, reject) {
        var tx = base.transaction(STORE, mode);
        var result = work(tx.objectStore(STORE));
        tx.oncomplete = function () { resolve(result && "result" in result ? result.result : undefined); };
        tx.onerror = function () { reject(tx.error); };
      });
    });
  }
  function everyKept(game) {
    var range = game === undefined ? undefined : IDBKeyRange.bound([game, 0], [game, Infinity]);
    return run("readonly", function (store) { return store.getAll(range); });
  }
  // The hands this page's account kept (none while nobody is signed in).
  function kept(game) {
    return everyKept(game).then(function (items) {
      return items.filter(function (item) { return ME !== "" && item.account === ME; });
    });
  }
  function save(item) { return run("readwrite", function (store) { store.put(item); }); }
  function remove(item) { return run("readwrite", function (store) { store.delete([item.game, item.number]); }); }

  // --- Words for a body, as the game page shows it.
  function cardName(card) { return card.slice(0, -1).replace("T", "10") + (SUITS[card.slice(-1)] || card.slice(-1)); }
  // The scoring cards' entry details and labels, as the page says them (the hand form's and
  // the outbox's data-scoring-cards, from adjudication/engine/scoring_cards.py).
  function scoringCards() {
    var holder = document.querySelector("[data-scoring-cards]");
    return holder ? JSON.parse(holder.dataset.scoringCards) : {};
  }
  function describe(body, names) {
    var parts;
    if (body.points) {
      parts = body.points.map(function (points, seat) { return names[seat] + " " + points; });
    } else if (body.cards_taken) {
      parts = body.cards_taken.map(function (cards, seat) {
        return cards.length ? names[seat] + ": " + cards.map(cardName).join(" ") : interpolate(gettext("%(name)s: none"), { name: names[seat] }, true);
      });
    } else {
      parts = [gettext("a trick record")];
    }
    var text = parts.join(", ");
    if (body.moon_choice) text += " (" + (MOON_WORDS[body.moon_choice] || gettext("moon")) + ")";
    var cards = scoringCards();
    Object.keys(cards).forEach(function (name) {
      if (body[name] !== undefined && body[name] !== null) text += ", " + cards[name] + " " + names[body[name]];
    });
    return text;
  }

  // --- Sending, in order, one game at a time.
  function csrfToken() {
    var input = document.querySelector('input[name="csrfmiddlewaretoken"]');
    return input ? input.value : "";
  }
  // How far the server's clock is from this phone's, as its last answer said (ms): a kept
  // hand is sent with when it was recorded by the server's clock (README, "A hand sent late").
  var CLOCK_KEY = "hearts-server-clock";
  function noteClock(response) {
    var date = Date.parse(response.headers.get("Date") || "");
    if (!isNaN(date)) {
      try { localStorage.setItem(CLOCK_KEY, String(date - Date.now())); } catch (e) { /* private mode */ }
    }
    return response;
  }
  function serverNow() {
    var offset = 0;
    try { offset = Number(localStorage.getItem(CLOCK_KEY)) || 0; } catch (e) { /* private mode */ }
    return Date.now() + offset;
  }
  function sentBody(item) {
    return Object.assign({}, item.body, { recorded_at: new Date(item.recorded || item.at).toISOString() });
  }
  function api(method, item, body) {
    return fetch("/api/v1/games/" + item.game + "/hands/" + item.number + "/", {
      method: method,
      credentials: "same-origin",
      cache: "no-store",
      headers: {
        "Content-Type": "application/json", Accept: "application/json", "X-CSRFToken": csrfToken(),
        "Hearts-Account": item.account
      },
      body: body === undefined ? undefined : JSON.stringify(body)
    }).then(noteClock);
  }
  function firstError(response) {
    return response.json().then(function (body) {
      var error = (body && body.errors && body.errors[0]) || {};
      return { code: error.code || "", detail: error.detail || "" };
    }, function () { return { code: "", detail: "" }; });
  }

  // What came back for one hand: "sent", "wait" (try again later) or "held" (a conflict or a
  // refusal the scorer must settle: the hands after it wait for it, so they stay in order).
  function settle(item, response) {
    if (response.ok) return remove(item).then(function () { return "sent"; });
    if (response.status === 409 || response.status === 400 || response.status === 404) {
      return firstError(response).then(function (error) {
        if (error.code === "game_busy") return "wait";
        if (error.code === "hand_exists") {
          return api("GET", item).then(function (found) { return found.ok ? found.json() : null; })
            .then(function (hand) {
              item.state = "conflict";
              item.server = hand ? hand.entry : null;
              return save(item).then(function () { return "held"; });
            });
        }
        item.state = "refused";
        item.detail = error.detail || gettext("The server refused this hand.");
        return save(item).then(function () { return "held"; });
      });
    }
    return Promise.resolve("wait"); // signed out, throttled, a server error: later
  }

  function sendGame(items) {
    var sent = 0;
    function next(index) {
      var item = items[index];
      if (!item || item.state !== "waiting") return Promise.resolve(sent);
      return api("PUT", item, sentBody(item)).then(function (response) { return settle(item, response); })
        .then(function (outcome) {
          if (outcome !== "sent") return sent;
          sent += 1;
          return next(index + 1);
        }, function () { return sent; }); // no connection after all
    }
    return next(0);
  }

  var sending = null;
  function flush() {
    if (sending || !navigator.onLine || !csrfToken() || ME === "") return sending || Promise.resolve(0);
    var withLock = navigator.locks ? function (work) { return navigator.locks.request(DB_NAME, work); } : function (work) { return work(); };
    sending = withLock(function () {
      return kept().then(function (items) {
        var games = {};
        items.forEach(function (item) { (games[item.game] = games[item.game] || []).push(item); });
        return Promise.all(Object.keys(games).map(function (game) { return sendGame(games[game]); }));
      });
    }).then(function (counts) {
      var total = counts.reduce(function (a, b) { return a + b; }, 0);
      if (total) document.dispatchEvent(new CustomEvent("outbox-sent", { detail: { count: total } }));
      return total;
    }).catch(function () { return 0; }).then(function (total) {
      sending = null;
      return render().then(function () { return total; });
    });
    return sending;
  }

  // --- The game page: the kept hands, and each conflict with its two versions.
  function element(tag, attrs, text) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) { el.setAttribute(key, attrs[key]); });
    if (text) el.textContent = text;
    return el;
  }

  function conflictItem(item) {
    var li = element("li", { "class": "card conflict", "data-outbox-hand": item.number });
    li.appendChild(element("p", {}, interpolate(gettext("Hand %(number)s was recorded by another phone with other numbers."), { number: item.number }, true)));
    var versions = element("dl", { "class": "versions" });
    versions.appendChild(element("dt", {}, gettext("Recorded")));
    versions.appendChild(element("dd", { "data-version": "server" }, item.server ? describe(item.server, item.names) : gettext("(could not be read)")));
    versions.appendChild(element("dt", {}, gettext("Yours, on this phone")));
    versions.appendChild(element("dd", { "data-version": "mine" }, describe(item.body, item.names)));
    li.appendChild(versions);
    var form = element("form", { "class": "keep-mine", novalidate: "" });
    var id = "keep-reason-" + item.number;
    var field = element("div", { "class": "field" });
    field.appendChild(element("label", { "for": id }, gettext("Why yours is right")));
    var reason = element("input", { id: id, name: "reason", maxlength: "500", required: "", autocomplete: "off" });
    field.appendChild(reason);
    form.appendChild(field);
    var why = element("p", { "class": "live bad", "aria-live": "polite" });
    form.appendChild(why);
    form.appendChild(element("button", { type: "submit" }, interpolate(gettext("Keep mine: correct hand %(number)s"), { number: item.number }, true)));
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      if (!reason.value.trim()) { why.textContent = gettext("Say why: the reason stays in the game's history."); reason.focus(); return; }
      var body = Object.assign({}, item.body, { reason: reason.value.trim() });
      api("PATCH", item, body).then(function (response) {
        if (response.ok) return remove(item).then(function () {
          document.dispatchEvent(new CustomEvent("outbox-sent", { detail: { count: 1 } }));
          return flush();
        });
        return firstError(response).then(function (error) { why.textContent = error.detail || gettext("Not saved: try again."); });
      }, function () { why.textContent = gettext("No connection: try again when it returns."); });
    });
    li.appendChild(form);
    li.appendChild(dropButton(item, gettext("Drop mine: keep the recorded hand")));
    return li;
  }

  function dropButton(item, label) {
    var button = element("button", { type: "button", "class": "secondary" }, label);
    button.addEventListener("click", function () { remove(item).then(flush); });
    return button;
  }

  function render() {
    var box = document.querySelector("[data-outbox]");
    if (!box) return Promise.resolve();
    var game = Number(box.dataset.game);
    return kept(game).then(function (items) {
      box.textContent = "";
      box.hidden = !items.length;
      nextHandLink(items);
      if (!items.length) return;
      box.appendChild(element("h2", { id: "outbox-heading" }, gettext("Not sent yet")));
      box.appendChild(element("p", { "class": "muted small" }, gettext("Kept on this phone: sent in order as soon as the connection returns.")));
      var list = element("ol", { "class": "outbox-hands" });
      items.forEach(function (item) {
        if (item.state === "conflict") { list.appendChild(conflictItem(item)); return; }
        var li = element("li", { "class": "card pending " + item.state, "data-outbox-hand": item.number });
        li.appendChild(element("strong", {}, interpolate(gettext("Hand %(number)s:"), { number: item.number }, true) + " "));
        li.appendChild(document.createTextNode(describe(item.body, item.names) + " "));
        li.appendChild(element("span", { "class": "tag not-sent" }, item.state === "refused" ? pgettext("a kept hand", "refused") : pgettext("a kept hand", "not sent yet")));
        if (item.state === "refused") {
          li.appendChild(element("p", {}, item.detail));
          li.appendChild(dropButton(item, gettext("Drop it")));
        }
        list.appendChild(li);
      });
      box.appendChild(list);
    });
  }

  // The game page's next hand: after the hands this phone still keeps (the dealer and the
  // pass the server named were for an earlier hand). live.js swaps in a fresh one.
  function nextHandLink(items) {
    var next = document.querySelector(".next");
    var link = next && next.querySelector("a.button");
    if (!link) return;
    var said = next.querySelector("p");
    if (!link.dataset.label) {
      link.dataset.label = link.textContent;
      said.dataset.words = said.innerHTML;
    }
    var last = items.reduce(function (most, item) { return Math.max(most, item.number); }, 0);
    var shown = Number((link.dataset.label.match(/\d+/) || [0])[0]);
    if (last >= shown) {
      link.textContent = interpolate(gettext("Enter hand %(number)s"), { number: last + 1 }, true);
      said.textContent = interpolate(gettext("Hand %(number)s comes after the hands kept on this phone."), { number: last + 1 }, true);
    } else {
      link.textContent = link.dataset.label;
      said.innerHTML = said.dataset.words;
    }
  }

  // The next hand's number as the server last said it, kept per game: a hand form kept
  // offline may be older than the game page the phone saw last.
  function nextKey(game) { return "hearts-next-hand:" + game; }
  function knownNext(game) { return Number(window.localStorage.getItem(nextKey(game)) || 0); }
  function rememberNext(game, number) {
    if (number > knownNext(game)) window.localStorage.setItem(nextKey(game), String(number));
  }
  function rememberBoard() {
    var root = document.querySelector("[data-live-game]");
    if (root && root.dataset.nextHand) rememberNext(Number(root.dataset.liveGame), Number(root.dataset.nextHand));
  }

  // --- The hand form: offline, keep the hand and clear the form for the next one.
  function body(form) {
    var entry = {};
    if (form.dataset.handEntry === "points") {
      var total = Number(form.dataset.total);
      var inputs = Array.prototype.slice.call(form.querySelectorAll("[data-seat-points]"));
      var points = inputs.map(function (input) { return input.value.trim() === "" ? null : Number(input.value); });
      var blank = points.indexOf(null);
      if (blank >= 0) points[blank] = total - points.reduce(function (a, b) { return a + (b || 0); }, 0);
      entry.points = points;
      Object.keys(scoringCards()).forEach(function (name) {
        var taker = form.querySelector('[name="' + name + '"]');
        if (taker && taker.value !== "") entry[name] = Number(taker.value);
      });
    } else if (form.dataset.handEntry === "plays") {
      plays(form, entry);
    } else {
      var rest = Number(form.querySelector("[data-rest]").value);
      var taken = Array.prototype.map.call(form.querySelector("[data-rest]").options, function () { return []; });
      form.querySelectorAll("select[data-card]").forEach(function (select) {
        taken[select.value === "" ? rest : Number(select.value)].push(select.dataset.card);
      });
      entry.cards_taken = taken;
    }
    var moon = form.querySelector('input[name="moon_choice"]:checked');
    if (moon) entry.moon_choice = moon.value;
    return entry;
  }

  // The trick record as the hand form's server side makes it (scoring/pages/forms/tricks.py):
  // the cards by their names in play order, who led when said, the holdings when given.
  function plays(form, entry) {
    var cards = window.heartsCards; // static/js/cards.js, on the trick record's form
    entry.plays = [];
    form.querySelectorAll("input[data-trick]").forEach(function (input) {
      entry.plays = entry.plays.concat(cards.tokens(input.value) || []);
    });
    var leader = form.querySelector('[name="first_leader"]');
    if (leader && leader.value !== "") entry.first_leader = Number(leader.value);
    // A line that is not all cards goes as typed: the server refuses it in words, as it would the form.
    var lines = form.querySelector('[name="hands"]').value.split("\n").map(function (line) {
      return cards.tokens(line) || line.split(/[\s,;]+/).filter(Boolean);
    }).filter(function (line) { return line.length; });
    if (lines.length) entry.hands = lines;
    var found = irregularities(form);
    if (found.length) entry.irregularities = found;
    var claim = claimOf(form, cards);
    if (claim) entry.claim = claim;
  }

  // The claim the record ends in, as the server reads its fields (scoring/pages/forms/claim_fields.py):
  // a line of cards a player shown, a blank line a player who showed none.
  function claimOf(form, cards) {
    function field(name) { return form.querySelector('[data-claim="' + name + '"]'); }
    if (!field("seat") || field("seat").value === "") return null;
    var claim = { seat: Number(field("seat").value), outcome: field("outcome").value };
    function named(text) { return cards.tokens(text) || text.split(/[\s,;]+/).filter(Boolean); }
    var line = named(field("line").value);
    if (line.length) claim.line = line;
    var lines = field("shown").value.replace(/^\n+|\n+$/g, "").split("\n");
    if (lines.some(function (text) { return text.trim(); })) {
      var seats = Number(form.querySelector("[data-trick-record]").dataset.players);
      while (lines.length < seats) lines.push("");
      claim.shown = lines.map(function (text) { var shown = named(text); return shown.length ? shown : null; });
    }
    if (field("accepted").checked) claim.accepted = true;
    return claim;
  }

  // What went wrong, as the server reads the rows (scoring/pages/forms/irregularities.py):
  // each row with a kind, and only the fields that kind takes, a blank one left out, a tick
  // only when ticked, but whether a lead stood.
  var NUMBERS = { seat: true, trick: true, noticed_at_trick: true };
  var TICKS = { corrected: true, too_many: true };
  function irregularities(form) {
    var box = form.querySelector("[data-irregularities]");
    if (!box) return [];
    var kinds = JSON.parse(box.dataset.irregularities);
    var found = [];
    box.querySelectorAll("[data-irregularity-row]").forEach(function (row) {
      var kind = row.querySelector('[data-irregularity="kind"]').value;
      if (!kind) return;
      var item = { kind: kind };
      kinds[kind].forEach(function (name) {
        var input = row.querySelector('[data-irregularity="' + name + '"]');
        if (TICKS[name]) { if (input.checked) item[name] = true; return; }
        if (input.value === "") return;
        if (name === "stood") item[name] = input.value === "stood";
        else item[name] = NUMBERS[name] ? Number(input.value) : input.value;
      });
      found.push(item);
    });
    return found;
  }

  function showNumber(form, number) {
    form.querySelector('input[name="number"]').value = String(number);
    var title = document.querySelector("main h1");
    var heading = interpolate(gettext("Hand %(number)s"), { number: number }, true);
    // The page's <title> starts with the heading, in the page's language.
    if (title) {
      if (document.title.indexOf(title.textContent) === 0) document.title = heading + document.title.slice(title.textContent.length);
      title.textContent = heading;
    }
    var button = form.querySelector("[data-submit]");
    if (button) button.textContent = interpolate(gettext("Record hand %(number)s"), { number: number }, true);
  }

  function handForm(form) {
    var numberInput = form.querySelector('input[name="number"]');
    if (!numberInput) return; // a correction: online only
    var game = Number(form.dataset.game);
    var names = JSON.parse(document.getElementById("seat-names").textContent);
    var status = document.querySelector("[data-outbox-status]");
    rememberNext(game, Number(numberInput.value));
    function afterKept(items) {
      var last = items.reduce(function (most, item) { return Math.max(most, item.number); }, 0);
      var next = Math.max(last + 1, knownNext(game));
      if (next > Number(numberInput.value)) {
        showNumber(form, next);
        var context = document.querySelector(".context");
        if (context) context.hidden = true; // the dealer shown was for an earlier hand
      }
    }
    // data-number-checked: the kept hands and the last number seen are taken into account.
    kept(game).then(afterKept).then(function () { form.dataset.numberChecked = ""; });
    form.addEventListener("submit", function (event) {
      if (navigator.onLine) return; // the form posts as ever
      event.preventDefault();
      var number = Number(numberInput.value);
      var item = { game: game, number: number, body: body(form), names: names, state: "waiting", at: Date.now(), recorded: serverNow(), account: ME };
      save(item).then(function () {
        form.reset();
        afterKept([item]);
        form.dispatchEvent(new Event("entry-change"));
        status.innerHTML = "";
        var message = element("p", { "class": "message info" }, interpolate(gettext("No connection: hand %(number)s is kept on this phone, not sent yet. It is sent as soon as the connection returns."), { number: number }, true));
        status.appendChild(message);
        var first = form.querySelector("[data-seat-points], select[data-card], .leader-picker button");
        if (first) first.focus();
      });
    });
  }

  // --- Whose hands: another account's are removed once a page for an account comes.
  var ACCOUNT_KEY = "hearts-outbox-account";
  function forgetNextNumbers() {
    Object.keys(window.localStorage).forEach(function (key) {
      if (key.indexOf("hearts-next-hand:") === 0) window.localStorage.removeItem(key);
    });
  }
  function dropOthers() {
    if (window.localStorage.getItem(ACCOUNT_KEY) !== ME) forgetNextNumbers();
    window.localStorage.setItem(ACCOUNT_KEY, ME);
    if (ME === "") return Promise.resolve();
    return everyKept().then(function (items) {
      var others = items.filter(function (item) { return item.account !== ME; });
      if (!others.length) return;
      return Promise.all(others.map(remove)).then(function () { droppedWarning(others.length); });
    });
  }
  function droppedWarning(count) {
    var main = document.querySelector("main");
    if (!main) return;
    var said = interpolate(ngettext(
      "%(count)s hand entered on this phone under another account was not sent, and is removed from this phone. If it is missing from its game, enter it again.",
      "%(count)s hands entered on this phone under another account were not sent, and are removed from this phone. If they are missing from their games, enter them again.",
      count), { count: count }, true);
    var box = element("div", { "class": "banner bad", role: "alert", "data-outbox-dropped": "" });
    box.appendChild(element("p", {}, said));
    main.insertBefore(box, main.firstChild);
  }

  // Signing out: the hands still kept for this account go too, after asking.
  window.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches("form[data-sign-out]")) return;
    event.preventDefault();
    kept().then(function (items) {
      var question = interpolate(ngettext(
        "%(count)s hand not sent yet is kept on this phone: signing out removes it. Sign out anyway?",
        "%(count)s hands not sent yet are kept on this phone: signing out removes them. Sign out anyway?",
        items.length), { count: items.length }, true);
      if (items.length && !window.confirm(question)) return;
      return Promise.all(items.map(remove)).then(function () {
        forgetNextNumbers();
        document.dispatchEvent(new CustomEvent("signing-out"));
        form.submit();
      });
    }, function () { form.submit(); });
  }, true);

  document.addEventListener("DOMContentLoaded", function () {
    rememberBoard();
    document.querySelectorAll("form[data-hand-entry]").forEach(handForm);
    dropOthers().then(render).then(flush);
    window.addEventListener("online", flush);
    // A fresh next-hand block from live.js; the list itself stays (a reason may be half typed).
    document.addEventListener("live-updated", function () {
      rememberBoard();
      var box = document.querySelector("[data-outbox]");
      if (box) kept(Number(box.dataset.game)).then(nextHandLink);
    });
    window.setInterval(function () {
      kept().then(function (items) {
        if (items.some(function (item) { return item.state === "waiting"; })) flush();
      });
    }, RETRY_EVERY);
  });
})();
