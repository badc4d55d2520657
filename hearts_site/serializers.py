"""Serializer pieces the API's inputs and outputs share."""

from __future__ import annotations

import copy
from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail


# Builds a serializer class's fields once, then gives each instance copies to bind.
#
# DRF builds them for every instance: a deep copy of the declared fields, which rebuilds each
# field (and a list's child) from its arguments, and for a ModelSerializer the model's fields
# read again from its meta. That was a quarter of an adjudication's time and a tenth of a hand
# entry's, in cProfile. The copies are shallow for plain fields, which keep no state from one
# use to the next (``bind`` sets their name and parent on the copy); a nested serializer does
# keep some, so it is still copied deeply. Fit only for fields that do not depend on the
# instance's context, as every serializer of this project. (Comments, not a docstring:
# drf-spectacular gives the first docstring of a serializer's classes to its schema.)
class FieldsBuiltOnce:
    def get_fields(self) -> dict[str, serializers.Field]:
        cls = type(self)
        built = cls.__dict__.get("_fields_built_once")
        if built is None:
            built = super().get_fields()  # type: ignore[misc]
            cls._fields_built_once = built
        return {
            name: copy.deepcopy(field)
            if isinstance(field, serializers.BaseSerializer)
            else _shallow_copy(field)
            for name, field in built.items()
        }


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
