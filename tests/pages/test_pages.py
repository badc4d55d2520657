"""The phone pages through Django's test client: status codes, who may do what, CSRF on every
form, errors next to the field, a hand never recorded twice, and no 500 on bad input."""

from __future__ import annotations

import random
import re

import pytest
from django.test import Client

from adjudication.engine import adjudicate, build_ruleset, names
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from scoring import services
from scoring.models import DeviceToken, Game, GameStatus, Hand, HistoryEntry
from tests.pages.conftest import PASSWORD, build_club, play_hands, unisolated

pytestmark = pytest.mark.django_db

POST_FORM = re.compile(r"<form[^>]*method=\"post\"[^>]*>(.*?)</form>", re.S | re.I)


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def html(response) -> str:
    """The page, its names read as text (without their ``<bdi>``)."""
    return unisolated(response.content.decode())


def assert_page(response, status: int = 200) -> str:
    assert response.status_code == status, (response.status_code, html(response)[:500])
    body = html(response)
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in body
    assert "/static/css/site.css" in body
    return body


def error_list(body: str, element_id: str) -> str:
    found = re.search(rf'<ul class="errors" id="{re.escape(element_id)}">(.*?)</ul>', body, re.S)
    assert found, f"no error list #{element_id}"
    return found.group(1)


def points_post(number: int, points, **extra) -> dict:
    data = {"mode": "points", "number": number}
    data.update({f"seat_{seat}": value for seat, value in enumerate(points)})
    data.update(extra)
    return data


# --- Reading pages -------------------------------------------------------------------------------


def test_every_reading_page_is_a_mobile_page_with_the_nav(club, finished_game, people):
    anonymous = Client()
    player = club.seated[2]
    for url in [
        "/",
        f"/clubs/{club.slug}/",
        f"/leagues/{club.league.pk}/",
        f"/players/{player.pk}/",
        f"/games/{finished_game.pk}/",
        "/adjudicate/",
        "/account/login/",
    ]:
        body = assert_page(anonymous.get(url))
        assert 'href="/adjudicate/"' in body and 'href="/"' in body, url
        assert "Sign in" in body, url


def test_home_lists_visible_clubs_and_their_leagues(club, private_club, people):
    body = assert_page(Client().get("/"))
    assert "Riverside" in body and "Riverside League" in body
    assert "Back Room" not in body
    body = assert_page(client_for(people["member"]).get("/"))
    assert "Back Room" in body and "Back Room League" in body
    assert "Back Room" not in html(client_for(people["outsider"]).get("/"))


def test_private_club_pages_are_404_to_strangers_and_open_to_members(private_club, people):
    game = services.create_game(
        club=private_club,
        league=private_club.league,
        players=private_club.seated[:4],
        actor=people["owner"],
    )
    urls = [
        f"/clubs/{private_club.slug}/",
        f"/leagues/{private_club.league.pk}/",
        f"/players/{private_club.seated[0].pk}/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/enter/",
    ]
    for user in (None, people["outsider"]):
        for url in urls:
            assert client_for(user).get(url).status_code in (404, 302), url
    for url in urls[:4]:
        assert_page(client_for(people["outsider"]).get(url), 404)
        assert_page(client_for(people["member"]).get(url))


def test_the_club_page_shows_its_table_leagues_and_recent_games(club, finished_game):
    body = assert_page(Client().get(f"/clubs/{club.slug}/"))
    assert "Riverside League" in body
    assert f'href="/games/{finished_game.pk}/"' in body
    table = body.split("<h2>Club table</h2>")[1].split("<h2>")[0]
    for name in ("Ada", "Ben", "Cleo", "Dev"):
        assert name in table


def test_the_league_table_ranks_sorts_and_explains_itself(club, finished_game):
    url = f"/leagues/{club.league.pk}/"
    body = assert_page(Client().get(url))
    assert "Ranked by <strong>better (lower) average place</strong>" in body
    assert "shared win" in body.lower()
    rows = re.findall(r'<th scope="row"><a href="/players/\d+/">(\w+)</a>', body)
    assert rows[:2] == ["Cleo", "Dev"] and rows[-1] == "Ada"
    assert 'href="?sort=-wins"' in body  # best first by default
    body = assert_page(Client().get(url, {"sort": "name"}))
    assert re.findall(r'<th scope="row"><a href="/players/\d+/">(\w+)</a>', body) == [
        "Ada",
        "Ben",
        "Cleo",
        "Dev",
    ]
    assert 'aria-sort="ascending"' in body and 'href="?sort=-name"' in body
    body = assert_page(Client().get(url, {"sort": "-points_per_game"}))
    assert re.findall(r'<th scope="row"><a href="/players/\d+/">(\w+)</a>', body)[0] == "Ada"


