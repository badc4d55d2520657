"""Corrections (PATCH with a reason), voids, the history of every version, and disputes."""

from __future__ import annotations

import pytest

from adjudication.engine.legality import MUST_FOLLOW_SUIT
from adjudication.services import ruleset_for
from scoring.models import Dispute, Game, GameSeat, Hand, HistoryEntry

from .support import (
    error_of,
    game_url,
    hand_url,
    patch_hand,
    play_hand,
    put_hand,
    snapshot,
    void_hand,
)

WINNER_1 = [[20, 2, 2, 2], [20, 2, 2, 2], [20, 2, 2, 2], [20, 2, 2, 2], [20, 0, 3, 3]]


def enter_all(api, game, hands):
    data = {}
    for number, points in enumerate(hands, start=1):
        response = put_hand(api, game.pk, number, {"points": points})
        assert response.status_code == 201, response.content
        data = response.json()
    return data


def ok(response) -> dict:
    assert response.status_code == 200, response.content
    return response.json()


def winners_in_db(game) -> list[int]:
    return sorted(GameSeat.objects.filter(game=game, is_winner=True).values_list("seat", flat=True))


def test_a_correction_can_change_the_winner(scorer_api, new_game):
    game = new_game("standard")
    data = enter_all(scorer_api, game, WINNER_1)
    assert (data["totals"], data["status"], data["winners"]) == ([100, 8, 11, 11], "finished", [1])
    body = {"points": [20, 3, 3, 0], "reason": "seats 1 and 3 were swapped on the sheet"}
    data = ok(patch_hand(scorer_api, game.pk, 5, body))
    assert data["hand"]["scores"] == [20, 3, 3, 0]
    assert (data["totals"], data["status"], data["winners"]) == ([100, 11, 11, 8], "finished", [3])
    game.refresh_from_db()
    assert (game.totals, game.winners, winners_in_db(game)) == ([100, 11, 11, 8], [3], [3])
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert board["hands"][-1]["running_totals"] == [100, 11, 11, 8] and board["winners"] == [3]


def test_a_correction_of_an_early_hand_moves_every_later_total(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, [[13, 13, 0, 0], [0, 0, 13, 13], [13, 0, 13, 0]])
    ok(patch_hand(scorer_api, game.pk, 1, {"points": [0, 13, 13, 0], "reason": "misread"}))
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert [row["running_totals"] for row in board["hands"]] == [
        [0, 13, 13, 0],
        [0, 13, 26, 13],
        [13, 13, 39, 13],
    ]
    assert Game.objects.get(pk=game.pk).totals == [13, 13, 39, 13]


def test_a_void_unfinishes_a_finished_game_and_play_goes_on(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, WINNER_1)
    data = ok(void_hand(scorer_api, game.pk, 5, reason="misdeal: 14 cards to East"))
    assert data["hand"]["is_void"] is True
    assert (data["totals"], data["status"], data["winners"]) == ([80, 8, 8, 8], "in_progress", [])
    assert data["next_hand"] == 6
    game.refresh_from_db()
    assert game.status == "in_progress" and game.finished_at is None and game.hands_played == 4
    assert winners_in_db(game) == []
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert board["hands"][4]["is_void"] is True
    assert board["hands"][4]["running_totals"] == [80, 8, 8, 8]
    data = put_hand(scorer_api, game.pk, 6, {"points": [13, 13, 0, 0]}).json()
    assert (data["totals"], data["status"], data["winners"]) == ([93, 21, 8, 8], "in_progress", [])


def test_a_correction_that_would_end_the_game_before_later_hands_is_refused(scorer_api, new_game):
    game = new_game({"preset": "standard", "target_score": 50})
    enter_all(scorer_api, game, [[25, 1, 0, 0], [13, 13, 0, 0], [0, 0, 13, 13], [13, 0, 13, 0]])
    game.refresh_from_db()
    assert (game.totals, game.status) == ([51, 14, 26, 13], "finished")
    before = (game.version, list(Hand.objects.order_by("number").values_list("entry", "scores")))
    response = patch_hand(scorer_api, game.pk, 2, {"points": [25, 1, 0, 0], "reason": "typo"})
    assert error_of(response, 409)[0] == "game_would_end_earlier"
    game.refresh_from_db()
    after = (game.version, list(Hand.objects.order_by("number").values_list("entry", "scores")))
    assert after == before and game.totals == [51, 14, 26, 13]
    assert not HistoryEntry.objects.filter(game=game, action="hand_corrected").exists()


