"""One rule for query parameters, on every operation: a parameter the operation does not take is
refused with a 400 ``unknown_field`` naming it, as a body's unknown field is
(``StrictInputSerializer``); ``?ordering=`` names fields the list sorts by, else a 400
``invalid_ordering``. A misspelt filter (``?leage=3``) would otherwise answer every row, as if
it had been obeyed.

Where the parameters are known: a list's from its paginator, filters and ordering
(``StrictLimitOffsetPagination``); a query serializer's from its fields (a strict input);
any other read names what it takes with ``takes_query``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import wraps

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ErrorDetail, ValidationError
from rest_framework.filters import OrderingFilter

UNKNOWN = gettext_lazy("This parameter is not taken here.")


def refuse_unknown(request, known: Iterable[str]) -> None:
    """A 400 ``unknown_field`` for each query parameter of ``request`` not in ``known``."""
    unknown = sorted(set(request.query_params) - set(known))
    if unknown:
        raise ValidationError(
            {str(name)[:100]: [ErrorDetail(UNKNOWN, "unknown_field")] for name in unknown[:10]}
        )


def takes_query(*names: str) -> Callable:
    """A view method that takes these query parameters (none, when none is named) and refuses
    any other."""

    def decorate(method: Callable) -> Callable:
        @wraps(method)
        def checked(view, request, *args, **kwargs):
            refuse_unknown(request, names)
            return method(view, request, *args, **kwargs)

        return checked

    return decorate


def list_parameters(view, paginator) -> frozenset[str]:
    """The query parameters a list takes: its paginator's, its filters' (django-filter's), its
    ordering's, and any it reads itself (``query_parameters``). The same for every request to
    a view class: worked out once."""
    key = (type(view), type(paginator))
    known = _KNOWN.get(key)
    if known is None:
        known = _KNOWN[key] = frozenset(_parameters_of(view, paginator))
    return known


_KNOWN: dict[tuple[type, type], frozenset[str]] = {}


def _parameters_of(view, paginator) -> set[str]:
    known = {paginator.limit_query_param, paginator.offset_query_param}
    known |= set(getattr(view, "query_parameters", ()))
    for backend in getattr(view, "filter_backends", ()):
        if isinstance(backend, type) and issubclass(backend, OrderingFilter):
            if getattr(view, "ordering_fields", None):
                known.add(backend.ordering_param)
        elif hasattr(backend, "get_filterset_class"):
            filterset = backend().get_filterset_class(view, view.get_queryset())
            known |= set(filterset.base_filters) if filterset else set()
    return known


class StrictOrderingFilter(OrderingFilter):
    """DRF's ordering, refusing what it would ignore: a field the list does not sort by. The
    schema documents ``?ordering=`` only where the list takes it, with the orderings it takes
    (each field, ascending or with a leading ``-``; a comma joins several)."""

    def get_schema_operation_parameters(self, view):
        fields = getattr(view, "ordering_fields", None)
        if not fields or fields == "__all__":
            return [] if not fields else super().get_schema_operation_parameters(view)
        names = [field if isinstance(field, str) else field[0] for field in fields]
        one = "|".join(f"-?{name}" for name in names)
        [parameter] = super().get_schema_operation_parameters(view)
        parameter["schema"]["pattern"] = f"^({one})(,({one}))*$"
        parameter["description"] = f"Order by {', '.join(names)} (a leading - for descending)."
        return [parameter]

    def remove_invalid_fields(self, queryset, fields, view, request):
        valid = super().remove_invalid_fields(queryset, fields, view, request)
        if len(valid) != len([field for field in fields if field]):
            allowed = sorted(name for name, _ in self.get_valid_fields(queryset, view, {}))
            raise ValidationError(
                {
                    self.ordering_param: [
                        ErrorDetail(
                            _("Order by {join} (a leading - for descending).").format(
                                join=", ".join(allowed)
                            ),
                            "invalid_ordering",
                        )
                    ]
                }
            )
        return valid