def test_the_league_season_picker_filters_and_keeps_the_sort(club, finished_game):
    from datetime import date

    old = services.create_season(
        league=club.league, name="Old", starts_on=date(2000, 1, 1), ends_on=date(2000, 12, 31)
    )
    now = services.create_season(
        league=club.league, name="Now", starts_on=date(2001, 1, 1), ends_on=date(2999, 12, 31)
    )
    url = f"/leagues/{club.league.pk}/"
    body = assert_page(Client().get(url, {"season": old.pk, "sort": "-wins"}))
    assert "No finished games in this season yet" in body
    assert f'<option value="{old.pk}" selected>' in body
    body = assert_page(Client().get(url, {"season": now.pk, "sort": "-wins"}))
    assert f'href="?season={now.pk}&amp;sort=wins"' in body  # reverses, keeps the season
    assert '<input type="hidden" name="sort" value="-wins">' in body
    body = assert_page(Client().get(url, {"season": 999999}))
    assert "No such season in this league. Showing every season." in body
    assert "Cleo" in body


@pytest.mark.parametrize(
    "query",
    [
        {"season": "abc"},
        {"season": "-1"},
        {"season": "9" * 40},
        {"sort": "<script>alert(1)</script>"},
        {"sort": "-"},
        {"sort": "__class__"},
        {"sort": "x" * 5000},
        {"mode": "zzz"},
    ],
)
def test_garbage_query_parameters_never_break_a_page(club, finished_game, game, people, query):
    scorer = client_for(people["scorer"])
    for url in [
        f"/leagues/{club.league.pk}/",
        f"/clubs/{club.slug}/",
        f"/games/{finished_game.pk}/",
        f"/games/{game.pk}/enter/",
        f"/games/{game.pk}/hands/1/correct/" if game.hands_played else "/adjudicate/",
        "/",
    ]:
        response = scorer.get(url, query)
        assert response.status_code == 200, (url, query, response.status_code)
        assert "<script>alert" not in html(response)


@pytest.mark.parametrize(
    "url",
    [
        "/clubs/no-such-club/",
        "/leagues/999999/",
        "/players/999999/",
        "/games/999999/",
        "/games/999999/enter/",
        "/games/999999/hands/1/correct/",
        "/leagues/99999999999999999999999/",
        "/games/99999999999999999999999/",
        "/nowhere/",
    ],
)
def test_unknown_ids_are_404_pages(people, url):
    assert_page(client_for(people["scorer"]).get(url), 404)


def test_unknown_hand_and_league_are_404(game, people):
    scorer = client_for(people["scorer"])
    assert scorer.get(f"/games/{game.pk}/hands/7/correct/").status_code == 404
    assert scorer.get("/games/new/", {"league": 999999}).status_code == 404
    assert scorer.get("/games/new/", {"league": "abc"}).status_code == 404


def test_the_player_page_shows_stats_and_a_rating_chart(club, finished_game):
    cleo = club.seated[2]
    body = assert_page(Client().get(f"/players/{cleo.pk}/"))
    assert "Statistics" in body and "Moons shot" in body
    assert re.search(r"<svg[^>]*viewBox=\"0 0 320 170\"", body)
    points = re.search(r'<polyline class="series s0" points="([^"]+)"', body).group(1)
    assert len(points.split()) == 2  # from the starting rating to the one after the game
    assert "Riverside League" in body


def test_my_page_shows_the_statistics_of_my_player_page(club, finished_game, people):
    cleo = club.seated[2]
    cleo.user = people["scorer"]
    cleo.save(update_fields=["user"])
    on_player_page = assert_page(Client().get(f"/players/{cleo.pk}/"))
    on_my_page = assert_page(client_for(people["scorer"]).get("/account/me/"))
    statistics = re.compile(r'<dl class="stats">.*?</dl>', re.S)
    shown = statistics.findall(on_player_page)
    assert shown and statistics.findall(on_my_page) == shown
    assert "Hands of 13+" in shown[0]


