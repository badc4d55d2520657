"""The adjudicator's form: the rules (or a game's), the plays as typed or tapped, who led, and
optionally the holdings after the pass, or the deal and the passes.

Seats are numbered from 1 on the page, as in games (the engine counts from 0), and named by
the game's players when the ruling is on a game's hand. The leader list offers exactly the
table's seats.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import PRESETS, HeartsError, Ruleset
from adjudication.engine.option_values import INTEGER_BOUNDS
from adjudication.services import ruleset_for
from hearts_site.text.forms import WholeNumberField
from hearts_site.text.numbers import ascii_whole_number
from scoring.pages.forms.adjudicate_words import refusal_words
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.ruling import seat_names

CARD_SEPARATORS = re.compile(r"[\s,;]+")
PLAYER_COUNTS = range(INTEGER_BOUNDS["players"][0], INTEGER_BOUNDS["players"][1] + 1)
DEFAULT_PLAYERS = 4
CARD_BOX = {"rows": 4, "autocapitalize": "characters", "spellcheck": "false"}
#: Fields that hold one line of cards per seat.
SEAT_LINES = ("hands", "deal", "passes")


def split_cards(text: str) -> list[str]:
    return [token for token in CARD_SEPARATORS.split(text.strip()) if token]


def seat_lines_field(label: str) -> forms.CharField:
    """An optional box of cards, a line a seat (one of SEAT_LINES)."""
    return forms.CharField(
        label=label, required=False, max_length=2000, widget=forms.Textarea(attrs=CARD_BOX)
    )


def players_posted(data) -> int:
    """The table's size as posted (read defensively), else four."""
    count = ascii_whole_number(str((data or {}).get("players", "")).strip(), max_digits=2)
    return count if count in PLAYER_COUNTS else DEFAULT_PLAYERS


class AdjudicateForm(DomainErrorsMixin, forms.Form):
    """The record of a hand to rule on. ``names`` (a game's players, in seat order) fixes the
    table; without it the director chooses the rules and the number of players."""

    preset = forms.ChoiceField(
        label=gettext_lazy("Rules"),
        # The presets' titles are the engine's English messages, translated when shown.
        choices=[(name, gettext_lazy(p.title)) for name, p in PRESETS.items()],
        initial="standard",
    )
    players = forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[(str(n), str(n)) for n in PLAYER_COUNTS],
        coerce=int,
        initial=str(DEFAULT_PLAYERS),
    )
    plays = forms.CharField(
        label=gettext_lazy("Plays, in order"),
        max_length=2000,
        error_messages={"required": gettext_lazy("Type or tap the cards that were played.")},
        help_text=gettext_lazy(
            "Cards as played, trick by trick: 2C QC 8C AC 8S … (spaces or commas)."
        ),
        widget=forms.Textarea(attrs=CARD_BOX),
    )
    first_leader = forms.TypedChoiceField(
        label=gettext_lazy("Who led the first trick?"),
        coerce=int,
        required=False,
        empty_value=None,
        help_text=gettext_lazy(
            "Leave it to the holdings only when you enter the holdings or the deal below: "
            "then the player who held the lowest club led."
        ),
    )
    hands = seat_lines_field(gettext_lazy("Each player's cards after the pass"))
    deal = seat_lines_field(gettext_lazy("The deal: each player's cards before the pass"))
    passes = seat_lines_field(gettext_lazy("The passes: the cards each player passed"))
    hand_number = WholeNumberField(
        label=gettext_lazy("Hand number (says which way the cards were passed)"),
        required=False,
        min_value=1,
        max_value=999,
        initial=1,
    )

    def __init__(self, data=None, *, names: list[str] | None = None, ruleset=None, **kwargs):
        super().__init__(data, **kwargs)
        self.in_game = names is not None
        if self.in_game:
            del self.fields["preset"], self.fields["players"], self.fields["hand_number"]
            self.ruleset_spec = ruleset
        players = len(names) if names else players_posted(data)
        self.names = seat_names(players, names)
        self.fields["first_leader"].choices = [("", gettext_lazy("Leave it to the holdings"))] + [
            (str(seat + 1), f"{seat + 1} · {name}" if self.in_game else name)
            for seat, name in enumerate(self.names)
        ]
        # Translators: {names} lists the seats' names, "Ada, Ben, Cleo, Dev".
        line_help = _("One line per player: {names}.").format(names=", ".join(self.names))
        for name in SEAT_LINES:
            self.fields[name].help_text = line_help

    def clean_plays(self) -> list[str]:
        cards = split_cards(self.cleaned_data["plays"])
        if not cards:
            raise ValidationError(_("Type or tap the cards that were played."))
        return cards

    def clean_first_leader(self) -> int | None:
        seat = self.cleaned_data["first_leader"]
        return None if seat is None else seat - 1

    def _seat_lines(self, name: str) -> list[list[str]] | None:
        lines = [line for line in self.cleaned_data[name].splitlines() if line.strip()]
        return [split_cards(line) for line in lines] or None

    def clean_hands(self) -> list[list[str]] | None:
        return self._seat_lines("hands")

    def clean_deal(self) -> list[list[str]] | None:
        return self._seat_lines("deal")

    def clean_passes(self) -> list[list[str]] | None:
        return self._seat_lines("passes")

    def rules(self) -> Ruleset:
        return ruleset_for(self.ruleset_spec if self.in_game else self.spec())

    def spec(self) -> dict[str, Any]:
        return {"preset": self.cleaned_data["preset"], "players": self.cleaned_data["players"]}

    def record(self) -> dict[str, Any]:
        """The hand's record as the engine and a dispute take it: plays, holdings, leader."""
        data = self.cleaned_data
        record: dict[str, Any] = {"plays": data["plays"]}
        for name in ("hands", "deal", "passes", "first_leader"):
            if data.get(name) is not None:
                record[name] = data[name]
        if not self.in_game and data.get("deal") is not None:
            record["hand_number"] = data.get("hand_number") or 1
        return record

    def request_data(self) -> dict[str, Any]:
        """What adjudication.services.rule_on_hand takes (the API's request body)."""
        return {"ruleset": self.ruleset_spec if self.in_game else self.spec(), **self.record()}

    def add_engine_refusal(self, exc: HeartsError) -> None:
        """The engine's refusal in a player's words, next to the field it concerns."""
        try:
            rules = self.rules()
        except HeartsError:
            self.add_error(None, _("These rules cannot be played at a table of this size."))
            return
        refusal = refusal_words(exc, self.cleaned_data, rules, self.names)
        field = refusal.field if refusal.field in self.fields else None
        self.add_error(field, refusal.words)