def test_a_correction_the_engine_refuses_changes_nothing(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, [[13, 13, 0, 0]])
    version = Game.objects.get(pk=game.pk).version
    response = patch_hand(scorer_api, game.pk, 1, {"points": [0, 26, 0, 0], "reason": "moon"})
    assert error_of(response, 400) == ("moon_choice_required", "moon_choice")
    assert Hand.objects.get(game=game, number=1).entry == {"points": [13, 13, 0, 0]}
    assert Game.objects.get(pk=game.pk).version == version


def test_a_correction_needs_a_reason_an_existing_hand_and_a_live_one(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, [[13, 13, 0, 0], [0, 13, 13, 0]])
    response = patch_hand(scorer_api, game.pk, 1, {"points": [13, 0, 13, 0]})
    assert error_of(response, 400) == ("required", "reason")
    response = patch_hand(scorer_api, game.pk, 3, {"points": [13, 0, 13, 0], "reason": "x"})
    assert error_of(response, 404)[0] == "hand_not_found"
    ok(void_hand(scorer_api, game.pk, 1))
    response = patch_hand(scorer_api, game.pk, 1, {"points": [13, 0, 13, 0], "reason": "x"})
    assert error_of(response, 409)[0] == "hand_void"


def test_an_abandoned_game_takes_no_more_hands_corrections_or_voids(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, [[13, 13, 0, 0], [0, 13, 13, 0]])
    response = scorer_api.post(
        game_url(game.pk, "abandon/"), {"reason": "power cut"}, format="json"
    )
    assert ok(response)["status"] == "abandoned"
    before = snapshot()
    assert error_of(void_hand(scorer_api, game.pk, 2), 409)[0] == "game_abandoned"
    body = {"points": [0, 0, 13, 13], "reason": "late fix"}
    assert error_of(patch_hand(scorer_api, game.pk, 2, body), 409)[0] == "game_abandoned"
    response = put_hand(scorer_api, game.pk, 3, {"points": [13, 13, 0, 0]})
    assert error_of(response, 409)[0] == "game_over"
    response = scorer_api.post(game_url(game.pk, "abandon/"), {"reason": "again"}, format="json")
    assert error_of(response, 409)[0] == "game_over"
    assert snapshot() == before
    assert HistoryEntry.objects.filter(game=game, action="game_abandoned").get().reason == (
        "power cut"
    )


def test_voiding_a_void_hand_again_changes_nothing(scorer_api, new_game):
    game = new_game("standard")
    enter_all(scorer_api, game, [[13, 13, 0, 0], [0, 13, 13, 0]])
    ok(void_hand(scorer_api, game.pk, 1))
    version = Game.objects.get(pk=game.pk).version
    data = ok(void_hand(scorer_api, game.pk, 1))
    assert data["totals"] == [0, 13, 13, 0]
    assert Game.objects.get(pk=game.pk).version == version
    assert HistoryEntry.objects.filter(game=game, action="hand_voided").count() == 1