def test_a_player_without_games_has_no_chart(club):
    body = assert_page(Client().get(f"/players/{club.seated[4].pk}/"))
    assert "No rated games yet" in body and "<polyline" not in body


def test_the_game_page_shows_hands_running_totals_the_dealer_and_the_pass(game, people):
    play_hands(game, people["owner"], [{"points": [13, 5, 4, 4]}])
    body = assert_page(Client().get(f"/games/{game.pk}/"))
    assert "<strong>Hand 2:</strong> Ben deals · pass 3 to the right" in body
    assert "Enter hand 2" not in body  # anonymous: no entry button
    assert len(re.findall(r'<polyline class="series s\d"', body)) == 4
    body = assert_page(client_for(people["scorer"]).get(f"/games/{game.pk}/"))
    assert f'href="/games/{game.pk}/enter/"' in body
    assert f'href="/games/{game.pk}/hands/1/correct/"' in body


def test_the_game_page_names_the_winners_when_over(finished_game):
    body = assert_page(Client().get(f"/games/{finished_game.pk}/"))
    assert "Shared win: Cleo and Dev" in body
    assert "Cleo shot the moon (add to others)" in body
    assert "Enter hand" not in body


# --- Who may write -------------------------------------------------------------------------------


def test_anonymous_is_sent_to_sign_in_for_every_writing_page(game):
    anonymous = Client()
    for url in [
        "/games/new/",
        f"/games/{game.pk}/enter/",
        "/account/tokens/",
    ]:
        response = anonymous.get(url)
        assert response.status_code == 302 and response["Location"].startswith(
            "/account/login/?next="
        ), url
    response = anonymous.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]))
    assert response.status_code == 302
    assert not Hand.objects.exists()


def test_members_and_outsiders_get_403_and_record_nothing(game, people):
    for role in ("member", "outsider"):
        client = client_for(people[role])
        assert_page(client.get(f"/games/{game.pk}/enter/"), 403)
        assert_page(client.get("/games/new/"), 403)
        response = client.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]))
        assert response.status_code == 403
    play_hands(game, people["owner"], [{"points": [13, 5, 4, 4]}])
    response = client_for(people["member"]).post(
        f"/games/{game.pk}/hands/1/correct/", points_post(1, [4, 13, 5, 4], reason="oops")
    )
    assert response.status_code == 403
    assert Hand.objects.get(game=game, number=1).points == [13, 5, 4, 4]


def test_a_scorer_of_another_club_gets_403_on_its_league(club, people):
    other = build_club(
        {**people, "owner": people["outsider"], "scorer": people["member"]},
        name="Elsewhere",
        slug="elsewhere",
        is_public=True,
    )
    response = client_for(people["scorer"]).get("/games/new/", {"league": other.league.pk})
    assert_page(response, 403)


def test_scorers_directors_and_owners_may_enter(game, people):
    for role in ("scorer", "owner"):
        body = assert_page(client_for(people[role]).get(f"/games/{game.pk}/enter/"))
        assert 'name="seat_0"' in body


# --- CSRF ----------------------------------------------------------------------------------------


def test_every_post_form_carries_a_csrf_token(game, people):
    play_hands(game, people["owner"], [{"points": [13, 5, 4, 4]}])
    scorer = client_for(people["scorer"])
    pages = [
        "/",
        "/adjudicate/",
        "/account/tokens/",
        "/games/new/",
        f"/games/{game.pk}/",
        f"/games/{game.pk}/enter/",
        f"/games/{game.pk}/enter/?mode=cards",
        f"/games/{game.pk}/hands/1/correct/",
    ]
    for url in pages:
        forms = POST_FORM.findall(html(scorer.get(url)))
        assert forms, url
        for form in forms:
            assert 'name="csrfmiddlewaretoken"' in form, url
    forms = POST_FORM.findall(html(Client().get("/account/login/")))
    assert forms and all('name="csrfmiddlewaretoken"' in form for form in forms)


