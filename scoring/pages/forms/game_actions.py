"""The scoreboard's own forms: void a hand, abandon the game, dispute a hand."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.pages.forms.disputes import seat_points_field

REASON_HELP = gettext_lazy("A few words everyone at the table will read in the game's history.")


class _ReasonForm(forms.Form):
    reason = forms.CharField(
        label=gettext_lazy("Why"),
        max_length=500,
        help_text=REASON_HELP,
        error_messages={"required": gettext_lazy("Say why, in a few words.")},
    )


class AbandonForm(_ReasonForm):
    pass


class HandChoiceForm(_ReasonForm):
    """A reason and one of the game's hands (voided hands are not offered), the last one
    first: the hand just played is the one a table most often fixes."""

    number = forms.TypedChoiceField(
        label=gettext_lazy("Hand"),
        coerce=int,
        error_messages={"invalid_choice": gettext_lazy("Pick one of the hands.")},
    )

    def __init__(self, *args, hands: list[int], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].choices = [(n, f"Hand {n}") for n in hands]
        if hands:
            self.fields["number"].initial = hands[-1]


class VoidForm(HandChoiceForm):
    pass


class DisputeForm(HandChoiceForm):
    """A hand disputed: with the points each seat should have taken, or (for a hand entered
    card by card) with nothing more, to have its own trick record ruled on."""

    def __init__(self, *args, hands: list[int], seat_names: list[str], **kwargs):
        super().__init__(*args, hands=hands, **kwargs)
        for seat, name in enumerate(seat_names):
            self.fields[f"claim_{seat}"] = seat_points_field(name)
        self.seat_count = len(seat_names)

    def claim_fields(self) -> list[forms.BoundField]:
        return [self[f"claim_{seat}"] for seat in range(self.seat_count)]

    def clean(self):
        data = super().clean()
        claimed = [data.get(f"claim_{seat}") for seat in range(self.seat_count)]
        if any(v is not None for v in claimed) and any(v is None for v in claimed):
            raise forms.ValidationError(
                _(
                    "Give the points every player should have taken, or none to have the hand's "
                    "own trick record ruled on."
                )
            )
        return data

    def record(self) -> dict:
        claimed = [self.cleaned_data.get(f"claim_{seat}") for seat in range(self.seat_count)]
        return {"points": claimed} if all(v is not None for v in claimed) else {}
