"""A game's scoreboard (``selectors.scoreboard``) as the game page and the hand form show it."""

from __future__ import annotations

from typing import Any

from django.utils.html import conditional_escape
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from adjudication.engine.scoring_cards import SCORING_CARDS
from hearts_site.text.names import isolated_in
from scoring import selectors, services
from scoring.models import Confirmation, Game
from scoring.pages import audit, charts
from scoring.pages.forms.game_actions import AbandonForm, DisputeForm, VoidForm
from scoring.pages.forms.scoresheet import CARD_LABELS_JSON
from scoring.pages.words import card_marks, choice_words, pass_words, points_words, rules_text


def game_context(game: Game, user) -> dict[str, Any]:
    """Everything templates/pages/game.html shows: the ranked totals, the hands with their
    corrections, the chart with its target line, the history, the open disputes, and the
    forms a scorer fixes the score sheet with."""
    board = selectors.scoreboard(game)
    rules = services.rules_of(game)
    shown = summary(board, rules)
    names = shown["names"]
    history = list(selectors.history_of(game))
    can_score = selectors.can_score_game(user, game)
    retable = can_score and selectors.may_retable(user, game)
    hands = selectors.countable_hands(game)
    return {
        "game": game,
        "board": board,
        **shown,
        "short_names": list(zip(short_names(names), names, strict=True)),
        "standings": standings(board, names),
        "rows": hand_rows(board, names, audit.corrections(history)),
        "chart": charts.running_totals_chart(names, board["hands"], board["target_score"]),
        "winners": [names[seat] for seat in board["winners"]],
        "rules": rules,
        "rules_text": rules_text(rules),
        "card_marks": ", ".join(card_marks(rules)),
        "scoring_cards": CARD_LABELS_JSON,
        "history": audit.history_lines(history, names, game.club_id),
        "substitutions": selectors.game_substitutions(game.pk),
        "disputes": [
            {"dispute": d, "by": selectors.display_name(d.opened_by, game.club_id) or _("someone")}
            for d in selectors.open_disputes(game)
        ],
        "can_score": can_score,
        "may_retable": retable,
        "is_director": selectors.role_in(user, game.club_id) in selectors.DIRECTORS,
        "waiting": _waiting(selectors.waiting_hands(game, user), names),
        "fix_forms": _fix_forms(board, hands, names, retable) if can_score else None,
    }


def _waiting(hands: list[dict[str, Any]], names: list[str]) -> list[dict[str, Any]]:
    """The hands not counted yet, with their points in words: ``Ada 13, Ben 5, …``."""
    return [{**hand, "points_text": points_words(names, hand["points"])} for hand in hands]


def _fix_forms(
    board: dict[str, Any], hands: list[int], names: list[str], retable: bool
) -> dict[str, Any]:
    """The scorer's forms, empty: void and dispute need a hand that counts; abandon needs a
    game still being played, and at a night's table a director."""
    playing = board["status"] == "in_progress" and retable
    return {
        "void": VoidForm(hands=hands, auto_id="void_%s") if hands else None,
        "dispute": DisputeForm(hands=hands, seat_names=names, auto_id="dispute_%s")
        if hands
        else None,
        "abandon": AbandonForm(auto_id="abandon_%s") if playing else None,
    }


def summary(board: dict[str, Any], rules) -> dict[str, Any]:
    """What the game page and the hand form both show: the seats' names, each one's total
    (and which hands it leaves out, awaiting confirmation), and who deals the next hand and
    how the cards pass (None once the game is over)."""
    names = [seat["name"] for seat in board["seats"]]
    return {
        "names": names,
        "totals": list(zip(names, board["totals"], strict=True)),
        "totals_wait": _totals_wait(board),
        "next": _next_step(board, names, rules),
    }


