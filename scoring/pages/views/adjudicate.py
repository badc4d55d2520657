"""Rule on a hand: anyone, signed in or not; nothing is stored."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from adjudication.engine import HeartsError
from adjudication.services import present_ruling, rule_on_hand
from scoring.pages.forms.adjudicate import AdjudicateForm
from scoring.pages.params import form_page, posted
from scoring.pages.ruling import ruling_context
from scoring.pages.throttling import compute_throttled
from scoring.pages.words import KEYPAD_RANKS, KEYPAD_SUITS


@form_page
@compute_throttled
def adjudicate_page(request: HttpRequest) -> HttpResponse:
    form = AdjudicateForm(posted(request))
    context: dict[str, Any] = {
        "form": form,
        "ruling": None,
        "suits": KEYPAD_SUITS,
        "ranks": KEYPAD_RANKS,
    }
    if form.is_bound and form.is_valid():
        try:
            context.update(ruling_context(present_ruling(rule_on_hand(form.request_data()))))
        except HeartsError as exc:
            form.add_refusal(exc)
    status = 400 if form.is_bound and context["ruling"] is None else 200
    return render(request, "pages/adjudicate.html", context, status=status)
