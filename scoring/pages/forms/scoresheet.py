"""The score sheet's forms: a new game's seats, and a hand entered or corrected."""

from __future__ import annotations

import re
from typing import Any

from django import forms

from adjudication.engine import Ruleset, cards_in, names
from adjudication.engine.cards import JD_BIT
from adjudication.engine.rules import MOON_CHOICES
from hearts_site.numbers import ascii_whole_number
from scoring.domain.entries import penalty_cards
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.words import MOON_LABELS, card_label


class NewGameForm(DomainErrorsMixin, forms.Form):
    """Players in seat order (clockwise) and the first dealer, for one league."""

    error_targets = {"first_dealer": "first_dealer", "league": "league", "season": "league"}

    def __init__(self, *args, players, seats: int, **kw):
        super().__init__(*args, **kw)
        self.seats = seats
        for seat in range(seats):
            self.fields[f"player_{seat}"] = forms.ModelChoiceField(
                queryset=players,
                label=f"Seat {seat + 1}" + (" (then clockwise)" if seat == 0 else ""),
                empty_label="Choose a player",
            )
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label="Who deals first?",
            choices=[(str(s), f"Seat {s + 1}") for s in range(seats)],
            coerce=int,
            initial="0",
        )

    def target_of(self, path: str | None) -> str | None:
        if path and path.startswith("players"):
            parts = path.split(".")
            if len(parts) == 2 and f"player_{parts[1]}" in self.fields:
                return f"player_{parts[1]}"
            return "player_0"
        return super().target_of(path)

    def players(self) -> list:
        return [self.cleaned_data[f"player_{seat}"] for seat in range(self.seats)]


