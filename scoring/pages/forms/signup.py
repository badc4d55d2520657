"""Making an account on the pages: a username, the person's name as their club reads it, and a
password typed twice. The service (services.sign_up) judges them; its refusals come back here
in words, next to the field they concern."""

from __future__ import annotations

from django import forms
from django.contrib.auth import password_validation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.text.forms import password_field
from hearts_site.text.names import validate_name
from scoring.pages.forms.errors import DomainErrorsMixin
from scoring.pages.forms.refusals import refusal_words


def _password_rules() -> str:
    """The site's password rules (AUTH_PASSWORD_VALIDATORS) as one hint."""
    return " ".join(password_validation.password_validators_help_texts())


class SignUpForm(DomainErrorsMixin, forms.Form):
    username = forms.CharField(
        label=gettext_lazy("Username"),
        max_length=150,
        help_text=gettext_lazy(
            "What you sign in with: letters, digits and @ . + - _ only. Nobody else sees it."
        ),
        widget=forms.TextInput(
            attrs={"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false"}
        ),
        error_messages={"required": gettext_lazy("Choose a username.")},
    )
    name = forms.CharField(
        label=gettext_lazy("Your name"),
        max_length=100,
        validators=[validate_name],
        help_text=gettext_lazy(
            "As your club will read it: on score sheets, tables and in the history."
        ),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
        error_messages={"required": gettext_lazy("Give your name as your club will read it.")},
    )
    password1 = password_field(
        gettext_lazy("Password"),
        "new-password",
        error_messages={"required": gettext_lazy("Choose a password.")},
    )
    password2 = password_field(
        gettext_lazy("Password again"),
        "new-password",
        help_text=gettext_lazy("The same password once more, to be sure of it."),
        error_messages={"required": gettext_lazy("Type the password a second time.")},
    )

    error_targets = {"username": "username", "name": "name", "password": "password1"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["password1"].help_text = _password_rules()

    def clean(self):
        data = super().clean()
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ: type the same one twice."))
        return data

    def words_for(self, code: str, detail: str, path: str | None) -> str:
        return refusal_words(code, detail, {})

    def account(self) -> dict:
        """What the sign-up service takes from this form."""
        data = self.cleaned_data
        return {"username": data["username"], "name": data["name"], "password": data["password1"]}
