"""A director unblocks a table (issue 31): confirms a hand for a table whose players have no
phone or PIN (kept as ``hand_confirmed`` by the director, noted ``by: director``), never their
own entry; and upholds a query in one decision, with a count or a renege of their own.

The table: Ada, Ben, Cleo and Dev, none with an account or a PIN; the scorer enters.
"""

from __future__ import annotations

import pytest

from hearts_site.errors import DomainError, Forbidden
from scoring import services
from scoring.models import Confirmation, Game, Hand, HistoryEntry

from .support import error_of, hand_url, snapshot

ENTRY = {"points": [13, 5, 4, 4]}


@pytest.fixture
def game(public_club, users):
    club = public_club
    league = services.create_league(
        club=club,
        name="Night",
        ruleset={"preset": "standard", "renege_penalty": "fixed", "renege_points": 10},
        confirmations=1,
    )
    game = services.create_game(
        club=club, league=league, players=club.seated[:4], actor=users["owner"]
    )
    services.enter_hand(game_id=game.pk, number=1, entry=ENTRY, actor=users["scorer"])
    return game


def test_a_director_confirms_a_hand_for_a_table_without_phones(game, users, client_for):
    body = {"as_director": True, "revision": 1}
    answer = client_for(users["director"]).post(
        hand_url(game.pk, 1, "confirm/"), body, format="json"
    )
    assert answer.status_code == 200, answer.content
    assert answer.json()["totals"] == [13, 5, 4, 4]
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmation == Confirmation.CONFIRMED and hand.confirmed_by is None
    entry = HistoryEntry.objects.get(game=game, action="hand_confirmed")
    assert entry.actor == users["director"]
    assert entry.after["by"] == "director" and "player" not in entry.after


@pytest.mark.parametrize("who", ["scorer", "member"])
def test_only_a_director_confirms_for_the_table(who, game, users, client_for):
    before = snapshot()
    body = {"as_director": True, "revision": 1}
    answer = client_for(users[who]).post(hand_url(game.pk, 1, "confirm/"), body, format="json")
    assert error_of(answer, 403)[0] == "not_director"
    assert snapshot() == before


def test_a_director_may_not_confirm_their_own_entry_seated_or_not(public_club, game, users):
    services.correct_hand(
        game_id=game.pk, number=1, entry=ENTRY, reason="same", actor=users["director"]
    )
    with pytest.raises(Forbidden) as own:
        services.confirm_for_table(game_id=game.pk, number=1, actor=users["director"])
    assert own.value.code == "own_entry"
    # The owner sits at the table as Ada and corrects the hand from that seat.
    ada = public_club.seated[0]
    ada.user = users["owner"]
    ada.save()
    services.correct_hand(
        game_id=game.pk, number=1, entry=ENTRY, reason="again", actor=users["owner"]
    )
    with pytest.raises(Forbidden) as seated:
        services.confirm_for_table(game_id=game.pk, number=1, actor=users["owner"])
    assert seated.value.code == "own_entry"
    # The other director confirms it.
    services.confirm_for_table(game_id=game.pk, number=1, actor=users["director"])
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.CONFIRMED


def _query_as_a_player(game, users):
    """Ben (seat 1), on the member's account, queries hand 1 and claims nothing."""
    ben = game.seats.get(seat=1).player
    ben.user = users["member"]
    ben.save()
    return services.query_hand(
        game_id=game.pk, number=1, actor=users["member"], record={}, reason="not the queen"
    )


def test_a_query_that_claims_nothing_is_upheld_with_the_directors_count_in_one_decision(
    game, users, client_for
):
    dispute = _query_as_a_player(game, users)
    url = hand_url(game.pk, 1, f"disputes/{dispute.pk}/resolve/")
    body = {"decision": "accept", "ruled": {"points": [0, 13, 9, 4]}, "note": "Ben had it"}

    answer = client_for(users["director"]).post(url, body, format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["status"] == "accepted"
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmation == Confirmation.CONFIRMED and hand.entry == {"points": [0, 13, 9, 4]}
    assert Game.objects.get(pk=game.pk).totals == [0, 13, 9, 4]
    actions = list(HistoryEntry.objects.filter(game=game).values_list("action", flat=True))
    assert actions[-2:] == ["hand_queried", "dispute_accepted"]
    accepted = HistoryEntry.objects.get(game=game, action="dispute_accepted")
    assert accepted.after["ruled"] == {"points": [0, 13, 9, 4]}


def test_a_query_is_upheld_with_a_renege_the_director_rules(game, users):
    dispute = _query_as_a_player(game, users)
    services.resolve_dispute(
        dispute_id=dispute.pk,
        decision="accept",
        note="Cleo reneged",
        actor=users["director"],
        ruled={"renege_by": 2},
    )
    hand = Hand.objects.get(game=game, number=1)
    assert hand.renege_by == 2 and hand.confirmation == Confirmation.CONFIRMED
    assert Game.objects.get(pk=game.pk).totals == [13, 5, 14, 4]  # 10 more points for Cleo


RULING_REFUSALS = {
    "with a dismissal": ({"decision": "dismiss", "ruled": {"renege_by": 1}}, "ruling_needs_accept"),
    "both a count and a renege": (
        {"decision": "accept", "ruled": {"points": [13, 5, 4, 4], "renege_by": 1}},
        "one_ruling_required",
    ),
    "a count that does not add up": (
        {"decision": "accept", "ruled": {"points": [13, 5, 4, 5]}},
        "points_do_not_sum",
    ),
    "a seat beyond the table": ({"decision": "accept", "ruled": {"renege_by": 4}}, "invalid_seat"),
}


@pytest.mark.parametrize("case", list(RULING_REFUSALS))
def test_a_ruling_that_cannot_stand_is_refused_and_changes_nothing(case, game, users, client_for):
    dispute = _query_as_a_player(game, users)
    body, code = RULING_REFUSALS[case]
    before = snapshot()
    url = hand_url(game.pk, 1, f"disputes/{dispute.pk}/resolve/")
    answer = client_for(users["director"]).post(url, body, format="json")
    assert error_of(answer, 400)[0] == code
    assert snapshot() == before


def test_the_service_refuses_a_ruling_with_a_dismissal(game, users):
    dispute = _query_as_a_player(game, users)
    with pytest.raises(DomainError) as refused:
        services.resolve_dispute(
            dispute_id=dispute.pk,
            decision="dismiss",
            note="",
            actor=users["director"],
            ruled={"renege_by": 1},
        )
    assert refused.value.code == "ruling_needs_accept"
