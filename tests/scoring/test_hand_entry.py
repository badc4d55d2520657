"""PUT /games/{id}/hands/{n}/: the three entry levels, moons, the J♦, refusals, the game's end.

Expected scores come from ``adjudication.engine.score_hand`` fed with points replayed by the
tests themselves (tests/scoring/support.py), never from the API's own path through the engine.
"""

from __future__ import annotations

import pytest

from adjudication.engine import pass_direction
from adjudication.services import ruleset_for
from scoring.models import Game, Hand, HistoryEntry

from .support import error_of, game_url, hand_url, play_hand, put_hand

PRESETS = [
    "standard",
    "omnibus",
    "qq",
    "qq-single-round",
    "microsoft",
    "black-maria",
    "omnibus-hearts",
    "spot",
]
LEVELS = ["points", "cards_taken", "plays"]
HEARTS = [f"{rank}H" for rank in "23456789TJQKA"]


def entered(response) -> dict:
    assert response.status_code == 201, response.content
    return response.json()


def finished_by_hand(rules, totals: list[int]) -> tuple[bool, list[int]]:
    """The game end as docs/rules.md (Scoring a hand) states it for reach / shared rulesets (the
    presets' own)."""
    if rules.target_score is not None and max(totals) < rules.target_score:
        return False, []
    low = min(totals)
    return True, [seat for seat, total in enumerate(totals) if total == low]


def check_random_game(api, game, rules, seed: int, level: str, max_hands: int = 6) -> int:
    """Enter random legal hands at ``level`` until the game ends; compare with the oracle."""
    n = rules.players
    totals = [0] * n
    gems = [0] * n if rules.gems else None
    number = 0
    for number in range(1, max_hands + 1):
        dealer = (game.first_dealer + number - 1) % n
        played = play_hand(rules, seed + number, hand_number=number, dealer=dealer)
        body = played.entry(level, with_hands=number % 2 == 0)
        choice = None
        if played.moon and rules.moon == "shooter_choice":
            choice = ("subtract_from_shooter", "add_to_others")[number % 2]
            body["moon_choice"] = choice
        expected = played.expected(totals, choice)

        data = entered(put_hand(api, game.pk, number, body))
        hand = data["hand"]
        assert hand["number"] == number and hand["level"] == level
        assert hand["points"] == played.points
        assert hand["scores"] == list(expected.scores)
        assert hand["dealer"] == dealer
        assert hand["pass_direction"] == pass_direction(rules, number)
        assert hand["jack_of_diamonds"] == (played.jack_seat if rules.jack_of_diamonds else None)
        assert hand["ten_of_diamonds"] == (played.ten_seat if rules.ten_of_diamonds else None)
        assert hand["moon_shooter"] == expected.moon
        assert hand["gems"] == (list(expected.gems) if rules.gems else None)
        if level == "plays":
            assert hand["adjudication"]["legal"] is True
            assert hand["adjudication"]["violations"] == []
            assert hand["adjudication"]["points_taken"] == played.points
        else:
            assert hand["adjudication"] is None
        stored = Hand.objects.get(game=game, number=number)
        assert (stored.scores, stored.points, stored.entry) == (
            list(expected.scores),
            played.points,
            body,
        )

        totals = [t + s for t, s in zip(totals, expected.scores, strict=True)]
        if gems is not None:
            gems = [g + h for g, h in zip(gems, expected.gems, strict=True)]
        over, winners = finished_by_hand(rules, totals)
        assert data["totals"] == totals
        assert data["status"] == ("finished" if over else "in_progress")
        assert data["winners"] == winners
        if over:
            assert data["next_dealer"] is None and data["next_pass"] is None
            break
        assert data["next_hand"] == number + 1
        assert data["next_dealer"] == (game.first_dealer + number) % n
        assert data["next_pass"] == pass_direction(rules, number + 1)

    board = api.get(game_url(game.pk, "scoreboard/")).json()
    running = [0] * n
    for row in board["hands"]:
        running = [t + s for t, s in zip(running, row["scores"], strict=True)]
        assert row["running_totals"] == running
    assert board["totals"] == totals == running
    assert board["gems"] == gems
    game.refresh_from_db()
    assert game.totals == totals and game.hands_played == number
    return number


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("preset", PRESETS)
def test_it_stores_the_engines_scores_for_random_legal_hands_at_every_level_and_preset(
    scorer_api, new_game, preset, level
):
    rules = ruleset_for(preset)
    game = new_game(preset, first_dealer=PRESETS.index(preset) % rules.players)
    seed = 1000 * PRESETS.index(preset) + 100 * LEVELS.index(level)
    played = check_random_game(scorer_api, game, rules, seed, level)
    if preset == "qq-single-round":
        assert played == 1  # a single-hand game: the hand decides
    elif rules.penalty_total > 26:  # 43 or 130 a hand: 100 may come early (checked above)
        assert 2 <= played <= 6
    else:
        assert played == 6


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("players", [3, 5, 6])
def test_it_scores_random_hands_for_three_five_and_six_players_under_omnibus(
    scorer_api, new_game, players, level
):
    spec = {"preset": "omnibus", "players": players}
    rules = ruleset_for(spec)
    game = new_game(spec, players=players)
    check_random_game(scorer_api, game, rules, 50_000 + 100 * players, level, max_hands=3)