def test_a_post_without_the_csrf_token_is_refused(game, people):
    client = Client(enforce_csrf_checks=True)
    client.force_login(people["scorer"])
    response = client.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]))
    assert response.status_code == 403
    assert not Hand.objects.exists()
    page = html(client.get(f"/games/{game.pk}/enter/"))
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    response = client.post(
        f"/games/{game.pk}/enter/",
        points_post(1, [13, 5, 4, 4], csrfmiddlewaretoken=token),
    )
    assert response.status_code == 302
    assert Hand.objects.filter(game=game).count() == 1


# --- Entering hands ------------------------------------------------------------------------------


def test_the_entry_page_gets_its_numbers_from_the_ruleset(game, people):
    body = assert_page(client_for(people["scorer"]).get(f"/games/{game.pk}/enter/"))
    assert 'data-total="26"' in body
    assert 'name="number" value="1"' in body
    assert 'name="moon_choice"' in body  # standard: the shooter chooses
    assert 'name="jack_of_diamonds"' not in body
    assert "Ada</strong> deals · pass 3 to the left" in body


def test_points_that_do_not_add_up_are_shown_next_to_the_points(game, people):
    response = client_for(people["scorer"]).post(
        f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 5])
    )
    body = assert_page(response, 400)
    words = "The points add up to 27, but a hand has 26: check them."
    assert words in error_list(body, "points-errors")
    assert words in error_list(body, "form-errors")  # and at the top, in view
    assert 'value="5"' in body  # what was typed stays
    assert not Hand.objects.exists()


def test_bad_seat_values_are_shown_next_to_that_seat(game, people):
    scorer = client_for(people["scorer"])
    body = assert_page(
        scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, "abc", 4])), 400
    )
    assert "A whole number" in error_list(body, "seat_2-errors")
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 40, 4])), 400)
    assert "At most 26: that is every point in the hand." in error_list(body, "seat_2-errors")
    assert "Cleo: At most 26" in error_list(body, "form-errors")
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5])), 400)
    assert "Enter the points this player took" in error_list(body, "seat_3-errors")
    assert "Dev: Enter the points" in error_list(body, "form-errors")
    assert not Hand.objects.exists()


def test_a_moon_needs_its_choice_next_to_the_choice(game, people):
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", points_post(1, [0, 26, 0, 0])), 400)
    question = "Ben shot the moon: −26 for Ben, or +26 for everyone else?"
    assert question in error_list(body, "moon-errors")
    assert question in error_list(body, "form-errors")
    assert f"<legend data-moon-question>{question}</legend>" in body
    response = scorer.post(
        f"/games/{game.pk}/enter/", points_post(1, [0, 26, 0, 0], moon_choice="add_to_others")
    )
    assert response.status_code == 302
    assert Hand.objects.get(game=game).scores == [26, 0, 26, 26]


def test_a_ruleset_that_scores_the_jack_asks_who_took_it(people):
    omnibus = build_club(people, name="Omni", slug="omni", is_public=True, ruleset="omnibus")
    game = services.create_game(
        club=omnibus, league=omnibus.league, players=omnibus.seated[:4], actor=people["owner"]
    )
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.get(f"/games/{game.pk}/enter/"))
    assert "Who took the J♦ (-10)?" in body
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4])), 400)
    assert "Say who took the J♦." in error_list(body, "jack_of_diamonds-errors")
    response = scorer.post(
        f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4], jack_of_diamonds=1)
    )
    assert response.status_code == 302
    assert Hand.objects.get(game=game).scores == [13, -5, 4, 4]
    body = assert_page(scorer.get(f"/games/{game.pk}/enter/?mode=cards"))
    assert 'name="card_JD"' in body  # by penalty cards, the J♦ is one of the cards


def test_a_double_submit_records_one_hand(game, people):
    scorer = client_for(people["scorer"])
    data = points_post(1, [13, 5, 4, 4])
    first = scorer.post(f"/games/{game.pk}/enter/", data)
    second = scorer.post(f"/games/{game.pk}/enter/", data, follow=True)
    assert first.status_code == 302 and first["Location"] == f"/games/{game.pk}/enter/"
    assert Hand.objects.filter(game=game).count() == 1
    body = assert_page(second)
    assert "Hand 1 was already recorded with exactly these numbers" in body
    game.refresh_from_db()
    assert game.totals == [13, 5, 4, 4] and game.hands_played == 1


