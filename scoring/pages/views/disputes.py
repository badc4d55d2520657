"""A dispute of a game's hand: its ruling in words, and a director's decision in one form post
(accept what it claims, uphold it with a ruling of their own, or dismiss it, as the API
offers), by the roles the API allows (owners and directors decide)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse

from adjudication.engine import HeartsError
from adjudication.engine.legality import MUST_FOLLOW_SUIT
from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.models import Dispute, DisputeStatus
from scoring.pages import access
from scoring.pages.forms.disputes import ResolveForm
from scoring.pages.params import form_page, posted
from scoring.pages.refusals import BAD_CLAIM, refusal_words
from scoring.pages.ruling import ruling_context
from scoring.pages.words import points_words

#: A service's refusal of a dispute, as the director reads it.
DISPUTE_REFUSALS = {
    "dispute_closed": "This dispute was already decided.",
    "ruling_proves_nothing": (
        "The ruling proves no renege, the one thing a hand is penalised for: accepting it "
        "would change nothing. Dismiss the dispute, or correct the hand."
    ),
    "hand_void": "The hand is void: it counts for nothing, so the dispute can only be dismissed.",
    "game_abandoned": "The game was abandoned: its hands can no longer change.",
    "game_would_end_earlier": (
        "With this change the game would have ended before a later hand: correct the hands instead."
    ),
    "record_required": "Give the plays of the hand to dispute it.",
    "nothing_claimed": (
        "The query claims no other count: uphold it with your own ruling, or dismiss it."
    ),
    "invalid_seat": "Choose who reneged.",
}
STATUS_WORDS = {
    DisputeStatus.OPEN: "Open: waiting for a director",
    DisputeStatus.ACCEPTED: "Accepted",
    DisputeStatus.DISMISSED: "Dismissed",
}


def _penalty_words(penalty: str, points: int, who: str) -> str:
    """What a renege costs ``who`` under the rules' ``renege_penalty``."""
    return {
        "takes_all": f"{who} takes every penalty point of the hand",
        "fixed": f"{who} takes {points} more points",
    }.get(penalty, "these rules give no points for it")


def _accept_words(dispute: Dispute, names: list[str]) -> str | None:
    """What accepting does, as the service does it: the claimed count becomes the hand's, or
    the renege the ruling proves counts against its offender, with these rules' penalty; None
    for a query that claims nothing (the director upholds it with a ruling of their own)."""
    if dispute.ruling is None:
        return "Accept: the claimed count replaces the hand's" if dispute.claim else None
    offender = next(
        (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT), None
    )
    if offender is None:
        return "Accept (the ruling proves no renege: nothing would change)"
    rules = dispute.ruling["ruleset"]
    who = names[offender]
    penalty = rules.get("renege_penalty"), rules.get("renege_points", 26)
    return f"Accept: {who}'s renege is recorded ({_penalty_words(*penalty, who)})"


def _renege_words(game) -> str:
    rules = services.rules_of(game)
    cost = _penalty_words(rules.renege_penalty, rules.renege_points, "they")
    return f"Uphold: the player chosen below reneged ({cost})"


def dispute_url(dispute: Dispute) -> str:
    hand = dispute.hand
    return reverse("page-dispute", args=[hand.game_id, hand.number, dispute.pk])


def can_decide(user, club_id: int) -> bool:
    return selectors.role_in(user, club_id) in selectors.DIRECTORS


@form_page
def dispute_page(request: HttpRequest, pk: int, number: int, dispute_id: int) -> HttpResponse:
    game = access.readable_game(request, pk)
    dispute = get_object_or_404(
        Dispute.objects.select_related("hand", "opened_by", "resolved_by"),
        pk=dispute_id,
        hand__game=game,
        hand__number=number,
    )
    data = posted(request)
    if data is not None:
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not can_decide(request.user, game.club_id):
            raise PermissionDenied("Only the club's directors and owners decide disputes.")
    names, hand = selectors.seat_names(game), dispute.hand
    form = ResolveForm(
        data,
        seat_names=names,
        accept=_accept_words(dispute, names),
        renege=_renege_words(game),
        initial={f"points_{seat}": taken for seat, taken in enumerate(hand.points)},
    )
    if form.is_bound and form.is_valid():
        try:
            services.resolve_dispute(dispute_id=dispute.pk, actor=request.user, **form.decided())
        except DomainError as exc:
            form.add_error(None, DISPUTE_REFUSALS.get(exc.code, "The decision was refused."))
        except HeartsError as exc:  # the ruled count is not a hand of this game
            form.add_error(None, refusal_words(exc, fallback=BAD_CLAIM))
        else:
            return redirect(dispute_url(dispute))
    context = {
        "game": game,
        "dispute": dispute,
        "status_text": STATUS_WORDS.get(dispute.status, dispute.status),
        "opened_by": selectors.display_name(dispute.opened_by, game.club_id),
        "resolved_by": selectors.display_name(dispute.resolved_by, game.club_id),
        "form": form,
        "hand_text": points_words(names, hand.points),
        "reneged": names[hand.renege_by] if hand.renege_by is not None else None,
        "may_decide": dispute.status == DisputeStatus.OPEN
        and can_decide(request.user, game.club_id),
        **(ruling_context(dispute.ruling, names) if dispute.ruling else {"ruling": None}),
    }
    status = 400 if form.is_bound else 200
    return render(request, "pages/dispute.html", context, status=status)
