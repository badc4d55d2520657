"""The club night's forms: a confirmation (by the player, by PIN on the scorer's phone, or by
a director for the table), a query, and a PIN set by its player or a director."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.text.forms import WholeNumberField
from scoring.services.pins import PIN_DIGITS

# format_lazy: each is read in the language of the request that shows it, not at import.
PIN_HELP = format_lazy(
    gettext_lazy("{low} to {high} digits, typed by the player themselves."),
    low=PIN_DIGITS[0],
    high=PIN_DIGITS[1],
)
PIN_HAS = format_lazy(
    gettext_lazy("A PIN has {low} to {high} digits."), low=PIN_DIGITS[0], high=PIN_DIGITS[1]
)
#: What a refused PIN is told.
PIN_IS = format_lazy(
    gettext_lazy("A PIN is {low} to {high} digits."), low=PIN_DIGITS[0], high=PIN_DIGITS[1]
)
#: When the form carries no revision (a page from before revisions): read the hand again.
READ_AGAIN = gettext_lazy("Look at the hand again, then confirm it.")


def _pin_field(label: str) -> forms.CharField:
    low, high = PIN_DIGITS
    return forms.CharField(
        label=label,
        min_length=low,
        max_length=high,
        help_text=PIN_HELP,
        widget=forms.PasswordInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
        error_messages={
            "required": gettext_lazy("Type the PIN."),
            "min_length": PIN_HAS,
            "max_length": PIN_HAS,
        },
    )


class SeenForm(forms.Form):
    """What every confirmation and query carries: the hand's revision the page showed."""

    revision = WholeNumberField(
        min_value=1,
        widget=forms.HiddenInput,
        error_messages={"required": READ_AGAIN, "invalid": READ_AGAIN, "min_value": READ_AGAIN},
    )


class ConfirmForm(SeenForm):
    """No player: the signed-in player confirms; with a player and a PIN: on a scorer's
    phone."""

    player = forms.TypedChoiceField(label=gettext_lazy("Player"), coerce=int, required=False)
    pin = forms.CharField(required=False, max_length=8, widget=forms.PasswordInput)

    def __init__(self, *args, players: list[tuple[int, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—"), *players]

    def clean(self):
        data = super().clean()
        if bool(data.get("pin")) != (data.get("player") not in (None, "")):
            raise forms.ValidationError(_("Pick the player, and let them type their PIN."))
        return data


class QueryForm(SeenForm):
    reason = forms.CharField(
        label=gettext_lazy("What is wrong"),
        max_length=500,
        required=False,
        help_text=gettext_lazy("A director reads it and rules on the hand."),
    )


class PinForm(forms.Form):
    pin = _pin_field("New PIN")
