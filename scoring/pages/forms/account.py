"""Sign-in, protected against guessing; naming a new device token; and the invitations an
owner (a role) or a director (to be a player) makes."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from hearts_site.errors import DomainError
from hearts_site.text.forms import password_field
from hearts_site.text.names import validate_name
from scoring import services
from scoring.models import Role
from scoring.pages.forms.errors import DomainErrorsMixin


class ThrottledAuthenticationForm(AuthenticationForm):
    """Django's sign-in form, through the sign-in service: after too many failures for a
    username from one address (on this page, the API's device sign-in or the admin's alike),
    that pair is locked out for a while without even checking the password."""

    def clean(self):
        username = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if username is None or not password:
            return self.cleaned_data  # the fields' own errors say what is missing
        try:
            self.user_cache = services.sign_in(
                request=self.request, username=username, password=password
            )
        except DomainError as refusal:
            if refusal.code == "invalid_credentials":
                raise self.get_invalid_login_error() from None
            raise ValidationError(refusal.detail, code=refusal.code) from None
        self.confirm_login_allowed(self.user_cache)
        return self.cleaned_data


class DeviceTokenForm(DomainErrorsMixin, forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Device name"),
        max_length=100,
        validators=[validate_name],
        widget=forms.TextInput(
            attrs={"placeholder": gettext_lazy("e.g. Club tablet"), "autocomplete": "off"}
        ),
    )
    password = password_field(
        gettext_lazy("Your password"),
        "current-password",
        help_text=gettext_lazy("Asked again: a token outlives this session."),
    )

    def target_of(self, path: str | None) -> str:
        return "password"  # the one refusal: the password given again (wrong, or locked out)


class InvitationForm(forms.Form):
    role = forms.ChoiceField(label=gettext_lazy("Role"), choices=Role.choices, initial=Role.MEMBER)


class PlayerInvitationForm(forms.Form):
    role = forms.ChoiceField(
        label=gettext_lazy("In the club they"),
        choices=[
            (Role.MEMBER.value, gettext_lazy("play and confirm hands")),
            (Role.SCORER.value, gettext_lazy("also enter their table's hands")),
        ],
        initial=Role.MEMBER,
        required=False,
        error_messages={
            "invalid_choice": gettext_lazy("A player is invited as a member or as a scorer.")
        },
    )
