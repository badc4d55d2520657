"""The trick record's claim, on the hand form: a player lays down the cards and claims, or
concedes, and the tricks entered stop there (docs/rules.md, "A claim on a stored hand").

Who claimed, what (the rest of the tricks, no more points, every point, or a concession),
whether every other player accepted, and optionally the order the claimer said it would play
and the cards each player showed (needed when every player's cards after the pass are not
entered). ``static/js/tricks.js`` lets the keypad stop at the claim; ``static/js/outbox.js``
builds the same entry offline. The engine judges the claim when the hand is recorded; its
refusals come back to the claim's fields, in words.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import HeartsError, parse_card
from adjudication.engine.cards import NAMES
from scoring.pages.forms.adjudicate import CARD_BOX, split_cards

#: Each outcome, as a scorer taps it (the engine's OUTCOMES, in its order).
OUTCOME_WORDS = {
    "all_tricks": gettext_lazy("The rest of the tricks"),
    "no_points": gettext_lazy("No more points"),
    "moon": gettext_lazy("Every point (the moon)"),
    "concede": gettext_lazy("Concedes the points left"),
}
#: The engine's path in a claim, as the form's field.
CLAIM_TARGETS = {
    "seat": "claim_seat",
    "outcome": "claim_outcome",
    "line": "claim_line",
    "shown": "claim_shown",
    "accepted": "claim_accepted",
}
#: The engine's refusals of a claim, as a scorer reads them.
REFUSALS = {
    "hand_over": gettext_lazy("Every card is entered: a claim comes before the tricks end."),
    "moon_already_lost": gettext_lazy(
        "Another player has already taken points: the moon can no longer be claimed."
    ),
    "concession_is_a_moon": gettext_lazy(
        "Conceding every point left would give this player every point of the hand: that is a "
        "claim of the moon."
    ),
    "concession_has_no_line": gettext_lazy("A concession has no order of play: leave it blank."),
    "line_card_not_held": gettext_lazy("The order of play names a card the claimer does not hold."),
    "line_not_legal": gettext_lazy(
        "The order of play starts with a card the claimer may not play there."
    ),
    "shown_card_not_held": gettext_lazy(
        "A player's cards shown do not fit the tricks entered: check each line."
    ),
    "card_already_played": gettext_lazy("A card shown was already played in the tricks entered."),
    "wrong_hand_size": gettext_lazy(
        "A player's line has too many or too few cards for the tricks left."
    ),
    "wrong_number_of_seats": gettext_lazy("Give one line for each player, in the order shown."),
    "claim_needs_holdings": gettext_lazy(
        "To judge the claim, enter every player's cards after the pass, or the cards each "
        "player showed at the claim."
    ),
    "claim_needs_every_holding": gettext_lazy(
        "To judge the claim, every player's cards are needed: enter each one's line."
    ),
    "claim_on_impossible_record": gettext_lazy(
        "The cards shown do not fit the tricks entered: check them."
    ),
    "claim_too_deep": gettext_lazy(
        "This claim is too long to check here: play the hand on, or enter its count instead."
    ),
    "claim_after_irregularity": gettext_lazy(
        "A claim cannot be entered with something that went wrong: enter the hand's count "
        "instead, and ask a director."
    ),
    "claim_leaves_count_open": gettext_lazy(
        "The claim does not say how the other players share the points left: enter the "
        "hand's count instead."
    ),
}


def _named(token: str) -> str:
    """A card by its name; what is no card stays as typed, for the engine to refuse."""
    try:
        return NAMES[parse_card(token)]
    except HeartsError:
        return token


class ClaimFields:
    """The claim of ``TrickRecord``: its fields, their checks and the entry's ``claim``."""

    def _add_claim_fields(self) -> None:
        names = self.seat_names
        made = {
            "claim_seat": forms.TypedChoiceField(
                label=gettext_lazy("Who claimed or conceded"),
                coerce=int, empty_value=None,
                choices=[("", _("Nobody: every card was played")),
                         *((str(s), n) for s, n in enumerate(names))],
            ),
            "claim_outcome": forms.ChoiceField(
                label=gettext_lazy("What they claimed"),
                choices=[("", "—"), *OUTCOME_WORDS.items()],
            ),
            "claim_accepted": forms.BooleanField(
                label=gettext_lazy("Every other player accepted it"),
                help_text=gettext_lazy(
                    "Then it is scored as claimed. Otherwise it is checked, and a director "
                    "rules on it."
                ),
            ),
            "claim_line": forms.CharField(
                label=gettext_lazy("The order they said they would play (optional)"),
                max_length=200,
                widget=forms.TextInput(attrs={"autocapitalize": "characters",
                                              "autocomplete": "off", "spellcheck": "false"}),
            ),
            "claim_shown": forms.CharField(
                label=gettext_lazy("The cards each player showed (optional)"),
                max_length=2000,
                # Translators: {names} lists the seats' names, "Ada, Ben, Cleo, Dev".
                help_text=_(
                    "One line per player: {names}. Not needed when every player's cards after "
                    "the pass are entered."
                ).format(names=", ".join(names)),
                widget=forms.Textarea(attrs=CARD_BOX),
            ),
        }  # fmt: skip
        for name, field in made.items():
            field.required = False
            field.widget.attrs["data-claim"] = name.removeprefix("claim_")
            self.fields[name] = field

    def claim_used(self) -> bool:
        """Whether the form holds a claim (its details open)."""
        return bool(self["claim_seat"].value()) or any(
            self[name].errors for name in CLAIM_TARGETS.values()
        )

    def claim_field_list(self) -> list[forms.BoundField]:
        return [self[name] for name in CLAIM_TARGETS.values() if name != "claim_seat"]

    def _clean_claim(self, data: dict[str, Any]) -> None:
        """``data["claim"]``: the claim as the engine takes it, when a claimer is chosen."""
        seat = data.get("claim_seat")
        if seat is None:
            if data.get("claim_outcome"):
                self.add_error("claim_seat", _("Say who claimed."))
            return
        outcome = data.get("claim_outcome")
        if not outcome:
            self.add_error("claim_outcome", _("Say what they claimed."))
            return
        claim: dict[str, Any] = {"seat": seat, "outcome": outcome}
        line = [_named(token) for token in split_cards(data.get("claim_line") or "")]
        if line:
            claim["line"] = line
        shown = self._shown(data.get("claim_shown") or "")
        if shown is not None:
            claim["shown"] = shown
        if data.get("claim_accepted"):
            claim["accepted"] = True
        data["claim"] = claim

    def _shown(self, text: str) -> list[list[str] | None] | None:
        """A line a seat, in seat order; a blank line: that seat showed nothing."""
        lines = text.strip("\n").splitlines()
        if not any(line.strip() for line in lines):
            return None
        if len(lines) > len(self.seat_names):
            self.add_error("claim_shown", str(REFUSALS["wrong_number_of_seats"]))
            return None
        lines += [""] * (len(self.seat_names) - len(lines))
        return [[_named(t) for t in split_cards(line)] or None for line in lines]

    def claim_target(self, path: str) -> str:
        """``claim.shown.2.1`` is the shown cards' box; ``claim`` itself the claimer's."""
        parts = path.split(".")
        return CLAIM_TARGETS.get(parts[1] if len(parts) > 1 else "", "claim_seat")

    def claim_words(self, code: str) -> str:
        return str(REFUSALS.get(code) or _("This claim cannot be judged as entered: check it."))

    @staticmethod
    def claim_initial(entry: dict[str, Any]) -> dict[str, Any]:
        """The fields that show a stored record's claim again (for a correction)."""
        claim = entry.get("claim")
        if not claim:
            return {}
        shown = claim.get("shown") or []
        return {
            "claim_seat": str(claim["seat"]),
            "claim_outcome": claim["outcome"],
            "claim_accepted": bool(claim.get("accepted")),
            "claim_line": " ".join(claim.get("line") or []),
            "claim_shown": "\n".join(" ".join(cards or []) for cards in shown),
        }
