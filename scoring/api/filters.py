"""What the lists' filters share: an id filter (a club's, a league's, a season's, a player's).

It takes a whole number in ASCII digits and narrows the rows the caller may see to it. An id
that matches none of those gives an empty list, whether nothing has it or it is in a private
club the caller may not read: the two answer alike, so a list tells no one which ids exist.
"""

from __future__ import annotations

from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema_field

from hearts_site.text.forms import WholeNumberField
from scoring.api.serializers.common import MAX_ID


@extend_schema_field({"type": "integer", "minimum": 1, "maximum": MAX_ID})
class IdFilter(filters.NumberFilter):
    field_class = WholeNumberField

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("min_value", 1)
        kwargs.setdefault("max_value", MAX_ID)
        super().__init__(*args, **kwargs)
