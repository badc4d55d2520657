"""The password pages: change one's own; a director's or owner's one-time reset links for the
members of their club (there is no e-mail); and the page such a link opens."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.pages import access
from scoring.pages.forms.passwords import ChangePasswordForm, NewPasswordForm, ResetLinkForm
from scoring.pages.params import form_page, posted
from scoring.pages.throttling import signed_in_form, write_throttled
from scoring.selectors.passwords import MANAGERS, NOT_A_MANAGER, reset_candidates


@signed_in_form
def password_change(request: HttpRequest) -> HttpResponse:
    form = ChangePasswordForm(request.user, posted(request), request=request)
    if form.is_bound and form.is_valid():
        services.change_password(
            request=request, user=request.user, password=form.cleaned_data["new_password1"]
        )
        messages.success(
            request,
            _(
                "Password changed. You stay signed in here; every other session and device token "
                "is signed out."
            ),
        )
        return redirect("page-password-change")
    return render(request, "pages/password_change.html", {"form": form})


@signed_in_form
def reset_links(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_in_role(request.user, slug, MANAGERS, NOT_A_MANAGER)
    form = ResetLinkForm(posted(request))
    made = None
    if form.is_bound and form.is_valid():
        try:
            link, key = services.make_reset_link(
                actor=request.user, club=club, user_id=form.cleaned_data["user"]
            )
        except DomainError as refusal:
            raise PermissionDenied(refusal.detail) from None
        made = {
            "url": request.build_absolute_uri(reverse("page-password-reset", args=[key])),
            "name": selectors.display_name(link.user, club.pk),
            "expires_at": link.expires_at,
        }
    context = {
        "club": club,
        "members": reset_candidates(request.user, club),
        "made": made,
        "hours": int(settings.PASSWORD_RESET_LINK_TTL.total_seconds() // 3600),
    }
    return render(request, "pages/reset_links.html", context)


@never_cache
@form_page
@write_throttled
def password_reset(request: HttpRequest, key: str) -> HttpResponse:
    try:
        link = services.open_reset_link(key)
        form = NewPasswordForm(link.user, posted(request))
        if form.is_bound and form.is_valid():
            user = services.reset_password(key=key, password=form.cleaned_data["new_password1"])
            messages.success(
                request,
                _("Password set. Sign in as {username} with it now.").format(
                    username=user.get_username()
                ),
            )
            return redirect("login")
    except DomainError as gone:  # unknown, used, replaced or expired (perhaps a moment ago)
        return render(request, "pages/password_reset.html", {"gone": gone.detail}, status=404)
    context = {"form": form, "user_shown": link.user}
    return render(request, "pages/password_reset.html", context)
