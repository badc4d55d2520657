"""Rule on a hand: anyone, signed in or not, nothing stored; or on hand N of a game, whose
ruling a scorer can keep as a dispute that a director then accepts or dismisses."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from adjudication.engine import HeartsError, dealer_of_hand
from adjudication.services import present_ruling, rule_on_hand
from hearts_site.errors import DomainError
from scoring import selectors, services
from scoring.models import Hand
from scoring.pages import access
from scoring.pages.forms.adjudicate import AdjudicateForm
from scoring.pages.params import form_page, int_param, posted
from scoring.pages.ruling import ruling_context
from scoring.pages.throttling import compute_throttled
from scoring.pages.views.disputes import DISPUTE_REFUSALS, dispute_url
from scoring.pages.words import KEYPAD_RANKS, KEYPAD_SUITS

KEYPAD = {"suits": KEYPAD_SUITS, "ranks": KEYPAD_RANKS}


@form_page
@compute_throttled
def adjudicate_page(request: HttpRequest) -> HttpResponse:
    form = AdjudicateForm(posted(request))
    context = {"form": form, "ruling": None, **KEYPAD, **_rule(form, {})}
    return _render(request, form, context)


@form_page
def game_hand_adjudicate(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """The adjudicate page for hand ``number`` of a game: its seats, rules and dealer fixed,
    its own trick record prefilled when it was entered card by card."""
    game = access.readable_game(request, pk)
    hand = get_object_or_404(Hand, game=game, number=number)
    data = posted(request)
    form = AdjudicateForm(
        data,
        names=selectors.seat_names(game),
        ruleset=game.ruleset,
        initial=_initial(hand),
    )
    may_dispute = selectors.can_score_game(request.user, game) and not hand.is_void
    context: dict[str, Any] = {"form": form, "game": game, "hand": hand, **KEYPAD}
    context["may_dispute"] = may_dispute
    context["disputes"] = list(hand.disputes.order_by("opened_at", "pk"))
    context.update(_rule(form, {"dealer": hand.dealer, "hand_number": number}))
    if data is None and hand.level == "plays" and hand.adjudication:
        # The ruling kept with a hand entered trick by trick, as the hand form links to it.
        context.update(ruling_context(hand.adjudication, form.names), kept=True)
    if context["ruling"] is not None and data is not None and "open_dispute" in data:
        if denied := access.require_scorer(request, game.club):
            return denied
        if may_dispute:
            opened = _open_dispute(request, game.pk, number, form, context["ruling"])
            if opened:
                return opened
    return _render(request, form, context)


@require_POST
@compute_throttled
def hand_record_check(request: HttpRequest, pk: int) -> JsonResponse:
    """The engine's word on a trick record while it is entered (static/js/tricks.js): the
    plays it proves illegal so far, in words, as JSON. Stores nothing; the hand form's own
    post is what records the hand. ``number`` says which hand (its dealer)."""
    game = access.readable_game(request, pk)
    number = int_param(request.POST.get("number"), high=100_000)
    form = AdjudicateForm(request.POST, names=selectors.seat_names(game), ruleset=game.ruleset)
    players = services.rules_of(game).players
    dealer = dealer_of_hand(players, game.first_dealer, number or 1)
    context = _rule(form, {"dealer": dealer})
    ruling = context["ruling"]
    if ruling is None:
        return JsonResponse({"errors": form.summary()}, status=400)
    found = [
        {"play": raw["play_index"], "title": shown["title"], "what": shown["what"]}
        for raw, shown in zip(ruling["violations"], context["violations"], strict=True)
    ]
    return JsonResponse({"illegal": [f["play"] for f in found], "found": found})


def _initial(hand: Hand) -> dict[str, Any]:
    entry = hand.entry if hand.level == "plays" else {}
    initial: dict[str, Any] = {"plays": " ".join(entry.get("plays", []))}
    if entry.get("hands"):
        initial["hands"] = "\n".join(" ".join(cards) for cards in entry["hands"])
    if entry.get("first_leader") is not None:
        initial["first_leader"] = str(entry["first_leader"] + 1)
    return initial


def _rule(form: AdjudicateForm, extra: dict[str, Any]) -> dict[str, Any]:
    """The ruling's context when the form is sent and valid; the refusal on the form otherwise."""
    if not (form.is_bound and form.is_valid()):
        return {"ruling": None}
    try:
        ruling = present_ruling(rule_on_hand({**form.request_data(), **extra}))
    except HeartsError as exc:
        form.add_engine_refusal(exc)
        return {"ruling": None}
    return ruling_context(ruling, form.names)


def _open_dispute(request, game_id: int, number: int, form: AdjudicateForm, ruling: dict):
    """Keep the ruling as a dispute: the plays with the holdings the ruling found (a dispute
    keeps holdings after the pass, so a deal and passes are kept as the holdings they give)."""
    reason = request.POST.get("reason", "").strip()[:500]
    record: dict[str, Any] = {"plays": form.cleaned_data["plays"]}
    record["first_leader"] = ruling["first_leader"]
    if ruling["holdings_source"] in {"hands", "deal"}:
        record["hands"] = ruling["hands"]
    try:
        dispute = services.open_dispute(
            game_id=game_id, number=number, record=record, actor=request.user, reason=reason
        )
    except DomainError as exc:
        form.add_error(None, DISPUTE_REFUSALS.get(exc.code, _("The dispute could not be opened.")))
        return None
    return redirect(dispute_url(dispute))


def _render(request: HttpRequest, form: AdjudicateForm, context: dict) -> HttpResponse:
    status = 400 if form.is_bound and context["ruling"] is None else 200
    return render(request, "pages/adjudicate.html", context, status=status)
