"""Serializer pieces the API's inputs and outputs share."""

from __future__ import annotations

import copy
from functools import cached_property
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail
from rest_framework.utils.serializer_helpers import BindingDict


# Builds a serializer class's fields once, and binds them once, then gives each instance copies.
#
# DRF builds them for every instance: a deep copy of the declared fields, which rebuilds each
# field (and a list's child) from its arguments, and for a ModelSerializer the model's fields
# read again from its meta; then it binds each to the instance. That was a quarter of an
# adjudication's time and a tenth of a hand entry's, in cProfile. Here the first instance's
# bound fields are kept, and each later instance gets shallow copies of them with itself as
# their parent: what ``bind`` sets besides the parent (name, label, source) is the same for
# every instance, and plain fields keep no state from one use to the next. A nested serializer
# does keep some, so it is still copied deeply and bound. (The adjudication input, 10 fields:
# 25 µs an instance when each copy was bound again, 18 now.) Fit only for serializers whose
# fields are not chosen by the instance (its context, its object), as every serializer of this
# project. (Comments, not a docstring: drf-spectacular gives the first docstring of a
# serializer's classes to its schema.)
class FieldsBuiltOnce:
    def get_fields(self) -> dict[str, serializers.Field]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built
        return {name: _copy(field) for name, field in built.items()}

    @cached_property
    def fields(self) -> BindingDict:
        cls = type(self)
        bound = cls.__dict__.get("_fields_bound_once")
        fields = BindingDict(self)
        if bound is None:
            for name, field in self.get_fields().items():
                fields[name] = field  # binds it
            cls._fields_bound_once = {name: _copy(field) for name, field in fields.items()}
            return fields
        for name, field in bound.items():
            copied = _copy(field)
            if isinstance(copied, serializers.BaseSerializer):
                fields[name] = copied  # a fresh copy: binds it
            else:
                copied.parent = self
                fields.fields[name] = copied
        return fields


def _copy(field: serializers.Field) -> serializers.Field:
    if isinstance(field, serializers.BaseSerializer):
        return copy.deepcopy(field)  # rebuilt from its arguments, unbound
    return _shallow_copy(field)


def _shallow_copy(field: serializers.Field) -> serializers.Field:
    # What copy.copy does for a field, without its trip through __reduce_ex__: a quarter of the
    # time (10 fields: 6 µs, was 24).
    copied = object.__new__(type(field))
    copied.__dict__.update(field.__dict__)
    return copied


# A model's representation in a response.
class OutputModelSerializer(FieldsBuiltOnce, serializers.ModelSerializer):
    pass


class StrictInputSerializer(FieldsBuiltOnce, serializers.Serializer):
    """An input serializer that refuses fields it does not know, instead of ignoring them.

    A phone that sends ``point`` for ``points`` must hear about it, not have it dropped.
    """

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(
                    {
                        str(name)[:100]: [
                            ErrorDetail("This field is not part of the request.", "unknown_field")
                        ]
                        for name in unknown[:10]
                    }
                )
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
