"""A claim's ruling as plain data (card names, lists, dicts): what ``ruling_as_data`` shows
under ``claim``, the shape a hand recorded with its claim keeps (so a change to it changes what
old hands hold and what clients read)."""

from __future__ import annotations

from typing import Any

from .cards import NAMES, cards_in
from .claim_words import source_of
from .claims import ClaimRuling, proof_tricks
from .rules import Ruleset
from .ruling_data import score_fields, trick_as_data
from .scoring_cards import CARD_NAMES


def claim_as_data(rules: Ruleset, judged: ClaimRuling) -> dict[str, Any]:
    """The claim, its verdict and why, the line judged, the proof and the result."""
    claim = judged.claim
    source, source_text = source_of(judged.rule)
    proof = None
    if judged.proof_kind is not None:
        proof = {
            "kind": judged.proof_kind,
            "plays": [NAMES[card] for card in judged.proof],
            "tricks": [
                trick_as_data(trick) for trick in proof_tricks(rules, judged.position, judged.proof)
            ],
            "beaten_at": judged.beaten_at,
        }
    result = judged.result
    return {
        "seat": claim.seat,
        "outcome": claim.outcome,
        "accepted": claim.accepted,
        "at_play": judged.at_play,
        "trick": judged.position.trick + 1,
        "cards": [[NAMES[card] for card in cards_in(mask)] for mask in judged.position.hold],
        "cards_source": judged.holdings_source,
        "verdict": judged.verdict,
        "rule": judged.rule,
        "message": judged.message,
        "options": {
            "claim_without_line": rules.claim_without_line,
            "failed_claim": rules.failed_claim,
        },
        "source": source,
        "source_text": source_text,
        "line": [NAMES[card] for card in claim.line],
        "unstated": judged.unstated,
        "line_message": judged.line_message,
        "proof": proof,
        "result": {
            "how": result.how,
            "message": result.message,
            "points": list(result.points),
            "points_left": result.points_left,
            "open_points": result.open_points,
            "open_among": list(result.open_among),
            "left_to_table": list(result.left_to_table),
            **{name: result.takers.get(name) for name in CARD_NAMES},
            "tricks_won": list(result.tricks_won) if result.tricks_won is not None else None,
            "moon_denied": result.moon_denied,
            **score_fields(result.score),
        },
    }