class EntryForm(DomainErrorsMixin, forms.Form):
    """One hand as the table tells it: points per seat, or the penalty cards each seat took.

    Built from the game's ruleset: the moon choice appears only under ``shooter_choice``, the
    J♦ holder only when the ruleset scores the J♦ (card by card, the J♦ is one of the cards).
    """

    MODES = ("points", "cards")

    # Where the engine's error paths go: ``points.2`` and ``cards_taken.1.3`` to one seat's
    # field (see target_of), the rest of ``points`` / ``cards_taken`` to the whole group.
    error_targets = {
        "points": "points",
        "cards_taken": "cards",
        "moon_choice": "moon_choice",
        "jack_of_diamonds": "jack_of_diamonds",
        "tricks_won": "points",
    }

    def __init__(self, *args, rules: Ruleset, seat_names: list[str], mode: str = "points", **kw):
        super().__init__(*args, **kw)
        self.rules = rules
        self.seat_names = seat_names
        self.mode = mode if mode in self.MODES else "points"
        self.penalty_total = rules.penalty_total
        self.penalty_card_names = names(cards_in(penalty_cards(rules)))
        self.point_card_names = names(cards_in(rules.point_mask))  # what a moon takes
        if self.mode == "points":
            self._add_points_fields()
        else:
            self._add_cards_fields()
        if rules.moon == "shooter_choice":
            self.fields["moon_choice"] = forms.ChoiceField(
                label="Shot the moon? How does it score",
                choices=[("", "No moon this hand")]
                + [(c, MOON_LABELS[c].format(total=self.penalty_total)) for c in MOON_CHOICES],
                required=False,
                widget=forms.RadioSelect,
            )

    def _add_points_fields(self) -> None:
        """A number box a seat, and who took the J♦ when the ruleset scores it."""
        total = self.penalty_total
        for seat, name in enumerate(self.seat_names):
            self.fields[f"seat_{seat}"] = forms.IntegerField(
                label=name,
                min_value=0,
                max_value=total,
                error_messages={
                    "required": "Enter the points this seat took (0 if none).",
                    "invalid": "A whole number, please.",
                },
                widget=forms.NumberInput(
                    attrs={
                        "inputmode": "numeric",
                        "pattern": "[0-9]*",
                        "min": 0,
                        "max": total,
                        "data-seat-points": seat,
                        "autocomplete": "off",
                    }
                ),
            )
        jack = self.rules.jack_of_diamonds
        if jack and self.rules.deck & JD_BIT:
            self.fields["jack_of_diamonds"] = forms.TypedChoiceField(
                label=f"Who took the J♦ ({jack:+d})?",
                choices=[("", "—")] + [(str(s), n) for s, n in enumerate(self.seat_names)],
                coerce=int,
                required=False,
                empty_value=None,
            )

    def _add_cards_fields(self) -> None:
        """A checkbox a penalty card, a seat."""
        choices = [(card, card_label(card)) for card in self.penalty_card_names]
        for seat, name in enumerate(self.seat_names):
            self.fields[f"cards_{seat}"] = forms.MultipleChoiceField(
                label=name,
                choices=choices,
                required=False,
                widget=forms.CheckboxSelectMultiple(attrs={"data-seat-cards": seat}),
            )

    def target_of(self, path: str | None) -> str | None:
        """``points.2`` is the third seat's box; ``cards_taken.1.3`` the second seat's cards."""
        if path:
            parts = path.split(".")
            if len(parts) >= 2 and ascii_whole_number(parts[1]) is not None:
                field = {"points": "seat_", "cards_taken": "cards_"}.get(parts[0])
                if field and f"{field}{parts[1]}" in self.fields:
                    return f"{field}{parts[1]}"
        return super().target_of(path)

    def add_domain_error(self, path: str | None, message: str) -> None:
        """Next to a seat's box the seat goes without saying; elsewhere it gets its name."""
        if (self.target_of(path) or "").startswith(("seat_", "cards_")):
            message = re.sub(r"^seat \d+: ", "", message)

        def name(match: re.Match) -> str:
            seat = int(match.group(1))
            return self.seat_names[seat] if seat < len(self.seat_names) else match.group(0)

        super().add_domain_error(path, re.sub(r"\bseat (\d+)\b", name, message))

    def seat_fields(self) -> list[forms.BoundField]:
        prefix = "seat_" if self.mode == "points" else "cards_"
        return [self[f"{prefix}{seat}"] for seat in range(len(self.seat_names))]

    def entry(self) -> dict[str, Any]:
        """The entry exactly as the API takes it; the same taps give the same dict."""
        data = self.cleaned_data
        seats = range(len(self.seat_names))
        if self.mode == "points":
            entry: dict[str, Any] = {"points": [data[f"seat_{s}"] for s in seats]}
            if data.get("jack_of_diamonds") is not None:
                entry["jack_of_diamonds"] = data["jack_of_diamonds"]
        else:
            order = {card: i for i, card in enumerate(self.penalty_card_names)}
            entry = {
                "cards_taken": [sorted(data[f"cards_{s}"], key=order.__getitem__) for s in seats]
            }
        if data.get("moon_choice"):
            entry["moon_choice"] = data["moon_choice"]
        return entry

    @staticmethod
    def initial_from(entry: dict[str, Any], points: list[int]) -> tuple[str, dict[str, Any]]:
        """The mode and initial values that show a stored entry again (for a correction)."""
        initial: dict[str, Any] = {}
        if "cards_taken" in entry:
            mode = "cards"
            for seat, cards in enumerate(entry["cards_taken"]):
                initial[f"cards_{seat}"] = [str(c).upper() for c in cards]
        else:
            mode = "points"
            for seat, value in enumerate(entry.get("points", points)):
                initial[f"seat_{seat}"] = value
            if entry.get("jack_of_diamonds") is not None:
                initial["jack_of_diamonds"] = str(entry["jack_of_diamonds"])
        if entry.get("moon_choice"):
            initial["moon_choice"] = entry["moon_choice"]
        return mode, initial


class HandEntryForm(EntryForm):
    """The next hand: the form carries its number, so a double tap cannot record two hands."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["number"] = forms.IntegerField(
            min_value=1, max_value=100_000, widget=forms.HiddenInput
        )


class HandCorrectionForm(EntryForm):
    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.fields["reason"] = forms.CharField(
            label="Why the correction?",
            max_length=500,
            widget=forms.TextInput(attrs={"placeholder": "e.g. Ben's 5 was a 3", "size": 20}),
        )
