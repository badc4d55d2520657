"""Which account a page was rendered for, said on every HTML page for the offline app."""

from __future__ import annotations

ACCOUNT_HEADER = "Hearts-Account"


class AccountHeaderMiddleware:
    """Each HTML page says which account it was rendered for: ``Hearts-Account`` is the user's
    id, empty when nobody is signed in. The offline app's worker (templates/offline/sw.js)
    keeps pages for one account at a time and drops them when a page for anyone else comes;
    the page's ``<body data-account>`` says the same to its scripts (static/js/outbox.js)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html"):
            user = getattr(request, "user", None)
            signed_in = user is not None and user.is_authenticated
            response[ACCOUNT_HEADER] = str(user.pk) if signed_in else ""
        return response
