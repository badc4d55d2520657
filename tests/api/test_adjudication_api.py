"""The adjudication API over HTTP: rulings, rule codes, presets and every refused input."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from adjudication.engine import PRESETS, build_ruleset, names
from adjudication.engine.simulate import deal, opening_leader, play_randomly, random_passes

# Adjudication stores nothing, but the write throttle counts in the database.
pytestmark = pytest.mark.django_db

URL = "/api/v1/adjudications/"
CLUBS = [f"{rank}C" for rank in "23456789TJQKA"]
DIAMONDS = [f"{rank}D" for rank in "23456789TJQKA"]
HEARTS = [f"{rank}H" for rank in "23456789TJQKA"]
SPADES = [f"{rank}S" for rank in "23456789TJQKA"]


@pytest.fixture
def api() -> Client:
    return Client()


def post(api: Client, body: object):
    data = body if isinstance(body, str | bytes) else json.dumps(body)
    return api.post(URL, data=data, content_type="application/json")


def ruling(api: Client, body: object) -> dict:
    response = post(api, body)
    assert response.status_code == 200, response.content
    return response.json()


def error_of(response) -> tuple[str, str | None]:
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    return error["code"], error["attr"]


def random_hand(ruleset: dict, seed: int, deviate_at: int | None = None):
    options = dict(ruleset)
    rules = build_ruleset(options.pop("preset", "standard"), **options)
    rng = random.Random(seed)
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings)
    plays = play_randomly(rules, holdings, leader, rng, deviate_at=deviate_at)
    return rules, holdings, leader, plays


def deviation(ruleset: dict, rule: str, where) -> tuple[dict, int]:
    """A seeded hand whose one illegal play (at an index ``where`` accepts) breaks ``rule``."""
    for seed in range(400):
        at = random.Random(seed).randrange(52)
        if not where(at):
            continue
        _, holdings, leader, plays = random_hand(ruleset, seed, deviate_at=at)
        body = {"ruleset": ruleset, "plays": names(plays), "first_leader": leader}
        result = json.loads(json.dumps(body))
        from adjudication.services import rule_on_hand

        found = rule_on_hand(result).violations
        if [v.rule for v in found] == [rule]:
            return {**body, "hands": [names(h) for h in holdings]}, at
    raise AssertionError(f"no seed gives a {rule} deviation")


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_it_rules_a_random_legal_hand_legal_with_and_without_hands(api, preset, players):
    for seed in range(2):
        ruleset = {"preset": preset, "players": players}
        rules, holdings, leader, plays = random_hand(ruleset, seed)
        body = {"ruleset": ruleset, "plays": names(plays)}
        given = {"hands": [names(h) for h in holdings]}
        if rules.first_lead == "left_of_dealer":  # black-maria: the dealer's left leads
            given["dealer"] = 0
        with_hands = ruling(api, {**body, **given})
        without = ruling(api, {**body, "first_leader": leader})
        for result in (with_hands, without):
            assert result["legal"] is True and result["complete"] is True
            assert result["violations"] == [] and result["undetermined"] == []
            assert sum(result["points_taken"]) == rules.penalty_total
            assert len(result["tricks"]) == rules.hand_size
            assert result["ruleset"]["players"] == players
        assert with_hands["points_taken"] == without["points_taken"]
        assert without["hands"] == with_hands["hands"] == [names(h) for h in holdings]
        assert without["holdings_source"] == "record"


@pytest.mark.parametrize("preset", list(PRESETS))
def test_it_reports_a_single_illegal_play_at_its_index_with_or_without_hands(api, preset):
    checked = 0
    for seed in range(30):
        at = random.Random(seed).randrange(1, 52)
        rules, holdings, leader, plays = random_hand({"preset": preset}, seed, deviate_at=at)
        if plays == random_hand({"preset": preset}, seed)[3]:
            continue  # that seat had no illegal card to play there
        body = {"ruleset": preset, "plays": names(plays)}
        given = {"hands": [names(h) for h in holdings]}
        if rules.first_lead == "left_of_dealer":  # black-maria: the dealer's left leads
            given["dealer"] = 0
        with_hands = ruling(api, {**body, **given})
        without = ruling(api, {**body, "first_leader": leader})
        for result in (with_hands, without):
            assert [v["play_index"] for v in result["violations"]] == [at]
            assert result["legal"] is False
        assert with_hands["violations"][0]["rule"] == without["violations"][0]["rule"]
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize(
    ("ruleset", "rule", "where"),
    [
        ({"preset": "standard"}, "must_follow_suit", lambda at: at % 4),
        ({"preset": "omnibus"}, "points_on_first_trick", lambda at: 0 < at < 4),
        ({"preset": "standard"}, "first_lead_lowest_club", lambda at: at == 0),
        ({"preset": "standard", "first_lead": "any_club"}, "first_lead_club", lambda at: at == 0),
        ({"preset": "standard"}, "hearts_not_broken", lambda at: at % 4 == 0 and at > 0),
    ],
)
def test_it_names_each_rule_a_play_breaks_with_its_proof(api, ruleset, rule, where):
    body, at = deviation(ruleset, rule, where)
    with_hands = ruling(api, body)
    [violation] = with_hands["violations"]
    assert (violation["rule"], violation["play_index"]) == (rule, at)
    assert violation["trick"] == at // 4 + 1
    assert violation["card"] == body["plays"][at]
    assert violation["evidence"]["source"] == "hands"
    del body["hands"]
    from_record = ruling(api, body)
    [proven] = from_record["violations"]
    assert (proven["rule"], proven["play_index"], proven["seat"]) == (
        rule,
        at,
        violation["seat"],
    )
    if rule not in ("first_lead_lowest_club", "first_lead_club"):
        # Proof from the record: each held card is shown by a later play of that seat.
        shown = proven["evidence"]["shown"]
        assert shown and all(s["play_index"] > at for s in shown)
        assert {s["card"] for s in shown} == set(proven["evidence"]["held"])


def test_it_proves_a_renege_by_the_later_card_of_the_led_suit(api):
    body, at = deviation({"preset": "standard"}, "must_follow_suit", lambda at: at > 8 and at % 4)
    del body["hands"]
    [violation] = ruling(api, body)["violations"]
    led = body["plays"][at - at % 4][-1]
    assert violation["evidence"]["held"] and all(
        c.endswith(led) for c in violation["evidence"]["held"]
    )
    assert "does not follow" in violation["message"] and "the record shows" in violation["message"]


def test_it_names_a_card_the_seat_does_not_hold(api):
    hands = [CLUBS, DIAMONDS, HEARTS, SPADES]
    [violation] = ruling(api, {"plays": ["2C", "2S"], "hands": hands})["violations"]
    assert (violation["rule"], violation["seat"], violation["card"]) == ("card_not_held", 1, "2S")


def test_it_names_the_wrong_leader_of_the_first_trick_under_any_club(api):
    hands = [[*CLUBS[:12], "2D"], [CLUBS[12], *DIAMONDS[1:]], HEARTS, SPADES]
    body = {"ruleset": {"first_lead": "any_club"}, "plays": ["AC"], "hands": hands}
    wrong = ruling(api, {**body, "first_leader": 1})
    assert [v["rule"] for v in wrong["violations"]] == ["wrong_leader"]
    assert ruling(api, {**body, "plays": ["5C"]})["legal"] is True


def test_it_leaves_a_renege_undetermined_until_a_later_card_decides_it(api):
    body, at = deviation(
        {"preset": "standard"}, "must_follow_suit", lambda at: 4 < at < 20 and at % 4
    )
    del body["hands"]
    cut = dict(body, plays=body["plays"][: at + 1])
    result = ruling(api, cut)
    assert result["legal"] is True and result["complete"] is False
    [open_question] = [u for u in result["undetermined"] if u["play_index"] == at]
    suit = {"C": "club", "D": "diamond", "H": "heart", "S": "spade"}[body["plays"][at - at % 4][-1]]
    assert open_question["rule"] == "must_follow_suit"
    assert (
        f"illegal if seat {open_question['seat']} later shows a {suit}"
        in open_question["condition"]
    )
    assert result["scores"] is None


def test_it_checks_the_pass_against_the_deal_and_the_hand_number(api):
    rules = build_ruleset()
    rng = random.Random(7)
    dealt = deal(rules, rng)
    passes, after = random_passes(rules, dealt, 1, rng)
    leader = opening_leader(rules, after)
    plays = play_randomly(rules, after, leader, rng)
    body = {
        "plays": names(plays),
        "deal": [names(h) for h in dealt],
        "passes": [names(p) for p in passes],
        "hand_number": 1,
    }
    result = ruling(api, body)
    assert result["legal"] is True and result["holdings_source"] == "deal"
    assert result["passing"] == {"hand_number": 1, "direction": "left"}
    assert result["hands"] == [names(h) for h in after]
    short = dict(body, passes=[names(passes[0])[:2]] + [names(p) for p in passes[1:]])
    assert "pass_wrong_count" in [v["rule"] for v in ruling(api, short)["violations"]]
    stolen = [names(p) for p in passes]
    stolen[0] = stolen[0][:2] + [
        names(dealt[1])[0] if names(dealt[1])[0] not in stolen[1] else names(dealt[1])[1]
    ]
    violations = ruling(api, dict(body, passes=stolen))["violations"]
    assert "pass_card_not_held" in [v["rule"] for v in violations]
    held_back = ruling(api, dict(body, hand_number=4))["violations"]
    assert {v["rule"] for v in held_back} >= {"pass_wrong_count"}


def test_it_scores_a_moon_with_both_options_until_the_shooter_chooses(api):
    rest = [c for c in DIAMONDS + HEARTS + SPADES]
    hands = [CLUBS, rest[0:13], rest[13:26], rest[26:39]]
    plays = [card for trick in range(13) for card in (CLUBS[trick], *(h[trick] for h in hands[1:]))]
    pending = ruling(api, {"plays": plays, "hands": hands})
    assert pending["moon"] == {"shooter": 0}
    assert pending["scores"] == {
        "subtract_from_shooter": [-26, 0, 0, 0],
        "add_to_others": [0, 26, 26, 26],
    }
    chosen = ruling(api, {"plays": plays, "hands": hands, "moon_choice": "add_to_others"})
    assert chosen["scores"] == [0, 26, 26, 26]
    sun = ruling(api, {"ruleset": {"sun": -52}, "plays": plays, "hands": hands})
    assert sun["sun"] == {"shooter": 0} and sun["scores"] == [-52, 0, 0, 0]


def test_it_prices_a_confirmed_renege_under_the_ruleset_penalty(api):
    body, _ = deviation({"preset": "standard"}, "must_follow_suit", lambda at: at % 4)
    body["ruleset"] = {"preset": "standard", "renege_penalty": "takes_all"}
    result = ruling(api, body)
    offender = result["violations"][0]["seat"]
    expected = [26 if seat == offender else 0 for seat in range(4)]
    assert result["renege_penalty"] == {"offender": offender, "scores": expected}
    body["ruleset"] = "standard"
    assert ruling(api, body)["renege_penalty"] is None


@pytest.mark.parametrize(
    ("body", "code", "attr"),
    [
        ({"ruleset": "nope", "plays": []}, "unknown_preset", "ruleset"),
        ({"ruleset": {"preset": "nope"}, "plays": []}, "unknown_preset", "ruleset.preset"),
        ({"ruleset": {"jokers": 2}, "plays": []}, "unknown_option", "ruleset.jokers"),
        ({"ruleset": {"players": 7}, "plays": []}, "invalid_option", "ruleset.players"),
        ({"ruleset": {"moon": "sometimes"}, "plays": []}, "invalid_option", "ruleset.moon"),
        (
            {"ruleset": {"removed_cards": ["2D"]}, "plays": []},
            "uneven_deck",
            "ruleset.removed_cards",
        ),
        (
            {"ruleset": {"removed_cards": ["ZZ"]}, "plays": []},
            "invalid_card",
            "ruleset.removed_cards.0",
        ),
        ({"ruleset": 5, "plays": []}, "invalid_ruleset", "ruleset"),
        ({"plays": ["2C", "3X"], "first_leader": 0}, "invalid_card", "plays.1"),
        ({"plays": ["2C", "2C"], "first_leader": 0}, "duplicate_card", "plays.1"),
        (
            {"ruleset": {"players": 3}, "plays": ["2D"], "first_leader": 0},
            "card_not_in_deck",
            "plays.0",
        ),
        ({"plays": CLUBS + DIAMONDS + HEARTS + SPADES + ["AS"]}, "max_length", "plays"),
        (
            {"ruleset": {"players": 5}, "plays": CLUBS + DIAMONDS + HEARTS + SPADES[:12]},
            "too_many_plays",
            "plays",
        ),
        ({"plays": ["2C"]}, "first_leader_required", "first_leader"),
        ({"plays": ["2C"], "first_leader": 4}, "invalid_seat", "first_leader"),
        ({"plays": [], "hands": [CLUBS, DIAMONDS, HEARTS]}, "wrong_number_of_seats", "hands"),
        (
            {"plays": [], "hands": [CLUBS, DIAMONDS, HEARTS, SPADES[:12]]},
            "wrong_hand_size",
            "hands.3",
        ),
        (
            {"plays": [], "hands": [CLUBS, DIAMONDS, HEARTS, SPADES[:12] + ["2C"]]},
            "duplicate_card",
            "hands.3.12",
        ),
        (
            {"plays": [], "deal": [CLUBS, DIAMONDS, HEARTS, SPADES]},
            "hand_number_required",
            "hand_number",
        ),
        (
            {"plays": [], "deal": [CLUBS, DIAMONDS, HEARTS, SPADES], "hand_number": 1},
            "passes_required",
            "passes",
        ),
        (
            {
                "plays": [],
                "hands": [CLUBS, DIAMONDS, HEARTS, SPADES],
                "deal": [CLUBS, DIAMONDS, HEARTS, SPADES],
            },
            "conflicting_holdings",
            "deal",
        ),
        ({"plays": [], "moon_choice": "both"}, "invalid_choice", "moon_choice"),
        ({"plays": [], "extra": 1}, "unknown_field", "extra"),
        ({}, "required", "plays"),
        ({"plays": "2C 3C"}, "not_a_list", "plays"),
    ],
)
def test_it_refuses_bad_input_with_a_code_and_the_field(api, body, code, attr):
    assert error_of(post(api, body)) == (code, attr)


def test_it_refuses_malformed_json_and_oversized_bodies(api):
    response = post(api, '{"plays": [')
    assert response.status_code == 400 and response.json()["errors"][0]["code"] == "parse_error"
    huge = json.dumps({"plays": [], "padding": "x" * 300_000})
    response = post(api, huge)
    assert response.status_code == 413
    assert response.json()["errors"][0]["code"] == "request_too_large"


def test_it_lists_every_preset_with_its_options_and_source(api):
    response = api.get("/api/v1/rulesets/")
    assert response.status_code == 200
    presets = {p["name"]: p for p in response.json()}
    assert set(presets) == set(PRESETS)
    assert presets["omnibus"]["ruleset"]["jack_of_diamonds"] == -10
    assert "2 of clubs" in presets["omnibus"]["source_text"]
    assert presets["qq-single-round"]["ruleset"]["target_score"] is None
    three = api.get("/api/v1/rulesets/omnibus/?players=3").json()
    assert three["ruleset"]["removed_cards"] == ["2C"]
    assert three["ruleset"]["pass_schedule"] == ["right", "left", "hold"]
    assert three["derived"]["lowest_club"] == "3C"
    missing = api.get("/api/v1/rulesets/nope/")
    assert missing.status_code == 404 and missing.json()["errors"][0]["code"] == "unknown_preset"


def test_the_schema_carries_worked_examples(api):
    schema = api.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/adjudications/"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"]
    assert {"RenegeProven", "First-trickQueen", "MoonWithAChoice"} <= set(examples)
    responses = operation["responses"]["200"]["content"]["application/json"]["examples"]
    renege = next(e for name, e in responses.items() if name.startswith("Renege"))["value"]
    assert renege["violations"][0]["rule"] == "must_follow_suit"
    assert "400" in operation["responses"]
