"""A tournament night's pages: opened by a director, the director's night page (check-ins, the
draw with its quality words, publish, start, the countdown, standings), a player's own check-in
(the wall's QR code), and the printable night sheet."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError
from hearts_site.text.names import isolated_in
from scoring import selectors, services
from scoring.models import Club, GameStatus, Night, NightStatus, Player
from scoring.pages import access
from scoring.pages.forms.nights import NightActionForm, NightForm
from scoring.pages.forms.refusals import plain_words
from scoring.pages.params import posted
from scoring.pages.qr import qr_svg
from scoring.pages.throttling import signed_in_form, signed_in_post
from scoring.selectors.nights import (
    fix_choices,
    night_detail,
    night_hands,
    night_of,
    quality_words,
    seat_of,
    seat_words,
)


def _night(request: HttpRequest, slug: str, pk: int) -> tuple[Club, Night]:
    club = access.readable(request.user, Club, "club", slug=slug)
    night = night_of(club, pk)
    if night is None:
        raise Http404(_("No such night."))
    return club, night


def check_in_link(request: HttpRequest, club: Club, night: Night) -> dict:
    """The night's self check-in address and its QR code, for the wall and the night page."""
    url = request.build_absolute_uri(reverse("page-night-check-in", args=[club.slug, night.pk]))
    return {"url": url, "qr": qr_svg(url, _("Check in at {night}").format(night=night.name))}


def night_context(request: HttpRequest, club: Club, night: Night) -> dict:
    """What the night page, the wall and the sheet show of a night."""
    detail = night_detail(night)
    return {
        "club": club,
        "night": night,
        "detail": detail,
        "seats": seat_words(detail["current"], isolated=True),
        "latest": detail["latest"],
        "results": detail["results"],
        "server_now": timezone.now(),
        "check_in": check_in_link(request, club, night),
    }


@signed_in_form
def night_new(request: HttpRequest, slug: str) -> HttpResponse:
    club = access.club_in_role(
        request.user, slug, selectors.DIRECTORS, _("The club's directors open a night.")
    )
    form = NightForm(posted(request), leagues=list(club.leagues.all()))
    night = form.written(lambda: services.open_night(club=club, actor=request.user, **form.night()))
    if night is not None:
        messages.success(
            request, isolated_in(_("{night} is open: check the players in."), night=night.name)
        )
        return redirect("page-night", slug=club.slug, pk=night.pk)
    status = 400 if form.is_bound else 200
    return render(request, "pages/night_new.html", {"club": club, "form": form}, status=status)


