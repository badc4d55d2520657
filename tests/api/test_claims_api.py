"""Claims in the adjudication API: a claim in the request, its ruling in the answer (typed in the
schema), every refusal a 400 with its code and field, the claim rule codes listed, the ruling's
words in the reader's language."""

from __future__ import annotations

import pytest
from django.test import Client

from adjudication.claim_serializers import ClaimRulingSerializer
from adjudication.engine.claim_words import CLAIM_CODES
from tests.engine.support import record
from tests.engine.test_claim_examples import AT_THE_CLAIM, NORTH

from .test_adjudication_api import error_of, post, ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def api() -> Client:
    return Client()


def body(claim: dict, **more) -> dict:
    return {
        "plays": NORTH["plays"],
        "hands": [h.split() for h in NORTH["hands"]],
        "claim": claim,
        **more,
    }


def test_a_claim_that_fails_comes_back_with_its_counter_line_and_result(api):
    answer = ruling(
        api, body({"seat": 0, "outcome": "all_tricks", "line": ["AS", "KS", "3H", "2H"]})
    )
    claim = answer["claim"]
    assert (claim["verdict"], claim["rule"], claim["proof"]["beaten_at"]) == (
        "fails",
        "claim_all_tricks",
        12,
    )
    assert (
        claim["message"]
        == "Seat 0's claim of the rest of the tricks fails: seat 3 wins trick 12 with TH."
    )
    assert claim["proof"]["plays"] == [
        "AS",
        "QS",
        "JS",
        "TS",
        "KS",
        "5S",
        "6H",
        "9H",
        "3H",
        "4H",
        "7H",
        "TH",
        "5C",
        "2H",
        "9D",
        "8C",
    ]
    assert claim["result"]["scores"] == [26, 0, 0, 0]
    assert set(claim) == set(ClaimRulingSerializer().fields)
    assert set(claim["result"]) == set(ClaimRulingSerializer().fields["result"].fields)
    assert answer["complete"] is False and answer["violations"] == []


def test_a_ruling_without_a_claim_says_so(api):
    answer = ruling(api, {"plays": NORTH["plays"], "hands": [h.split() for h in NORTH["hands"]]})
    assert answer["claim"] is None


def test_a_claim_on_cards_shown_needs_no_hands(api):
    answer = ruling(
        api,
        {
            "plays": NORTH["plays"],
            "first_leader": 1,
            "claim": {"seat": 1, "outcome": "no_points", "shown": AT_THE_CLAIM},
        },
    )
    assert answer["holdings_source"] == "shown"
    assert (answer["claim"]["verdict"], answer["claim"]["result"]["left_to_table"]) == (
        "holds",
        ["points"],
    )


def test_the_ruleset_options_decide_an_unstated_line_and_a_failed_claim(api):
    claim = {"seat": 0, "outcome": "all_tricks"}
    answer = ruling(
        api,
        body(
            claim,
            ruleset={
                "preset": "standard",
                "failed_claim": "play_on",
                "claim_without_line": "best_line",
            },
        ),
    )
    assert answer["claim"]["options"] == {
        "claim_without_line": "best_line",
        "failed_claim": "play_on",
    }
    assert answer["claim"]["unstated"] == "best_line"
    assert answer["claim"]["result"]["how"] == "play_on"
    assert answer["ruleset"]["failed_claim"] == "play_on"
    code, attr = error_of(post(api, body(claim, ruleset={"failed_claim": "replay"})))
    assert (code, attr) == ("invalid_option", "ruleset.failed_claim")


NOT_EAST = ["9D", "4H", "5S", "JS"]  # East holds QS, not JS


@pytest.mark.parametrize(
    ("claim", "more", "code", "attr"),
    [
        ({"seat": 6, "outcome": "moon"}, {}, "max_value", "claim.seat"),
        ({"seat": 4, "outcome": "moon"}, {}, "invalid_seat", "claim.seat"),
        ({"outcome": "moon"}, {}, "required", "claim.seat"),
        ({"seat": 0, "outcome": "slam"}, {}, "invalid_choice", "claim.outcome"),
        ({"seat": 0, "outcome": "moon", "by": 1}, {}, "unknown_field", "claim.by"),
        ({"seat": 1, "outcome": "moon"}, {}, "moon_already_lost", "claim.outcome"),
        ({"seat": 0, "outcome": "all_tricks", "line": ["AS", "QS"]}, {}, "line_card_not_held",
         "claim.line.1"),
        ({"seat": 1, "outcome": "no_points", "shown": [None, NOT_EAST, None, None]}, {},
         "shown_card_not_held", "claim.shown.1.3"),
        ({"seat": 1, "outcome": "no_points"}, {"hands": None}, "claim_needs_holdings",
         "claim.shown"),
        ({"seat": 1, "outcome": "no_points", "shown": [None, AT_THE_CLAIM[1], None, None]},
         {"hands": None}, "claim_needs_every_holding", "claim.shown.0"),
    ],
)  # fmt: skip
def test_a_claim_that_cannot_be_judged_is_a_400_naming_its_field(api, claim, more, code, attr):
    request = body(claim, first_leader=1)
    for key, value in more.items():
        if value is None:
            request.pop(key)
    assert error_of(post(api, request)) == (code, attr)


def test_a_claim_once_the_hand_is_over_is_a_400(api):
    rest = record(["AS QS JS TS", "KS 5S 6H 9H", "3H 4H 7H TH", "5C 2H 9D 8C"])
    plays = NORTH["plays"] + rest
    request = {
        "plays": plays,
        "hands": [h.split() for h in NORTH["hands"]],
        "claim": {"seat": 0, "outcome": "moon"},
    }
    assert error_of(post(api, request)) == ("hand_over", "claim")


def test_the_claim_rule_codes_are_listed_with_the_others(api):
    listed = api.get("/api/v1/rule-codes/").json()
    codes = [entry["rule"] for entry in listed]
    assert set(CLAIM_CODES) <= set(codes) and "must_follow_suit" in codes
    described = {entry["rule"]: entry["description"] for entry in listed}
    assert described["claim_accepted"] == (
        "A claim or concession every other seat accepts is scored as claimed, without a check."
    )


@pytest.mark.parametrize("language", ["de", "es", "fr", "zh-hans"])
@pytest.mark.parametrize(
    "claim",
    [
        {"seat": 1, "outcome": "no_points"},
        {"seat": 0, "outcome": "all_tricks", "line": ["AS", "KS"]},
        {"seat": 0, "outcome": "moon", "accepted": True},
    ],
)
def test_a_claims_ruling_is_in_the_readers_language(api, language, claim):
    response = api.post(
        "/api/v1/adjudications/", data=body(claim), content_type="application/json",
        HTTP_ACCEPT_LANGUAGE=language,
    )  # fmt: skip
    found = response.json()["claim"]
    english = ruling(api, body(claim))["claim"]
    for key in ("message", "line_message", "source", "source_text"):
        if english[key] is not None:
            assert found[key] and found[key] != english[key], key
    assert found["result"]["message"] != english["result"]["message"]