def test_it_answers_with_the_hand_the_totals_the_status_and_who_deals_next(scorer_api, new_game):
    game = new_game("standard", first_dealer=2)
    data = entered(put_hand(scorer_api, game.pk, 1, {"points": [13, 5, 8, 0]}))
    assert set(data) >= {"hand", "totals", "status", "winners", "next_dealer", "next_pass"}
    assert data["hand"]["dealer"] == 2 and data["hand"]["pass_direction"] == "left"
    assert data["totals"] == [13, 5, 8, 0]
    assert data["status"] == "in_progress" and data["winners"] == []
    assert (data["next_hand"], data["next_dealer"], data["next_pass"]) == (2, 3, "right")
    assert data["game_version"] == Game.objects.get(pk=game.pk).version


# --- Moons ------------------------------------------------------------------------------------


def moon_game(new_game, moon: str, **options):
    return new_game({"preset": "standard", "moon": moon, **options})


@pytest.mark.parametrize(
    ("choice", "scores"),
    [("subtract_from_shooter", [0, -26, 0, 0]), ("add_to_others", [26, 0, 26, 26])],
)
def test_it_scores_a_moon_by_the_shooters_choice(scorer_api, new_game, choice, scores):
    game = moon_game(new_game, "shooter_choice")
    hand = entered(
        put_hand(scorer_api, game.pk, 1, {"points": [0, 26, 0, 0], "moon_choice": choice})
    )["hand"]
    assert hand["scores"] == scores
    assert (hand["moon_shooter"], hand["moon_choice"]) == (1, choice)


def test_a_hand_without_a_moon_has_a_null_moon_choice(scorer_api, new_game):
    game = moon_game(new_game, "shooter_choice")
    hand = entered(put_hand(scorer_api, game.pk, 1, {"points": [13, 5, 8, 0]}))["hand"]
    assert (hand["moon_shooter"], hand["moon_choice"]) == (None, None)
    listed = scorer_api.get(f"/api/v1/games/{game.pk}/hands/").json()["results"]
    assert [h["moon_choice"] for h in listed] == [None]


def test_it_scores_a_moon_from_cards_taken_by_the_shooters_choice(scorer_api, new_game):
    game = moon_game(new_game, "shooter_choice")
    body = {"cards_taken": [[], [], [*HEARTS, "QS"], []], "moon_choice": "add_to_others"}
    data = entered(put_hand(scorer_api, game.pk, 1, body))
    assert data["hand"]["scores"] == [26, 26, 0, 26]
    assert data["totals"] == [26, 26, 0, 26]


def test_it_requires_the_shooters_choice_for_a_moon_under_shooter_choice(scorer_api, new_game):
    game = moon_game(new_game, "shooter_choice")
    response = put_hand(scorer_api, game.pk, 1, {"points": [0, 0, 26, 0]})
    assert error_of(response, 400) == ("moon_choice_required", "moon_choice")
    assert not Hand.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).version == game.version