def _totals_wait(board: dict[str, Any]) -> str:
    """``Hands 1 and 2 await confirmation: the totals count confirmed hands only.`` ("" when
    every hand not void counts)."""
    numbers = [
        str(hand["number"])
        for hand in board["hands"]
        if not hand["is_void"] and hand["confirmation"] != Confirmation.CONFIRMED
    ]
    if not numbers:
        return ""
    if len(numbers) == 1:
        listed = numbers[0]
    else:
        # Translators: a list of hand numbers, "1, 2 and 3"; {numbers} are all but the last.
        listed = _("{numbers} and {last}").format(
            numbers=_(", ").join(numbers[:-1]), last=numbers[-1]
        )
    return ngettext(
        "Hand {hands} awaits confirmation: the totals count confirmed hands only.",
        "Hands {hands} await confirmation: the totals count confirmed hands only.",
        len(numbers),
    ).format(hands=listed)


def hand_rows(
    board: dict[str, Any], names: list[str], changed: dict[int, dict[str, Any]] | None = None
) -> list[dict[str, Any]]:
    """Each hand with (score, running total, the scoring cards it took) a seat, its moon in
    words, and its correction (words and reason) when it was changed after entry."""
    changed = changed or {}
    return [
        {
            **hand,
            "cells": [
                (score, running, [c.label for c in SCORING_CARDS if hand[c.name] == seat])
                for seat, (score, running) in enumerate(
                    zip(hand["scores"], hand["running_totals"], strict=True)
                )
            ],
            "moon_text": _moon_text(hand["moon"], names),
            "correction": changed.get(hand["number"]),
        }
        for hand in board["hands"]
    ]


def _next_step(board: dict[str, Any], names: list[str], rules) -> dict[str, Any] | None:
    if board["next_hand"] is None:
        return None
    return {
        "hand": board["next_hand"],
        "dealer": names[board["next_dealer"]],
        "passing": pass_words(board["next_pass"], rules.pass_count),
    }


def _moon_text(moon: dict[str, Any] | None, names: list[str]) -> str:
    """``Ada shot the moon (add to others)``, or "" for a hand without a moon."""
    if not moon:
        return ""
    shooter = names[moon["shooter"]]
    if moon["choice"]:
        return isolated_in(
            _("{shooter} shot the moon ({choice})"),
            shooter=shooter,
            choice=conditional_escape(choice_words(moon["choice"])),
        )
    return isolated_in(_("{shooter} shot the moon"), shooter=shooter)


def short_names(names: list[str]) -> list[str]:
    """Column headings that fit six seats on a phone: each name cut to the fewest letters (at
    least four) that still tell every seat apart, marked with a full stop when cut."""
    longest = max((len(name) for name in names), default=0)
    for length in range(4, longest + 1):
        cut = [name if len(name) <= length + 1 else name[:length].rstrip() + "." for name in names]
        if len(set(cut)) == len(cut):
            return cut
    return list(names)


def standings(board: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """The seats ranked by total (lowest first), a tied place shown as ``2=`` on each tied
    row, with how far each is from the target that ends the game while it is played, once a
    hand counts (before, every gap is the whole target, which the page says once)."""
    totals = board["totals"]
    target = board["target_score"]
    counted = any(
        h["confirmation"] == Confirmation.CONFIRMED and not h["is_void"] for h in board["hands"]
    )
    playing = board["status"] == "in_progress" and counted
    rows = []
    for seat in sorted(range(len(names)), key=lambda s: (totals[s], s)):
        total = totals[seat]
        place = 1 + sum(other < total for other in totals)
        tied = totals.count(total) > 1
        rows.append(
            {
                "seat": seat,
                "name": names[seat],
                "total": total,
                "place": f"{place}{'=' if tied else ''}",
                "winner": seat in board["winners"],
                "to_target": _points_from(max(target - total, 0), target)
                if target and playing
                else None,
            }
        )
    return rows


def _points_from(gap: int, target: int) -> str:
    """``48 points from 100``: how far a total is from the score that ends the game."""
    return ngettext("{gap} point from {target}", "{gap} points from {target}", gap).format(
        gap=gap, target=target
    )
