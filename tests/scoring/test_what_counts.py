"""What is confirmed is what counts (issue 31): a hand awaiting confirmation shows, in the API,
the entry that will count, scored as it will count; a confirmation names what it read (the
hand's revision, the game's ETag, or both) and is refused once the hand changed since.

The table: Ada (seat 0) and Ben (seat 1) have accounts; the scorer enters the hands.
"""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Confirmation, Game, Hand, HistoryEntry, Role

from .conftest import make_user
from .support import API, error_of, hand_url, snapshot

ENTRY = {"points": [13, 2, 5, 6]}
CORRECTED = {"points": [2, 13, 5, 6]}


@pytest.fixture
def table(public_club, users):
    club = public_club
    ada, ben, cleo, dev = club.seated[:4]
    people = {"ada": make_user("ada"), "ben": make_user("ben")}
    for name, player in (("ada", ada), ("ben", ben)):
        player.user = people[name]
        player.save()
        services.set_membership(club=club, user=people[name], role=Role.MEMBER)
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    game = services.create_game(
        club=club, league=league, players=[ada, ben, cleo, dev], actor=users["owner"]
    )
    return {"club": club, "league": league, "game": game, "people": {**users, **people}}


def enter(client, game: Game, number: int = 1, entry: dict = ENTRY) -> dict:
    response = client.put(hand_url(game.pk, number), entry, format="json")
    assert response.status_code == 201, response.content
    return response


def correct(client, game: Game, number: int = 1, entry: dict = CORRECTED):
    body = {**entry, "reason": "the Q♠ was Ben's"}
    response = client.patch(hand_url(game.pk, number), body, format="json")
    assert response.status_code == 200, response.content
    return response


def confirm(client, game: Game, number: int = 1, body: dict | None = None, **headers):
    return client.post(hand_url(game.pk, number, "confirm/"), body or {}, format="json", **headers)


def test_a_corrected_awaiting_hand_shows_the_entry_that_will_count_and_confirming_counts_it(
    table, client_for
):
    game, people = table["game"], table["people"]
    scorer, ben = client_for(people["scorer"]), client_for(people["ben"])
    enter(scorer, game)
    correct(scorer, game)

    shown = ben.get(hand_url(game.pk, 1)).json()
    assert shown["entry"] == CORRECTED
    assert shown["points"] == shown["scores"] == [2, 13, 5, 6]
    assert shown["confirmation"] == "awaiting" and shown["revision"] == 2
    listed = ben.get(f"{API}/games/{game.pk}/hands/").json()["results"][0]
    assert listed["scores"] == [2, 13, 5, 6]
    board = ben.get(f"{API}/games/{game.pk}/scoreboard/").json()
    assert board["hands"][0]["scores"] == [2, 13, 5, 6]
    assert board["totals"] == [0, 0, 0, 0]  # it counts once confirmed, not before

    answer = confirm(ben, game, body={"revision": shown["revision"]})

    assert answer.status_code == 200, answer.content
    assert answer.json()["totals"] == [2, 13, 5, 6] == answer.json()["hand"]["scores"]


def test_a_confirmation_of_a_revision_since_corrected_is_refused_and_counts_nothing(
    table, client_for
):
    game, people = table["game"], table["people"]
    scorer, ben = client_for(people["scorer"]), client_for(people["ben"])
    enter(scorer, game)
    read = ben.get(hand_url(game.pk, 1)).json()
    assert (read["points"], read["revision"]) == ([13, 2, 5, 6], 1)
    correct(scorer, game)
    before = snapshot()

    refused = confirm(ben, game, body={"revision": read["revision"]})

    assert error_of(refused, 409) == ("hand_changed", "revision")
    assert snapshot() == before
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmation == Confirmation.AWAITING and hand.points == [2, 13, 5, 6]
    assert Game.objects.get(pk=game.pk).totals == [0, 0, 0, 0]


def test_a_confirmation_with_a_stale_if_match_is_refused_and_counts_nothing(table, client_for):
    game, people = table["game"], table["people"]
    scorer, ben = client_for(people["scorer"]), client_for(people["ben"])
    etag = enter(scorer, game)["ETag"]
    correct(scorer, game)
    before = snapshot()

    refused = confirm(ben, game, HTTP_IF_MATCH=etag)

    assert error_of(refused, 412)[0] == "version_mismatch"
    assert snapshot() == before
    fresh = ben.get(f"{API}/games/{game.pk}/")["ETag"]
    assert confirm(ben, game, HTTP_IF_MATCH=fresh).json()["totals"] == [2, 13, 5, 6]


@pytest.mark.parametrize("operation", ["confirm/", "query/"])
def test_a_confirmation_or_query_that_names_nothing_it_read_is_refused_with_428(
    operation, table, client_for
):
    game, people = table["game"], table["people"]
    enter(client_for(people["scorer"]), game)
    ben = client_for(people["ben"])
    before = snapshot()
    for precondition in ({}, {"HTTP_IF_MATCH": "*"}):
        answer = ben.post(hand_url(game.pk, 1, operation), {}, format="json", **precondition)
        assert error_of(answer, 428)[0] == "precondition_required"
    assert snapshot() == before
    named = ben.post(hand_url(game.pk, 1, operation), {"revision": 1}, format="json")
    assert named.status_code in (200, 201), named.content


