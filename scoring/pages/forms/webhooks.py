"""Registering a webhook endpoint: its URL and the event types it hears."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy

from scoring.models import EventType
from scoring.pages.forms.errors import DomainErrorsMixin

# Each event type in words, for the owner choosing them.
TYPE_WORDS = {
    EventType.HAND_ENTERED: gettext_lazy("A hand entered"),
    EventType.HAND_CORRECTED: gettext_lazy("A hand corrected"),
    EventType.HAND_VOIDED: gettext_lazy("A hand voided"),
    EventType.HAND_CONFIRMED: gettext_lazy("A hand confirmed at the table"),
    EventType.HAND_QUERIED: gettext_lazy("A hand queried at the table"),
    EventType.GAME_STARTED: gettext_lazy("A game started"),
    EventType.GAME_FINISHED: gettext_lazy("A game finished"),
    EventType.GAME_ABANDONED: gettext_lazy("A game abandoned"),
    EventType.DISPUTE_OPENED: gettext_lazy("A dispute opened"),
    EventType.DISPUTE_RESOLVED: gettext_lazy("A dispute resolved"),
    EventType.PLAYER_MERGED: gettext_lazy("Two player records merged"),
    EventType.RATINGS_SETTLED: gettext_lazy("Ratings settled"),
    EventType.NIGHT_OPENED: gettext_lazy("A tournament night opened"),
    EventType.NIGHT_CHECKED_IN: gettext_lazy("A player checked in at a night"),
    EventType.NIGHT_WITHDRAWN: gettext_lazy("A player withdrew from a night"),
    EventType.NIGHT_CLOSED: gettext_lazy("A tournament night closed"),
    EventType.NIGHT_RESULTS_FINAL: gettext_lazy("A night's results became final"),
    EventType.NIGHT_CORRECTED: gettext_lazy("A night's final results corrected by a director"),
    EventType.ROUND_PUBLISHED: gettext_lazy("A night's round drawn and published"),
    EventType.ROUND_STARTED: gettext_lazy("A night's round started"),
    EventType.ROUND_ENDED: gettext_lazy("A night's round ended"),
}


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
        choices=[(kind.value, TYPE_WORDS[kind]) for kind in EventType],
        initial=EventType.values,
        widget=forms.CheckboxSelectMultiple,
    )

    error_targets = {"url": "url"}  # the others (too many endpoints) go above the form
