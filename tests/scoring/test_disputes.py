"""Disputes with a claimed count (points or cards taken), a ruling that proves nothing, void
hands, the filer's reason kept apart from the director's note, and refusals that change
nothing. (A renege's trick-record dispute: test_corrections.py.)"""

from __future__ import annotations

import pytest

from adjudication.services import ruleset_for
from scoring import services
from scoring.models import Dispute, Game, Hand, HistoryEntry

from .support import error_of, game_url, hand_url, play_hand, put_hand, snapshot, void_hand
from .test_corrections import WINNER_1, enter_all, ok, renege_hand, resolve

# Hand 1 as recorded: seat 0 took the Q♠ and 5♥ 6♥ 7♥, seat 1 the other nine hearts.
RECORDED_CARDS = [
    ["QS", "5H", "6H", "7H"],
    ["2H", "3H", "4H", "8H", "9H", "TH", "JH", "KH", "AH"],
    ["QH"],
    [],
]
# "I took the 9♥, not her": seat 3 claims the 9♥ that seat 1 was given.
CLAIMED_CARDS = [
    ["QS", "5H", "6H", "7H"],
    ["2H", "3H", "4H", "8H", "TH", "JH", "KH", "AH"],
    ["QH"],
    ["9H"],
]


def dispute(api, game, number, body, status=201):
    response = api.post(hand_url(game.pk, number, "disputes/"), body, format="json")
    assert response.status_code == status, response.content
    return response.json()


def history(game) -> list[str]:
    return list(HistoryEntry.objects.filter(game=game).values_list("action", flat=True))


def test_a_cards_taken_claim_is_scored_kept_and_accepted_as_a_correction(
    scorer_api, director_api, new_game
):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"cards_taken": RECORDED_CARDS})
    put_hand(scorer_api, game.pk, 2, {"points": [0, 13, 13, 0]})
    version = Game.objects.get(pk=game.pk).version

    body = {"cards_taken": CLAIMED_CARDS, "reason": "I took the 9♥, not her"}
    opened = dispute(scorer_api, game, 1, body)
    assert opened["level"] == "cards_taken" and opened["status"] == "open"
    assert opened["record"] == {"cards_taken": CLAIMED_CARDS}
    assert opened["ruling"] is None
    assert opened["claim"] == {
        "points": [16, 8, 1, 1],
        "scores": [16, 8, 1, 1],
        "recorded_points": [16, 9, 1, 0],
        "recorded_scores": [16, 9, 1, 0],
    }
    assert (opened["reason"], opened["resolution_note"]) == ("I took the 9♥, not her", "")
    assert Hand.objects.get(game=game, number=1).scores == [16, 9, 1, 0]  # nothing changed yet
    assert Game.objects.get(pk=game.pk).version == version + 1
    listed = ok(scorer_api.get(hand_url(game.pk, 1, "disputes/")))["results"]
    assert listed == [opened]

    decided = ok(resolve(director_api, game, 1, opened["id"], "accept", note="seen on video"))
    assert decided["status"] == "accepted" and decided["resolved_at"] is not None
    assert (decided["reason"], decided["resolution_note"]) == (
        "I took the 9♥, not her",
        "seen on video",
    )
    hand = Hand.objects.get(game=game, number=1)
    assert hand.entry == {"cards_taken": CLAIMED_CARDS} and hand.level == "cards_taken"
    assert hand.scores == [16, 8, 1, 1]
    assert Game.objects.get(pk=game.pk).totals == [16, 21, 14, 1]
    assert history(game)[-2:] == ["dispute_opened", "dispute_accepted"]
    accepted = HistoryEntry.objects.get(game=game, action="dispute_accepted")
    assert accepted.before["scores"] == [16, 9, 1, 0] and accepted.after["scores"] == hand.scores
    assert accepted.after["entry"] == {"cards_taken": CLAIMED_CARDS}
    assert accepted.after["dispute"] == opened["id"] and accepted.reason == "seen on video"
    assert accepted.actor.username == "dora_director"
    again = resolve(director_api, game, 1, opened["id"], "dismiss")
    assert error_of(again, 409)[0] == "dispute_closed"


