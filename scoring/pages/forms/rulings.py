"""A director's decision on one ruling, from the pages: accept it, or override it with a reason
(the hand standing as played for it, or the director's own count)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine.option_values import MOON_CHOICES
from scoring.pages.forms.disputes import SeatPoints, decision_field
from scoring.pages.irregularity_words import LEFT_WORDS
from scoring.pages.words import MOON_LABELS

ACCEPT = gettext_lazy("Accept: the hand is scored from this rectification")
AS_PLAYED = ("as_played", gettext_lazy("Override: the hand stands as played for it"))
OWN_COUNT = ("own_count", gettext_lazy("Override with the points below: they are the hand's"))


class RulingDecisionForm(SeatPoints, forms.Form):
    """One ruling's decision: ``accept`` (unless it leaves the score to the director),
    ``as_played`` or ``own_count`` (each needs a reason; the count every seat's points), with
    the hand's revision the director read."""

    revision = forms.IntegerField(widget=forms.HiddenInput)
    decision = decision_field(gettext_lazy("Your decision"))
    reason = forms.CharField(
        label=gettext_lazy("Your reason"),
        required=False,
        max_length=500,
        help_text=gettext_lazy("Needed to override: it stays in the game's history."),
    )

    def __init__(
        self, *args, seat_names: list[str], left: str | None, moon: int | None = None, **kwargs
    ):
        super().__init__(*args, **kwargs)
        if moon:  # a count where one player took all ``moon`` points: the shooter's choice
            self.fields["moon_choice"] = forms.ChoiceField(
                label=gettext_lazy("If one player took every point"),
                required=False,
                choices=[("", "—")]
                + [
                    (c, MOON_LABELS[c].format(total=moon, shooter=_("the shooter")))
                    for c in MOON_CHOICES
                ],
            )
        accept = [] if left == "director" else [("accept", LEFT_WORDS.get(left, ACCEPT))]
        self.fields["decision"].choices = [*accept, AS_PLAYED, OWN_COUNT]
        self._add_points_fields(seat_names)

    def clean(self):
        data = super().clean()
        decision = data.get("decision")
        if decision in ("as_played", "own_count") and not (data.get("reason") or "").strip():
            self.add_error("reason", _("Say why you override the ruling."))
        points = [data.get(f"points_{seat}") for seat in range(self.seat_count)]
        if decision == "own_count" and any(p is None for p in points):
            self.add_error("points_0", _("Give the points every player took."))
        return data

    def decided(self) -> dict[str, Any]:
        """The service's arguments."""
        data = self.cleaned_data
        decided: dict[str, Any] = {
            "expected_revision": data["revision"],
            "reason": data["reason"],
            "decision": "accept" if data["decision"] == "accept" else "override",
        }
        if data["decision"] == "own_count":
            points = [data[f"points_{seat}"] for seat in range(self.seat_count)]
            decided["result"] = {"points": points}
            if data.get("moon_choice") and max(points) == sum(points):
                decided["result"]["moon_choice"] = data["moon_choice"]
        return decided
