"""Registering a webhook endpoint: its URL and the event types it hears."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import EventType
from scoring.pages.forms.errors import DomainErrorsMixin


class WebhookEndpointForm(DomainErrorsMixin, forms.Form):
    url = forms.URLField(
        label=gettext_lazy("Receiver URL"),
        max_length=500,
        assume_scheme="https",
        widget=forms.URLInput(attrs={"placeholder": "https://example.org/hearts-hook"}),
        help_text=gettext_lazy("Every event you choose is POSTed here as JSON, signed."),
    )
    event_types = forms.MultipleChoiceField(
        label=gettext_lazy("Events"),
        choices=EventType.choices,  # each type in the words EventType gives it
        initial=EventType.values,
        widget=forms.CheckboxSelectMultiple,
    )

    error_targets = {"url": "url"}  # the others (too many endpoints) go above the form
