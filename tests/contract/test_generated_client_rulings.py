"""Rulings on a hand as an integrator meets them, through the client generated from the served
schema alone (tests/contract/conftest.py): a hand entered with a late revoke counts as played,
its ruling awaits; the director's decision is refused on a stale revision and after it was
made, each refusal the one error body; and every response model the flow reads is typed."""

from __future__ import annotations

import pytest

from adjudication.engine import adjudicate
from adjudication.services import ruleset_for
from tests.contract.test_generated_client import (
    PASSWORD,
    Api,
    error_of,
    ok,
    renege_hand,
    response_models,
    sign_in,
    untyped_fields,
)
from tests.engine.test_claim_examples import NORTH

RULINGS_OPERATIONS = (
    "games_hands_enter",
    "games_hands_rulings_list",
    "games_hands_rulings_decide",
    "games_hands_disputes_list",
)


@pytest.fixture
def olga(django_user_model):
    return django_user_model.objects.create_user("olga", password=PASSWORD)


def test_a_late_revoke_awaits_the_director_who_accepts_it_through_the_generated_client(
    generated_client, live_server, olga
):
    api = Api(generated_client, live_server.url)
    m = api.models
    phone = sign_in(api, "olga", "olga's phone")
    club = ok(
        api.clubs.clubs_create.sync_detailed(
            client=phone, body=m.ClubInputRequest(name="Rulings", slug="rulings")
        ),
        201,
    )
    players = [
        ok(
            api.players.players_create.sync_detailed(
                client=phone, body=m.PlayerInputRequest(club=club.id, name=name)
            ),
            201,
        )
        for name in ("Ann", "Bo", "Cy", "Di")
    ]
    league = ok(
        api.leagues.leagues_create.sync_detailed(
            client=phone,
            body=m.LeagueInputRequest.from_dict(
                {
                    "club": club.id,
                    "name": "Strict",
                    "ruleset": {"preset": "standard", "renege_penalty": "takes_all"},
                    "ranking": {"criterion": "total_points", "tie_breaks": ["shared"]},
                }
            ),
        ),
        201,
    )
    game_body = m.GameInputRequest(league=league.id, players=[p.id for p in players])
    game = ok(api.games.games_create.sync_detailed(client=phone, body=game_body), 201)
    rules = ruleset_for(game.ruleset.to_dict())
    played, offender = renege_hand(rules, hand_number=1, dealer=0)
    trick = adjudicate(rules, played.plays, first_leader=played.leader).violations[0].trick
    revoke = {"kind": "revoke", "trick": trick, "seat": offender, "noticed_at_trick": None}
    record = {"plays": played.plays, "first_leader": played.leader}

    # A seat not at this table is refused with its field, and nothing is stored.
    wrong = m.HandEntryInputRequest.from_dict({**record, "irregularities": [{**revoke, "seat": 5}]})
    refused = api.games.games_hands_enter.sync_detailed(game.id, 1, client=phone, body=wrong)
    assert error_of(api, refused, 400) == ("invalid_irregularity", "irregularities.0.seat")

    body = m.HandEntryInputRequest.from_dict({**record, "irregularities": [revoke]})
    entered = ok(
        api.games.games_hands_enter.sync_detailed(game.id, 1, client=phone, body=body), 201
    )
    assert list(entered.hand.scores) == played.points and entered.hand.ruled is None
    (found,) = entered.hand.adjudication.irregularities
    assert (found.rule, found.seat, found.rectification.code) == (
        "revoke_established",
        offender,
        "revoker_takes_all",
    )
    page = ok(api.disputes.games_hands_rulings_list.sync_detailed(game.id, 1, client=phone))
    (ruling,) = page.results
    assert (ruling.status, ruling.current, ruling.ruling.option.value) == (
        "awaiting",
        True,
        "takes_all",
    )

    def decide(**fields):
        return api.disputes.games_hands_rulings_decide.sync_detailed(
            game.id, 1, ruling.id, client=phone, body=m.RulingDecisionInputRequest.from_dict(fields)
        )

    stale = decide(decision="accept", revision=entered.hand.revision + 1)
    assert error_of(api, stale, 409) == ("hand_changed", "revision")
    decided = ok(decide(decision="accept", revision=entered.hand.revision, reason="seen"))
    assert decided.ruling.status == "accepted" and decided.ruling.reason == "seen"
    takes = [26 if seat == offender else 0 for seat in range(4)]
    assert list(decided.hand.scores) == takes and decided.totals == takes
    assert list(decided.hand.ruled.accepted) == [0]
    again = decide(decision="override", reason="changed my mind")
    assert error_of(api, again, 409) == ("ruling_decided", None)
    (dispute,) = ok(
        api.disputes.games_hands_disputes_list.sync_detailed(game.id, 1, client=phone)
    ).results
    assert dispute.status == "accepted" and [r.status for r in dispute.rulings] == ["accepted"]


