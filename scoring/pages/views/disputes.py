"""A dispute of a game's hand: its ruling in words, and a director's decision in one form post
(accept what it claims, uphold it with a ruling of their own, or dismiss it, as the API
offers), by the roles the API allows (owners and directors decide)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

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
from scoring.pages.views.rulings import rulings_part
from scoring.pages.words import points_words

#: A service's refusal of a dispute, as the director reads it.
DISPUTE_REFUSALS = {
    "dispute_closed": gettext_lazy("This dispute was already decided."),
    "ruling_proves_nothing": gettext_lazy(
        "The ruling proves no renege, the one thing a hand is penalised for: accepting it "
        "would change nothing. Dismiss the dispute, or correct the hand."
    ),
    "hand_void": gettext_lazy(
        "The hand is void: it counts for nothing, so the dispute can only be dismissed."
    ),
    "game_abandoned": gettext_lazy("The game was abandoned: its hands can no longer change."),
    "game_would_end_earlier": gettext_lazy(
        "With this change the game would have ended before a later hand: correct the hands instead."
    ),
    "record_required": gettext_lazy("Give the plays of the hand to dispute it."),
    "nothing_claimed": gettext_lazy(
        "The query claims no other count: uphold it with your own ruling, or dismiss it."
    ),
    "invalid_seat": gettext_lazy("Choose who reneged."),
}
#: A dispute's status once a director decided each ruling it carries.
RULED_WORDS = gettext_lazy("Decided: each ruling below says how")
STATUS_WORDS = {
    DisputeStatus.OPEN: gettext_lazy("Open: waiting for a director"),
    DisputeStatus.ACCEPTED: gettext_lazy("Accepted"),
    DisputeStatus.DISMISSED: gettext_lazy("Dismissed"),
}


def _penalty_words(penalty: str, points: int, who: str | None) -> str:
    """What a renege costs ``who`` (None: the player chosen, "they") under the rules'
    ``renege_penalty``."""
    if penalty == "takes_all":
        if who is None:
            return _("they take every penalty point of the hand")
        return _("{who} takes every penalty point of the hand").format(who=who)
    if penalty == "fixed":
        if who is None:
            return ngettext(
                "they take {points} more point", "they take {points} more points", points
            ).format(points=points)
        return ngettext(
            "{who} takes {points} more point", "{who} takes {points} more points", points
        ).format(who=who, points=points)
    if penalty == "replay":
        return _("the hand is void, and the deal is played again")
    return _("these rules give no points for it")


def _accept_words(dispute: Dispute, names: list[str]) -> str | None:
    """What accepting does, as the service does it: the claimed count becomes the hand's, or
    the renege the ruling proves counts against its offender, with these rules' penalty; None
    for a query that claims nothing (the director upholds it with a ruling of their own)."""
    if dispute.ruling is None:
        return _("Accept: the claimed count replaces the hand's") if dispute.claim else None
    offender = next(
        (v["seat"] for v in dispute.ruling["violations"] if v["rule"] == MUST_FOLLOW_SUIT), None
    )
    if offender is None:
        return _("Accept (the ruling proves no renege: nothing would change)")
    rules = dispute.ruling["ruleset"]
    who = names[offender]
    penalty = rules.get("renege_penalty"), rules.get("renege_points", 26)
    return _("Accept: {who}'s renege is recorded ({penalty})").format(
        who=who, penalty=_penalty_words(*penalty, who)
    )


def _renege_words(game) -> str:
    rules = services.rules_of(game)
    cost = _penalty_words(rules.renege_penalty, rules.renege_points, None)
    return _("Uphold: the player chosen below reneged ({penalty})").format(penalty=cost)


def _ruling_shown(dispute: Dispute, names: list[str], carries_rulings: bool) -> dict:
    """The trick record's ruling; beside rulings a director decides one by one, without the
    renege penalty a resolution of the whole dispute would apply (it has none)."""
    ruling = dispute.ruling
    if carries_rulings:
        ruling = {**ruling, "renege_penalty": None}
    return ruling_context(ruling, names)


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
            raise PermissionDenied(_("Only the club's directors and owners decide disputes."))
    may_decide = dispute.status == DisputeStatus.OPEN and can_decide(request.user, game.club_id)
    rulings, decided = rulings_part(request, game, dispute, data, may_decide)
    if decided is not None:
        return decided
    names, hand = selectors.seat_names(game), dispute.hand
    form = ResolveForm(
        data,
        seat_names=names,
        accept=_accept_words(dispute, names),
        renege=_renege_words(game),
        initial={f"points_{seat}": taken for seat, taken in enumerate(hand.points)},
    )
    if form.is_bound and not rulings["rulings"] and form.is_valid():
        try:
            services.resolve_dispute(dispute_id=dispute.pk, actor=request.user, **form.decided())
        except DomainError as exc:
            form.add_error(
                None, str(DISPUTE_REFUSALS.get(exc.code) or _("The decision was refused."))
            )
        except HeartsError as exc:  # the ruled count is not a hand of this game
            form.add_error(None, refusal_words(exc, fallback=BAD_CLAIM))
        else:
            return redirect(dispute_url(dispute))
    context = {
        "game": game,
        "dispute": dispute,
        "status_text": RULED_WORDS
        if rulings["rulings"] and dispute.status != DisputeStatus.OPEN
        else STATUS_WORDS.get(dispute.status, dispute.status),
        "opened_by": selectors.display_name(dispute.opened_by, game.club_id),
        "resolved_by": selectors.display_name(dispute.resolved_by, game.club_id),
        "form": form,
        "hand_text": points_words(names, hand.points),
        "reneged": names[hand.renege_by] if hand.renege_by is not None else None,
        "may_decide": may_decide,
        **rulings,
        **(
            _ruling_shown(dispute, names, bool(rulings["rulings"]))
            if dispute.ruling
            else {"ruling": None}
        ),
    }
    status = 400 if data is not None else 200
    return render(request, "pages/dispute.html", context, status=status)