def test_the_history_keeps_every_version_with_before_after_reason_and_actor(
    scorer_api, director_api, new_game, scorer, director
):
    scorer.first_name, scorer.last_name = "Sam", "Scorer"
    scorer.save()
    dora = f"User {director.pk}"  # no name given: a number, never the login name
    game = new_game("standard")
    first, second, third = {"points": [13, 5, 8, 0]}, {"points": [13, 8, 5, 0]}, [0, 13, 13, 0]
    put_hand(scorer_api, game.pk, 1, first)
    put_hand(scorer_api, game.pk, 2, {"points": [13, 13, 0, 0]})
    ok(patch_hand(scorer_api, game.pk, 1, {**second, "reason": "B and C swapped"}))
    ok(patch_hand(director_api, game.pk, 1, {"points": third, "reason": "recount"}))
    ok(void_hand(director_api, game.pk, 2, reason="misdeal"))

    response = scorer_api.get(game_url(game.pk, "history/"))
    rows = ok(response)["results"]
    assert [(r["action"], r["hand_number"]) for r in rows] == [
        ("game_created", None),
        ("hand_entered", 1),
        ("hand_entered", 2),
        ("hand_corrected", 1),
        ("hand_corrected", 1),
        ("hand_voided", 2),
    ]
    entered, _, fix1, fix2, voided = rows[1:]
    assert entered["after"]["entry"] == first and entered["after"]["scores"] == [13, 5, 8, 0]
    assert entered["actor"] == "Sam Scorer" and entered["before"] is None
    assert fix1["before"] == entered["after"]
    assert fix1["after"]["entry"] == second and fix1["after"]["scores"] == [13, 8, 5, 0]
    assert (fix1["reason"], fix1["actor"]) == ("B and C swapped", "Sam Scorer")
    assert fix2["before"] == fix1["after"]
    assert fix2["after"]["entry"] == {"points": third} and fix2["after"]["scores"] == third
    assert (fix2["reason"], fix2["actor"]) == ("recount", dora)
    assert voided["before"]["is_void"] is False and voided["after"]["is_void"] is True
    assert (voided["reason"], voided["actor"]) == ("misdeal", dora)
    assert Game.objects.get(pk=game.pk).totals == third


# --- Disputes ---------------------------------------------------------------------------------


def renege_hand(rules):
    """A seeded random hand with exactly one illegal play, a renege, and no moon."""
    for seed in range(500):
        at = 5 + seed % 40
        if at % rules.players == 0:
            continue
        played = play_hand(rules, seed, deviate_at=at)
        if played.plays == play_hand(rules, seed).plays or played.moon:
            continue
        from adjudication.engine import adjudicate

        ruling = adjudicate(rules, played.plays, first_leader=played.leader)
        if [v.rule for v in ruling.violations] == [MUST_FOLLOW_SUIT]:
            return played, ruling.violations[0].seat
    raise AssertionError("no seed gives a single renege")