def test_it_refuses_a_moon_choice_when_nobody_shot_the_moon(scorer_api, new_game):
    game = moon_game(new_game, "shooter_choice")
    body = {"points": [13, 13, 0, 0], "moon_choice": "add_to_others"}
    response = put_hand(scorer_api, game.pk, 1, body)
    assert error_of(response, 400) == ("moon_choice_not_applicable", "moon_choice")


@pytest.mark.parametrize(
    ("moon", "scores", "shooter", "recorded"),
    [
        ("add_to_others", [26, 26, 26, 0], 3, "add_to_others"),
        ("subtract_from_shooter", [0, 0, 0, -26], 3, "subtract_from_shooter"),
        ("add_unless_shooter_loses", [26, 26, 26, 0], 3, "add_to_others"),
        ("off", [0, 0, 0, 26], None, None),  # no moon: null, never ""
    ],
)
def test_it_scores_a_moon_by_the_rulesets_moon_rule(
    scorer_api, new_game, moon, scores, shooter, recorded
):
    game = moon_game(new_game, moon)
    hand = entered(put_hand(scorer_api, game.pk, 1, {"points": [0, 0, 0, 26]}))["hand"]
    assert hand["scores"] == scores
    assert (hand["moon_shooter"], hand["moon_choice"]) == (shooter, recorded)


# E30 needs totals 90, 50, 80, 85 (sum 305, odd): a no-trick bonus of -1 makes them reachable.
E30_HANDS = [
    ([13, 0, 13, 0], [4, 0, 5, 4]),
    ([13, 0, 0, 13], [4, 0, 4, 5]),
    ([0, 0, 13, 13], [4, 0, 4, 5]),
    ([13, 0, 13, 0], [4, 0, 5, 4]),
    ([13, 0, 0, 13], [4, 0, 4, 5]),
    ([0, 0, 13, 13], [4, 0, 4, 5]),
    ([13, 0, 13, 0], [4, 0, 5, 4]),
    ([13, 13, 0, 0], [4, 4, 3, 2]),
    ([0, 13, 13, 0], [3, 4, 4, 2]),
    ([0, 13, 0, 13], [3, 4, 2, 4]),
    ([12, 0, 1, 13], [4, 3, 2, 4]),
    ([0, 18, 1, 7], [2, 5, 2, 4]),
]


def test_it_subtracts_from_a_shooter_who_would_lose_by_adding_e30(scorer_api, new_game):
    game = moon_game(new_game, "add_unless_shooter_loses", no_trick_bonus=-1)
    for number, (points, tricks) in enumerate(E30_HANDS, start=1):
        body = {"points": points, "tricks_won": tricks}
        data = entered(put_hand(scorer_api, game.pk, number, body))
    assert data["totals"] == [90, 50, 80, 85] and data["status"] == "in_progress"
    body = {"points": [26, 0, 0, 0], "tricks_won": [13, 0, 0, 0]}
    data = entered(put_hand(scorer_api, game.pk, 13, body))
    assert data["hand"]["scores"] == [-26, 0, 0, 0]
    assert data["hand"]["moon_choice"] == "subtract_from_shooter"
    assert data["totals"] == [64, 50, 80, 85]
    assert data["status"] == "in_progress"


def test_it_gives_a_sun_its_score_instead_of_the_moon(scorer_api, new_game):
    game = new_game({"preset": "standard", "sun": -52})
    body = {"points": [26, 0, 0, 0], "tricks_won": [13, 0, 0, 0]}
    assert entered(put_hand(scorer_api, game.pk, 1, body))["hand"]["scores"] == [-52, 0, 0, 0]


def test_it_needs_tricks_won_for_a_no_trick_bonus_and_applies_it(scorer_api, new_game):
    game = new_game({"preset": "standard", "no_trick_bonus": -5})
    response = put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]})
    assert error_of(response, 400) == ("tricks_won_required", "tricks_won")
    response = put_hand(
        scorer_api, game.pk, 1, {"points": [13, 13, 0, 0], "tricks_won": [7, 6, 1, 1]}
    )
    assert error_of(response, 400) == ("tricks_do_not_sum", "tricks_won")
    body = {"points": [13, 13, 0, 0], "tricks_won": [7, 6, 0, 0]}
    assert entered(put_hand(scorer_api, game.pk, 1, body))["hand"]["scores"] == [13, 13, -5, -5]


