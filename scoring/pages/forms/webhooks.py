"""Registering a webhook endpoint: its URL and the event types it hears."""

from __future__ import annotations

from django import forms

from scoring.models import EventType
from scoring.pages.forms.errors import DomainErrorsMixin

# Each event type in words, for the owner choosing them.
TYPE_WORDS = {
    EventType.HAND_ENTERED: "A hand entered",
    EventType.HAND_CORRECTED: "A hand corrected",
    EventType.HAND_VOIDED: "A hand voided",
    EventType.HAND_CONFIRMED: "A hand confirmed at the table",
    EventType.HAND_QUERIED: "A hand queried at the table",
    EventType.GAME_STARTED: "A game started",
    EventType.GAME_FINISHED: "A game finished",
    EventType.GAME_ABANDONED: "A game abandoned",
    EventType.DISPUTE_OPENED: "A dispute opened",
    EventType.DISPUTE_RESOLVED: "A dispute resolved",
    EventType.PLAYER_MERGED: "Two player records merged",
    EventType.RATINGS_SETTLED: "Ratings settled",
    EventType.NIGHT_OPENED: "A tournament night opened",
    EventType.NIGHT_CHECKED_IN: "A player checked in at a night",
    EventType.NIGHT_WITHDRAWN: "A player withdrew from a night",
    EventType.NIGHT_CLOSED: "A tournament night closed",
    EventType.ROUND_PUBLISHED: "A night's round drawn and published",
    EventType.ROUND_STARTED: "A night's round started",
    EventType.ROUND_ENDED: "A night's round ended",
}


class WebhookEndpointForm(DomainErrorsMixin, forms.Form):
    url = forms.URLField(
        label="Receiver URL",
        max_length=500,
        assume_scheme="https",
        widget=forms.URLInput(attrs={"placeholder": "https://example.org/hearts-hook"}),
        help_text="Every event you choose is POSTed here as JSON, signed.",
    )
    event_types = forms.MultipleChoiceField(
        label="Events",
        choices=[(kind.value, TYPE_WORDS[kind]) for kind in EventType],
        initial=EventType.values,
        widget=forms.CheckboxSelectMultiple,
    )

    error_targets = {"url": "url"}  # the others (too many endpoints) go above the form
