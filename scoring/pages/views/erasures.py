"""Erasures on the pages (issue 55, point 2): "Forget me" from the account page, a director's
erasure of a player without an account from the player's page, and the club's record of the
people forgotten, with the webhook deliveries that had named them, for its directors."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import logout
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from hearts_site.text.names import isolated_in
from scoring import selectors, services
from scoring.models import Player
from scoring.pages import access
from scoring.pages.forms.erasures import FORGET_ME_LABEL, FORGET_PLAYER_LABEL, ForgetForm
from scoring.pages.params import posted
from scoring.pages.throttling import signed_in_form


@signed_in_form
def forget_me(request: HttpRequest) -> HttpResponse:
    """What an erasure removes and keeps, then the typed username that does it; signed out
    after, told the pseudonym their results carry."""
    user = request.user
    form = ForgetForm(posted(request), label=FORGET_ME_LABEL)
    erasures = form.written(
        lambda: services.erase_me(user=user, confirm=form.cleaned_data["confirm"])
    )
    if erasures is not None:
        logout(request)
        names = sorted({e.pseudonym for e in erasures if e.pseudonym})
        if names:
            done = _("You are forgotten. Your results stay, as {pseudonym}.")
            messages.success(request, isolated_in(done, pseudonym=", ".join(names)))
        else:
            messages.success(request, _("You are forgotten: your account is gone."))
        return redirect("home")
    context = {
        "form": form,
        "players": list(selectors.linked_players(user).select_related("club")),
        "username": user.get_username(),
    }
    return render(request, "pages/forget_me.html", context, status=400 if form.errors else 200)


@signed_in_form
def forget_player(request: HttpRequest, pk: int) -> HttpResponse:
    """A director erases a player without an account, typing its name."""
    player = access.readable(request.user, Player.objects.select_related("club"), "player", pk=pk)
    if selectors.role_in(request.user, player.club_id) not in selectors.DIRECTORS:
        raise PermissionDenied(_("Only a director of the club can erase a player."))
    form = ForgetForm(posted(request), label=FORGET_PLAYER_LABEL)
    erasure = form.written(
        lambda: services.erase_player(
            player=player, actor=request.user, confirm=form.cleaned_data["confirm"]
        )
    )
    if erasure is not None:
        messages.success(
            request,
            isolated_in(
                _("The name is erased: the results stay, as {pseudonym}."),
                pseudonym=erasure.pseudonym,
            ),
        )
        return redirect("page-erasures", slug=player.club.slug)
    context = {"form": form, "player": player, "club": player.club}
    return render(request, "pages/forget_player.html", context, status=400 if form.errors else 200)


@require_safe
def club_erasures(request: HttpRequest, slug: str) -> HttpResponse:
    """The people forgotten in the club, newest first, without their names."""
    club = access.club_in_role(
        request.user, slug, selectors.DIRECTORS, _("Only the club's directors see its erasures.")
    )
    erasures = list(selectors.club_erasures(club)[: selectors.ERASURES_SHOWN])
    rows = [(e, selectors.erasure_deliveries(e)) for e in erasures]
    return render(request, "pages/erasures.html", {"club": club, "rows": rows})
