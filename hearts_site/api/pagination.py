"""Pagination that says so when ``limit`` or ``offset`` is not a number, instead of ignoring it,
and a list that refuses a query parameter it does not take (hearts_site/api/query.py)."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import LimitOffsetPagination

from hearts_site.api.query import list_parameters, refuse_unknown
from hearts_site.text.numbers import ascii_whole_number


class StrictLimitOffsetPagination(LimitOffsetPagination):
    max_limit = 500

    def _strict(self, request, name: str, maximum: int | None) -> None:
        values = request.query_params.getlist(name)
        if not values:
            return
        number = ascii_whole_number(values[-1])
        if len(values) > 1 or number is None or (maximum is not None and number > maximum):
            if maximum is not None:
                words = _("{name} must be one whole number from 0 to {maximum}.").format(
                    name=name, maximum=maximum
                )
            else:
                words = _("{name} must be one whole number from 0.").format(name=name)
            raise ValidationError({name: [words]}, code="invalid")

    def get_schema_operation_parameters(self, view):
        """DRF's two parameters, with the bounds ``_strict`` holds them to."""
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 0
            if parameter["name"] == self.limit_query_param:
                parameter["schema"]["maximum"] = self.max_limit
            else:  # read as at most 18 digits (hearts_site/text/numbers.py)
                parameter["schema"]["maximum"] = 10**18 - 1
        return parameters

    def paginate_queryset(self, queryset, request, view=None):
        if view is not None:
            refuse_unknown(request, list_parameters(view, self))
        self._strict(request, self.limit_query_param, self.max_limit)
        self._strict(request, self.offset_query_param, None)
        return super().paginate_queryset(queryset, request, view)