def test_the_response_models_of_rulings_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    roots = [
        model for name in RULINGS_OPERATIONS for model in response_models(getattr(api.any, name))
    ]
    assert {"RulingDecisionOutput", "PaginatedHandRulingOutputList"} <= {m.__name__ for m in roots}
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)


def test_a_claim_is_judged_and_its_ruling_read_and_accepted_through_the_generated_client(
    generated_client, live_server, olga
):
    """A trick record ending in a claim, through the client: the hand counts as claimed, the
    engine's verdict and counter-line are typed on the hand's adjudication and on the claim's
    ruling, a claim by a seat not at the table is refused with its field, and the director's
    acceptance scores the hand from the ruling."""
    api = Api(generated_client, live_server.url)
    m = api.models
    phone = sign_in(api, "olga", "olga's phone")
    club = ok(
        api.clubs.clubs_create.sync_detailed(
            client=phone, body=m.ClubInputRequest(name="Claims", slug="claims")
        ),
        201,
    )
    players = [
        ok(
            api.players.players_create.sync_detailed(
                client=phone, body=m.PlayerInputRequest(club=club.id, name=name)
            ),
            201,
        ).id
        for name in ("Ann", "Bo", "Cy", "Di")
    ]
    league = ok(
        api.leagues.leagues_create.sync_detailed(
            client=phone,
            body=m.LeagueInputRequest.from_dict(
                {
                    "club": club.id,
                    "name": "Standard",
                    "ruleset": {"preset": "standard"},
                    "ranking": {"criterion": "total_points", "tie_breaks": ["shared"]},
                }
            ),
        ),
        201,
    )
    game_body = m.GameInputRequest(league=league.id, players=players)
    game = ok(api.games.games_create.sync_detailed(client=phone, body=game_body), 201)
    claim = {"seat": 0, "outcome": "all_tricks", "line": ["AS", "KS", "3H", "2H"]}
    record = {
        "plays": NORTH["plays"],
        "hands": [hand.split() for hand in NORTH["hands"]],
        "moon_choice": "add_to_others",
    }

    wrong = m.HandEntryInputRequest.from_dict({**record, "claim": {**claim, "seat": 4}})
    refused = api.games.games_hands_enter.sync_detailed(game.id, 1, client=phone, body=wrong)
    assert error_of(api, refused, 400)[1] == "claim.seat"

    body = m.HandEntryInputRequest.from_dict({**record, "claim": claim})
    entered = ok(
        api.games.games_hands_enter.sync_detailed(game.id, 1, client=phone, body=body), 201
    )
    assert list(entered.hand.scores) == [0, 26, 26, 26]  # as claimed: North's moon
    judged = entered.hand.adjudication.claim
    assert (judged.verdict, judged.proof.kind, judged.proof.beaten_at) == (
        "fails",
        "counter_line",
        12,
    )
    beaten = next(trick for trick in judged.proof.tricks if trick.trick == 12)
    assert beaten.winner == 3 and judged.result.how == "claimer_takes_rest"  # West, T♥
    (ruling,) = ok(
        api.disputes.games_hands_rulings_list.sync_detailed(game.id, 1, client=phone)
    ).results
    assert (ruling.kind, ruling.status) == ("claim", "awaiting")
    assert ruling.ruling.verdict == "fails" and list(ruling.ruling.result.points) == [26, 0, 0, 0]
    decided = ok(
        api.disputes.games_hands_rulings_decide.sync_detailed(
            game.id,
            1,
            ruling.id,
            client=phone,
            body=m.RulingDecisionInputRequest.from_dict(
                {"decision": "accept", "revision": entered.hand.revision}
            ),
        )
    )
    assert list(decided.hand.scores) == [26, 0, 0, 0] and decided.totals == [26, 0, 0, 0]
    assert decided.hand.ruled.claim.moon_denied is True