# --- The J♦ -----------------------------------------------------------------------------------


def test_it_needs_the_jack_of_diamonds_seat_under_omnibus(scorer_api, new_game):
    game = new_game("omnibus")
    response = put_hand(scorer_api, game.pk, 1, {"points": [13, 5, 8, 0]})
    assert error_of(response, 400) == ("jack_of_diamonds_required", "jack_of_diamonds")
    assert not Hand.objects.filter(game=game).exists()
    body = {"points": [13, 5, 8, 0], "jack_of_diamonds": 3}
    hand = entered(put_hand(scorer_api, game.pk, 1, body))["hand"]
    assert hand["scores"] == [13, 5, 8, -10] and hand["jack_of_diamonds"] == 3


def test_it_counts_the_jack_of_diamonds_in_cards_taken_under_omnibus(scorer_api, new_game):
    game = new_game("omnibus")
    missing = {"cards_taken": [["QS"], HEARTS[:5], HEARTS[5:], []]}
    code, attr = error_of(put_hand(scorer_api, game.pk, 1, missing), 400)
    assert (code, attr) == ("penalty_cards_missing", "cards_taken")
    body = {"cards_taken": [["QS"], HEARTS[:5], HEARTS[5:], ["JD"]]}
    assert entered(put_hand(scorer_api, game.pk, 1, body))["hand"]["scores"] == [13, 5, 8, -10]


@pytest.mark.parametrize(
    ("moon", "points", "jack", "scores"),
    [
        ("add_to_others", [26, 0, 0, 0], 0, [-10, 26, 26, 26]),  # E20
        ("add_to_others", [26, 0, 0, 0], 1, [0, 16, 26, 26]),  # E21
        ("subtract_from_shooter", [26, 0, 0, 0], 1, [-26, -10, 0, 0]),  # E22
    ],
)
def test_it_gives_the_jack_of_diamonds_on_top_of_a_moon(
    scorer_api, new_game, moon, points, jack, scores
):
    game = new_game({"preset": "omnibus", "moon": moon})
    body = {"points": points, "jack_of_diamonds": jack}
    assert entered(put_hand(scorer_api, game.pk, 1, body))["hand"]["scores"] == scores


# --- Refusals ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("points", "code", "attr"),
    [
        ([10, 10, 0, 0], "points_do_not_sum", "points"),
        ([-1, 14, 13, 0], "min_value", "points.0"),
        ([13, 13, 0], "wrong_number_of_seats", "points"),
        ([13, 13, 0, 0, 0], "wrong_number_of_seats", "points"),
        ([7, 7, 6, 6], "impossible_points", "points"),
        ([27, 0, 0, 0], "points_out_of_range", "points.0"),
    ],
)
def test_it_rejects_points_that_cannot_be_a_hand(scorer_api, new_game, points, code, attr):
    game = new_game("standard")
    response = put_hand(scorer_api, game.pk, 1, {"points": points})
    assert error_of(response, 400) == (code, attr)
    assert not Hand.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize(
    ("cards_taken", "code", "attr"),
    [
        ([["QS"], HEARTS[:6], HEARTS[6:12], []], "penalty_cards_missing", "cards_taken"),
        ([["QS", "2H"], HEARTS, [], []], "duplicate_card", "cards_taken.1.0"),
        ([["QS", "2C"], HEARTS, [], []], "not_a_penalty_card", "cards_taken.0.1"),
        ([["QS", "JD"], HEARTS, [], []], "not_a_penalty_card", "cards_taken.0.1"),
        ([["QS"], HEARTS, []], "wrong_number_of_seats", "cards_taken"),
        ([["QS"], [*HEARTS[:12], "ZH"], [], []], "invalid_card", "cards_taken.1.12"),
    ],
)
def test_it_rejects_cards_taken_that_miss_repeat_or_add_a_card(
    scorer_api, new_game, cards_taken, code, attr
):
    game = new_game("standard")
    response = put_hand(scorer_api, game.pk, 1, {"cards_taken": cards_taken})
    assert error_of(response, 400) == (code, attr)
    assert not Hand.objects.filter(game=game).exists()


