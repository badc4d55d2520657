"""The typed confirmation an erasure asks for: the username (forget me) or the player's name
(a director's erasure)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.pages.forms.errors import DomainErrorsMixin


class ForgetForm(DomainErrorsMixin, forms.Form):
    error_targets = {"confirm": "confirm"}
    confirm = forms.CharField(
        max_length=200,
        strip=True,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )

    def __init__(self, *args, label: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["confirm"].label = label


FORGET_ME_LABEL = gettext_lazy("Type your username to confirm")
FORGET_PLAYER_LABEL = gettext_lazy("Type the player's name to confirm")
