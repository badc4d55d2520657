"""The adjudicator's form: a preset, the plays as typed or tapped, and optional holdings."""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from adjudication.engine import PRESETS
from adjudication.engine.rules import INTEGER_BOUNDS
from scoring.pages.forms.errors import DomainErrorsMixin

CARD_SEPARATORS = re.compile(r"[\s,;]+")
PLAYER_COUNTS = range(INTEGER_BOUNDS["players"][0], INTEGER_BOUNDS["players"][1] + 1)


def split_cards(text: str) -> list[str]:
    return [token for token in CARD_SEPARATORS.split(text.strip()) if token]


class AdjudicateForm(DomainErrorsMixin, forms.Form):
    """A preset, the plays as typed or tapped, and optionally each seat's holding."""

    error_targets = {
        "ruleset": "preset",
        "preset": "preset",
        "players": "players",
        "plays": "plays",
        "hands": "hands",
        "first_leader": "first_leader",
        "dealer": "first_leader",
    }

    preset = forms.ChoiceField(
        label="Rules", choices=[(name, p.title) for name, p in PRESETS.items()], initial="standard"
    )
    players = forms.TypedChoiceField(
        label="Players", choices=[(str(n), str(n)) for n in PLAYER_COUNTS], coerce=int, initial="4"
    )
    plays = forms.CharField(
        label="Plays, in order",
        max_length=2000,
        help_text="Cards as played, trick by trick: 2C QC 8C AC 8S … (spaces or commas).",
        widget=forms.Textarea(
            attrs={"rows": 4, "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )
    first_leader = forms.TypedChoiceField(
        label="Who led the first trick?",
        choices=[("", "Work it out from the holdings")]
        + [(str(s), f"Seat {s}") for s in range(max(PLAYER_COUNTS))],
        coerce=int,
        required=False,
        empty_value=None,
        help_text="Needed when you give no holdings.",
    )
    hands = forms.CharField(
        label="Holdings after the pass (optional)",
        required=False,
        max_length=2000,
        help_text="One line per seat, from seat 0.",
        widget=forms.Textarea(
            attrs={"rows": 4, "autocapitalize": "characters", "spellcheck": "false"}
        ),
    )

    def target_of(self, path: str | None) -> str | None:
        if path and path.startswith("ruleset.players"):
            return "players"
        return super().target_of(path)

    def clean_plays(self) -> list[str]:
        cards = split_cards(self.cleaned_data["plays"])
        if not cards:
            raise ValidationError("Type or tap at least one card.")
        return cards

    def clean_hands(self) -> list[list[str]] | None:
        lines = [line for line in self.cleaned_data["hands"].splitlines() if line.strip()]
        return [split_cards(line) for line in lines] or None

    def request_data(self) -> dict[str, Any]:
        """What adjudication.services.rule_on_hand takes (the API's request body)."""
        data = self.cleaned_data
        body: dict[str, Any] = {
            "ruleset": {"preset": data["preset"], "players": data["players"]},
            "plays": data["plays"],
        }
        if data.get("hands"):
            body["hands"] = data["hands"]
        if data.get("first_leader") is not None:
            body["first_leader"] = data["first_leader"]
        return body