def open_dispute(api, game, number, body):
    response = api.post(hand_url(game.pk, number, "disputes/"), body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def resolve(api, game, number, dispute_id, decision, note="ruled at the table"):
    return api.post(
        hand_url(game.pk, number, f"disputes/{dispute_id}/resolve/"),
        {"decision": decision, "note": note},
        format="json",
    )


@pytest.mark.parametrize(
    ("options", "penalise"),
    [
        (
            {"renege_penalty": "takes_all"},
            lambda raw, seat: [26 if s == seat else 0 for s in range(4)],
        ),
        (
            {"renege_penalty": "fixed", "renege_points": 10},
            lambda raw, seat: [p + (10 if s == seat else 0) for s, p in enumerate(raw)],
        ),
    ],
    ids=["takes_all", "fixed"],
)
def test_an_accepted_renege_dispute_rescores_the_hand_with_the_rulesets_penalty(
    scorer_api, director_api, new_game, options, penalise
):
    game = new_game({"preset": "standard", **options})
    rules = ruleset_for(game.ruleset)
    played, offender = renege_hand(rules)
    record = {"plays": played.plays, "first_leader": played.leader}
    data = put_hand(scorer_api, game.pk, 1, record).json()
    raw = played.points
    assert data["hand"]["scores"] == raw  # no penalty before a director rules
    assert [v["rule"] for v in data["hand"]["adjudication"]["violations"]] == [MUST_FOLLOW_SUIT]
    put_hand(scorer_api, game.pk, 2, {"points": [0, 13, 13, 0]})

    dispute = open_dispute(scorer_api, game, 1, {**record, "reason": "showed a club later"})
    [violation] = dispute["ruling"]["violations"]
    assert (violation["rule"], violation["seat"]) == (MUST_FOLLOW_SUIT, offender)
    assert dispute["status"] == "open" and dispute["record"] == record
    assert Hand.objects.get(game=game, number=1).scores == raw

    data = ok(resolve(director_api, game, 1, dispute["id"], "accept"))
    assert data["status"] == "accepted" and data["resolved_at"] is not None
    hand = Hand.objects.get(game=game, number=1)
    assert hand.renege_by == offender
    assert hand.scores == penalise(raw, offender)
    assert hand.points == raw  # the raw result is kept
    expected_totals = [a + b for a, b in zip(penalise(raw, offender), [0, 13, 13, 0], strict=True)]
    assert Game.objects.get(pk=game.pk).totals == expected_totals

    actions = list(HistoryEntry.objects.filter(game=game).values_list("action", flat=True))
    assert actions[-2:] == ["dispute_opened", "dispute_accepted"]
    accepted = HistoryEntry.objects.get(game=game, action="dispute_accepted")
    assert accepted.before["scores"] == raw and accepted.after["scores"] == hand.scores
    assert accepted.after["dispute"] == dispute["id"] and accepted.actor.username == "dora_director"

    again = resolve(director_api, game, 1, dispute["id"], "dismiss")
    assert error_of(again, 409)[0] == "dispute_closed"
    assert Hand.objects.get(game=game, number=1).scores == penalise(raw, offender)


def test_a_dismissed_dispute_leaves_the_scores(scorer_api, director_api, new_game):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    played, offender = renege_hand(ruleset_for(game.ruleset))
    put_hand(scorer_api, game.pk, 1, {"points": played.points})
    dispute = open_dispute(
        scorer_api, game, 1, {"plays": played.plays, "first_leader": played.leader}
    )
    assert dispute["ruling"]["violations"][0]["seat"] == offender
    version = Game.objects.get(pk=game.pk).version
    data = ok(resolve(director_api, game, 1, dispute["id"], "dismiss", note="no proof"))
    assert data["status"] == "dismissed" and data["resolution_note"] == "no proof"
    hand = Hand.objects.get(game=game, number=1)
    assert (hand.scores, hand.renege_by) == (played.points, None)
    game.refresh_from_db()
    assert game.totals == played.points and game.version == version + 1
    dismissed = HistoryEntry.objects.get(game=game, action="dispute_dismissed")
    assert dismissed.reason == "no proof" and dismissed.after["dispute"] == dispute["id"]
    assert error_of(resolve(director_api, game, 1, dispute["id"], "accept"), 409)[0] == (
        "dispute_closed"
    )
    assert Dispute.objects.get(pk=dispute["id"]).status == "dismissed"


def test_a_dispute_on_a_recorded_hand_uses_its_own_record(scorer_api, director_api, new_game):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    played, offender = renege_hand(ruleset_for(game.ruleset))
    put_hand(scorer_api, game.pk, 1, {"plays": played.plays, "first_leader": played.leader})
    dispute = open_dispute(scorer_api, game, 1, {"reason": "check it"})
    assert dispute["record"]["plays"] == played.plays
    assert dispute["ruling"]["violations"][0]["seat"] == offender
    listed = ok(scorer_api.get(hand_url(game.pk, 1, "disputes/")))["results"]
    assert [d["id"] for d in listed] == [dispute["id"]]


def test_a_dispute_on_a_points_hand_needs_a_record_or_a_count(scorer_api, new_game):
    game = new_game("standard")
    put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    response = scorer_api.post(hand_url(game.pk, 1, "disputes/"), {}, format="json")
    assert error_of(response, 400) == ("record_required", "plays")
    assert not Dispute.objects.exists()


def test_a_correction_clears_an_accepted_renege(scorer_api, director_api, new_game):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    played, offender = renege_hand(ruleset_for(game.ruleset))
    record = {"plays": played.plays, "first_leader": played.leader}
    put_hand(scorer_api, game.pk, 1, record)
    dispute = open_dispute(scorer_api, game, 1, record)
    assert dispute["ruling"]["violations"][0]["seat"] == offender
    ok(resolve(director_api, game, 1, dispute["id"], "accept"))
    data = ok(patch_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0], "reason": "re-sheet"}))
    assert data["hand"]["renege_by"] is None and data["hand"]["scores"] == [13, 13, 0, 0]
