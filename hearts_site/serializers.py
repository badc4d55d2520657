"""Serializer pieces the API's inputs and outputs share."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail


# An input serializer that refuses fields it does not know, instead of ignoring them: a phone
# that sends ``point`` for ``points`` must hear about it, not have it dropped. (A comment, not a
# docstring: the schema would show a docstring as every input's description.)
class StrictInputSerializer(serializers.Serializer):
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
