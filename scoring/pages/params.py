"""What a page reads from its request, read defensively: a bad value is None, never a 500."""

from __future__ import annotations

from django.http import HttpRequest, QueryDict
from django.views.decorators.http import require_http_methods

from hearts_site.text.numbers import ascii_whole_number


def posted(request: HttpRequest) -> QueryDict | None:
    """The posted form's data for a POST (a bound form), None otherwise (an empty form)."""
    return request.POST if request.method == "POST" else None


def int_param(value: str | None, *, low: int = 1, high: int = 2**31 - 1) -> int | None:
    """A query parameter as a whole number in range, or None for anything else."""
    number = ascii_whole_number(value.strip() if value else None, max_digits=12)
    return number if number is not None and low <= number <= high else None


#: The methods of a page with a form: GET (and HEAD) show it, POST sends it.
form_page = require_http_methods(["GET", "HEAD", "POST"])