def test_a_query_of_a_revision_since_corrected_is_refused(table, client_for):
    game, people = table["game"], table["people"]
    scorer, ben = client_for(people["scorer"]), client_for(people["ben"])
    enter(scorer, game)
    correct(scorer, game)
    body = {"revision": 1, "reason": "not the numbers I saw"}
    refused = ben.post(hand_url(game.pk, 1, "query/"), body, format="json")
    assert error_of(refused, 409) == ("hand_changed", "revision")
    assert not Hand.objects.get(game=game, number=1).disputes.exists()


# A target of 60 and a moon added to the others unless that ends the game with the shooter
# losing: hand 5's moon (Dev's) adds 26 to each other seat while hands 3 and 4 wait (nobody
# reaches 60), and is taken off Dev once they count (Ben would reach 65 and Dev lose).
MOON_RULES = {"preset": "standard", "target_score": 60, "moon": "add_unless_shooter_loses"}
COUNTED = [[0, 1, 0, 25], [0, 0, 1, 25]]
WAITING = [[0, 25, 1, 0], [0, 13, 13, 0]]
MOON = [0, 0, 0, 26]


def test_a_waiting_hand_is_scored_after_the_counted_hands_before_it_and_moves_when_they_do(
    table, client_for, users
):
    club, people, director = table["club"], table["people"], users["director"]
    league = services.create_league(club=club, name="Moons", ruleset=MOON_RULES, confirmations=1)
    game = services.create_game(
        club=club, league=league, players=club.seated[:4], actor=users["owner"]
    )
    scorer = client_for(people["scorer"])
    for number, points in enumerate([*COUNTED, *WAITING, MOON], start=1):
        enter(scorer, game, number, {"points": points})
        if number <= len(COUNTED):
            services.confirm_for_table(game_id=game.pk, number=number, actor=director)
    moon = scorer.get(hand_url(game.pk, 5)).json()
    assert (moon["scores"], moon["revision"]) == ([26, 26, 26, 0], 1)

    for number in (3, 4):
        services.confirm_for_table(game_id=game.pk, number=number, actor=director)

    moon = scorer.get(hand_url(game.pk, 5)).json()
    assert (moon["scores"], moon["revision"]) == ([0, 0, 0, -26], 2)
    stale = confirm(client_for(director), game, 5, {"revision": 1, "as_director": True})
    assert error_of(stale, 409)[0] == "hand_changed"
    done = confirm(client_for(director), game, 5, {"revision": 2, "as_director": True})
    assert done.json()["totals"] == [0, 39, 15, 24]


def test_every_change_of_a_hands_entry_or_score_gives_it_a_new_revision_and_nothing_else_does(
    table, users
):
    game, scorer, director = table["game"], users["scorer"], users["director"]

    def revision() -> int:
        return Hand.objects.get(game=game, number=1).revision

    services.enter_hand(game_id=game.pk, number=1, entry=ENTRY, actor=scorer)
    assert revision() == 1
    services.confirm_for_table(game_id=game.pk, number=1, actor=director)
    assert revision() == 1  # confirmed: the same entry and score
    services.correct_hand(game_id=game.pk, number=1, entry=CORRECTED, reason="r", actor=scorer)
    assert revision() == 2
    dispute = services.open_dispute(
        game_id=game.pk, number=1, record={"points": [13, 2, 5, 6]}, actor=scorer
    )
    assert revision() == 2  # a dispute opened changes nothing yet
    services.resolve_dispute(dispute_id=dispute.pk, decision="accept", note="", actor=director)
    assert revision() == 3
    ruled = services.open_dispute(game_id=game.pk, number=1, record=ENTRY, actor=scorer)
    services.resolve_dispute(
        dispute_id=ruled.pk, decision="accept", note="", actor=director, ruled={"renege_by": 2}
    )
    assert revision() == 4  # a renege penalised
    services.void_hand(game_id=game.pk, number=1, reason="misdeal", actor=scorer)
    assert revision() == 5
    actions = HistoryEntry.objects.filter(game=game).values_list("action", flat=True)
    assert list(actions)[-1] == "hand_voided"


def test_a_hand_edited_in_the_admin_gets_a_new_revision(table, users, rf):
    from django.contrib import admin
    from django.contrib.auth import get_user_model

    game = table["game"]
    services.enter_hand(game_id=game.pk, number=1, entry=ENTRY, actor=users["scorer"])
    hand = Hand.objects.get(game=game, number=1)
    model_admin = admin.site._registry[Hand]
    request = rf.post("/")
    request.user = get_user_model().objects.create_superuser("site_admin", password="pass 1234")
    form_class = model_admin.get_form(request, hand, change=True)
    shown = form_class(instance=hand)
    data = {
        name: "" if (value := field.prepare_value(shown[name].value())) is None else value
        for name, field in shown.fields.items()
    }
    data["points"] = "[2, 13, 5, 6]"
    form = form_class(data, instance=hand)
    assert form.is_valid(), form.errors
    model_admin.save_model(request, form.save(commit=False), form, change=True)
    assert Hand.objects.get(pk=hand.pk).revision == 2