def test_a_different_entry_for_a_recorded_hand_is_a_friendly_conflict(game, people):
    scorer = client_for(people["scorer"])
    scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4]))
    response = scorer.post(f"/games/{game.pk}/enter/", points_post(1, [4, 13, 5, 4]), follow=True)
    body = assert_page(response)
    assert response.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert "Hand 1 is already on the score sheet with different numbers" in body
    assert "<h2>Scoreboard</h2>" in body
    assert Hand.objects.get(game=game).points == [13, 5, 4, 4]
    response = scorer.post(f"/games/{game.pk}/enter/", points_post(5, [4, 13, 5, 4]), follow=True)
    assert "Hand 2 comes next, not hand 5" in html(response)


def test_entering_card_by_card_records_the_cards_taken(game, people):
    scorer = client_for(people["scorer"])
    hearts = [f"{rank}H" for rank in "23456789TJQKA"]
    owners = {"QS": 0, **dict.fromkeys(hearts[:3], 0), **dict.fromkeys(hearts[3:8], 1)}
    data = {"mode": "cards", "number": 1, "rest": 2}  # the hearts nobody was given: Cleo's
    data.update({f"card_{card}": seat for card, seat in owners.items()})
    response = scorer.post(f"/games/{game.pk}/enter/", data)
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/enter/?mode=cards"  # the next hand, so
    hand = Hand.objects.get(game=game)
    assert hand.level == "cards_taken"
    assert hand.points == [16, 5, 5, 0]
    assert hand.entry["cards_taken"][0] == ["2H", "3H", "4H", "QS"]


def test_penalty_card_errors_are_next_to_the_card(game, people):
    scorer = client_for(people["scorer"])
    data = {"mode": "cards", "number": 1, "rest": 3, "card_QS": 7}
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", data), 400)
    assert "Select a valid choice" in error_list(body, "card_QS-errors")
    assert "Q♠: Select a valid choice" in error_list(body, "form-errors")
    data = {"mode": "cards", "number": 1, "card_QS": 1}
    body = assert_page(scorer.post(f"/games/{game.pk}/enter/", data), 400)
    assert "required" in error_list(body, "rest-errors")


def test_the_entry_page_after_the_game_is_over_goes_to_the_scoreboard(finished_game, people):
    scorer = client_for(people["scorer"])
    response = scorer.get(f"/games/{finished_game.pk}/enter/", follow=True)
    assert response.redirect_chain[-1][0] == f"/games/{finished_game.pk}/"
    assert "no more hands" in html(response)
    response = scorer.post(
        f"/games/{finished_game.pk}/enter/", points_post(5, [13, 5, 4, 4]), follow=True
    )
    assert "The game is over" in html(response)
    assert finished_game.hands.count() == 4


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"number": "abc", "seat_0": "1"},
        {"number": "-3", "seat_0": "1", "seat_1": "1", "seat_2": "1", "seat_3": "1"},
        {"number": "1", "mode": "cards", "card_QS": "ZZ"},
        {"number": "1", "moon_choice": "both", **{f"seat_{i}": "0" for i in range(4)}},
        {"number": "99999999999999999999"},
    ],
)
def test_garbage_entries_are_400_with_errors_never_500(game, people, data):
    response = client_for(people["scorer"]).post(f"/games/{game.pk}/enter/", data)
    assert_page(response, 400)
    assert 'class="errors"' in html(response)
    assert not Hand.objects.exists()


# --- Starting games and correcting hands ---------------------------------------------------------


def test_a_scorer_starts_a_game_with_players_in_seat_order(club, people):
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.get("/games/new/"))
    assert 'name="player_3"' in body and 'name="player_4"' not in body
    ada, ben, cleo, _dev, edie = club.seated
    data = {
        "league": club.league.pk,
        "player_0": edie.pk,
        "player_1": ada.pk,
        "player_2": cleo.pk,
        "player_3": ben.pk,
        "first_dealer": "2",
    }
    response = scorer.post("/games/new/", data)
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/games/{game.pk}/"
    assert [s.player.name for s in game.seats.order_by("seat")] == ["Edie", "Ada", "Cleo", "Ben"]
    assert game.first_dealer == 2 and game.league == club.league


