"""A claim on a stored hand: a trick record that ends in a claim counts as claimed. A claim
every other seat accepted is scored so at once, with nothing to decide; another is judged by
the engine, and its ruling (a failed claim's counter-line its evidence) awaits a director,
whose acceptance scores the hand from the ruling and whose override gives their own count."""

from __future__ import annotations

import pytest

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError
from scoring import services
from scoring.domain import entries
from scoring.models import Dispute, HandRuling, HistoryEntry
from tests.engine.test_claim_examples import NORTH

from .test_table_rulings import decide, enter

HANDS = [hand.split() for hand in NORTH["hands"]]
#: North (seat 0) claims the rest with a line that fails: West wins trick 12 with T♥.
FAILING = {"seat": 0, "outcome": "all_tricks", "line": ["AS", "KS", "3H", "2H"]}
#: West (seat 3) concedes every point left: no legal play keeps them from it.
STANDING = {"seat": 3, "outcome": "concede"}
#: Counted as claimed, the failing claim is North's moon: the shooter's choice is given.
MOON = "add_to_others"


def claimed(claim, **more):
    return {"plays": NORTH["plays"], "hands": HANDS, "claim": claim, **more}


@pytest.fixture
def game(new_game):
    return new_game({"preset": "standard"})


def the_ruling(hand) -> HandRuling:
    return HandRuling.objects.get(dispute__hand=hand, current=True)


def test_a_claim_every_seat_accepted_is_scored_as_claimed_with_nothing_to_decide(game, scorer):
    hand = enter(game, 1, claimed({**FAILING, "accepted": True}, moon_choice=MOON), scorer)
    # North takes every card left: all 26 points, a moon, though the claim would have failed.
    assert hand.points == [26, 0, 0, 0] and hand.scores == [0, 26, 26, 26]
    assert hand.moon_shooter == 0
    claim = hand.adjudication["claim"]
    assert (claim["verdict"], claim["rule"], claim["proof"]) == ("accepted", "claim_accepted", None)
    assert not HandRuling.objects.filter(dispute__hand=hand).exists()
    assert not Dispute.objects.filter(hand=hand).exists()


def test_a_failed_claim_counts_as_claimed_until_the_director_accepts_its_ruling(
    game, scorer, director
):
    hand = enter(game, 1, claimed(FAILING, moon_choice=MOON), scorer)
    game.refresh_from_db()
    assert hand.scores == [0, 26, 26, 26] and game.totals == [0, 26, 26, 26]
    ruling = the_ruling(hand)
    assert (ruling.kind, ruling.status, ruling.index) == ("claim", "awaiting", 0)
    assert (ruling.ruling["verdict"], ruling.ruling["rule"]) == ("fails", "claim_all_tricks")
    proof = ruling.ruling["proof"]
    assert proof["kind"] == "counter_line" and proof["beaten_at"] == 12
    assert ruling.dispute.status == "open" and ruling.dispute.record["claim"] == FAILING
    assert HistoryEntry.objects.get(game=game, action="rulings_opened").after["rulings"] == 1

    decide(ruling, director, reason="the line was stated")
    hand.refresh_from_db()
    game.refresh_from_db()
    # Any doubtful point against the claimer, and a failed claim shoots no moon.
    assert hand.points == [26, 0, 0, 0] and hand.scores == [26, 0, 0, 0]
    assert hand.moon_shooter is None
    assert game.totals == [26, 0, 0, 0]
    assert hand.ruled["claim"]["moon_denied"] is True
    ruling.refresh_from_db()
    assert ruling.status == "accepted" and ruling.dispute.status == "accepted"


def test_a_claim_that_holds_is_accepted_and_the_count_stays_as_claimed(game, scorer, director):
    hand = enter(game, 1, claimed(STANDING), scorer)
    assert hand.points == [6, 0, 0, 20]
    ruling = the_ruling(hand)
    assert ruling.ruling["verdict"] == "stands"
    assert ruling.ruling["proof"]["kind"] == "conceded_line"
    decide(ruling, director)
    hand.refresh_from_db()
    assert hand.points == [6, 0, 0, 20] and hand.scores == [6, 0, 0, 20]
    assert the_ruling(hand).status == "accepted"


