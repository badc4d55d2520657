"""A claim's ruling as the pages say it, beside an irregularity's (``irregularity_words``): who
claimed what and when, the verdict, the options these rules follow and the Law quoted, the
counter-line trick by trick, and what the hand scores. Built from the ruling's data with the
table's names (the engine's own sentences count seats from 0)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine.claim_words import source_of
from scoring.pages.words import card_label

#: What was claimed ({who}, {trick}: the trick it was made in).
CLAIMED_WORDS = {
    "all_tricks": gettext_lazy("{who} claimed the rest of the tricks at trick {trick}"),
    "no_points": gettext_lazy("{who} claimed no more points at trick {trick}"),
    "moon": gettext_lazy("{who} claimed every point (the moon) at trick {trick}"),
    "concede": gettext_lazy("{who} conceded the points left at trick {trick}"),
}
#: The verdict, in a sentence.
VERDICT_WORDS = {
    "holds": gettext_lazy("The claim holds: whatever legal cards the others play, it is made."),
    "fails": gettext_lazy(
        "The claim fails: the others could beat it with legal cards, as the play below shows."
    ),
    "accepted": gettext_lazy(
        "Every other player accepted it: it is scored as claimed, without a check."
    ),
    "stands": gettext_lazy(
        "The concession stands: a legal play of the cards left gives every point left to the "
        "player who conceded."
    ),
    "cancelled": gettext_lazy(
        "The concession is cancelled: no legal play of the cards left gives every point left "
        "to the player who conceded."
    ),
}
#: The ruleset's option for a claim that fails, as a director reads it.
FAILED_OPTION = gettext_lazy("A claim that fails")
FAILED_WORDS = {
    "claimer_takes_rest": gettext_lazy(
        "any doubtful point goes against the claimer, who takes every point left"
    ),
    "play_on": gettext_lazy("the hand is played on from the claim"),
}
#: How a claim without a stated order of play is judged.
UNSTATED_WORDS = {
    "every_line": gettext_lazy(
        "Without a stated order of play, the claim must hold however the claimer plays."
    ),
    "best_line": gettext_lazy(
        "Without a stated order of play, the claim is judged on the claimer's best play."
    ),
}
#: What the hand scores from the ruling ({who}: the claimer, {points}: the points left).
RESULT_WORDS = {
    "as_claimed": gettext_lazy("The hand is scored as claimed."),
    "claimer_takes_rest": gettext_lazy("{who} takes every point left ({points})."),
    "play_on": gettext_lazy(
        "The hand would be played on from the claim: the director gives the score."
    ),
}


def claim_lines(found: dict[str, Any], names: list[str], rules: dict[str, Any]) -> dict:
    """One claim's ruling in words, for templates/includes/hand_rulings.html (the keys of
    ``irregularity_words.ruling_lines``)."""
    who = names[found["seat"]]
    result = found["result"]
    # The Law in the reader's language, from the rule: the ruling keeps it in the scorer's.
    source_title, source_text = source_of(found["rule"])
    headline = CLAIMED_WORDS[found["outcome"]].format(who=who, trick=found["trick"])
    rectification = RESULT_WORDS[result["how"]].format(who=who, points=result["points_left"])
    if result["moon_denied"]:
        rectification += " " + _(
            "Every point taken by a failed claim is no moon: scored as points."
        )
    if result["left_to_table"]:
        rectification += " " + _(
            "The claim does not say how every point is shared: the director gives the score."
        )
    return {
        "headline": headline,
        "noticed": str(VERDICT_WORDS[found["verdict"]]),
        "option": FAILED_OPTION,
        "value": FAILED_WORDS.get(
            found["options"]["failed_claim"], found["options"]["failed_claim"]
        ),
        "source_title": source_title,
        "source_text": source_text,
        "evidence": _evidence(found, names),
        "proof": _proof(found, names),
        "rectification": rectification,
        "rows": _rows(result, names),
        "left": "director" if result["left_to_table"] else None,
    }


def _evidence(found: dict[str, Any], names: list[str]) -> str:
    """The claimer's cards and the line judged."""
    who = names[found["seat"]]
    held = ", ".join(card_label(card) for card in found["cards"][found["seat"]])
    parts = [_("{who} held {cards} at the claim.").format(who=who, cards=held)]
    if found["line"]:
        line = ", ".join(card_label(card) for card in found["line"])
        parts.append(_("The order of play stated: {cards}.").format(cards=line))
    if found["unstated"] and found["outcome"] != "concede" and not found["accepted"]:
        parts.append(str(UNSTATED_WORDS.get(found["unstated"], "")))
    return " ".join(part for part in parts if part)


def _proof(found: dict[str, Any], names: list[str]) -> dict[str, Any] | None:
    """The counter-line (or the line a concession stands on), a trick a line."""
    proof = found["proof"]
    if not proof:
        return None
    heading = (
        _("A play that beats it:")
        if proof["kind"] == "counter_line"
        else _("A play that gives the conceder every point left:")
    )
    tricks = [
        (_trick_words(trick, names), trick["trick"] == proof["beaten_at"])
        for trick in proof["tricks"]
    ]
    return {"heading": heading, "tricks": tricks}


def _trick_words(trick: dict[str, Any], names: list[str]) -> str:
    plays = ", ".join(
        f"{names[seat]} {card_label(card)}"
        for seat, card in zip(trick["seats"], trick["cards"], strict=True)
    )
    if trick["winner"] is None:
        return _("trick {trick}: {plays}").format(trick=trick["trick"], plays=plays)
    return _("trick {trick}: {plays}, won by {winner}").format(
        trick=trick["trick"], plays=plays, winner=names[trick["winner"]]
    )


def _rows(result: dict[str, Any], names: list[str]) -> list[tuple[str, Any, Any]]:
    """(name, points, score) a seat, with this result; a dash where the table says."""
    points, scores = result["points"], result["scores"]
    per_seat = scores if isinstance(scores, list) else [None] * len(names)
    dash = "\N{EN DASH}"
    return [
        (name, dash if p is None else p, score)
        for name, p, score in zip(names, points, per_seat, strict=True)
    ]
