/* Cards as the pages' scripts read and show them (static/js/adjudicate.js, static/js/tricks.js,
   static/js/outbox.js): a typed card by its name (10h, q♠, QS → TH, QS, QS), a name as a label
   (TH → 10♥), and who wins a trick: the highest card of the suit led, as the engine replays a
   record (adjudication/engine/without_holdings.py). */
(function () {
  "use strict";
  var RANKS = "23456789TJQKA";
  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  var SUIT_INPUT = { C: "C", D: "D", H: "H", S: "S", "♣": "C", "♦": "D", "♥": "H", "♠": "S", "♧": "C", "♢": "D", "♡": "H", "♤": "S" };
  var SPLIT = /[\s,;]+/;

  // One typed card by its name, or null for what is no card.
  function name(text) {
    var cleaned = String(text).trim().toUpperCase().replace(/\uFE0F/g, "");
    var rank = cleaned.slice(0, -1).replace(/^10$/, "T").replace(/^1$/, "");
    var suit = SUIT_INPUT[cleaned.slice(-1)];
    if (rank.length !== 1 || RANKS.indexOf(rank) < 0 || !suit) return null;
    return rank + suit;
  }

  // The cards of a line as typed, by their names; null if any is no card.
  function tokens(text) {
    var list = String(text || "").split(SPLIT).filter(Boolean).map(name);
    return list.indexOf(null) >= 0 ? null : list;
  }

  function label(card) {
    return (card[0] === "T" ? "10" : card[0]) + (SUITS[card[1]] || card[1]);
  }

  // The seat that wins ``cards`` (a whole trick) led by ``leader`` at a table of ``players``.
  function winner(cards, leader, players) {
    var suit = cards[0][1], best = 0;
    cards.forEach(function (card, i) {
      if (card[1] === suit && RANKS.indexOf(card[0]) > RANKS.indexOf(cards[best][0])) best = i;
    });
    return (leader + best) % players;
  }

  window.heartsCards = { RANKS: RANKS, name: name, tokens: tokens, label: label, winner: winner };
})();
