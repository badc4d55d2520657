"""The language picker every page carries: the choice is kept in a cookie (a year), and on the
account of a signed-in user, whose choice each sign-in sets again."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from hearts_site.errors import DomainError
from scoring import services


def remember_language(response: HttpResponse, language: str) -> HttpResponse:
    """The picker's cookie, as Django's LocaleMiddleware reads it."""
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME,
        language,
        max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH,
        domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE,
        httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE,
    )
    return response


def back_to(request: HttpRequest) -> str:
    """The page the picker was on: a path of this site, else the home page."""
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    return target if safe and target.startswith("/") else "/"


@require_POST
def choose_language(request: HttpRequest) -> HttpResponse:
    """Sets the language and goes back; a language not offered changes nothing, and says so."""
    response = HttpResponseRedirect(back_to(request))
    try:
        language = services.choose_language(
            user=request.user, language=request.POST.get("language", "")
        )
    except DomainError as refusal:
        messages.error(request, refusal.detail)
        return response
    return remember_language(response, language)