@never_cache
@require_safe
def night_page(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The night: its director runs it from here; its members read it."""
    club, night = _night(request, slug, pk)
    context = night_context(request, club, night)
    context["is_director"] = selectors.role_in(request.user, club.pk) in selectors.DIRECTORS
    if context["is_director"]:
        here = {c["player"] for c in context["detail"]["check_ins"] if c["present"]}
        context["absent"] = [p for p in selectors.club_players(club) if p.pk not in here]
        context.update(fix_choices(context["detail"]))
    return render(request, "pages/night.html", context)


def _done(action: str, night: Night, player: Player | None, result) -> str:
    """What a director's action did, in words."""
    if action == "check_in":
        return isolated_in(
            _("{player} is checked in: plays from round {round}."),
            player=player.name,
            round=result.arrived_before,
        )
    if action == "withdraw" and result.withdrawn_before > 1:
        return isolated_in(
            _("{player} withdrew: they play no round after round {round}; those played stay."),
            player=player.name,
            round=result.withdrawn_before - 1,
        )
    if action == "withdraw":
        return isolated_in(_("{player} withdrew: the rounds played stay."), player=player.name)
    if action in TABLE_CHANGES or action == "withdraw_now":
        return _changed_words(action, player, result)
    if action == "draw":
        # Translators: {quality} is a sentence on how good the draw is.
        return _("Round {number} is drawn. {quality} Publish it to make its tables.").format(
            number=result.number, quality=quality_words(result)
        )
    if action == "publish":
        return _("Round {number} is published: its tables are out.").format(number=result.number)
    if action == "start" and result.ends_at:
        bell = timezone.localtime(result.ends_at)
        return _("Round {number} started: it ends at {time}.").format(
            number=result.number, time=f"{bell:%H:%M:%S}"
        )
    if action == "start":
        return ngettext(
            "Round {number} started: {hands} hand a table.",
            "Round {number} started: {hands} hands a table.",
            result.hands,
        ).format(number=result.number, hands=result.hands)
    if action == "settle":
        words = {
            "confirm": _("{table}, hand {hand} is confirmed for the table: it counts."),
            "drop": _("{table}, hand {hand} is dropped: it counts for nothing."),
        }
        return words[result["decision"]].format(table=result["table_name"], hand=result["hand"])
    if action in ("end", "end_now"):
        night.refresh_from_db()
        if night.status == NightStatus.CLOSED:
            return _("Round {number} is over. The night is over.").format(number=result.number)
        return _("Round {number} is over.").format(number=result.number)
    return isolated_in(_("{night} is closed."), night=night.name)


#: The actions on one table or its seats, by their service (``NightActionForm.table_change``).
TABLE_CHANGES = {
    "check_in_many": services.check_in_many,
    "swap": services.swap_seats,
    "move": services.move_player,
    "redraw_table": services.redraw_table,
    "substitute": services.substitute,
    "extend": services.extend_table,
    "finish_table": services.finish_table,
}


def _changed_words(action: str, player: Player | None, result) -> str:
    """What a change of the night's tables did, in words."""
    if action == "check_in_many":
        return ngettext(
            "{count} player is checked in.", "{count} players are checked in.", len(result)
        ).format(count=len(result))
    if action == "withdraw_now":
        return isolated_in(
            _("{player} left: their table's hands stand, and its game is over."),
            player=player.name,
        )
    if action in ("swap", "move", "redraw_table"):
        return _("The seats are changed. {quality}").format(quality=quality_words(result))
    if action == "substitute":
        return isolated_in(
            _("{player} takes the seat at {table} from its next hand."),
            player=player.name,
            table=result.name,
        )
    if action == "extend":
        return _("{table} plays on: its bell is {minutes} minutes later.").format(
            table=result.name, minutes=result.extensions[-1]["minutes"]
        )
    if result.game.status == GameStatus.ABANDONED:
        return _("{table} is over: it had no hand, so its game is abandoned.").format(
            table=result.name
        )
    return _("{table} is over: its hands stand.").format(table=result.name)


def _act(action: str, club: Club, night: Night, player: Player | None, actor, more: dict):
    common = {"club": club, "night_id": night.pk, "actor": actor}
    if action == "start":
        return services.start_round(**common, **more)
    if action in TABLE_CHANGES:
        return TABLE_CHANGES[action](**common, **more)
    if action in ("check_in", "withdraw", "withdraw_now"):
        if player is None:
            raise DomainError("unknown_player", _("Choose a player."), "player")
        call = services.check_in if action == "check_in" else services.withdraw
        return call(player_id=player.pk, **common, **more)
    calls = {
        "draw": services.draw_round,
        "publish": services.publish_round,
        "end": services.end_round,
        "close": services.close_night,
    }
    if action == "end_now":
        return services.end_round(now_for_all=True, **common)
    if action == "settle":
        settled = services.settle_hand(**common, **more)
        return {**settled, "decision": more["decision"]}
    return calls[action](**common)


@signed_in_post
def night_act(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A director's action: check in, withdraw, draw, publish, start, end, close, or settle
    a hand that waits."""
    club = access.club_in_role(
        request.user, slug, selectors.DIRECTORS, _("The club's directors run a night.")
    )
    _club, night = _night(request, slug, pk)
    form = NightActionForm(request.POST, players=selectors.club_players(club))
    if not form.is_valid():
        messages.error(request, form.refusal())
        return redirect("page-night", slug=slug, pk=pk)
    action, player_id = form.cleaned_data["action"], form.cleaned_data["player"]
    player = club.players.filter(pk=player_id).first() if player_id else None
    if action == "settle":
        more = form.settled()
    elif action in (*TABLE_CHANGES, "withdraw_now"):
        more = form.table_change()
    else:
        more = form.round_end()
    try:
        result = _act(action, club, night, player, request.user, more)
    except (DomainError, HeartsError) as refusal:
        detail = refusal.detail if isinstance(refusal, DomainError) else refusal.message
        messages.error(request, plain_words(detail))
    else:
        messages.success(request, _done(action, night, player, result))
    return redirect("page-night", slug=slug, pk=pk)


@signed_in_form
def night_check_in(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """A player checks in from their own phone (the wall's QR code opens this page)."""
    club, night = _night(request, slug, pk)
    player = Player.objects.filter(club=club, user=request.user, merged_into=None).first()
    checked = withdrawn = None
    if player is not None:
        checked = night.check_ins.filter(player=player, withdrawn_before=None).first()
        withdrawn = night.check_ins.filter(player=player, withdrawn_before__isnull=False).first()
    if request.method == "POST" and player is not None:
        try:
            checked = services.check_in(
                club=club, night_id=night.pk, player_id=player.pk, actor=request.user, by_self=True
            )
        except (DomainError, HeartsError) as refusal:
            detail = refusal.detail if isinstance(refusal, DomainError) else refusal.message
            messages.error(request, plain_words(detail))
        else:
            messages.success(
                request,
                isolated_in(
                    _("You are checked in, {player}: you play from round {round}."),
                    player=player.name,
                    round=checked.arrived_before,
                ),
            )
        return redirect("page-night-check-in", slug=slug, pk=pk)
    context = {
        "club": club,
        "night": night,
        "player": player,
        "checked": checked,
        "withdrawn": withdrawn,
        "seat": seat_of(night, player.pk) if checked else None,
        "server_now": timezone.now(),
    }
    return render(request, "pages/night_check_in.html", context)


@require_safe
def night_sheet(request: HttpRequest, slug: str, pk: int) -> HttpResponse:
    """The night on paper, to sign: where its results stand, each round's tables with their
    hands, the standings after each round as they stood then (later changes marked), the
    standings now, the corrections, and lines for the signatures."""
    club, night = _night(request, slug, pk)
    context = night_context(request, club, night)
    hands = night_hands(night)
    for night_round in context["detail"]["rounds"]:
        for table in night_round["tables"]:
            table["hands"] = hands.get(table["game"], [])
    return render(request, "pages/night_sheet.html", context)
