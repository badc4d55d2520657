"""Throttling per user (every device token of a user shares its budget), never per address
alone: every phone at a venue shares one. Counters live in the shared cache."""

from __future__ import annotations

from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import SimpleRateThrottle


class WriteRateThrottle(SimpleRateThrottle):
    """Writes and adjudications, counted per signed-in user (per address only when anonymous)."""

    scope = "writes"

    def allow_request(self, request, view) -> bool:
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request, view) -> str:
        if request.user and request.user.is_authenticated:
            ident = f"user:{request.user.pk}"
        else:
            ident = f"anon:{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}
