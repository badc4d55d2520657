"""Confirmation at the table: under a league's ``confirmations`` a hand counts only once a
player at another seat confirms it, from their own account or by their PIN on the scorer's
device; a query opens a dispute; a correction needs confirming again.

The table: Ada (seat 0, a scorer with an account), Ben (seat 1, an account), Cleo (seat 2, no
account: a PIN), Dev (seat 3). Finn sits in another game of the club with his own account.
"""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import check_password

from scoring import services
from scoring.models import Confirmation, Game, Hand, HistoryEntry, Player, Role

from .conftest import make_user
from .support import API, error_of, hand_url, snapshot

ENTRY = {"points": [13, 5, 4, 4]}
CLEO_PIN = "482113"


@pytest.fixture
def table(public_club, users):
    """A league with confirmations 1 and its game: who sits where, and their accounts."""
    club = public_club
    ada, ben, cleo, dev, _edie, finn = club.seated
    people = {"ada": make_user("ada"), "ben": make_user("ben"), "finn": make_user("finn")}
    for name, player in (("ada", ada), ("ben", ben), ("finn", finn)):
        player.user = people[name]
        player.save()
    services.set_membership(club=club, user=people["ada"], role=Role.SCORER)
    for name in ("ben", "finn"):
        services.set_membership(club=club, user=people[name], role=Role.MEMBER)
    services.set_pin(player=cleo, pin=CLEO_PIN)
    league = services.create_league(club=club, name="Tuesday", ruleset="standard", confirmations=1)
    game = services.create_game(
        club=club, league=league, players=[ada, ben, cleo, dev], actor=users["owner"]
    )
    people.update(users)
    return {"club": club, "league": league, "game": game, "people": people, "cleo": cleo}


def confirm(client, game: Game, number: int = 1, *, read: bool = True, **body):
    """POST the confirmation; ``read``: with the revision of the hand as it stands (what a
    player who just read it names)."""
    hand = Hand.objects.filter(game=game, number=number).first()
    if read and hand is not None:
        body.setdefault("revision", hand.revision)
    return client.post(hand_url(game.pk, number, "confirm/"), body, format="json")


