"""The pages' forms throttled as the API is: a computation (a ruling) counted per worker, a
hand sent spending the same write budget as the API's writes (per user)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from hearts_site.api.throttling import ComputeRateThrottle, FixedWindowThrottle
from scoring.pages.params import form_page
from scoring.services.throttling import count_write


class PageWriteThrottle(FixedWindowThrottle):
    scope = "writes"  # the API's write budget: one per user, whatever the door

    def count(self, key: str, bucket: int) -> int:
        return count_write(key, bucket)


def throttled(throttle_class: type[FixedWindowThrottle]) -> Callable:
    """A page whose POSTs ``throttle_class`` counts; past the budget, a 429 page with
    Retry-After. Reads (GET, HEAD) are never counted."""

    def decorate(view: Callable) -> Callable:
        @wraps(view)
        def throttled_view(request: HttpRequest, *args, **kwargs) -> HttpResponse:
            throttle = throttle_class()
            if not throttle.allow_request(request, None):
                wait = max(1, math.ceil(throttle.wait()))
                context = {"wait": wait, "wait_minutes": math.ceil(wait / 60)}
                response = render(request, "429.html", context, status=429)
                response["Retry-After"] = str(wait)
                return response
            return view(request, *args, **kwargs)

        return throttled_view

    return decorate


compute_throttled = throttled(ComputeRateThrottle)
write_throttled = throttled(PageWriteThrottle)


def signed_in_form(view: Callable) -> Callable:
    """A page a signed-in user reads and posts a form to: never cached (it may show a secret
    once), signing in first, GET or POST alone, each POST spending the write budget."""
    return never_cache(login_required(form_page(write_throttled(view))))


def signed_in_post(view: Callable) -> Callable:
    """A button a signed-in user presses (a form with no page of its own): signing in first,
    POST alone, spending the write budget."""
    return login_required(require_POST(write_throttled(view)))


class PageSignUpThrottle(PageWriteThrottle):
    scope = "signups"  # the API's sign-up budget: one per client address, whatever the door


#: A sign-up form (anonymous): its POSTs spend the sign-up budget of the client's address.
signup_throttled = throttled(PageSignUpThrottle)


class PageExportThrottle(PageWriteThrottle):
    scope = "exports"  # the API's export budget, per user, reads counted too
    counts_reads = True


#: A download (a person's own data): each GET spends the export budget, as the API's does.
export_throttled = throttled(PageExportThrottle)
