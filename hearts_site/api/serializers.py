"""Serializer pieces the API's inputs and outputs share."""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from hearts_site.text import numbers
from hearts_site.text.forms import PASSWORD_MAX_LENGTH


def password_field(help_text: str) -> serializers.CharField:
    """A password as typed (never trimmed), masked in the browsable API."""
    return serializers.CharField(
        max_length=PASSWORD_MAX_LENGTH,
        trim_whitespace=False,
        style={"input_type": "password"},
        help_text=help_text,
    )


# An input serializer that refuses fields it does not know, instead of ignoring them: a phone
# that sends ``point`` for ``points`` must hear about it, not have it dropped. And a number,
# a day or a time sent as text is read as hearts_site/text/numbers.py says, before the field's own
# parse: ASCII digits only (DRF reads "١٢" as 12), and days the service counts with (DRF
# takes any day to 9999-12-31). Every input is one of these, nested ones too. (A comment, not
# a docstring: the schema would show a docstring as every input's description.)
class StrictInputSerializer(serializers.Serializer):
    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        str(name)[:100]: [
                            ErrorDetail(
                                _("This field is not part of the request."), "unknown_field"
                            )
                        ]
                        for name in unknown[:10]
                    }
                )
            unread = {
                name: refusal
                for name, value in data.items()
                if (refusal := text_refusal(self.fields[name], value))
            }
            if unread:
                raise serializers.ValidationError(unread)
        return super().to_internal_value(data)

    def run_validation(self, data: Any = serializers.empty) -> Any:
        # A serializer class may declare ``usual_body``: a check, in one pass, of the body that
        # nearly every caller sends, giving what the fields, validators and validate() would
        # give for it, or None for any other body, which then takes the whole way (and gets
        # its errors worded by the fields). Not inherited: a subclass has fields of its own.
        usual = type(self).__dict__.get("usual_body")
        if usual is not None:
            checked = usual(data)
            if checked is not None:
                return checked
        return super().run_validation(data)


# DRF gives each serializer instance its own fields by deep-copying the declared ones, and a
# field's deep copy calls its __init__ again with deep copies of its arguments (choices, help
# texts, a list's child). The hand's response, built for every hand entry, paid that for each
# of its fields (bench/RESULTS.md, "Restructuring"). Here each instance still gets fields of
# its own, bound to itself, as DRF's contract says: a plain field is copied shallowly (it keeps
# nothing of one use for the next, and its arguments are not changed after __init__); a list's
# child (a related field's child_relation) is copied with it and made the copy's own, so its
# parent and root are this instance, never another; a nested serializer is deep-copied as DRF
# does. tests/api/test_own_field_copies.py holds it to that. (A comment, not a docstring:
# drf-spectacular would show a docstring in the schema.)
class OwnFieldsCopiedShallowly(serializers.Serializer):
    def get_fields(self) -> dict[str, serializers.Field]:
        return {name: _own_copy(field) for name, field in self._declared_fields.items()}


def _own_copy(field: serializers.Field) -> serializers.Field:
    if isinstance(field, serializers.BaseSerializer):
        return copy.deepcopy(field)
    copied = object.__new__(type(field))  # what copy.copy does, without __reduce_ex__
    copied.__dict__.update(field.__dict__)
    for name in ("child", "child_relation"):
        inner = field.__dict__.get(name)
        if inner is not None:
            # Bound to the declared field in its __init__: its name, label and source are
            # the same for every copy, and only its parent becomes this copy.
            inner = _own_copy(inner)
            inner.parent = copied
            setattr(copied, name, inner)
    return copied


WHOLE_NUMBER_WORDS = gettext_lazy("A whole number, in the digits 0 to 9.")
DAY_WORDS = gettext_lazy("A date as YYYY-MM-DD, in the digits 0 to 9.")
MOMENT_WORDS = gettext_lazy("A time as ISO 8601 (2026-11-30T19:30:00+01:00), in the digits 0 to 9.")
DAYS_WORDS = f"A date {numbers.DAYS}."


def text_refusal(field: serializers.Field, value: Any) -> list | dict | None:
    """Why ``value``, sent for ``field``, is no number, day or time as numbers.py reads one
    (the errors as DRF words them: a list, or a list's by index); None when it is one, or
    when the field reads none."""
    items = _items(field, value)
    if items is not None:
        refused = {i: found for i, item in items if (found := text_refusal(field.child, item))}
        return refused or None
    if not isinstance(value, str):
        return None  # a JSON number is ASCII; anything else is the field's to refuse
    if isinstance(field, serializers.IntegerField):
        return None if numbers.is_ascii_integer(value) else _refused(WHOLE_NUMBER_WORDS)
    if isinstance(field, serializers.DecimalField | serializers.FloatField):
        return None if value.isascii() else _refused(WHOLE_NUMBER_WORDS)
    if isinstance(field, serializers.DateField):
        return _day_refusal(numbers.ascii_day(value), DAY_WORDS)
    if isinstance(field, serializers.DateTimeField):
        moment = numbers.ascii_moment(value)
        return _day_refusal(None if moment is None else moment.date(), MOMENT_WORDS)
    return None


def _items(field: serializers.Field, value: Any) -> Iterable[tuple[Any, Any]] | None:
    """A list's or a dict's items, each read by the field's child; None for other fields."""
    if isinstance(field, serializers.ListField) and isinstance(value, list):
        return enumerate(value)
    if isinstance(field, serializers.DictField) and isinstance(value, dict):
        return value.items()
    return None


def _day_refusal(day, words: str) -> list | None:
    if day is None:
        return _refused(words)
    if not numbers.day_in_range(day):
        return _refused(DAYS_WORDS, "date_out_of_range")
    return None


def _refused(words: str, code: str = "invalid") -> list[ErrorDetail]:
    return [ErrorDetail(words, code)]