def test_an_override_of_a_claim_ruling_scores_the_directors_count_and_only_then(
    game, scorer, director
):
    hand = enter(game, 1, claimed(FAILING, moon_choice=MOON), scorer)
    with pytest.raises(DomainError) as caught:
        decide(the_ruling(hand), director, decision="override")
    assert (caught.value.code, caught.value.attr) == ("reason_required", "reason")
    hand.refresh_from_db()
    assert hand.scores == [0, 26, 26, 26]
    decide(
        the_ruling(hand), director, decision="override", reason="West misplayed",
        result={"points": [22, 0, 0, 4]},
    )  # fmt: skip
    hand.refresh_from_db()
    assert hand.scores == [22, 0, 0, 4]
    assert the_ruling(hand).status == "overridden"


def test_a_claim_ruling_leaving_points_to_the_table_is_overridden_not_accepted(
    new_game, scorer, director
):
    game = new_game({"preset": "standard", "failed_claim": "play_on"})
    hand = enter(game, 1, claimed(FAILING, moon_choice=MOON), scorer)
    ruling = the_ruling(hand)
    assert ruling.ruling["result"]["left_to_table"] == ["points"]
    with pytest.raises(DomainError) as caught:
        decide(ruling, director)
    assert caught.value.code == "ruling_leaves_score"
    hand.refresh_from_db()
    assert hand.scores == [0, 26, 26, 26]


def refusal(game, scorer, entry):
    with pytest.raises(HeartsError) as caught:
        services.enter_hand(game_id=game.pk, number=1, entry=entry, actor=scorer)
    return caught.value.code, caught.value.field


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        (claimed({"seat": 4, "outcome": "all_tricks"}), ("invalid_seat", "claim.seat")),
        (claimed({"seat": 0, "outcome": "rest"}), ("invalid_claim_outcome", "claim.outcome")),
        (
            claimed({"seat": 0, "outcome": "all_tricks", "line": ["QS"]}),
            ("line_card_not_held", "claim.line.0"),
        ),
        (
            claimed({"seat": 0, "outcome": "all_tricks", "shown": [["QS"], None, None, None]}),
            ("shown_card_not_held", "claim.shown.0.0"),
        ),
        (claimed({"seat": 1, "outcome": "no_points"}), ("claim_leaves_count_open", "claim")),
        (
            {"plays": NORTH["plays"], "first_leader": 1, "claim": STANDING},
            ("claim_needs_holdings", "claim.shown"),
        ),
        (
            {**claimed(STANDING), "irregularities": [{"kind": "revoke", "trick": 2, "seat": 1}]},
            ("claim_after_irregularity", "claim"),
        ),
    ],
)
def test_a_bad_claim_is_refused_with_its_code_and_field_and_nothing_is_stored(
    game, scorer, entry, expected
):
    assert refusal(game, scorer, entry) == expected
    assert not game.hands.exists()


def test_a_game_rescored_after_a_claim_does_not_search_the_claim_again(
    game, scorer, director, monkeypatch
):
    """Every change to any hand rescores the game: the claim's ruling kept with its hand is
    read, not searched again (a first-trick claim takes seconds), but for the hand just
    written, whose entry is new."""
    hand = enter(game, 1, claimed(FAILING, moon_choice=MOON), scorer)
    searches = []
    judge = entries.kept_once
    monkeypatch.setattr(entries, "kept_once", lambda rule: searches.append(1) or judge(rule))
    enter(game, 2, {"points": [1, 2, 3, 20]}, scorer)
    services.correct_hand(
        game_id=game.pk, number=2, entry={"points": [4, 2, 0, 20]}, reason="miscounted",
        actor=scorer,
    )  # fmt: skip
    decide(the_ruling(hand), director)
    assert searches == []
    game.refresh_from_db()
    assert game.totals == [26 + 4, 2, 0, 20]  # the failed claim as the ruling says, then hand 2
    services.correct_hand(
        game_id=game.pk, number=1, entry=claimed({**FAILING, "accepted": True}, moon_choice=MOON),
        reason="everyone accepted it", actor=scorer,
    )  # fmt: skip
    assert searches == [1]  # the hand corrected is judged again, from its new entry
