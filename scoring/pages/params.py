"""What a page reads from its request, read defensively: a bad value is None, never a 500."""

from __future__ import annotations

from django.http import HttpRequest, QueryDict
from django.views.decorators.http import require_http_methods


def posted(request: HttpRequest) -> QueryDict | None:
    """The posted form's data for a POST (a bound form), None otherwise (an empty form)."""
    return request.POST if request.method == "POST" else None


def int_param(value: str | None, *, low: int = 1, high: int = 2**31 - 1) -> int | None:
    """A query parameter as a whole number in range, or None for anything else."""
    if value is None or not value.strip().isdigit() or len(value.strip()) > 12:
        return None
    number = int(value.strip())
    return number if low <= number <= high else None


#: The methods of a page with a form: GET (and HEAD) show it, POST sends it.
form_page = require_http_methods(["GET", "HEAD", "POST"])