def test_an_accepted_points_claim_moves_the_game_end_and_the_winner(
    scorer_api, director_api, new_game
):
    game = new_game("standard")
    data = enter_all(scorer_api, game, WINNER_1)
    assert (data["totals"], data["status"], data["winners"]) == ([100, 8, 11, 11], "finished", [1])
    opened = dispute(scorer_api, game, 5, {"points": [20, 3, 3, 0], "reason": "seats swapped"})
    assert opened["level"] == "points"
    assert opened["claim"]["scores"] == [20, 3, 3, 0]
    assert opened["claim"]["recorded_scores"] == [20, 0, 3, 3]
    ok(resolve(director_api, game, 5, opened["id"], "accept"))
    game.refresh_from_db()
    assert (game.totals, game.status, game.winners) == ([100, 11, 11, 8], "finished", [3])
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert board["winners"] == [3] and board["hands"][-1]["running_totals"] == [100, 11, 11, 8]


def test_a_dismissed_claim_changes_no_score(scorer_api, director_api, new_game):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    opened = dispute(scorer_api, game, 1, {"points": [13, 0, 13, 0], "reason": "recount"})
    version = Game.objects.get(pk=game.pk).version
    decided = ok(resolve(director_api, game, 1, opened["id"], "dismiss", note="sheet is right"))
    assert decided["status"] == "dismissed"
    assert (decided["reason"], decided["resolution_note"]) == ("recount", "sheet is right")
    hand = Hand.objects.get(game=game, number=1)
    assert (hand.entry, hand.scores) == ({"points": [13, 13, 0, 0]}, [13, 13, 0, 0])
    game.refresh_from_db()
    assert game.totals == [13, 13, 0, 0] and game.version == version + 1
    dismissed = HistoryEntry.objects.get(game=game, action="dispute_dismissed")
    assert dismissed.after["dispute"] == opened["id"] and dismissed.reason == "sheet is right"


