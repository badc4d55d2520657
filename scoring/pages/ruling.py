"""A ruling as the adjudicate page shows it: cards as labels, the illegal plays marked."""

from __future__ import annotations

from typing import Any

from adjudication.engine import RULE_CODES
from scoring.pages.words import card_label, choice_words

RED_SUITS = "HD"


def ruling_context(ruling: dict[str, Any]) -> dict[str, Any]:
    """``present_ruling``'s dict, laid out for templates/pages/adjudicate.html."""
    scores = ruling["scores"]
    return {
        "ruling": ruling,
        "tricks": _tricks(ruling),
        "violations": [_violation(v) for v in ruling["violations"]],
        "undetermined": ruling["undetermined"],
        "score_rows": _score_rows(ruling),
        "moon_options": [(choice_words(name), values) for name, values in scores.items()]
        if isinstance(scores, dict)
        else None,
    }


def _tricks(ruling: dict[str, Any]) -> list[dict[str, Any]]:
    """Each trick with its plays; a play's index counts across the whole hand."""
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
                    "red": card[-1] in RED_SUITS,
                    "illegal": index in offending,
                }
            )
            index += 1
        tricks.append({**trick, "plays": plays})
    return tricks


def _violation(violation: dict[str, Any]) -> dict[str, Any]:
    return {
        **violation,
        "card_label": card_label(violation["card"]) if violation["card"] else None,
        "rule_text": RULE_CODES.get(violation["rule"], ""),
        "held": [card_label(c) for c in violation["evidence"]["held"]],
    }


def _score_rows(ruling: dict[str, Any]) -> list[tuple]:
    """(seat, points, tricks, score) a seat; no score while the shooter's choice is open."""
    seats = len(ruling["points_taken"])
    scores = ruling["scores"]
    return list(
        zip(
            range(seats),
            ruling["points_taken"],
            ruling["tricks_won"],
            scores if isinstance(scores, list) else [None] * seats,
            strict=True,
        )
    )