def test_starting_a_game_with_one_player_twice_shows_the_error(club, people):
    ada, ben, cleo, *_ = club.seated
    data = {
        "league": club.league.pk,
        "player_0": ada.pk,
        "player_1": ben.pk,
        "player_2": cleo.pk,
        "player_3": ada.pk,
        "first_dealer": "0",
    }
    body = assert_page(client_for(people["scorer"]).post("/games/new/", data), 200)
    assert "A player can sit in one seat only." in error_list(body, "player_0-errors")
    assert not Game.objects.exists()


def test_a_correction_rescores_and_keeps_the_reason(finished_game, people):
    scorer = client_for(people["scorer"])
    url = f"/games/{finished_game.pk}/hands/1/correct/"
    body = assert_page(scorer.get(url))
    assert 'name="seat_0" value="25"' in body and 'name="reason"' in body
    body = assert_page(scorer.post(url, points_post(1, [25, 0, 1, 0])), 400)
    assert "Say why the hand is corrected" in error_list(body, "reason-errors")
    response = scorer.post(url, points_post(1, [25, 0, 1, 0], reason="Ben's point was Cleo's"))
    assert response.status_code == 302
    finished_game.refresh_from_db()
    assert finished_game.totals == [103, 52, 53, 52]
    assert finished_game.winners == [1, 3]
    entry = HistoryEntry.objects.get(game=finished_game, action="hand_corrected")
    assert entry.reason == "Ben's point was Cleo's"
    body = assert_page(Client().get(f"/games/{finished_game.pk}/"))
    assert "Shared win: Ben and Dev" in body


def test_a_correction_that_would_end_the_game_early_is_explained(game, people):
    moons = [
        {"points": points, "moon_choice": "add_to_others"}
        for points in ([0, 26, 0, 0], [0, 0, 26, 0], [0, 0, 0, 26])
    ]
    play_hands(game, people["owner"], moons + [{"points": [0, 13, 9, 4]}] * 2)
    url = f"/games/{game.pk}/hands/4/correct/"
    data = points_post(4, [25, 1, 0, 0], reason="Ada took more")
    body = assert_page(client_for(people["scorer"]).post(url, data), 400)
    assert "the game would have ended before a later hand" in error_list(body, "form-errors")
    assert Hand.objects.get(game=game, number=4).points == [0, 13, 9, 4]


def test_correcting_a_hand_card_by_card_switches_level(game, people):
    play_hands(game, people["owner"], [{"points": [13, 5, 4, 4]}])
    scorer = client_for(people["scorer"])
    url = f"/games/{game.pk}/hands/1/correct/"
    body = assert_page(scorer.get(url, {"mode": "cards"}))
    assert 'data-hand-entry="cards"' in body
    hearts = [f"{rank}H" for rank in "23456789TJQKA"]
    owners = {**dict.fromkeys(hearts[:4], 0), "QS": 1, **dict.fromkeys(hearts[4:9], 1)}
    data = {"mode": "cards", "rest": 2, "reason": "we counted the cards"}
    data.update({f"card_{card}": seat for card, seat in owners.items()})
    assert scorer.post(url, data).status_code == 302
    hand = Hand.objects.get(game=game, number=1)
    assert hand.level == "cards_taken" and hand.points == [4, 18, 4, 0]


# --- Adjudication --------------------------------------------------------------------------------


def rule_on(status: int, **data) -> str:
    """The adjudicate page after posting ``data`` (standard rules, four players by default)."""
    return assert_page(
        Client().post("/adjudicate/", {"preset": "standard", "players": "4", **data}), status
    )


def renege_record() -> tuple[list[str], int, dict]:
    """A whole hand with one renege, from the engine's random player."""
    rules = build_ruleset("standard")
    for seed in range(200):
        rng = random.Random(seed)
        holdings = deal(rules, rng)
        leader = opening_leader(rules, holdings)
        plays = play_randomly(rules, holdings, leader, rng, deviate_at=9)
        ruling = adjudicate(rules, plays, first_leader=leader)
        reneges = [v for v in ruling.violations if v.rule == "must_follow_suit"]
        if len(ruling.violations) == 1 and reneges:
            return names(plays), leader, {"seat": reneges[0].seat, "message": reneges[0].message}
    raise AssertionError("no renege found")


def test_the_adjudicator_explains_a_renege_without_sign_in():
    plays, leader, renege = renege_record()
    body = rule_on(200, plays=", ".join(plays), first_leader=leader + 1)
    assert "1 illegal play found." in body
    assert f"Seat {renege['seat'] + 1} did not follow suit (a renege)" in body
    assert "A player who holds the suit that was led must play that suit." in body
    assert "Proof: " in body
    assert "must_follow_suit" not in body and renege["message"] not in body
    assert body.count('class="trick"') == 13


