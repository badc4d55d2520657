"""A game's scoreboard (``selectors.scoreboard``) as the game page and the hand form show it."""

from __future__ import annotations

from typing import Any

from scoring.pages.words import choice_words, pass_words


def summary(board: dict[str, Any], rules) -> dict[str, Any]:
    """What the game page and the hand form both show: the seats' names, each one's total,
    and who deals the next hand and how the cards pass (None once the game is over)."""
    names = [seat["name"] for seat in board["seats"]]
    return {
        "names": names,
        "totals": list(zip(names, board["totals"], strict=True)),
        "next": _next_step(board, names, rules),
    }


def hand_rows(board: dict[str, Any], names: list[str]) -> list[dict[str, Any]]:
    """Each hand with (score, running total) a seat and its moon in words."""
    return [
        {
            **hand,
            "cells": list(zip(hand["scores"], hand["running_totals"], strict=True)),
            "moon_text": _moon_text(hand["moon"], names),
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
    choice = f" ({choice_words(moon['choice'])})" if moon["choice"] else ""
    return f"{names[moon['shooter']]} shot the moon{choice}"
