"""The rules of Hearts as pure Python: cards, rulesets, legality, adjudication, scoring, games.

No Django here (a ruff banned-api rule enforces it): the engine is the product's judgement,
usable from the API, the pages, the benchmarks and the tests alike.

``adjudicate`` gives a ``Ruling``; ``ruling_as_data`` gives its plain form (card names, lists,
dicts), which is what a hand recorded play by play keeps and what the adjudication API shows.
"""

from .adjudicate import adjudicate
from .cards import Card, Mask, card_name, cards_in, mask_of, names, parse_card, parse_cards
from .errors import HeartsError
from .game import (
    GameResult,
    GameState,
    dealer_of_hand,
    game_result,
    pass_direction,
    pass_receiver,
    play_out,
)
from .inputs import add_card_once
from .legality import (
    RULE_CODES,
    Reason,
    Situation,
    describe_rule,
    legal_mask,
    legal_plays,
    why_illegal,
)
from .passing import apply_pass
from .rules import OPTION_NAMES, PRESETS, Preset, Ruleset, build_ruleset, ruleset_from_spec
from .ruling import Ruling, Shown, Trick, Undetermined, Violation
from .ruling_data import ruling_as_data
from .scoring import HandScore, check_points, gems_of, points_from_cards, points_of, score_hand

__all__ = [
    "OPTION_NAMES",
    "PRESETS",
    "RULE_CODES",
    "Card",
    "GameResult",
    "GameState",
    "HandScore",
    "HeartsError",
    "Mask",
    "Preset",
    "Reason",
    "Ruleset",
    "Ruling",
    "Shown",
    "Situation",
    "Trick",
    "Undetermined",
    "Violation",
    "add_card_once",
    "adjudicate",
    "apply_pass",
    "build_ruleset",
    "card_name",
    "cards_in",
    "check_points",
    "dealer_of_hand",
    "describe_rule",
    "game_result",
    "gems_of",
    "legal_mask",
    "legal_plays",
    "mask_of",
    "names",
    "parse_card",
    "parse_cards",
    "pass_direction",
    "pass_receiver",
    "play_out",
    "points_from_cards",
    "points_of",
    "ruleset_from_spec",
    "ruling_as_data",
    "score_hand",
    "why_illegal",
]
