"""Rulings on a hand through the API: a hand PUT with irregularities answers with the engine's
ruling on each and counts as played; GET …/rulings/ lists them awaiting; a director accepts or
overrides one (POST …/rulings/{id}/decision/), once, on the revision read; the refusals are
4xx with their codes and fields, and store nothing."""

from __future__ import annotations

import pytest

from adjudication.services import ruleset_for
from scoring.models import Dispute, Game, Hand, HandRuling

from .support import error_of, hand_url, patch_hand, put_hand, snapshot
from .test_corrections import ok
from .test_table_rulings import late_revoke

TAKES_ALL = {"preset": "standard", "renege_penalty": "takes_all"}


def rulings(api, game, number=1) -> list[dict]:
    return ok(api.get(hand_url(game.pk, number, "rulings/")))["results"]


def decide(api, game, ruling_id, body, number=1):
    return api.post(
        hand_url(game.pk, number, f"rulings/{ruling_id}/decision/"), body, format="json"
    )


@pytest.fixture
def revoked(new_game, scorer_api):
    """A game whose hand 1 was entered with a late revoke: (game, entry, offender, raw)."""
    game = new_game(TAKES_ALL)
    entry, offender, raw = late_revoke(ruleset_for(game.ruleset))
    response = put_hand(scorer_api, game.pk, 1, entry)
    assert response.status_code == 201, response.content
    return game, entry, offender, raw, response.json()


def test_a_hand_put_with_a_late_revoke_answers_its_ruling_and_counts_as_played(revoked, scorer_api):
    game, entry, offender, raw, body = revoked
    hand = body["hand"]
    assert hand["entry"] == entry and hand["scores"] == raw and hand["ruled"] is None
    assert body["totals"] == raw
    (found,) = hand["adjudication"]["irregularities"]
    assert (found["rule"], found["seat"], found["option"]["value"]) == (
        "revoke_established",
        offender,
        "takes_all",
    )
    (listed,) = rulings(scorer_api, game)
    assert (listed["status"], listed["current"], listed["kind"], listed["index"]) == (
        "awaiting",
        True,
        "irregularity",
        0,
    )
    assert listed["ruling"] == found and listed["result"] is None
    (dispute,) = ok(scorer_api.get(hand_url(game.pk, 1, "disputes/")))["results"]
    assert dispute["status"] == "open" and dispute["rulings"] == [listed]


def test_a_director_accepts_a_ruling_once_on_the_revision_read(revoked, scorer_api, director_api):
    game, _entry, offender, raw, body = revoked
    (listed,) = rulings(scorer_api, game)
    revision = body["hand"]["revision"]
    refused = decide(scorer_api, game, listed["id"], {"decision": "accept"})
    assert refused.status_code == 403
    before = snapshot()
    stale = decide(director_api, game, listed["id"], {"decision": "accept", "revision": 99})
    assert error_of(stale, 409) == ("hand_changed", "revision")
    assert snapshot() == before

    answer = ok(
        decide(director_api, game, listed["id"], {"decision": "accept", "revision": revision})
    )
    takes = [26 if seat == offender else 0 for seat in range(4)]
    assert answer["ruling"]["status"] == "accepted" and answer["ruling"]["decided_at"]
    assert answer["hand"]["scores"] == takes and answer["hand"]["points"] == raw
    assert answer["hand"]["ruled"] == {"accepted": [0], "result": None, "moon_choice": None}
    assert answer["totals"] == takes and answer["game_version"] == Game.objects.get().version
    again = decide(director_api, game, listed["id"], {"decision": "override", "reason": "no"})
    assert error_of(again, 409) == ("ruling_decided", None)
    assert Dispute.objects.get().status == "accepted"