def enter(client, game: Game, number: int = 1, entry: dict = ENTRY):
    response = client.put(hand_url(game.pk, number), entry, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_it_keeps_an_entered_hand_out_of_the_totals_until_another_seat_confirms_it(
    table, client_for
):
    game, people = table["game"], table["people"]
    body = enter(client_for(people["scorer"]), game)
    assert body["hand"]["confirmation"] == "awaiting"
    assert body["totals"] == [0, 0, 0, 0]
    board = client_for(None).get(f"{API}/games/{game.pk}/scoreboard/").json()
    assert board["hands"][0]["confirmation"] == "awaiting"
    assert board["hands"][0]["running_totals"] == [0, 0, 0, 0]

    answer = confirm(client_for(people["ben"]), game)

    assert answer.status_code == 200, answer.content
    assert answer.json()["hand"]["confirmation"] == "confirmed"
    assert answer.json()["totals"] == [13, 5, 4, 4]
    entry = HistoryEntry.objects.filter(game=game, action="hand_confirmed").get()
    assert entry.after["player"] == table["club"].seated[1].pk
    assert entry.after["by"] == "account"
    assert entry.after["confirmation"] == "confirmed"


def test_it_lets_a_scorer_confirm_for_a_seated_player_with_that_players_pin(table, client_for):
    game, people = table["game"], table["people"]
    enter(client_for(people["ada"]), game)
    answer = confirm(client_for(people["scorer"]), game, player=table["cleo"].pk, pin=CLEO_PIN)
    assert answer.status_code == 200, answer.content
    assert Hand.objects.get(game=game, number=1).confirmed_by == table["cleo"]
    assert HistoryEntry.objects.get(game=game, action="hand_confirmed").after["by"] == "pin"


REFUSALS = {
    # who asks, the body, the answer's status and code
    "the entering player from their own account": ("ada", {}, 403, "own_entry"),
    "a player not seated at this table": ("finn", {}, 403, "not_seated"),
    "a scorer without the player's PIN": ("scorer", {}, 403, "not_seated"),
    "a scorer with a wrong PIN": ("scorer", {"player": "cleo", "pin": "0000"}, 403, "pin_refused"),
    "a member (no scorer's device) with the PIN": (
        "ben",
        {"player": "cleo", "pin": CLEO_PIN},
        403,
        "not_scorer",
    ),
    "a scorer with the PIN of a player not seated here": (
        "scorer",
        {"player": "finn", "pin": CLEO_PIN},
        403,
        "not_seated",
    ),
    "a scorer with the PIN of the entering player's seat": (
        "scorer",
        {"player": "ada", "pin": "111111"},
        403,
        "own_entry",
    ),
    "a member of no club": ("outsider", {}, 403, "not_seated"),
}


@pytest.mark.parametrize("case", list(REFUSALS))
def test_it_refuses_a_confirmation_from_anyone_but_another_seated_player(case, table, client_for):
    game, people, club = table["game"], table["people"], table["club"]
    services.set_pin(player=club.seated[0], pin="111111")
    enter(client_for(people["ada"]), game)
    who, body, status, code = REFUSALS[case]
    if "player" in body:
        named = {"cleo": table["cleo"], "ada": club.seated[0], "finn": club.seated[5]}
        body = {**body, "player": named[body["player"]].pk}
    before = snapshot()

    answer = confirm(client_for(people[who]), game, **body)

    assert error_of(answer, status)[0] == code
    after = snapshot()
    after["counts"].pop("Player")  # a wrong PIN is counted on the player's row, nothing else
    before["counts"].pop("Player")
    assert after == before
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.AWAITING


def test_it_refuses_anonymous_confirmations_and_hides_private_games(
    table, client_for, private_club, users
):
    game = table["game"]
    enter(client_for(table["people"]["scorer"]), game)
    assert confirm(client_for(None), game).status_code in (401, 403)
    hidden = services.create_game(
        club=private_club, players=private_club.seated[:4], actor=users["owner"]
    )
    assert confirm(client_for(table["people"]["ben"]), hidden).status_code == 404


def test_it_blocks_a_pin_after_five_wrong_guesses_even_for_the_right_one(table, client_for):
    game, scorer = table["game"], client_for(table["people"]["scorer"])
    enter(scorer, game)
    cleo = table["cleo"].pk
    for _ in range(5):
        assert error_of(confirm(scorer, game, player=cleo, pin="9999"), 403)[0] == "pin_refused"
    blocked = confirm(scorer, game, player=cleo, pin=CLEO_PIN)
    assert error_of(blocked, 403)[0] == "pin_refused"
    assert int(blocked["Retry-After"]) > 0
    # The director sets a new PIN: the block is lifted.
    director = client_for(table["people"]["director"])
    new_pin = {"pin": "515015"}
    assert director.put(f"{API}/players/{cleo}/pin/", new_pin, format="json").status_code == 204
    assert confirm(scorer, game, player=cleo, pin="515015").status_code == 200


def test_it_keeps_a_pin_hashed_and_lets_only_the_player_or_a_director_set_it(table, client_for):
    ben = table["club"].seated[1]
    url = f"{API}/players/{ben.pk}/pin/"
    people = table["people"]
    assert client_for(people["ben"]).put(url, {"pin": "246810"}, format="json").status_code == 204
    stored = Player.objects.get(pk=ben.pk).pin_hash
    assert "246810" not in stored and check_password("246810", stored)
    director = client_for(people["director"])
    assert director.put(url, {"pin": "135791"}, format="json").status_code == 204
    for who in ("finn", "scorer", "member"):
        answer = client_for(people[who]).put(url, {"pin": "000000"}, format="json")
        assert answer.status_code == 403
    bad = client_for(people["ben"]).put(url, {"pin": "12a4b6"}, format="json")
    assert error_of(bad, 400) == ("invalid_pin", "pin")
    assert check_password("135791", Player.objects.get(pk=ben.pk).pin_hash)


def test_it_needs_a_corrected_hand_confirmed_again_before_it_counts(table, client_for):
    game, people = table["game"], table["people"]
    scorer = client_for(people["scorer"])
    enter(scorer, game)
    assert confirm(client_for(people["ben"]), game).status_code == 200
    corrected = scorer.patch(
        hand_url(game.pk, 1),
        {"points": [0, 13, 9, 4], "reason": "Ben had the queen"},
        format="json",
    )
    assert corrected.status_code == 200, corrected.content
    assert corrected.json()["hand"]["confirmation"] == "awaiting"
    assert corrected.json()["totals"] == [0, 0, 0, 0]
    # The corrector's seat is not the scorer's: Ben (seat 1) confirms again; Ada too could.
    again = confirm(client_for(people["ada"]), game)
    assert again.status_code == 200, again.content
    assert again.json()["totals"] == [0, 13, 9, 4]
    actions = list(HistoryEntry.objects.filter(game=game).values_list("action", flat=True))
    assert actions == [
        "game_created",
        "hand_entered",
        "hand_confirmed",
        "hand_corrected",
        "hand_confirmed",
    ]


def test_it_opens_a_dispute_on_a_query_and_counts_the_hand_once_a_director_rules(table, client_for):
    game, people = table["game"], table["people"]
    enter(client_for(people["ada"]), game)
    query = client_for(people["ben"]).post(
        hand_url(game.pk, 1, "query/"),
        {"points": [4, 5, 13, 4], "reason": "Cleo took the queen", "revision": 1},
        format="json",
    )
    assert query.status_code == 201, query.content
    assert Hand.objects.get(game=game, number=1).confirmation == Confirmation.QUERIED
    assert error_of(confirm(client_for(people["ben"]), game), 409)[0] == "hand_queried"
    dispute = query.json()["id"]
    resolve = client_for(people["director"]).post(
        hand_url(game.pk, 1, f"disputes/{dispute}/resolve/"),
        {"decision": "accept", "note": "Cleo agrees"},
        format="json",
    )
    assert resolve.status_code == 200, resolve.content
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmation == Confirmation.CONFIRMED
    assert Game.objects.get(pk=game.pk).totals == [4, 5, 13, 4]
    queried = HistoryEntry.objects.get(game=game, action="hand_queried")
    assert queried.after["player"] == table["club"].seated[1].pk


def test_it_lets_a_query_claim_nothing_and_the_entry_stand_when_it_is_dismissed(table, client_for):
    game, people = table["game"], table["people"]
    enter(client_for(people["ada"]), game)
    scorer = client_for(people["scorer"])
    body = {"player": table["cleo"].pk, "pin": CLEO_PIN, "revision": 1}
    query = scorer.post(hand_url(game.pk, 1, "query/"), body, format="json")
    assert query.status_code == 201, query.content
    url = hand_url(game.pk, 1, f"disputes/{query.json()['id']}/resolve/")
    director = client_for(people["director"])
    accept = director.post(url, {"decision": "accept", "note": "?"}, format="json")
    assert error_of(accept, 409)[0] == "nothing_claimed"
    dismiss = director.post(url, {"decision": "dismiss", "note": "It stands"}, format="json")
    assert dismiss.status_code == 200, dismiss.content
    assert Game.objects.get(pk=game.pk).totals == [13, 5, 4, 4]


def test_it_counts_hands_at_once_in_a_league_without_confirmations(public_club, users, client_for):
    league = services.create_league(club=public_club, name="Casual", ruleset="standard")
    game = services.create_game(
        club=public_club, league=league, players=public_club.seated[:4], actor=users["owner"]
    )
    body = enter(client_for(users["scorer"]), game)
    assert body["hand"]["confirmation"] == "confirmed"
    assert body["totals"] == [13, 5, 4, 4]
    assert error_of(confirm(client_for(users["scorer"]), game), 403)[0] == "not_seated"


@pytest.mark.parametrize("value", [2, -1, "yes", None, 1.5])
def test_it_refuses_a_league_confirmations_value_other_than_0_or_1(
    value, public_club, client_for, users
):
    director = client_for(users["director"])
    body = {"club": public_club.pk, "name": "L", "confirmations": value}
    assert error_of(director.post(f"{API}/leagues/", body, format="json"), 400)[1] == (
        "confirmations"
    )
    created = director.post(f"{API}/leagues/", {**body, "confirmations": 1}, format="json")
    assert created.status_code == 201 and created.json()["confirmations"] == 1
    url = f"{API}/leagues/{created.json()['id']}/"
    patched = director.patch(url, {"confirmations": value}, format="json")
    assert error_of(patched, 400)[1] == "confirmations"
    assert director.patch(url, {"confirmations": 0}, format="json").json()["confirmations"] == 0


def test_it_refuses_the_confirmations_option_in_the_service_as_well(public_club):
    from hearts_site.errors import DomainError

    with pytest.raises(DomainError) as refused:
        services.create_league(club=public_club, name="L", ruleset="standard", confirmations=3)
    assert (refused.value.code, refused.value.attr) == ("invalid_confirmations", "confirmations")


def test_it_counts_wrong_pins_sent_with_a_query_against_the_same_limit(table, client_for):
    game, scorer = table["game"], client_for(table["people"]["scorer"])
    enter(scorer, game)
    cleo = table["cleo"].pk
    for attempt in range(5):
        wrong = scorer.post(
            hand_url(game.pk, 1, "query/"),
            {"player": cleo, "pin": "9999", "revision": 1},
            format="json",
            HTTP_IDEMPOTENCY_KEY=f"query-{attempt}",
        )
        assert error_of(wrong, 403)[0] == "pin_refused"
    blocked = confirm(scorer, game, player=cleo, pin=CLEO_PIN)
    assert error_of(blocked, 403)[0] == "pin_refused" and int(blocked["Retry-After"]) > 0
