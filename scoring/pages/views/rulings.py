"""The rulings a dispute carries, on its page: each in a player's words (what happened, the
rule these rules follow and its source, the evidence, the rectification, the points and
scores per seat) and, for a director while it awaits, a form to accept or override it."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.models import Dispute, Game, Hand, RulingKind, RulingStatus
from scoring.pages.claim_ruling_words import claim_lines
from scoring.pages.forms.rulings import RulingDecisionForm
from scoring.pages.irregularity_words import STATUS_WORDS, ruling_lines
from scoring.pages.refusals import BAD_CLAIM, refusal_words
from scoring.pages.words import points_words

#: A service's refusal of a decision, as the director reads it.
DECISION_REFUSALS = {
    "ruling_decided": gettext_lazy("This ruling was already decided."),
    "hand_changed": gettext_lazy(
        "The hand changed since this page was shown: read the ruling again, then decide."
    ),
    "ruling_leaves_score": gettext_lazy(
        "The ruling leaves the score to you: override it with the points each player took."
    ),
    "hand_void": gettext_lazy("The hand is void: it counts for nothing."),
    "game_abandoned": gettext_lazy("The game was abandoned: its hands can no longer change."),
    "game_would_end_earlier": gettext_lazy(
        "With this decision the game would have ended before a later hand: correct the hands "
        "instead."
    ),
    "reason_required": gettext_lazy("Say why you override the ruling."),
}


def rulings_part(
    request: HttpRequest, game: Game, dispute: Dispute, data, may_decide: bool
) -> tuple[dict[str, Any], HttpResponse | None]:
    """The page's rulings (empty for a dispute that carries none), and the redirect after a
    decision carried out; a refused one comes back on its ruling's form, in words. A form
    posts ``decide``: the ruling it decides."""
    rulings = selectors.rulings_of(dispute)
    if not rulings:
        return {"rulings": []}, None
    names = selectors.seat_names(game)
    rules = services.rules_of(game)
    moon = rules.penalty_total if rules.moon == "shooter_choice" else None
    posted = str((data or {}).get("decide", ""))
    shown = []
    for ruling in rulings:
        form = None
        if may_decide and ruling.status == RulingStatus.AWAITING:
            bound = data if posted == str(ruling.pk) else None
            form = RulingDecisionForm(
                bound,
                seat_names=names,
                left=_lines(ruling, names, game)["left"],
                moon=moon,
                initial={"revision": dispute.hand.revision},
                prefix=f"r{ruling.pk}",  # each ruling's form its own fields on the page
            )
            if bound is not None and _decided(request, form, ruling.pk):
                return {}, redirect(request.get_full_path())
        shown.append(_shown(ruling, names, game, form))
    return {"rulings": shown, "scores_now": points_words(names, dispute.hand.scores)}, None


def _decided(request: HttpRequest, form: RulingDecisionForm, ruling_id: int) -> bool:
    """Carry out a valid decision on ``ruling_id``; False with the refusal on the form."""
    if not form.is_valid():
        return False
    try:
        services.decide_ruling(ruling_id=ruling_id, actor=request.user, **form.decided())
    except DomainError as exc:
        form.add_error(None, str(DECISION_REFUSALS.get(exc.code) or _("The decision was refused.")))
        return False
    except HeartsError as exc:  # the director's own count is not a hand of this game
        form.add_error(None, refusal_words(exc, fallback=BAD_CLAIM))
        return False
    return True


def _lines(ruling, names: list[str], game: Game) -> dict[str, Any]:
    """A ruling in words: a claim's or an irregularity's."""
    said = claim_lines if ruling.kind == RulingKind.CLAIM else ruling_lines
    return said(ruling.ruling, names, game.ruleset)


def _shown(ruling, names: list[str], game: Game, form) -> dict[str, Any]:
    lines = _lines(ruling, names, game)
    result = ruling.result
    decided_by = selectors.display_name(ruling.decided_by, game.club_id)
    return {
        "id": ruling.pk,
        "kind": ruling.kind,
        "status": ruling.status,
        "status_text": STATUS_WORDS.get(ruling.status, ruling.status),
        "current": ruling.current,
        "decided_by": decided_by or (_("a director") if ruling.decided_at else ""),
        "reason": ruling.reason,
        "own": list(zip(names, result["points"], strict=True)) if result else [],
        "form": form,
        **lines,
    }


def awaiting_message(hand: Hand) -> str | None:
    """After a hand is recorded or corrected with irregularities or a claim: their rulings
    await a director, the hand counting as played (or claimed) until then, with a link to
    them; None otherwise."""
    dispute = selectors.awaiting_dispute(hand)
    if dispute is None:
        return None
    count = len(dispute.ruling.get("irregularities") or [])
    if not count:
        said = _(
            "The claim is checked, and awaits a director: the hand counts as claimed until then."
        )
    else:
        said = ngettext(
            "What went wrong is ruled on, and awaits a director: the hand counts as played "
            "until then.",
            "The {count} things that went wrong are ruled on, and await a director: the hand "
            "counts as played until then.",
            count,
        ).format(count=count)
    url = reverse("page-dispute", args=[hand.game_id, hand.number, dispute.pk])
    return format_html('{} <a href="{}">{}</a>', said, url, _("See the ruling"))
