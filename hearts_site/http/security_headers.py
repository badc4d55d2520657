"""The Content-Security-Policy header, built once for the responses that all share it.

django-csp builds the policy string from ``CONTENT_SECURITY_POLICY`` anew for every response,
though it can differ only where a view overrides it (``csp_update`` and the like) or a nonce
was used (Redoc's page). Every other response gets the same string: this middleware builds it
once, and leaves those two cases to django-csp itself. ``tests/hardening/test_csp_built_once.py``
pins that the headers are byte for byte django-csp's own.
"""

from __future__ import annotations

import http.client as http_client

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as LibraryCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed

# What a view's decorator leaves on its response to change the policy (django-csp's names).
OVERRIDES = frozenset(
    (
        "_csp_config",
        "_csp_update",
        "_csp_replace",
        "_csp_config_ro",
        "_csp_update_ro",
        "_csp_replace_ro",
    )
)
DEBUG_PAGES = (http_client.INTERNAL_SERVER_ERROR, http_client.NOT_FOUND)


class SharedPolicy:
    """One header's value and the path prefixes it skips, from its setting."""

    def __init__(self, header: str, setting: str, report_only: bool) -> None:
        self.header = header
        self.value = build_policy(report_only=report_only)
        policy = getattr(settings, setting, None) or {}
        self.excluded = tuple(policy.get("EXCLUDE_URL_PREFIXES", None) or ())
        self.exempt_flag = "_csp_exempt_ro" if report_only else "_csp_exempt"

    def apply(self, request, response) -> None:
        if (
            self.value
            and self.header not in response
            and getattr(response, self.exempt_flag, False) is False
            and not request.path_info.startswith(self.excluded)
        ):
            response[self.header] = self.value


class CSPMiddleware(LibraryCSPMiddleware):
    """django-csp's middleware; a response with no override and no nonce gets the policy built
    once (again when a test changes the setting)."""

    def __init__(self, get_response) -> None:
        super().__init__(get_response)
        self._policies: tuple[SharedPolicy, SharedPolicy] | None = None
        # Never evaluated to a value (it raises), so one serves every request.
        self._nonce_refused = CheckableLazyObject(self._csp_nonce_post_response)
        setting_changed.connect(self._forget_policies)

    def _forget_policies(self, setting: str, **kwargs) -> None:
        if setting in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY"):
            self._policies = None

    def process_response(self, request, response):
        if getattr(request, "_csp_nonce", None) is not None or not OVERRIDES.isdisjoint(
            vars(response)
        ):
            return super().process_response(request, response)
        if response.status_code in DEBUG_PAGES and settings.DEBUG:
            return response
        if self._policies is None:
            self._policies = (
                SharedPolicy(HEADER, "CONTENT_SECURITY_POLICY", report_only=False),
                SharedPolicy(HEADER_REPORT_ONLY, "CONTENT_SECURITY_POLICY_REPORT_ONLY", True),
            )
        for policy in self._policies:
            policy.apply(request, response)
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = self._nonce_refused
        return response
