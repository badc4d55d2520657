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
from adjudication.engine.openspiel import openspiel_actions, openspiel_parameters  # noqa: E402

OPENSPIEL = "OpenSpiel's C++ Hearts (pyspiel): the deal and 52 plays, each legality-checked"

# --- OpenSpiel's C++ Hearts, for comparison (issue 35) -----------------------------------------
#
# Each hand is given to it as adjudication/engine/openspiel.py writes it (no pass, the deal, the
# 52 plays), under the parameters that play as the ruleset does; each action is applied with
# ``apply_action_with_legality_check`` (it computes the legal actions and checks the play, as an
# adjudication does), then ``points`` read.


def openspiel_game(rules: Ruleset):
    """OpenSpiel's Hearts under ``rules``, or None when it is not installed."""
    try:
        import pyspiel
    except ImportError:
        return None
    return pyspiel.load_game("hearts", openspiel_parameters(rules))


def hand_actions(rules: Ruleset, hand: Hand) -> list[int]:
    """The hand as OpenSpiel's actions: no pass, the deal, the plays."""
    return openspiel_actions(rules, hand.holdings, "hold", None, hand.plays)


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
        given = hand_actions(rules, hand)
        ruling = adjudicate(rules, hand.plays, hands=hand.holdings)
        expected = list(ruling.points_taken)
        if ruling.score is not None and ruling.score.moon is not None:  # OpenSpiel adds 26
            expected = [0 if seat == ruling.score.moon else 26 for seat in range(4)]
        if openspiel_points(game, given) != expected:
            raise SystemExit(f"hand {number}: OpenSpiel's points differ from the engine's")
        actions.append(given)
    return actions
