"""Serializer pieces every API input shares."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail


class StrictInputSerializer(serializers.Serializer):
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
