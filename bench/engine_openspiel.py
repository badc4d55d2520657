"""bench/engine.py's comparison (issue 35): OpenSpiel's C++ Hearts on the same hands, each checked
first to score as the engine does."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Benchmark this checkout's engine, even when another checkout is installed in the venv.
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine_hands import Hand  # noqa: E402

from adjudication.engine import Ruleset, adjudicate  # noqa: E402

OPENSPIEL = "OpenSpiel's C++ Hearts (pyspiel): the deal and 52 plays, each legality-checked"

# --- OpenSpiel's C++ Hearts, for comparison (issue 35) -----------------------------------------
#
# OpenSpiel numbers a card rank * 4 + suit (clubs, diamonds, hearts, spades), deals card k of the
# deal to seat k % 4, and opens with a chance action for the pass (0: no pass). A hand is given
# to it as that action, the deal that leaves each seat our holding, and the 52 plays; each is
# applied with ``apply_action_with_legality_check`` (it computes the legal actions and checks
# the play, as an adjudication does), then ``points`` read. Its rules are set to the standard
# preset's: points allowed on the first trick, hearts broken by a heart only.
OPENSPIEL_PARAMS = {"no_pts_on_first_trick": False, "qs_breaks_hearts": False}


def openspiel_game():
    """OpenSpiel's Hearts under the standard preset's rules, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("hearts", OPENSPIEL_PARAMS)


def openspiel_actions(hand: Hand) -> list[int]:
    """The hand as OpenSpiel's actions: no pass, the deal, the plays."""
    ours = [sorted(c for c in range(52) if mask >> c & 1) for mask in hand.holdings]
    deal = [ours[k % 4][k // 4] for k in range(52)]
    return [0] + [(c % 13) * 4 + c // 13 for c in deal + list(hand.plays)]


def openspiel_points(game, actions: Sequence[int]) -> list[int]:
    state = game.new_initial_state()
    for action in actions:
        state.apply_action_with_legality_check(action)
    if not state.is_terminal():
        raise SystemExit("OpenSpiel did not end the hand")
    return [state.points(seat) for seat in range(4)]


def openspiel_loop(game, hands: Sequence[list[int]]) -> Callable[[], None]:
    seats = range(4)

    def run() -> None:
        for actions in hands:
            state = game.new_initial_state()
            for action in actions:
                state.apply_action_with_legality_check(action)
            [state.points(seat) for seat in seats]

    return run


def checked_for_openspiel(game, rules: Ruleset, hands: Sequence[Hand]) -> list[list[int]]:
    """Untimed: every hand as OpenSpiel's actions, its points the same as the engine's (a moon
    shot as OpenSpiel scores it: 26 to each other seat)."""
    actions = []
    for number, hand in enumerate(hands):
        given = openspiel_actions(hand)
        ruling = adjudicate(rules, hand.plays, hands=hand.holdings)
        expected = list(ruling.points_taken)
        if ruling.score is not None and ruling.score.moon is not None:  # OpenSpiel adds 26
            expected = [0 if seat == ruling.score.moon else 26 for seat in range(4)]
        if openspiel_points(game, given) != expected:
            raise SystemExit(f"hand {number}: OpenSpiel's points differ from the engine's")
        actions.append(given)
    return actions
