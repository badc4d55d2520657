"""Content negotiation: DRF's, with the usual request answered at once."""

from __future__ import annotations

from rest_framework.negotiation import DefaultContentNegotiation

from hearts_site.headers import request_header


class UsualAcceptFirst(DefaultContentNegotiation):
    """A request that accepts anything (no Accept, or ``*/*``, as phones' fetch sends) or names
    the view's first media type exactly, with no ``?format=``, gets the first renderer, as
    DRF's negotiation would give it, without parsing and ranking the header (5% of a kept
    scoreboard's time in cProfile), nor the query string when there is none. Anything else is
    negotiated by DRF."""

    def select_renderer(self, request, renderers, format_suffix=None):
        if renderers and not format_suffix:
            first = renderers[0]
            override = self.settings.URL_FORMAT_OVERRIDE
            if request_header(request, "Accept", "*/*") in ("*/*", first.media_type) and not (
                override and request.META.get("QUERY_STRING") and override in request.query_params
            ):
                return first, first.media_type
        return super().select_renderer(request, renderers, format_suffix)