def test_it_rejects_an_incomplete_trick_record(scorer_api, new_game):
    game = new_game("standard")
    played = play_hand(ruleset_for("standard"), 7)
    body = {"plays": played.plays[:20], "first_leader": played.leader}
    assert error_of(put_hand(scorer_api, game.pk, 1, body), 400) == ("incomplete_record", "plays")
    assert not Hand.objects.filter(game=game).exists()


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"points": [13, 13, 0, 0], "cards_taken": [["QS"], HEARTS, [], []]},
        {"points": [13, 13, 0, 0], "hands": [[], [], [], []]},
        {"points": [13, 13, 0, 0], "pionts": [1]},
    ],
)
def test_it_rejects_a_body_that_is_not_exactly_one_entry_level(scorer_api, new_game, body):
    game = new_game("standard")
    code, _ = error_of(put_hand(scorer_api, game.pk, 1, body), 400)
    assert code in {"one_level_required", "hands_without_plays", "unknown_field"}
    assert not Hand.objects.filter(game=game).exists()


def test_it_stores_an_illegal_record_with_its_violations_and_no_penalty(scorer_api, new_game):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all"})
    rules = ruleset_for(game.ruleset)
    played = next(
        p
        for seed in range(200)
        if (p := play_hand(rules, seed, deviate_at=9 + seed % 30)).plays
        != play_hand(rules, seed).plays
        and not p.moon
    )
    data = entered(put_hand(scorer_api, game.pk, 1, played.entry("plays")))
    assert data["hand"]["adjudication"]["legal"] is False
    assert len(data["hand"]["adjudication"]["violations"]) == 1
    assert data["hand"]["scores"] == played.points  # the raw result until a director rules
    assert data["hand"]["renege_by"] is None


# --- Order, the end of the game, replays ------------------------------------------------------


def enter_all(api, game, hands: list[list[int]]) -> dict:
    data = {}
    for number, points in enumerate(hands, start=1):
        data = entered(put_hand(api, game.pk, number, {"points": points}))
    return data


def test_it_refuses_a_hand_out_of_order(scorer_api, new_game):
    game = new_game("standard")
    code, _ = error_of(put_hand(scorer_api, game.pk, 2, {"points": [13, 13, 0, 0]}), 409)
    assert code == "hand_out_of_order"
    entered(put_hand(scorer_api, game.pk, 1, {"points": [13, 13, 0, 0]}))
    code, _ = error_of(put_hand(scorer_api, game.pk, 3, {"points": [13, 13, 0, 0]}), 409)
    assert code == "hand_out_of_order"
    assert Hand.objects.filter(game=game).count() == 1


REACH_100 = [[25, 1, 0, 0], [25, 1, 0, 0], [25, 0, 1, 0], [25, 0, 1, 0]]  # → 100, 2, 2, 0


def test_it_ends_the_game_when_a_total_reaches_the_target(scorer_api, new_game):
    game = new_game("standard")
    data = enter_all(scorer_api, game, REACH_100)
    assert data["totals"] == [100, 2, 2, 0]
    assert (data["status"], data["winners"]) == ("finished", [3])
    assert (data["next_hand"], data["next_dealer"], data["next_pass"]) == (None, None, None)
    code, _ = error_of(put_hand(scorer_api, game.pk, 5, {"points": [13, 13, 0, 0]}), 409)
    assert code == "game_over"
    game.refresh_from_db()
    assert game.finished_at is not None and game.hands_played == 4
    seats = {s.seat: s for s in game.seats.all()}
    assert seats[3].is_winner and seats[3].place == 1 and seats[0].place == 4


def test_it_plays_on_at_the_target_when_the_game_ends_by_exceeding_it(scorer_api, new_game):
    game = new_game({"preset": "standard", "game_ends": "exceed"})
    data = enter_all(scorer_api, game, REACH_100)
    assert (data["totals"], data["status"]) == ([100, 2, 2, 0], "in_progress")
    data = entered(put_hand(scorer_api, game.pk, 5, {"points": [13, 13, 0, 0]}))
    assert data["totals"] == [113, 15, 2, 0]
    assert (data["status"], data["winners"]) == ("finished", [3])


TIED = [[25, 1, 0, 0], [25, 0, 1, 0], [25, 0, 0, 1], [25, 1, 0, 0]]  # → 100, 2, 1, 1


