"""The scoreboard's audit trail and a scorer's fixes through Django's test client: who may void
a hand, abandon a game, dispute a hand and start the same table again from the pages (exactly
the API's roles), and what the page then shows (corrections with their reasons, the history)."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.models import Dispute, Game, GameStatus, Hand, HistoryEntry, Role
from tests.pages.conftest import play_hands
from tests.pages.test_pages import assert_page, client_for

pytestmark = pytest.mark.django_db

HANDS = [{"points": [13, 5, 4, 4]}, {"points": [1, 2, 3, 20]}]


@pytest.fixture
def played(game, people):
    play_hands(game, people["owner"], HANDS)
    return game


@pytest.fixture
def director(club):
    user = get_user_model().objects.create_user("dora", first_name="Dora", last_name="Diaz")
    services.set_membership(club=club, user=user, role=Role.DIRECTOR)
    return user


def void(client, game, number=2, reason="A misdeal: Ben had 14 cards"):
    return client.post(f"/games/{game.pk}/void/", {"number": number, "reason": reason})


def abandon(client, game, reason="The café closed"):
    return client.post(f"/games/{game.pk}/abandon/", {"reason": reason})


def dispute(client, game, points=(13, 4, 5, 4), reason="Cleo took the 9♥, not Ben"):
    claims = {f"claim_{seat}": value for seat, value in enumerate(points)}
    return client.post(f"/games/{game.pk}/dispute/", {"number": 1, "reason": reason, **claims})


@pytest.mark.parametrize("role", ["owner", "scorer", "director"])
def test_scorers_directors_and_owners_void_abandon_and_dispute_from_the_page(
    played, people, director, role
):
    user = director if role == "director" else people[role]
    client = client_for(user)
    assert void(client, played).status_code == 302
    assert Hand.objects.get(game=played, number=2).is_void
    assert dispute(client, played).status_code == 302
    assert Dispute.objects.get(hand__game=played).claim["points"] == [13, 4, 5, 4]
    assert abandon(client, played).status_code == 302
    played.refresh_from_db()
    assert played.status == GameStatus.ABANDONED


@pytest.mark.parametrize("who", ["member", "outsider", "anonymous"])
def test_members_outsiders_and_anonymous_may_not_void_abandon_or_dispute(played, people, who):
    client = client_for(None if who == "anonymous" else people[who])
    # The club is public: an outsider reads the game but may not write it, as a member.
    expected = {"member": 403, "outsider": 403, "anonymous": 302}[who]
    for response in (void(client, played), dispute(client, played), abandon(client, played)):
        assert response.status_code == expected
        if who == "anonymous":
            assert response["Location"].startswith("/account/login/")
    played.refresh_from_db()
    assert played.status == GameStatus.IN_PROGRESS
    assert not Hand.objects.filter(game=played, is_void=True).exists()
    assert not Dispute.objects.exists()
    assert set(HistoryEntry.objects.values_list("action", flat=True)) == {
        "game_created",
        "hand_entered",
    }


def test_the_fixing_forms_are_shown_only_to_scorers(played, people):
    for user in (None, people["member"]):
        body = assert_page(client_for(user).get(f"/games/{played.pk}/"))
        assert "Fix the score sheet" not in body and "/void/" not in body
    body = assert_page(client_for(people["scorer"]).get(f"/games/{played.pk}/"))
    for action in ("void", "dispute", "abandon"):
        assert f'action="/games/{played.pk}/{action}/"' in body


def test_the_fixing_pages_take_only_posts(played, people):
    client = client_for(people["scorer"])
    for action in ("void", "dispute", "abandon", "again"):
        assert client.get(f"/games/{played.pk}/{action}/").status_code == 405


def test_a_fix_without_a_reason_is_refused_in_words(played, people):
    client = client_for(people["scorer"])
    response = void(client, played, reason="")
    assert response.status_code == 302 and response["Location"].endswith("#fix")
    body = assert_page(client.get(response["Location"]))
    assert "Say why, in a few words." in body
    assert not Hand.objects.filter(game=played, is_void=True).exists()


def test_a_points_hand_disputed_without_a_count_asks_for_the_points_in_words(played, people):
    client = client_for(people["scorer"])
    response = client.post(
        f"/games/{played.pk}/dispute/", {"number": 1, "reason": "Wrong"}, follow=True
    )
    body = assert_page(response)
    assert "was entered as points, not card by card" in body
    assert "cards_taken" not in body and "record_required" not in body
    assert not Dispute.objects.exists()


def test_an_impossible_claim_is_refused_in_words(played, people):
    client = client_for(people["scorer"])
    response = dispute(client, played, points=(20, 20, 0, 0))
    body = assert_page(client.get(response["Location"]))
    assert "Points taken sum to 40, but this deck holds 26 penalty points. Those points" in body
    assert not Dispute.objects.exists()


def test_a_corrected_hand_is_marked_with_its_reason_and_in_the_history(played, people, director):
    services.correct_hand(
        game_id=played.pk,
        number=1,
        entry={"points": [5, 13, 4, 4]},
        reason="Ben had the queen",
        actor=director,
    )
    body = assert_page(client_for(None).get(f"/games/{played.pk}/"))
    assert "Hand 1 corrected: “Ben had the queen”." in body
    assert re.search(r'<tr class=" corrected">', body)
    history = body.split("<h2>History</h2>")[1]
    assert "Game started by" in history and "Hand 2 entered by" in history
    assert "Hand 1 corrected by Dora Diaz: “Ben had the queen”" in history
    assert "(Ada 13 → 5, Ben 5 → 13)" in history
    assert "dora" not in history  # the display name, never the sign-in name


def test_a_person_shown_is_their_player_name_in_the_club(played, people, club):
    services.create_player(club=club, name="Samira", user=people["scorer"])
    client = client_for(people["scorer"])
    void(client, played)
    body = assert_page(client.get(f"/games/{played.pk}/"))
    assert "Hand 2 voided by Samira: “A misdeal: Ben had 14 cards”" in body
    assert "Signed in as <strong>Samira</strong>" in body


def test_an_open_dispute_is_listed_on_the_scoreboard(played, people):
    dispute(client_for(people["scorer"]), played)
    body = assert_page(client_for(None).get(f"/games/{played.pk}/"))
    assert "Open disputes" in body
    # sam has no player name and no full name: his role, never a number or his sign-in name.
    assert "Hand 1, disputed by a scorer: “Cleo took the 9♥, not Ben”" in body


def test_an_open_dispute_links_to_its_page_where_a_director_decides_it(played, people):
    dispute(client_for(people["scorer"]), played)
    opened = Dispute.objects.get(hand__game=played)
    page = f"/games/{played.pk}/hands/1/disputes/{opened.pk}/"
    body = assert_page(client_for(None).get(f"/games/{played.pk}/"))
    assert f'<a class="button secondary" href="{page}">See the dispute</a>' in body
    decided = client_for(people["owner"]).post(page, {"decision": "dismiss"})
    assert decided.status_code == 302
    shown = assert_page(client_for(None).get(page))
    # The people as the game page names them, never by their sign-in names.
    assert "Opened by a scorer" in shown
    assert "Decided by an owner" in shown
    opened.refresh_from_db()
    assert opened.status == "dismissed"
    assert "Open disputes" not in assert_page(client_for(None).get(f"/games/{played.pk}/"))


def test_an_abandoned_game_says_so_and_offers_no_more_fixes(played, people):
    client = client_for(people["scorer"])
    abandon(client, played)
    body = assert_page(client.get(f"/games/{played.pk}/"))
    assert "This game was abandoned" in body
    assert "Game abandoned by a scorer: “The café closed”" in body
    assert "Fix the score sheet" not in body and "/correct/" not in body
    response = abandon(client, played)
    assert response.status_code == 302
    assert "The game is over already." in assert_page(client.get(response["Location"]))


def test_a_finished_game_shows_places_and_starts_the_same_table_again(finished_game, people):
    body = assert_page(client_for(None).get(f"/games/{finished_game.pk}/"))
    places = re.findall(r'<span class="place">([^<]+)</span>\s*<span class="who">(\w+)', body)
    assert places == [("1=", "Cleo"), ("1=", "Dev"), ("3", "Ben"), ("4", "Ada")]
    assert "Same table again" not in body  # anonymous: no button
    client = client_for(people["scorer"])
    response = client.post(f"/games/{finished_game.pk}/again/")
    again = Game.objects.exclude(pk=finished_game.pk).get()
    assert response.status_code == 302 and response["Location"] == f"/games/{again.pk}/"
    assert again.league == finished_game.league and again.status == GameStatus.IN_PROGRESS
    seats = list(again.seats.order_by("seat").values_list("player_id", flat=True))
    old = list(finished_game.seats.order_by("seat").values_list("player_id", flat=True))
    assert seats == old and again.first_dealer == (finished_game.first_dealer + 1) % 4


def test_a_private_clubs_game_is_404_to_an_outsider_who_tries_to_fix_it(private_club, people):
    game = services.create_game(
        club=private_club,
        league=private_club.league,
        players=private_club.seated[:4],
        actor=people["owner"],
    )
    client = client_for(people["outsider"])
    for response in (void(client, game), abandon(client, game), dispute(client, game)):
        assert response.status_code == 404


def test_the_same_table_again_is_for_scorers_and_ended_games_only(finished_game, game, people):
    assert client_for(people["member"]).post(f"/games/{finished_game.pk}/again/").status_code == 403
    client = client_for(people["scorer"])
    assert client.post(f"/games/{game.pk}/again/").status_code == 302
    assert Game.objects.count() == 2  # the finished game and the one in progress: no new one
