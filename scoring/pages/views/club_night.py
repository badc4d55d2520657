"""The club night's pages: a hand confirmed or queried at the table (from the player's own
phone, or by PIN on the scorer's, or by a director for the table), the director's room view,
the wall, the player's own page (my games, my records, my PIN), a director setting a player's
PIN or inviting them, and claims."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from hearts_site.errors import DomainError
from hearts_site.text.names import isolated_in
from scoring import selectors, services
from scoring.models import Club, Game, Player, Role
from scoring.pages import access
from scoring.pages.forms.account import PlayerInvitationForm
from scoring.pages.forms.confirmations import PIN_IS, ConfirmForm, PinForm, QueryForm, SeenForm
from scoring.pages.params import int_param
from scoring.pages.refusals import first_error, refusal_words
from scoring.pages.throttling import signed_in_form, signed_in_post
from scoring.pages.views.game_actions import _back, _carried_out
from scoring.pages.views.members import shared_link
from scoring.pages.views.name_visibility import visibility_form
from scoring.pages.views.nights import night_context
from scoring.selectors.nights import night_of


def _confirm_form(request: HttpRequest, game: Game) -> forms.Form:
    players = [
        (s.player_id, selectors.shown_player(s.player)) for s in game.seats.select_related("player")
    ]
    return ConfirmForm(request.POST, players=players)


# What each form at the table does to a waiting hand: the form, the service it calls, the
# service's own arguments from the form's data, and the words once done. A director confirms
# for a table whose players cannot (no phone, no PIN).
AT_THE_TABLE: dict[str, tuple[Callable, Callable[..., object], Callable[[dict], dict], Any]] = {
    "confirm": (
        _confirm_form,
        services.confirm_hand,
        lambda data: {"player_id": data.get("player") or None, "pin": data.get("pin") or None},
        gettext_lazy("Hand {number} is confirmed: it counts."),
    ),
    "confirm-for-table": (
        lambda request, game: SeenForm(request.POST),
        services.confirm_for_table,
        lambda data: {},
        gettext_lazy("Hand {number} is confirmed for the table: it counts."),
    ),
    "query": (
        lambda request, game: QueryForm(request.POST),
        services.query_hand,
        lambda data: {"record": {}, "reason": data["reason"]},
        gettext_lazy("Hand {number} is queried: a director will rule on it."),
    ),
}


@signed_in_post
def hand_at_the_table(request: HttpRequest, pk: int, number: int, action: str) -> HttpResponse:
    """A hand confirmed or queried from the game page (``AT_THE_TABLE[action]``): the form's
    first refusal, or the service called with the hand, the actor, the revision the form showed
    and the form's own arguments."""
    form_of, write, arguments, done = AT_THE_TABLE[action]
    game = access.readable_game(request, pk)
    form = form_of(request, game)
    if not form.is_valid():
        messages.error(request, first_error(form))
        return _back(game, "#waiting")
    data = form.cleaned_data
    return _carried_out(
        request,
        game,
        lambda: write(
            game_id=game.pk,
            number=number,
            actor=request.user,
            expected_revision=data["revision"],
            **arguments(data),
        ),
        done.format(number=number),
        number=number,
        anchor="#waiting",
    )


@never_cache
@login_required
@require_safe
def room_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Every table of tonight on one page; static/js/live.js polls the room API and swaps it."""
    club = access.club_in_role(
        request.user, slug, selectors.DIRECTORS, _("The room view is for the club's directors.")
    )
    room = selectors.room(club, timezone.localdate())
    return render(request, "pages/room.html", {"club": club, "room": room})


@never_cache
@require_safe
def wall_page(request: HttpRequest, slug: str) -> HttpResponse:
    """Tonight's tables and the night's standings for a wall screen, updating itself
    (static/js/live.js polls the wall API, whose version follows the night too): for anyone
    who may read the club, so a public club's wall needs no one signed in; a private club's
    is for its members (a 404 for others)."""
    club = access.readable(request.user, Club, "club", slug=slug)
    day = timezone.localdate()
    room = selectors.room(club, day)
    context = {"club": club, "room": room, "version": selectors.wall_version(club, day)}
    detail = None
    if room["night"]:  # the evening's night: its clock, its draw, its results, its check-in code
        context.update(night_context(request, club, night_of(club, room["night"]["id"])))
        detail = context["detail"]
    context["wall"] = selectors.wall_screen(room, detail)
    return render(request, "pages/wall.html", context)


@signed_in_form
def my_page(request: HttpRequest) -> HttpResponse:
    """My players, my table tonight, my games, my records, and my PIN."""
    players = list(selectors.linked_players(request.user))
    for player in players:
        player.visibility_form = visibility_form(request.user, player)
    form = PinForm()
    if request.method == "POST":
        player = get_object_or_404(
            selectors.linked_players(request.user), pk=int_param(request.POST.get("player"))
        )
        form = PinForm(request.POST)
        done = isolated_in(_("Your PIN at {club} is set."), club=player.club.name)
        if form.is_valid() and _pin_set(request, player, form.cleaned_data["pin"], done):
            return redirect("page-me")
    games = selectors.my_games(request.user).prefetch_related("seats__player")
    context = {
        "players": players,
        "tonight": list(selectors.my_games(request.user, in_progress=True)[:5]),
        "games": list(games[:20]),
        "stats": selectors.my_stats(request.user),
        "form": form,
    }
    return render(request, "pages/me.html", context)


def _pin_set(request: HttpRequest, player: Player, pin: str, done: str) -> bool:
    """Sets the player's PIN, saying ``done`` or the refusal in a message."""
    try:
        services.set_pin(player=player, pin=pin)
    except DomainError as exc:
        messages.error(request, refusal_words(exc, fallback=str(PIN_IS)))
        return False
    messages.success(request, done)
    return True