def test_it_shares_the_win_between_tied_lowest_totals(scorer_api, new_game):
    game = new_game("standard")
    data = enter_all(scorer_api, game, TIED)
    assert (data["totals"], data["status"], data["winners"]) == (
        [100, 2, 1, 1],
        "finished",
        [2, 3],
    )
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert board["winners"] == [2, 3] and board["status"] == "finished"


def test_it_plays_another_hand_on_a_tie_under_play_on(scorer_api, new_game):
    game = new_game({"preset": "standard", "ties": "play_on"})
    data = enter_all(scorer_api, game, TIED)
    assert (data["status"], data["winners"]) == ("in_progress", [])
    data = entered(put_hand(scorer_api, game.pk, 5, {"points": [13, 0, 0, 13]}))
    assert data["totals"] == [113, 2, 1, 14]
    assert (data["status"], data["winners"]) == ("finished", [2])


def test_it_finishes_a_single_round_game_after_its_one_hand_with_gems(scorer_api, new_game):
    game = new_game("qq-single-round")
    data = entered(put_hand(scorer_api, game.pk, 1, {"points": [3, 0, 10, 13]}))
    assert (data["status"], data["winners"]) == ("finished", [1])
    assert data["hand"]["gems"] == [14, 26, -14, -26]  # E33
    code, _ = error_of(put_hand(scorer_api, game.pk, 2, {"points": [13, 13, 0, 0]}), 409)
    assert code == "game_over"
    board = scorer_api.get(game_url(game.pk, "scoreboard/")).json()
    assert board["gems"] == [14, 26, -14, -26] and board["target_score"] is None


def test_it_replays_the_stored_hand_for_the_same_body(scorer_api, new_game):
    game = new_game("standard")
    body = {"points": [13, 5, 8, 0]}
    first = entered(put_hand(scorer_api, game.pk, 1, body))
    again = put_hand(scorer_api, game.pk, 1, body)
    assert again.status_code == 200
    assert again.json()["hand"] == first["hand"]
    assert again.json()["totals"] == [13, 5, 8, 0]
    assert Hand.objects.filter(game=game).count() == 1
    assert Game.objects.get(pk=game.pk).version == first["game_version"]
    assert HistoryEntry.objects.filter(game=game, action="hand_entered").count() == 1


def test_it_refuses_a_different_body_for_a_recorded_hand_and_points_at_patch(scorer_api, new_game):
    game = new_game("standard")
    entered(put_hand(scorer_api, game.pk, 1, {"points": [13, 5, 8, 0]}))
    response = put_hand(scorer_api, game.pk, 1, {"points": [13, 8, 5, 0]})
    assert error_of(response, 409)[0] == "hand_exists"
    detail = response.json()["errors"][0]["detail"]
    assert "PATCH" in detail and hand_url(game.pk, 1) in detail
    assert Hand.objects.get(game=game, number=1).points == [13, 5, 8, 0]


def test_it_shows_every_hand_with_running_totals_on_the_scoreboard(
    scorer_api, client_for, new_game
):
    game = new_game("qq")
    enter_all(scorer_api, game, [[13, 5, 8, 0], [0, 13, 0, 13], [3, 0, 10, 13]])
    board = client_for(None).get(game_url(game.pk, "scoreboard/")).json()
    assert [row["number"] for row in board["hands"]] == [1, 2, 3]
    assert [row["running_totals"] for row in board["hands"]] == [
        [13, 5, 8, 0],
        [13, 18, 8, 13],
        [16, 18, 18, 26],
    ]
    assert board["totals"] == [16, 18, 18, 26]
    assert board["status"] == "in_progress" and board["winners"] == []
    per_hand = [row["gems"] for row in board["hands"]]
    assert board["gems"] == [sum(g) for g in zip(*per_hand, strict=True)]
    assert board["gems"] == [14, 6, 6, -26]  # per hand: 26 - 4 x own points
    assert [s["name"] for s in board["seats"]] == ["Ada", "Ben", "Cleo", "Dev"]
    assert (board["next_hand"], board["next_pass"]) == (4, "hold")
    listed = client_for(None).get(game_url(game.pk, "hands/")).json()
    assert [h["scores"] for h in listed["results"]] == [row["scores"] for row in board["hands"]]
