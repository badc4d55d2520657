"""A director's decision on a dispute, the two the API offers."""

from __future__ import annotations

from django import forms


class ResolveForm(forms.Form):
    decision = forms.ChoiceField(
        label="Decision",
        choices=[("accept", "Accept"), ("dismiss", "Dismiss")],
        widget=forms.RadioSelect,
    )
    note = forms.CharField(label="Note for the record", required=False, max_length=500)
