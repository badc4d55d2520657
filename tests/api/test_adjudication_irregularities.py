"""Irregularities through POST /api/v1/adjudications/: the ruling on each, and every refusal."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client

from adjudication.engine import build_ruleset, names
from adjudication.engine.irregularity_options import IRREGULARITY_RULES
from adjudication.engine.simulate import deal, opening_leader, play_randomly

pytestmark = pytest.mark.django_db

URL = "/api/v1/adjudications/"


def post(body: object):
    return Client().post(URL, data=json.dumps(body), content_type="application/json")


def a_late_revoke() -> dict:
    """A seeded hand with one renege, the holdings given."""
    rules = build_ruleset()
    for seed in range(300):
        rng = random.Random(seed)
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings)
        plays = play_randomly(rules, holdings, leader, rng, deviate_at=21)
        body = {"plays": names(plays), "hands": [names(h) for h in holdings]}
        answer = post(body).json()
        if [v["rule"] for v in answer["violations"]] == ["must_follow_suit"]:
            return {**body, "violation": answer["violations"][0], "raw": answer}
    raise AssertionError("no renege")  # pragma: no cover


def test_a_revoke_found_late_is_ruled_with_its_rule_option_source_and_rectified_points():
    case = a_late_revoke()
    renege = case.pop("violation")
    raw = case.pop("raw")
    body = {
        **case,
        "ruleset": {"preset": "standard", "renege_penalty": "takes_all"},
        "irregularities": [{"kind": "revoke", "trick": renege["trick"], "seat": renege["seat"]}],
    }
    response = post(body)
    assert response.status_code == 200, response.content
    answer = response.json()
    (ruled,) = answer["irregularities"]
    assert ruled["rule"] == "revoke_established" and ruled["found"] is True
    assert (ruled["seat"], ruled["trick"]) == (renege["seat"], renege["trick"])
    assert ruled["option"] == {"name": "renege_penalty", "value": "takes_all"}
    assert ruled["source"]["title"] == "Foster's Complete Hoyle, Hearts"
    expected = [26 if seat == renege["seat"] else 0 for seat in range(4)]
    assert ruled["scores"] == expected and answer["rectified"]["scores"] == expected
    assert answer["points_taken"] == raw["points_taken"]  # the raw result beside it


def test_a_record_without_irregularities_answers_with_none():
    case = a_late_revoke()
    case.pop("violation"), case.pop("raw")
    answer = post(case).json()
    assert answer["irregularities"] == [] and answer["rectified"] is None


@pytest.mark.parametrize(
    ("irregularity", "ruleset", "code", "attr"),
    [
        ({"kind": "sneeze"}, "standard", "invalid_choice", "irregularities.0.kind"),
        ({"kind": "misdeal", "noticed_at_trick": 3}, {"misdeal": "no_rule"},
         "no_rule_for_irregularity", "irregularities.0.kind"),
        ({"kind": "revoke", "trick": 2}, "standard", "invalid_irregularity",
         "irregularities.0.seat"),
        ({"kind": "revoke", "trick": 14, "seat": 1}, "standard", "invalid_irregularity",
         "irregularities.0.trick"),
        ({"kind": "revoke", "trick": 1, "seat": 0, "umbrella": 1}, "standard", "unknown_field",
         "irregularities.0.umbrella"),
        ({"kind": "lead_out_of_turn", "trick": 3, "seat": 1, "card": "ZZ", "stood": True},
         "standard", "invalid_card", "irregularities.0.card"),
    ],
)  # fmt: skip
def test_a_bad_irregularity_is_a_400_with_its_code_and_field(irregularity, ruleset, code, attr):
    case = a_late_revoke()
    case.pop("violation"), case.pop("raw")
    body = {**case, "ruleset": ruleset, "irregularities": [irregularity]}
    response = post(body)
    assert response.status_code == 400, response.content
    error = response.json()["errors"][0]
    assert (error["code"], error["attr"]) == (code, attr)


def test_the_rule_codes_list_the_irregularities_rules():
    listed = {row["rule"] for row in Client().get("/api/v1/rule-codes/").json()}
    assert set(IRREGULARITY_RULES) <= listed
