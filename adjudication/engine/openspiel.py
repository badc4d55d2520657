"""A hand as OpenSpiel's ``hearts`` game plays it (docs/hand-record.md, OpenSpiel): the same
deal, pass and play as the game's actions, and the game's parameters for the ruleset.

OpenSpiel's hand is a list of integers: first a chance action for the pass (0 hold, 1 left,
2 across, 3 right: seat ``p`` passes to ``(p + action) % 4``, as ``pass_receiver`` does here),
then the 52 cards of the deal (the k-th goes to seat ``k % 4``), then each seat's three passed
cards, seat 0 first, then the 52 plays. It numbers a card ``rank * 4 + suit`` where the engine
numbers it ``suit * 13 + rank`` (both with ranks 2..A and suits clubs, diamonds, hearts,
spades). Its game has fewer options than a ruleset: four players, a full deck, three cards
passed, the 2♣ led (or any club), points on trick 1 forbidden or allowed with any card as the
fallback, the J♦ worth −10 or nothing, −5 for taking no trick or nothing, a moon always 26 to
each other seat. A ruleset past these is refused with the options that do not map, so an
export never claims a replay OpenSpiel would judge differently. The scores may still differ
where a ruleset scores a moon otherwise (docs/hand-record.md says how).
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import Card, Mask, cards_in
from .errors import HeartsError
from .rules import Ruleset
from .words import gettext as _

#: OpenSpiel's chance action for each pass direction.
PASS_ACTIONS = {"hold": 0, "left": 1, "across": 2, "right": 3}
#: Each OpenSpiel parameter: the ruleset's option it follows, and how.
_FLAGS = {
    "no_pts_on_first_trick": ("points_on_first_trick", lambda value: value == "forbidden"),
    "can_lead_any_club": ("first_lead", lambda value: value == "any_club"),
    "jd_bonus": ("jack_of_diamonds", lambda value: value == -10),
    "avoid_all_tricks_bonus": ("no_trick_bonus", lambda value: value == -5),
    "must_break_hearts": ("hearts_must_be_broken", bool),
    "qs_breaks_hearts": ("queen_breaks_hearts", bool),
    "can_lead_hearts_instead_of_qs": ("lead_hearts_with_only_queen", bool),
}
#: What OpenSpiel's game can play of each option: the values it has.
_PLAYABLE = {
    "players": (4,),
    "removed_cards": ((),),
    "pass_count": (0, 3),
    "first_lead": ("lowest_club", "any_club"),
    "first_trick_fallback": ("any",),
    "queen_points": (13,),
    "heart_points": ("one",),
    "king_of_spades_points": (0,),
    "ace_of_spades_points": (0,),
    "jack_of_diamonds": (0, -10),
    "ten_of_diamonds": (0,),
    "no_trick_bonus": (0, -5),
    "sun": (0,),
}
#: Options outside one legal hand's play: the game around it (each hand's own pass direction
#: is its first action), irregularities and claims (a replayed hand has none), and the moon's
#: and gems' scoring (OpenSpiel's moon is always 26 to each other seat: the plays agree, the
#: scores may not; docs/hand-record.md). A new option is in one of these three, or OpenSpiel
#: is told nothing of it (tests/engine/test_openspiel.py holds every option to this).
NOT_PLAYED = frozenset(
    {
        "pass_schedule",
        "target_score",
        "game_ends",
        "ties",
        "moon",
        "moon_scoring_cards",
        "gems",
        "renege_penalty",
        "renege_points",
        "revoke_correction",
        "exposed_card",
        "lead_out_of_turn",
        "missed_trick",
        "misdeal",
        "impossible_card",
        "claim_without_line",
        "failed_claim",
    }
)
FOLLOWED = frozenset(option for option, _ in _FLAGS.values()) | frozenset(_PLAYABLE)


def openspiel_card(card: Card) -> int:
    """OpenSpiel's number for the engine's card: rank * 4 + suit."""
    return (card % 13) * 4 + card // 13


def engine_card(action: int) -> Card:
    """The engine's card for OpenSpiel's number: suit * 13 + rank."""
    return (action % 4) * 13 + action // 4


def unplayable_options(rules: Ruleset) -> list[str]:
    """The ruleset's options OpenSpiel's game has no value for, in the order of ``_PLAYABLE``."""
    return [name for name, values in _PLAYABLE.items() if getattr(rules, name) not in values]


def openspiel_parameters(rules: Ruleset) -> dict[str, bool]:
    """OpenSpiel's ``hearts`` parameters that play as ``rules`` do; refused
    (``openspiel_unplayable``) for a ruleset past its options. ``pass_cards`` is always on, so
    that the pass direction is each hand's own first action."""
    unplayable = unplayable_options(rules)
    if unplayable:
        raise HeartsError(
            "openspiel_unplayable",
            _("OpenSpiel's Hearts cannot play this ruleset's {options}.").format(
                options=", ".join(unplayable)
            ),
            "ruleset",
        )
    flags = {name: follows(getattr(rules, option)) for name, (option, follows) in _FLAGS.items()}
    return {"pass_cards": True} | flags


def openspiel_actions(
    rules: Ruleset,
    dealt: Sequence[Mask],
    direction: str,
    passes: Sequence[Sequence[Card]] | None,
    plays: Sequence[Card],
) -> list[int]:
    """The hand as OpenSpiel's actions: the pass direction, the deal (each seat's cards dealt
    in order, one round of the table at a time), the passes (none on a hold hand), the plays."""
    openspiel_parameters(rules)
    if direction not in PASS_ACTIONS:
        raise HeartsError("openspiel_unplayable", _("No such pass direction."), "direction")
    holdings = [sorted(cards_in(mask)) for mask in dealt]
    if any(len(cards) != 13 for cards in holdings):
        raise HeartsError(
            "openspiel_unplayable", _("OpenSpiel deals 13 cards to each seat."), "deal"
        )
    deal = [holdings[k % 4][k // 4] for k in range(52)]
    passed = [card for seat in (passes or []) for card in seat] if direction != "hold" else []
    return [
        PASS_ACTIONS[direction],
        *(openspiel_card(card) for card in [*deal, *passed, *plays]),
    ]
