"""The password forms: a change (the current password checked as a sign-in is, then the new
one twice, through Django's validators), a new password from a reset link, and the member a
director makes a reset link for."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import PasswordChangeForm, SetPasswordForm
from django.core.exceptions import ValidationError

from hearts_site.errors import DomainError
from scoring import services


class ChangePasswordForm(PasswordChangeForm):
    """Django's change form, its current password checked through the sign-in lockout: the
    page cannot be used to guess it faster than the sign-in page."""

    def __init__(self, user, *args, request=None, **kwargs):
        super().__init__(user, *args, **kwargs)
        self.request = request

    def clean_old_password(self) -> str:
        password = self.cleaned_data["old_password"]
        try:
            services.check_current_password(request=self.request, user=self.user, password=password)
        except DomainError as refusal:
            raise ValidationError(refusal.detail, code=refusal.code) from None
        return password


class NewPasswordForm(SetPasswordForm):
    """Django's form for a new password, twice, through the validators (for a reset link)."""


class ResetLinkForm(forms.Form):
    user = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
