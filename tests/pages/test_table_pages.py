"""The club, league and player pages' tables through Django's test client: tied places on
every tied row, games still being played listed and said to be left out of the table, every
game reachable page by page, the season picker on today's season, a rating rounded once."""

from __future__ import annotations

import re
from datetime import date, timedelta

import pytest
from django.test import Client

from scoring import services
from scoring.models import RatingEvent
from scoring.services import rerating
from tests.pages.conftest import FINISHING_HANDS, play_hands
from tests.pages.test_pages import assert_page

pytestmark = pytest.mark.django_db

PLACE_AND_NAME = re.compile(
    r'<td class="place">([^<]+)</td>\s*<th scope="row"><a href="/players/\d+/">(\w+)</a>'
)


def game_links(body: str) -> list[str]:
    return re.findall(r'<a class="game-link" href="/games/(\d+)/">', body)


def test_tied_places_read_the_same_on_every_tied_row(club, finished_game):
    # Cleo and Dev share the win: both first on average place, both "1=".
    for url in (f"/leagues/{club.league.pk}/", f"/clubs/{club.slug}/"):
        body = assert_page(Client().get(url))
        places = PLACE_AND_NAME.findall(body)
        assert places[:2] == [("1=", "Cleo"), ("1=", "Dev")], url
        assert ("3", "Ben") in places and ("4", "Ada") in places


def test_tied_places_keep_their_mark_when_sorted_by_another_column(club, finished_game):
    body = assert_page(Client().get(f"/leagues/{club.league.pk}/", {"sort": "name"}))
    assert PLACE_AND_NAME.findall(body) == [
        ("4", "Ada"),
        ("3", "Ben"),
        ("1=", "Cleo"),
        ("1=", "Dev"),
    ]


def test_games_in_progress_are_listed_and_said_to_be_out_of_the_table(club, finished_game, game):
    for url in (f"/leagues/{club.league.pk}/", f"/clubs/{club.slug}/"):
        body = assert_page(Client().get(url))
        assert "1 game still being played is not in the table yet: it joins when it ends." in body
        assert f'href="/games/{game.pk}/"' in body and "In progress" in body


def test_every_game_is_reachable_page_by_page(club, new_game, people):
    games = [new_game() for _ in range(23)]
    newest_first = [str(g.pk) for g in reversed(games)]
    url = f"/leagues/{club.league.pk}/"
    first = assert_page(Client().get(url))
    assert game_links(first) == newest_first[:10]
    assert "Page 1 of 3" in first and 'href="?page=2#games"' in first and "Newer games" not in first
    second = assert_page(Client().get(url, {"page": 2, "sort": "name"}))
    assert game_links(second) == newest_first[10:20]
    assert 'href="?page=1&amp;sort=name#games"' in second  # the sort is kept
    assert 'href="?page=3&amp;sort=name#games"' in second
    third = assert_page(Client().get(url, {"page": 3}))
    assert game_links(third) == newest_first[20:]
    assert "Older games" not in third
    assert game_links(assert_page(Client().get(url, {"page": 99}))) == newest_first[20:]
    club_pages = assert_page(Client().get(f"/clubs/{club.slug}/", {"page": 3}))
    assert game_links(club_pages) == newest_first[20:]
    player = club.seated[0]
    player_pages = assert_page(Client().get(f"/players/{player.pk}/", {"page": 2}))
    assert game_links(player_pages) == newest_first[10:20]


def test_the_season_picker_opens_on_the_season_running_today(club, finished_game):
    today = date.today()
    old = services.create_season(
        league=club.league, name="Old", starts_on=date(2000, 1, 1), ends_on=date(2000, 12, 31)
    )
    now = services.create_season(
        league=club.league,
        name="Now",
        starts_on=today - timedelta(days=30),
        ends_on=today + timedelta(days=30),
    )
    url = f"/leagues/{club.league.pk}/"
    body = assert_page(Client().get(url))
    assert f'<option value="{now.pk}" selected>' in body
    assert '<option value="all">All games</option>' in body
    assert f'href="?season={now.pk}&amp;sort=-wins"' in body
    assert "Cleo" in body  # the finished game is in today's season
    everything = assert_page(Client().get(url, {"season": "all"}))
    assert '<option value="all" selected>All games</option>' in everything
    assert 'href="?season=all&amp;sort=-wins"' in everything  # a sort keeps "every season"
    assert "Cleo" in everything
    chosen = assert_page(Client().get(url, {"season": old.pk}))
    assert f'<option value="{old.pk}" selected>' in chosen


def test_without_a_season_running_today_the_league_shows_every_season(club, finished_game):
    services.create_season(
        league=club.league, name="Old", starts_on=date(2000, 1, 1), ends_on=date(2000, 12, 31)
    )
    body = assert_page(Client().get(f"/leagues/{club.league.pk}/"))
    assert '<option value="all" selected>All games</option>' in body and "Cleo" in body


def test_the_rating_is_rounded_once_tile_and_caption_agree(club, finished_game):
    cleo = club.seated[2]
    # 3.0049 rounded to 3 places and then to 2 reads 3.01; rounded once, 3.00.
    RatingEvent.objects.filter(player=cleo).update(ordinal=3.0049)
    body = assert_page(Client().get(f"/players/{cleo.pk}/"))
    tile = re.search(r"<dt>Rating</dt><dd>([^<]+)</dd>", body).group(1)
    caption = re.search(r"Now ([-\d.]+),", body).group(1)
    assert tile == caption == "3.00"


def test_the_tables_say_ratings_are_updating_until_the_queue_re_rates(club, new_game, people):
    owner = people["owner"]
    first, second = new_game(), new_game()
    for game in (first, second):
        play_hands(game, owner, FINISHING_HANDS)
    note = "Ratings updating: a change to an earlier game is being re-rated."
    urls = (f"/leagues/{club.league.pk}/", f"/clubs/{club.slug}/")
    for url in urls:
        assert note not in assert_page(Client().get(url))
    # The first game's first hand corrected: a later game exists, so it is re-rated on the queue.
    services.correct_hand(
        game_id=first.pk, number=1, entry={"points": [1, 25, 0, 0]}, reason="typo", actor=owner
    )
    for url in urls:
        assert note in assert_page(Client().get(url))
    assert rerating.settle_ratings(club.pk) == 1  # the second game: the first is open again
    for url in urls:
        assert note not in assert_page(Client().get(url))
