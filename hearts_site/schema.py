"""OpenAPI generation: drf-standardized-errors' schema, aware of our own exception handler."""

from __future__ import annotations

from drf_standardized_errors.handler import exception_handler as standardized_exception_handler
from drf_standardized_errors.openapi import AutoSchema as StandardizedAutoSchema

from hearts_site.errors import exception_handler


class AutoSchema(StandardizedAutoSchema):
    """Documents the standard error responses for views that use ``hearts_site.errors``.

    drf-standardized-errors documents errors only for views whose handler is its own; ours
    converts domain errors first and then delegates to it, so the bodies are the same.
    """

    def _should_add_error_response(self, responses: dict, status_code: str) -> bool:
        if self.view.get_exception_handler() is not exception_handler:
            return super()._should_add_error_response(responses, status_code)
        self.view.get_exception_handler = lambda: standardized_exception_handler
        try:
            return super()._should_add_error_response(responses, status_code)
        finally:
            del self.view.get_exception_handler