def test_the_adjudicator_takes_holdings_line_by_line():
    rules = build_ruleset("standard")
    rng = random.Random(7)
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings)
    plays = play_randomly(rules, holdings, leader, rng)
    hands = "\n".join(" ".join(names(mask)) for mask in holdings)
    body = rule_on(200, preset="omnibus", plays=" ".join(names(plays)), hands=hands)
    assert "Ruling" in body and "Trick by trick" in body


def test_adjudicator_errors_are_shown_next_to_the_field():
    body = rule_on(400)
    assert "Type or tap the cards that were played." in error_list(body, "plays-errors")
    body = rule_on(400, plays="2C 3C ZZ", first_leader="1")
    assert "Card 3 of the plays (trick 1): “ZZ” is not a card" in error_list(body, "plays-errors")
    body = rule_on(400, plays="2C 3C", hands="2C\n3C")
    assert error_list(body, "hands-errors")
    body = rule_on(400, preset="nope", players="9", plays="2C")
    assert error_list(body, "preset-errors") and error_list(body, "players-errors")


# --- Accounts ------------------------------------------------------------------------------------


def test_sign_in_and_out(people):
    client = Client()
    response = client.post(
        "/account/login/", {"username": "sam", "password": PASSWORD, "next": "/adjudicate/"}
    )
    assert response.status_code == 302 and response["Location"] == "/adjudicate/"
    assert "Signed in as <strong>sam</strong>" in html(client.get("/"))
    assert client.get("/account/logout/").status_code == 405  # sign out is a POST
    assert client.post("/account/logout/").status_code == 302
    assert "Signed in as" not in html(client.get("/"))


def test_sign_in_locks_a_username_out_after_five_failures(people):
    client = Client()
    for _ in range(5):
        body = assert_page(
            client.post("/account/login/", {"username": "sam", "password": "wrong"}), 200
        )
        assert "Please enter a correct username and password" in body
    body = assert_page(client.post("/account/login/", {"username": "sam", "password": PASSWORD}))
    assert "Too many failed sign-ins. Wait 15 minutes" in body
    assert "_auth_user_id" not in client.session
    other = client.post("/account/login/", {"username": "milo", "password": PASSWORD})
    assert other.status_code == 302  # another username is not locked out
    elsewhere = Client(REMOTE_ADDR="10.0.0.9")
    assert (
        elsewhere.post("/account/login/", {"username": "sam", "password": PASSWORD}).status_code
        == 302
    )


def test_device_tokens_are_created_shown_once_and_revoked(people):
    client = client_for(people["scorer"])
    body = {"name": "Club tablet", "password": PASSWORD}  # the password asked again
    body = assert_page(client.post("/account/tokens/", body))
    key = re.search(r"<code class=\"key\" data-token-key>([^<]+)</code>", body).group(1)
    token = DeviceToken.objects.get(user=people["scorer"])
    assert token.key_hash == DeviceToken.hash_key(key)
    listing = assert_page(client.get("/account/tokens/"))
    assert "Club tablet" in listing and key not in listing and token.prefix in listing
    assert response_no_store(client.get("/account/tokens/"))
    assert client.get(f"/account/tokens/{token.pk}/revoke/").status_code == 405
    other = client_for(people["member"])
    assert other.post(f"/account/tokens/{token.pk}/revoke/").status_code == 404
    response = client.post(f"/account/tokens/{token.pk}/revoke/", follow=True)
    assert "revoked" in html(response)
    token.refresh_from_db()
    assert token.revoked_at is not None
    body = assert_page(client.post("/account/tokens/", {"name": ""}))
    assert "This field is required" in error_list(body, "name-errors")


def response_no_store(response) -> bool:
    return "no-store" in response.get("Cache-Control", "") or "no-cache" in response.get(
        "Cache-Control", ""
    )


def test_games_in_progress_show_no_winner(game):
    body = assert_page(Client().get(f"/games/{game.pk}/"))
    assert "No hands yet" in body and "winner-banner" not in body
    assert game.status == GameStatus.IN_PROGRESS
