"""A claim on a stored hand through the API: a hand PUT whose trick record ends in a claim counts
as claimed and answers the engine's ruling on it; GET …/rulings/ lists the claim's ruling
awaiting; a director's acceptance scores it; bad claims are 400 with their code and field and
store nothing; the schema names the claim on the entry, the claim ruling and its kind."""

from __future__ import annotations

import pytest

from scoring.models import Hand

from .support import error_of, put_hand, snapshot
from .test_claim_rulings import FAILING, MOON, STANDING, claimed
from .test_corrections import ok
from .test_table_rulings_api import decide, rulings


@pytest.fixture
def game(new_game):
    return new_game({"preset": "standard"})


def test_a_hand_put_ending_in_a_failed_claim_counts_as_claimed_until_the_director_accepts(
    game, scorer_api, director_api
):
    entry = claimed(FAILING, moon_choice=MOON)
    response = put_hand(scorer_api, game.pk, 1, entry)
    assert response.status_code == 201, response.content
    body = response.json()
    assert body["hand"]["entry"] == entry and body["hand"]["scores"] == [0, 26, 26, 26]
    assert body["hand"]["adjudication"]["claim"]["verdict"] == "fails"
    (listed,) = rulings(scorer_api, game)
    assert (listed["kind"], listed["status"]) == ("claim", "awaiting")
    assert listed["ruling"]["proof"]["kind"] == "counter_line"
    assert listed["ruling"]["result"]["how"] == "claimer_takes_rest"

    answer = ok(decide(director_api, game, listed["id"], {"decision": "accept"}))
    assert answer["ruling"]["status"] == "accepted"
    assert answer["hand"]["scores"] == [26, 0, 0, 0]
    assert answer["hand"]["ruled"]["claim"] == {
        "points": [26, 0, 0, 0],
        "jack_of_diamonds": None,
        "ten_of_diamonds": None,
        "tricks_won": None,
        "moon_denied": True,
    }


@pytest.mark.parametrize(
    ("entry", "expected"),
    [
        ({"points": [26, 0, 0, 0], "claim": STANDING}, ("claim_without_plays", "claim")),
        (claimed({"seat": 0, "outcome": "rest"}), ("invalid_choice", "claim.outcome")),
        (claimed({"seat": 4, "outcome": "concede"}), ("invalid_seat", "claim.seat")),
        (
            claimed({"seat": 0, "outcome": "all_tricks", "line": ["QS"]}),
            ("line_card_not_held", "claim.line.0"),
        ),
        (claimed({"seat": 1, "outcome": "no_points"}), ("claim_leaves_count_open", "claim")),
    ],
)
def test_a_bad_claim_is_a_400_with_its_code_and_field_and_stores_nothing(
    game, scorer_api, entry, expected
):
    before = snapshot()
    assert error_of(put_hand(scorer_api, game.pk, 1, entry), 400) == expected
    assert snapshot() == before and not Hand.objects.filter(game=game).exists()


def test_the_schema_types_the_claim_on_an_entry_its_ruling_and_its_kind(scorer_api):
    schema = scorer_api.get("/api/schema/?format=json").json()
    parts = schema["components"]["schemas"]
    sent = parts["HandEntryInputRequest"]["properties"]["claim"]
    assert sent["allOf"][0]["$ref"].endswith("/ClaimInputRequest")
    assert "claim_without_plays" in sent["description"]
    kept = parts["HandEntry"]["properties"]["claim"]
    assert kept["allOf"][0]["$ref"].endswith("/ClaimInput")
    assert parts["RulingKindEnum"]["enum"] == ["irregularity", "claim"]
    ruling = parts["HandRulingOutput"]["properties"]["ruling"]
    assert ruling["allOf"][0]["$ref"].endswith("/HandRulingEngineRuling")
    kinds = {ref["$ref"].rsplit("/", 1)[1] for ref in parts["HandRulingEngineRuling"]["oneOf"]}
    assert kinds == {"IrregularityRuling", "ClaimRuling"}
    assert "claim" in parts["Ruled"]["properties"]