@pytest.mark.parametrize(
    ("body", "code", "attr"),
    [
        ({"points": [13, 13, 1, 0]}, "points_do_not_sum", "points"),
        ({"points": [13, 13, 0]}, "wrong_number_of_seats", "points"),
        ({"points": [0, 26, 0, 0]}, "moon_choice_required", "moon_choice"),
        ({"cards_taken": CLAIMED_CARDS[:3] + [[]]}, "penalty_cards_missing", "cards_taken"),
        ({"cards_taken": [["QS", "2C"], [], [], []]}, "not_a_penalty_card", "cards_taken.0.1"),
        ({"points": [13, 13, 0, 0], "plays": ["2C"]}, "one_level_required", "points"),
        ({"cards_taken": CLAIMED_CARDS, "points": [13, 13, 0, 0]}, "one_level_required", None),
        ({"points": [13, 13, 0, 0], "hands": [[], [], [], []]}, "needs_plays", "hands"),
        ({"first_leader": 0}, "needs_plays", "first_leader"),
        ({"plays": ["2C"], "jack_of_diamonds": 1}, "needs_count", "jack_of_diamonds"),
        ({"moon_choice": "add_to_others"}, "needs_count", "moon_choice"),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_an_impossible_claim_is_refused_with_the_engines_code(
    scorer_api, new_game, body, code, attr
):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    before = snapshot()
    response = scorer_api.post(hand_url(game.pk, 1, "disputes/"), body, format="json")
    got_code, got_attr = error_of(response, 400)
    assert got_code == code
    if attr is not None:
        assert got_attr == attr
    assert snapshot() == before and not Dispute.objects.exists()


def test_a_moon_claim_with_its_choice_is_scored(scorer_api, new_game):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    body = {"points": [0, 26, 0, 0], "moon_choice": "add_to_others"}
    opened = dispute(scorer_api, game, 1, body)
    assert opened["record"] == body
    assert opened["claim"]["scores"] == [26, 0, 26, 26]


def test_a_ruling_that_proves_nothing_cannot_be_accepted(scorer_api, director_api, new_game):
    game = new_game("standard")
    rules = ruleset_for(game.ruleset)
    played = play_hand(rules, 3)
    put_hand(scorer_api, game.pk, 1, played.entry("plays"))
    opened = dispute(scorer_api, game, 1, {"reason": "she reneged, surely"})
    assert opened["level"] == "plays" and opened["claim"] is None
    assert opened["ruling"]["violations"] == [] and opened["ruling"]["legal"] is True
    assert opened["record"] == played.entry("plays")
    before = snapshot()
    response = resolve(director_api, game, 1, opened["id"], "accept")
    assert error_of(response, 409) == ("ruling_proves_nothing", "decision")
    assert snapshot() == before
    assert Dispute.objects.get(pk=opened["id"]).status == "open"
    assert "dispute_accepted" not in history(game)
    ok(resolve(director_api, game, 1, opened["id"], "dismiss", note="legal play"))


def test_a_void_hand_cannot_be_disputed(scorer_api, new_game):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    ok(void_hand(scorer_api, game.pk, 1))
    before = snapshot()
    response = scorer_api.post(
        hand_url(game.pk, 1, "disputes/"), {"points": [13, 0, 13, 0]}, format="json"
    )
    assert error_of(response, 409)[0] == "hand_void"
    assert snapshot() == before


@pytest.mark.parametrize("kind", ["plays", "points"])
def test_a_dispute_of_a_hand_voided_since_can_only_be_dismissed(
    scorer_api, director_api, new_game, kind
):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    if kind == "plays":
        played, _ = renege_hand(ruleset_for(game.ruleset))
        record = {"plays": played.plays, "first_leader": played.leader}
        put_hand(scorer_api, game.pk, 1, record)
        opened = dispute(scorer_api, game, 1, {})
    else:
        put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
        opened = dispute(scorer_api, game, 1, {"points": [13, 0, 13, 0]})
    ok(void_hand(director_api, game.pk, 1))
    before = snapshot()
    response = resolve(director_api, game, 1, opened["id"], "accept")
    assert error_of(response, 409)[0] == "hand_void"
    assert snapshot() == before
    decided = ok(resolve(director_api, game, 1, opened["id"], "dismiss", note="hand was void"))
    assert decided["status"] == "dismissed"
    hand = Hand.objects.get(game=game, number=1)
    assert hand.is_void and hand.renege_by is None


def test_an_accepted_claim_that_would_end_the_game_early_changes_nothing(
    scorer_api, director_api, new_game
):
    game = new_game({"preset": "standard", "target_score": 50})
    enter_all(scorer_api, game, [[25, 1, 0, 0], [13, 13, 0, 0], [0, 0, 13, 13], [13, 0, 13, 0]])
    opened = dispute(scorer_api, game, 2, {"points": [25, 1, 0, 0]})
    before = snapshot()
    response = resolve(director_api, game, 2, opened["id"], "accept")
    assert error_of(response, 409)[0] == "game_would_end_earlier"
    assert snapshot() == before
    assert Dispute.objects.get(pk=opened["id"]).status == "open"


def test_a_dispute_in_an_abandoned_game_can_only_be_dismissed(scorer_api, director_api, new_game):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    opened = dispute(scorer_api, game, 1, {"points": [13, 0, 13, 0]})
    services.abandon_game(game_id=game.pk, reason="power cut", actor=None)
    before = snapshot()
    response = resolve(director_api, game, 1, opened["id"], "accept")
    assert error_of(response, 409)[0] == "game_abandoned"
    assert snapshot() == before
    ok(resolve(director_api, game, 1, opened["id"], "dismiss"))


def test_the_filers_reason_survives_the_directors_note(scorer_api, director_api, new_game):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    played, offender = renege_hand(ruleset_for(game.ruleset))
    put_hand(scorer_api, game.pk, 1, {"plays": played.plays, "first_leader": played.leader})
    opened = dispute(scorer_api, game, 1, {"reason": "showed a club later"})
    assert (opened["reason"], opened["resolution_note"]) == ("showed a club later", "")
    decided = ok(resolve(director_api, game, 1, opened["id"], "accept", note="renege"))
    assert (decided["reason"], decided["resolution_note"]) == ("showed a club later", "renege")
    stored = Dispute.objects.get(pk=opened["id"])
    assert (stored.reason, stored.resolution_note) == ("showed a club later", "renege")
    assert Hand.objects.get(game=game, number=1).renege_by == offender
    silent = dispute(scorer_api, game, 1, {"reason": "again"})
    decided = ok(resolve(director_api, game, 1, silent["id"], "dismiss", note=""))
    assert (decided["reason"], decided["resolution_note"]) == ("again", "")