@never_cache
@signed_in_post
def player_pin(request: HttpRequest, pk: int) -> HttpResponse:
    """A director sets or resets a player's PIN (typed by the player on the director's phone,
    or told to them), from the player's page."""
    player = access.readable(request.user, Player, "player", pk=pk)
    if selectors.role_in(request.user, player.club_id) not in selectors.DIRECTORS:
        raise PermissionDenied(_("A director of the club sets a player's PIN."))
    form = PinForm(request.POST)
    if not form.is_valid():
        messages.error(request, first_error(form, PIN_IS))
        return redirect(reverse("page-player", args=[pk]) + "#pin")
    done = _("{player}'s PIN is set: they confirm hands with it on a scorer's phone.")
    _pin_set(request, player, form.cleaned_data["pin"], isolated_in(done, player=player.name))
    return redirect(reverse("page-player", args=[pk]) + "#pin")


@signed_in_post
def player_claim(request: HttpRequest, pk: int) -> HttpResponse:
    player = access.readable(request.user, Player, "player", pk=pk)
    try:
        services.claim_player(player=player, user=request.user)
    except DomainError as exc:
        messages.error(request, refusal_words(exc))
    else:
        messages.success(request, _("Claim sent: a director of the club will approve it."))
    return redirect("page-player", pk=pk)


@signed_in_form
def claims_page(request: HttpRequest, slug: str) -> HttpResponse:
    """A director approves or refuses the members' claims to be the club's players."""
    club = access.club_in_role(
        request.user, slug, selectors.DIRECTORS, _("Claims are decided by the club's directors.")
    )
    if request.method == "POST":
        decision = request.POST.get("decision")
        claim_id = int_param(request.POST.get("claim"))
        if decision in ("approve", "refuse") and claim_id is not None:
            try:
                claim = services.decide_claim(
                    claim_id=claim_id, club_id=club.pk, decision=decision, actor=request.user
                )
            except DomainError as exc:
                messages.error(request, refusal_words(exc))
            else:
                name = claim.player.name
                done = (
                    isolated_in(_("{name} is linked to that account."), name=name)
                    if decision == "approve"
                    else isolated_in(_("The claim to be {name} is refused."), name=name)
                )
                messages.success(request, done)
        return redirect("page-claims", slug=club.slug)
    claims = selectors.pending_claims(club)
    return render(request, "pages/claims.html", {"club": club, "claims": claims})


@never_cache
@signed_in_post
def player_invite(request: HttpRequest, pk: int) -> HttpResponse:
    """A director's link to be this player: whoever accepts it signed in is linked to it."""
    player = access.readable(request.user, Player, "player", pk=pk)
    if selectors.role_in(request.user, player.club_id) not in selectors.DIRECTORS:
        raise PermissionDenied(_("Directors invite someone to be a player."))
    form = PlayerInvitationForm(request.POST)
    if not form.is_valid():
        messages.error(request, form.errors["role"][0])
        return redirect("page-player", pk=pk)
    role = form.cleaned_data["role"] or Role.MEMBER
    try:
        _invitation, token = services.invite_player(player=player, actor=request.user, role=role)
    except DomainError as exc:
        messages.error(request, refusal_words(exc))
        return redirect("page-player", pk=pk)
    link = shared_link(
        request,
        token,
        _("Invitation to be {player} at {club}").format(player=player.name, club=player.club.name),
    )
    return render(request, "pages/player_invite.html", {"player": player, "link": link})
