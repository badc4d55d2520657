"""Form fields the pages' forms and the API's list filters share.

Numbers are read as hearts_site/text/numbers.py reads them (ASCII digits only): Django's
IntegerField and ModelChoiceField read other scripts' digits ("٣") as the number they write.
A password field, with the longest password read, serves the pages (the API's serializers
take the same bound)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from hearts_site.text import numbers

# The longest password read, on the pages and the API alike: a longer one is refused before
# anything hashes it.
PASSWORD_MAX_LENGTH = 4096


def password_field(label: str, autocomplete: str, **more: Any) -> forms.CharField:
    """A password as typed (never stripped), masked, with the browser's ``autocomplete`` hint."""
    return forms.CharField(
        label=label,
        max_length=PASSWORD_MAX_LENGTH,
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": autocomplete}),
        **more,
    )


class WholeNumberField(forms.IntegerField):
    """A whole number, written in the digits 0 to 9."""

    def to_python(self, value: Any) -> int | None:
        if isinstance(value, str) and value.strip() and not numbers.is_ascii_integer(value):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class ModelIdChoiceField(forms.ModelChoiceField):
    """A row of the queryset chosen by its id, written in the digits 0 to 9."""

    def to_python(self, value: Any) -> Any:
        written = isinstance(value, str) and value not in self.empty_values
        if written and numbers.ascii_whole_number(value.strip()) is None:
            raise ValidationError(
                self.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )
        return super().to_python(value)
