"""The hand form's third level: the whole trick record, trick by trick, as the table played it.

A text field a trick (its cards in the order played, from the trick's leader), who led the
first trick, and optionally each player's cards after the pass. Without JavaScript this is the
form; ``static/js/tricks.js`` fills the same fields from a card keypad. Each trick's refusal is
in words next to it (a card that is not one, one this deck lacks, one played twice, a trick
short or over), all at once; the engine then rules on the whole record when the hand is
recorded (``scoring/domain/entries.py``), and a record that breaks a rule is kept, with its
ruling, as it was played.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from adjudication.engine import HeartsError, Ruleset, parse_card
from adjudication.engine.cards import BIT, NAMES
from adjudication.engine.inputs import record_cards
from adjudication.engine.scoring import points_of
from scoring.domain.entries import rule_on_plays
from scoring.pages.forms.adjudicate import CARD_BOX, split_cards
from scoring.pages.forms.adjudicate_words import refusal_words as record_refusal_words
from scoring.pages.forms.claim_fields import ClaimFields
from scoring.pages.forms.irregularities import IrregularityFields
from scoring.pages.words import KEYPAD_RANKS, KEYPAD_SUITS, card_label

#: What the engine's paths name in a trick record, as the form's fields: ``plays.17`` is a card
#: of a trick (see ``trick_field``), ``hands.2.5`` one of the holdings.
RECORD_FIELDS = {
    "plays": "tricks",
    "hands": "hands",
    "first_leader": "first_leader",
    "dealer": "first_leader",
    "irregularities": "irregularities",
    "claim": "claim_seat",
}


def trick_field(number: int) -> str:
    """Trick ``number``'s field (from 1)."""
    return f"trick_{number}"


def _named(token: str) -> str:
    """A card by its name (``10h`` → ``TH``); what is no card stays as typed, for the engine to
    refuse where it stands."""
    try:
        return NAMES[parse_card(token)]
    except HeartsError:
        return token