def test_an_override_needs_a_reason_and_scores_the_directors_own_count(
    revoked, scorer_api, director_api
):
    game, _entry, _offender, _raw, _body = revoked
    (listed,) = rulings(scorer_api, game)
    own = {"points": [16, 4, 3, 3]}
    before = snapshot()
    missing = decide(director_api, game, listed["id"], {"decision": "override", "result": own})
    assert error_of(missing, 400) == ("reason_required", "reason")
    accept_with = decide(director_api, game, listed["id"], {"decision": "accept", "result": own})
    assert error_of(accept_with, 400) == ("result_needs_override", "result")
    bad = decide(
        director_api,
        game,
        listed["id"],
        {"decision": "override", "reason": "r", "result": {"points": [16, 4, 3, 2]}},
    )
    assert error_of(bad, 400)[1].startswith("points")  # the engine's: they do not add up
    assert snapshot() == before
    body = {"decision": "override", "reason": "the table agreed", "result": own}
    answer = ok(decide(director_api, game, listed["id"], body))
    assert answer["hand"]["scores"] == [16, 4, 3, 3] and answer["ruling"]["result"] == own
    assert answer["ruling"]["reason"] == "the table agreed"


@pytest.mark.parametrize(
    ("change", "options", "error"),
    [
        ({"kind": "exposed_card", "card": "2C"}, {"exposed_card": "no_rule"},
         ("no_rule_for_irregularity", "irregularities.0.kind")),
        ({"seat": 4}, {}, ("invalid_irregularity", "irregularities.0.seat")),
        ({"trick": 14}, {}, ("invalid_irregularity", "irregularities.0.trick")),
    ],
    ids=["no rule", "seat not in the game", "trick beyond the record"],
)  # fmt: skip
def test_an_irregularity_the_engine_cannot_rule_on_is_a_400_naming_its_field(
    new_game, scorer_api, change, options, error
):
    game = new_game({**TAKES_ALL, **options})
    entry, offender, _raw = late_revoke(ruleset_for(game.ruleset))
    stated = {**entry["irregularities"][0], **change}
    if stated["kind"] == "exposed_card":
        stated = {"kind": "exposed_card", "trick": 2, "seat": offender, "card": "2C"}
    before = snapshot()
    response = put_hand(scorer_api, game.pk, 1, {**entry, "irregularities": [stated]})
    assert error_of(response, 400) == error
    assert snapshot() == before and not HandRuling.objects.exists()


def test_irregularities_go_with_a_plays_record(new_game, scorer_api):
    game = new_game(TAKES_ALL)
    body = {
        "points": [13, 13, 0, 0],
        "irregularities": [{"kind": "misdeal", "noticed_at_trick": 2}],
    }
    assert error_of(put_hand(scorer_api, game.pk, 1, body), 400) == (
        "irregularities_without_plays",
        "irregularities",
    )


def test_a_correction_with_irregularities_rules_on_them_and_withdraws_the_old_rulings(
    revoked, scorer_api
):
    game, entry, _offender, raw, _body = revoked
    (old,) = rulings(scorer_api, game)
    plain = {"plays": entry["plays"], "first_leader": entry["first_leader"]}
    ok(patch_hand(scorer_api, game.pk, 1, {**plain, "reason": "no revoke after all"}))
    (withdrawn,) = rulings(scorer_api, game)
    assert withdrawn["id"] == old["id"] and withdrawn["status"] == "withdrawn"
    assert not withdrawn["current"]
    ok(patch_hand(scorer_api, game.pk, 1, {**entry, "reason": "there was"}))
    listed = rulings(scorer_api, game)
    assert [r["status"] for r in listed] == ["withdrawn", "awaiting"]
    assert Hand.objects.get().scores == raw


def test_a_dispute_with_irregularities_answers_their_rulings(revoked, scorer_api, new_game):
    game = new_game(TAKES_ALL)
    entry, _offender, _raw = late_revoke(ruleset_for(game.ruleset))
    plain = {"plays": entry["plays"], "first_leader": entry["first_leader"]}
    put_hand(scorer_api, game.pk, 1, plain)
    response = scorer_api.post(
        hand_url(game.pk, 1, "disputes/"),
        {"irregularities": entry["irregularities"], "reason": "a late revoke"},
        format="json",
    )
    assert response.status_code == 201, response.content
    dispute = response.json()
    assert dispute["record"]["irregularities"] == entry["irregularities"]
    (ruling,) = dispute["rulings"]
    assert (ruling["status"], ruling["current"]) == ("awaiting", False)
    counted = scorer_api.post(
        hand_url(game.pk, 1, "disputes/"),
        {"points": [13, 13, 0, 0], "irregularities": entry["irregularities"]},
        format="json",
    )
    assert error_of(counted, 400) == ("needs_plays", "irregularities")
