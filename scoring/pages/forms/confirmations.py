"""The club night's forms: a PIN typed on the scorer's phone, a query, a player's own PIN."""

from __future__ import annotations

from django import forms

PIN_HELP = "4 to 8 digits, typed by the player themselves."


def _pin_field(label: str) -> forms.CharField:
    return forms.CharField(
        label=label,
        min_length=4,
        max_length=8,
        help_text=PIN_HELP,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={"required": "Type the PIN.", "min_length": "A PIN has 4 to 8 digits."},
    )


class ConfirmForm(forms.Form):
    """Empty: the signed-in player confirms; with a player and a PIN: on a scorer's phone."""

    player = forms.TypedChoiceField(label="Player", coerce=int, required=False)
    pin = forms.CharField(required=False, max_length=8, widget=forms.PasswordInput)

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—"), *players]

    def clean(self):
        data = super().clean()
        if bool(data.get("pin")) != (data.get("player") not in (None, "")):
            raise forms.ValidationError("Pick the player, and let them type their PIN.")
        return data


class QueryForm(forms.Form):
    reason = forms.CharField(
        label="What is wrong",
        max_length=500,
        required=False,
        help_text="A director reads it and rules on the hand.",
    )


class PinForm(forms.Form):
    pin = _pin_field("New PIN")
