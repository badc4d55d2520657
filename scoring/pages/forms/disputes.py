"""A director's decision on a dispute, in one form: accept what it claims, uphold it with a
ruling of their own (the points each player took, or who reneged), or dismiss it."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.text.forms import WholeNumberField
from hearts_site.text.names import name_text

#: The decisions a director may choose, besides accepting what the dispute itself claims.
UPHOLD_COUNT = ("count", gettext_lazy("Uphold with the points below: they replace the hand's"))
DISMISS = ("dismiss", gettext_lazy("Dismiss: the hand stands as recorded"))


def seat_points_field(name: str) -> WholeNumberField:
    """The box for the points one seat took, labelled with its player's name."""
    return WholeNumberField(
        label=_("{name} took").format(name=name_text(name)),
        required=False,
        min_value=0,
        max_value=99,
        error_messages={"invalid": gettext_lazy("A whole number of points.")},
    )


def decision_field(label: str) -> forms.ChoiceField:
    """A director's decision, one radio button a choice (the form sets the choices)."""
    return forms.ChoiceField(
        label=label,
        widget=forms.RadioSelect,
        error_messages={
            "required": gettext_lazy("Choose a decision."),
            "invalid_choice": gettext_lazy("Choose a decision."),
        },
    )


class SeatPoints:
    """A box a seat for the points each player took: a director's own count."""

    def _add_points_fields(self, seat_names: list[str]) -> None:
        self.seat_count = len(seat_names)
        for seat, name in enumerate(seat_names):
            self.fields[f"points_{seat}"] = seat_points_field(name)

    def points_fields(self) -> list[forms.BoundField]:
        return [self[f"points_{seat}"] for seat in range(self.seat_count)]


class ResolveForm(SeatPoints, forms.Form):
    """``accept`` (offered with its words when the dispute claims something), ``count`` or
    ``renege`` (the director's own ruling, given below) or ``dismiss``; and a note."""

    decision = decision_field(gettext_lazy("Decision"))
    renege_by = forms.TypedChoiceField(
        label=gettext_lazy("Who reneged"),
        coerce=int,
        required=False,
        error_messages={"invalid_choice": gettext_lazy("Choose who reneged.")},
    )
    note = forms.CharField(
        label=gettext_lazy("Note for the record"), required=False, max_length=500
    )

    def __init__(
        self,
        *args,
        seat_names: list[str],
        accept: str | None = None,
        renege: str = gettext_lazy("Uphold: the player chosen below reneged"),
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        accepted = [("accept", accept)] if accept else []
        self.fields["decision"].choices = [*accepted, UPHOLD_COUNT, ("renege", renege), DISMISS]
        self.fields["renege_by"].choices = [("", "—"), *enumerate(seat_names)]
        self._add_points_fields(seat_names)

    def clean(self):
        data = super().clean()
        decision = data.get("decision")
        points = [data.get(f"points_{seat}") for seat in range(self.seat_count)]
        if decision == "count" and any(p is None for p in points):
            self.add_error(
                "points_0", _("Give the points every player took, for the hand to count.")
            )
        if decision == "renege" and data.get("renege_by") in (None, ""):
            self.add_error("renege_by", _("Choose who reneged."))
        return data

    def decided(self) -> dict[str, Any]:
        """The service's arguments: the decision, the note, and the director's ruling."""
        decision, note = self.cleaned_data["decision"], self.cleaned_data["note"]
        if decision == "count":
            points = [self.cleaned_data[f"points_{seat}"] for seat in range(self.seat_count)]
            return {"decision": "accept", "note": note, "ruled": {"points": points}}
        if decision == "renege":
            ruled = {"renege_by": self.cleaned_data["renege_by"]}
            return {"decision": "accept", "note": note, "ruled": ruled}
        return {"decision": decision, "note": note}
