"""Rule on a hand: anyone, signed in or not; nothing is stored."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from adjudication.engine import RULE_CODES, HeartsError
from adjudication.services import present_ruling, rule_on_hand
from scoring.pages.forms.adjudicate import AdjudicateForm
from scoring.pages.words import card_label

KEYPAD_SUITS = [("C", "♣"), ("D", "♦"), ("H", "♥"), ("S", "♠")]
KEYPAD_RANKS = [(rank, "10" if rank == "T" else rank) for rank in "23456789TJQKA"]


@require_http_methods(["GET", "HEAD", "POST"])
def adjudicate_page(request: HttpRequest) -> HttpResponse:
    form = AdjudicateForm(request.POST if request.method == "POST" else None)
    ruling = None
    if request.method == "POST" and form.is_valid():
        try:
            ruling = present_ruling(rule_on_hand(form.request_data()))
        except HeartsError as exc:
            form.add_domain_error(exc.field, exc.message)
    context: dict[str, Any] = {
        "form": form,
        "ruling": ruling,
        "suits": KEYPAD_SUITS,
        "ranks": KEYPAD_RANKS,
    }
    if ruling is not None:
        context.update(_present_for_page(ruling))
    status = 400 if request.method == "POST" and ruling is None else 200
    return render(request, "pages/adjudicate.html", context, status=status)


def _present_for_page(ruling: dict[str, Any]) -> dict[str, Any]:
    offending = {v["play_index"] for v in ruling["violations"]}
    tricks = []
    index = 0
    for trick in ruling["tricks"]:
        plays = []
        for seat, card in zip(trick["seats"], trick["cards"], strict=True):
            plays.append(
                {
                    "seat": seat,
                    "card": card_label(card),
                    "red": card[-1] in "HD",
                    "illegal": index in offending,
                }
            )
            index += 1
        tricks.append({**trick, "plays": plays})
    violations = [
        {
            **v,
            "card_label": card_label(v["card"]) if v["card"] else None,
            "rule_text": RULE_CODES.get(v["rule"], ""),
            "held": [card_label(c) for c in v["evidence"]["held"]],
        }
        for v in ruling["violations"]
    ]
    scores = ruling["scores"]
    return {
        "tricks": tricks,
        "violations": violations,
        "undetermined": ruling["undetermined"],
        "score_rows": list(
            zip(
                range(len(ruling["points_taken"])),
                ruling["points_taken"],
                ruling["tricks_won"],
                scores if isinstance(scores, list) else [None] * len(ruling["points_taken"]),
                strict=True,
            )
        ),
        "moon_options": [(name.replace("_", " "), values) for name, values in scores.items()]
        if isinstance(scores, dict)
        else None,
    }