class TrickRecord(ClaimFields, IrregularityFields):
    """The plays level of ``EntryForm``: its fields, their checks, and the entry they make."""

    rules: Ruleset
    seat_names: list[str]

    def _add_plays_fields(self, dealer: int | None) -> None:
        rules, names = self.rules, self.seat_names
        self.dealer = dealer
        self.fields["first_leader"] = forms.TypedChoiceField(
            label=gettext_lazy("Who led the first trick?"),
            choices=[("", "—")] + [(str(s), name) for s, name in enumerate(names)],
            coerce=int,
            required=False,
            empty_value=None,
            initial=self._known_first_leader(),
            help_text=self._first_leader_help(),
            widget=forms.Select(attrs={"data-first-leader": ""}),
        )
        for number in range(1, rules.hand_size + 1):
            self.fields[trick_field(number)] = forms.CharField(
                label=_("Trick {number}").format(number=number),
                required=False,
                max_length=100,
                widget=forms.TextInput(
                    attrs={
                        "data-trick": number,
                        "autocapitalize": "characters",
                        "autocomplete": "off",
                        "spellcheck": "false",
                    }
                ),
            )
        self.fields["hands"] = forms.CharField(
            label=gettext_lazy("Each player's cards after the pass"),
            required=False,
            max_length=2000,
            # Translators: {names} lists the seats' names, "Ada, Ben, Cleo, Dev".
            help_text=_("One line per player: {names}.").format(names=", ".join(names)),
            widget=forms.Textarea(attrs={**CARD_BOX, "data-holdings": ""}),
        )
        self._add_irregularity_fields()
        self._add_claim_fields()

    def _known_first_leader(self) -> str | None:
        """Left of the dealer, when that is the rule: the form can say it before any card."""
        if self.rules.first_lead == "left_of_dealer" and self.dealer is not None:
            return str((self.dealer + 1) % self.rules.players)
        return None

    def _first_leader_help(self) -> str:
        if self.rules.first_lead == "left_of_dealer":
            return _("Under these rules the player left of the dealer leads.")
        lowest = self.rules.lowest_club
        return _(
            "The player who held the {card}. Leave it blank only when you enter every "
            "player's cards below."
        ).format(card=card_label(NAMES[lowest]) if lowest is not None else "")

    # --- What the page shows ---------------------------------------------------------------

    def lowest_club(self) -> str:
        """The card whose holder leads the first trick ("" when the dealer's left leads)."""
        lowest = self.rules.lowest_club
        if lowest is None or self.rules.first_lead == "left_of_dealer":
            return ""
        return NAMES[lowest]

    def trick_fields(self) -> list[forms.BoundField]:
        return [self[trick_field(n)] for n in range(1, self.rules.hand_size + 1)]

    def keypad(self) -> list[dict[str, Any]]:
        """The deck's cards, a suit a row, each with its penalty points (for the keypad)."""
        rows = []
        for suit_index, (suit, symbol) in enumerate(KEYPAD_SUITS):
            cards = []
            for rank_index, (rank, label) in enumerate(KEYPAD_RANKS):
                card = suit_index * 13 + rank_index
                if self.rules.deck & BIT[card]:
                    points = points_of(self.rules, BIT[card])
                    cards.append({"name": rank + suit, "label": label + symbol, "points": points})
            rows.append({"suit": suit, "cards": cards})
        return rows

    # --- Checking what was sent ------------------------------------------------------------

    def _clean_plays(self, data: dict[str, Any]) -> None:
        """Each trick read on its own, every refusal at once; then the record as a whole (a
        card in two tricks), and ``data["plays"]`` the cards in play order. A record that ends
        in a claim stops at it: the tricks after it blank, the last one entered maybe short."""
        names = [trick_field(n) for n in range(1, self.rules.hand_size + 1)]
        self._clean_irregularities(data)
        self._clean_claim(data)
        entered = [n for n, name in enumerate(names, 1) if split_cards(data.get(name) or "")]
        claimed = "claim" in data
        if not entered and not claimed:
            self.add_error(names[0], _("Enter the cards of every trick, trick 1 first."))
            return
        last = max(entered, default=0) if claimed else len(names)
        tricks = [
            self._trick_cards(name, number, data.get(name) or "", short=number == last and claimed)
            for number, name in enumerate(names[:last], 1)
        ]
        if any(trick is None for trick in tricks):
            return
        plays = [card for trick in tricks for card in trick]
        try:
            record_cards(self.rules, plays)
        except HeartsError as exc:  # a card played in two tricks: said at the later one
            index = int(exc.field.split(".")[1])
            earlier = plays.index(plays[index]) // self.rules.players + 1
            self.add_error(
                names[index // self.rules.players],
                _("{card} was already played in trick {trick}.").format(
                    card=card_label(plays[index]), trick=earlier
                ),
            )
            return
        data["plays"] = plays
        lines = [split_cards(line) for line in (data.get("hands") or "").splitlines()]
        data["hands"] = [[_named(token) for token in line] for line in lines if line] or None

    def _trick_cards(
        self, name: str, number: int, text: str, short: bool = False
    ) -> list[str] | None:
        """Trick ``number``'s cards by their names, or None with the refusal on its field
        (``short``: the trick a claim was made in, which may stop before its last card)."""
        players = self.rules.players
        tokens = split_cards(text)
        if not tokens and not short:
            self.add_error(
                name,
                _("Enter the {players} cards of trick {number}, from its leader.").format(
                    players=players, number=number
                ),
            )
            return None
        try:
            cards = record_cards(self.rules, tokens)
        except HeartsError as exc:
            self.add_error(name, self._card_refusal(exc, tokens))
            return None
        if len(cards) != players and not (short and len(cards) < players):
            self.add_error(
                name,
                ngettext(
                    "Trick {number} has {count} card: a trick has {players}, one a player.",
                    "Trick {number} has {count} cards: a trick has {players}, one a player.",
                    len(cards),
                ).format(number=number, count=len(cards), players=players),
            )
            return None
        return [NAMES[card] for card in cards]

    def _card_refusal(self, exc: HeartsError, tokens: list[str]) -> str:
        parts = (exc.field or "").split(".")
        token = tokens[int(parts[1])] if len(parts) > 1 and parts[1].isdigit() else ""
        if exc.code == "invalid_card":
            return _(
                "“{token}” is not a card. Write the rank, then the suit: 2C, 10D, QS, AH or Q♠."
            ).format(token=token)
        label = card_label(NAMES[parse_card(token)])
        if exc.code == "duplicate_card":
            return _("{card} is in this trick twice.").format(card=label)
        if exc.code == "card_not_in_deck":
            return _("{card} is taken out of the deck with {players} players.").format(
                card=label, players=self.rules.players
            )
        return _("These are not the cards of one trick: check them.")

    # --- The entry -------------------------------------------------------------------------

    def plays_entry(self) -> dict[str, Any]:
        """The record as the API takes it: plays, who led, the holdings when given, the
        irregularities stated (``IrregularityFields``), the claim it ends in (``ClaimFields``);
        static/js/outbox.js builds the same body offline."""
        data = self.cleaned_data
        entry: dict[str, Any] = {"plays": data["plays"]}
        if data.get("first_leader") is not None:
            entry["first_leader"] = data["first_leader"]
        if data.get("hands"):
            entry["hands"] = data["hands"]
        if data.get("irregularities"):
            entry["irregularities"] = data["irregularities"]
        if data.get("claim"):
            entry["claim"] = data["claim"]
        return entry

    def record_points(self) -> list[int] | None:
        """Each seat's points as the engine counts the record, None while it cannot; a claim
        counted as claimed (as the hand counts until a director rules), without its search."""
        cached = getattr(self, "_record_points", False)
        if cached is not False:
            return cached
        points = None
        if "plays" in getattr(self, "cleaned_data", {}):
            try:
                entry = self.plays_entry()
                if "claim" in entry:
                    entry["claim"] = {**entry["claim"], "accepted": True}
                ruling = rule_on_plays(self.rules, entry, self.dealer)
                claimed = ruling.claim.result.points if ruling.claim else None
                points = list(ruling.points_taken) if claimed is None else list(claimed)
                points = None if None in points else points
            except HeartsError:
                points = None
        self._record_points = points
        return points

    def record_words(self, code: str, detail: str, path: str | None) -> str:
        """The engine's refusal of the record (its holdings, who led, its irregularities) in a
        player's words."""
        if path and path.startswith("irregularities"):
            return self.irregularity_words(code)
        if path and path.startswith("claim"):
            return self.claim_words(code)
        data = dict(getattr(self, "cleaned_data", {}))
        return record_refusal_words(
            HeartsError(code, detail, path), data, self.rules, self.seat_names
        ).words

    def record_target(self, path: str) -> str | None:
        """``plays.17`` is the fifth trick's field at four players; ``hands.2.5`` the holdings."""
        parts = path.split(".")
        if parts[0] == "irregularities":
            return self.irregularity_target(path)
        if parts[0] == "claim":
            return self.claim_target(path)
        target = RECORD_FIELDS.get(parts[0])
        if parts[0] == "plays" and len(parts) > 1 and parts[1].isdigit():
            return trick_field(int(parts[1]) // self.rules.players + 1)
        return target

    @staticmethod
    def plays_initial(entry: dict[str, Any], players: int) -> dict[str, Any]:
        """The fields that show a stored record again (for a correction)."""
        plays = list(entry.get("plays", []))
        initial: dict[str, Any] = {
            trick_field(start // players + 1): " ".join(plays[start : start + players])
            for start in range(0, len(plays), players)
        }
        if entry.get("first_leader") is not None:
            initial["first_leader"] = str(entry["first_leader"])
        if entry.get("hands"):
            initial["hands"] = "\n".join(" ".join(cards) for cards in entry["hands"])
        return {
            **initial,
            **TrickRecord.irregularities_initial(entry),
            **TrickRecord.claim_initial(entry),
        }
