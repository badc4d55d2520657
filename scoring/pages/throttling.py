"""The pages' forms throttled as the API is: a computation (a ruling) counted per worker, a
hand sent spending the same write budget as the API's writes (per user)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from hearts_site.throttling import ComputeRateThrottle, FixedWindowThrottle
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
                response = render(request, "429.html", {"wait": wait}, status=429)
                response["Retry-After"] = str(wait)
                return response
            return view(request, *args, **kwargs)

        return throttled_view

    return decorate


compute_throttled = throttled(ComputeRateThrottle)
write_throttled = throttled(PageWriteThrottle)
