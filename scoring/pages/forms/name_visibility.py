"""Who may read a player's name: three choices (docs/deploy.md: who may see a name)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import NameVisibility


class NameVisibilityForm(forms.Form):
    name_visibility = forms.ChoiceField(
        label=gettext_lazy("Who may see the name"),
        choices=NameVisibility.choices,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "To anyone else it reads “Player” and a number. Results and standings stay as they are."
        ),
        error_messages={
            "required": gettext_lazy("Choose who may see the name."),
            "invalid_choice": gettext_lazy("Choose who may see the name."),
        },
    )
