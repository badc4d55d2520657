"""The wall and tables through Django's test client: who may open a club's wall, what it says
(tables by name, winners, the night's leaders), the new game's table, and issue 31's papercuts
that the server decides (void's hand, the totals that wait, the gap to the target, words a
player reads)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scoring import services
from scoring.models import Game, GameStatus
from tests.pages.conftest import FINISHING_HANDS, unisolated
from tests.pages.wall_support import (
    night_of_players,
    rounds_played,
    rounds_played_more,
    start_round,
)

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def text_of(response) -> str:
    """The page's words, tags taken out and spaces squeezed."""
    return " ".join(re.sub(r"<[^>]+>", " ", response.content.decode()).split())


@pytest.fixture
def evening(club, people):
    """A finished table ("Table 1": Cleo and Dev share the win) and one being played."""
    seated = club.seated
    done = services.create_game(
        club=club, league=club.league, players=seated[:4], actor=people["owner"], table="Table 1"
    )
    for number, entry in enumerate(FINISHING_HANDS, start=1):
        services.enter_hand(game_id=done.pk, number=number, entry=entry, actor=people["owner"])
    playing = services.create_game(
        club=club,
        league=club.league,
        players=[seated[4], seated[0], seated[1], seated[2]],
        actor=people["owner"],
        table="Table 2",
    )
    services.enter_hand(
        game_id=playing.pk, number=1, entry={"points": [1, 12, 0, 13]}, actor=people["owner"]
    )
    return {"done": done, "playing": playing}


def test_a_public_clubs_wall_shows_tables_by_name_winners_and_leaders_to_anyone(evening, club):
    response = Client().get(f"/clubs/{club.slug}/wall/")
    assert response.status_code == 200
    words = text_of(response)
    assert "Riverside tonight" in words and "2 tables" in words
    assert "Table 1" in words and "Table 2" in words and "Game " not in words
    assert "finished after 4 hands" in words and "1 hand played" in words
    html = unisolated(response.content.decode())
    finished = re.search(rf'data-game="{evening["done"].pk}".*?</section>', html, re.S)
    assert finished and finished.group(0).count("★ winner") == 2  # Cleo and Dev share it
    assert "Tonight's leaders" in words and "Ranked by games won tonight" in words
    # Cleo and Dev won; Edie took 1 in her one hand; Ada 103 + 12 in five; Ben 53 + 0 in five.
    aside = html[html.index('<aside class="wall-leaders"') :]
    leaders = re.findall(r'<span class="who">(\w+)</span>', aside)
    assert leaders == ["Cleo", "Dev", "Edie", "Ben", "Ada"]
    assert f'data-room-url="/api/v1/clubs/{club.pk}/wall/"' in response.content.decode()
    assert "data-poll-anonymous" in response.content.decode()


def test_a_private_clubs_wall_is_for_its_members(private_club, people):
    services.create_game(
        club=private_club, players=private_club.seated[:4], actor=None, table="Back table"
    )
    url = f"/clubs/{private_club.slug}/wall/"
    assert Client().get(url).status_code == 404
    assert client_for(people["outsider"]).get(url).status_code == 404
    member = client_for(people["member"]).get(url)
    assert member.status_code == 200 and "Back table" in text_of(member)
    assert "data-poll-anonymous" not in member.content.decode()  # it polls with the session


def test_the_room_names_tables_winners_and_waiting_hands_in_words_and_links_the_wall(
    evening, club, people
):
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    waiting = services.create_game(
        club=club, league=league, players=club.seated[1:5], actor=None, table="Table 3"
    )
    services.enter_hand(
        game_id=waiting.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    words = text_of(client_for(people["owner"]).get(f"/clubs/{club.slug}/room/"))
    assert "Table 1" in words and "Table 3" in words and "Game " not in words
    assert words.count("★ winner") == 2
    assert "Hand 1 awaits confirmation." in words and "(awaiting)" not in words
    assert (
        f'href="/clubs/{club.slug}/wall/"'
        in client_for(people["owner"]).get(f"/clubs/{club.slug}/room/").content.decode()
    )


def test_the_club_page_links_its_wall_for_whoever_reads_the_club(club, private_club, people):
    wall = f'href="/clubs/{club.slug}/wall/"'
    assert wall in Client().get(f"/clubs/{club.slug}/").content.decode()
    assert wall in client_for(people["member"]).get(f"/clubs/{club.slug}/").content.decode()
    assert Client().get(f"/clubs/{private_club.slug}/").status_code == 404


def test_a_new_game_offers_the_next_free_table_and_keeps_what_is_chosen(club, people, evening):
    owner = client_for(people["owner"])
    url = f"/games/new/?league={club.league.pk}"
    form = owner.get(url).content.decode()
    assert re.search(r'name="table"[^>]*value="Table 1"', form), "Table 1 is free again"
    seats = {f"player_{i}": str(p.pk) for i, p in enumerate(club.seated[:4])}
    body = {"league": club.league.pk, "first_dealer": "0", **seats}
    started = owner.post(url, {**body, "table": "  Corner   table "})
    game = Game.objects.latest("id")
    assert started.status_code == 302 and game.table == "Corner table"
    refused = owner.post(url, {**body, "table": "table 2"})
    assert refused.status_code == 200
    assert f"Game {evening['playing'].pk} is in progress at Table 2" in text_of(refused)
    assert Game.objects.latest("id") == game
    assert "table 2" not in Game.objects.values_list("table", flat=True)


def test_the_same_table_again_keeps_its_table(evening, people):
    owner = client_for(people["owner"])
    owner.post(f"/games/{evening['done'].pk}/again/")
    again = Game.objects.latest("id")
    assert again.pk != evening["done"].pk and again.table == "Table 1"
    page = text_of(owner.get(f"/games/{again.pk}/"))
    assert "Table 1 · Game" in page


def test_the_game_page_names_its_table_and_a_game_without_one_by_number(evening, game):
    assert "Table 2 · Game" in text_of(Client().get(f"/games/{evening['playing'].pk}/"))
    assert f"Game {game.pk}" in text_of(Client().get(f"/games/{game.pk}/"))


# --- Papercuts the server decides -------------------------------------------------------------


def test_void_and_dispute_offer_the_last_hand_first(game, people):
    for number, entry in enumerate(([13, 5, 4, 4], [1, 12, 0, 13], [4, 4, 5, 13]), start=1):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": entry}, actor=people["owner"]
        )
    page = client_for(people["scorer"]).get(f"/games/{game.pk}/").content.decode()
    for form in ("void", "dispute"):
        select = re.search(rf'<select name="number"[^>]*id="{form}_number".*?</select>', page, re.S)
        assert select, form
        assert re.search(r'<option value="3" selected>Hand 3</option>', select.group(0)), form


def test_the_next_hands_form_says_which_hands_await_confirmation(club, people):
    league = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    game = services.create_game(club=club, league=league, players=club.seated[:4], actor=None)
    for number in (1, 2):
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
        )
    scorer = client_for(people["scorer"])
    words = text_of(scorer.get(f"/games/{game.pk}/enter/"))
    assert "Hands 1 and 2 await confirmation: the totals count confirmed hands only." in words
    assert "Hands 1 and 2 await confirmation" in text_of(scorer.get(f"/games/{game.pk}/"))
    plain = services.create_game(club=club, players=club.seated[:4], actor=None)
    assert "await" not in text_of(scorer.get(f"/games/{plain.pk}/enter/"))


def test_a_new_game_shows_no_gap_to_the_target_and_a_played_one_says_it_in_points(game, people):
    assert "100 to 100" not in text_of(Client().get(f"/games/{game.pk}/"))
    assert "points from 100" not in text_of(Client().get(f"/games/{game.pk}/"))
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    words = text_of(Client().get(f"/games/{game.pk}/"))
    assert "87 points from 100" in words and "96 points from 100" in words


def test_a_player_reads_no_rating_formula_and_no_state_codes(finished_game, club, people):
    player = text_of(Client().get(f"/players/{club.seated[0].pk}/"))
    league = text_of(Client().get(f"/leagues/{club.league.pk}/"))
    for words in (player, league):
        assert "sigma" not in words and "openskill" not in words and "mu " not in words
    assert "less a margin for doubt" in player
    night = services.create_league(club=club, name="Night", ruleset="standard", confirmations=1)
    game = services.create_game(club=club, league=night, players=club.seated[:4], actor=None)
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=people["owner"]
    )
    board = text_of(Client().get(f"/games/{game.pk}/"))
    assert (
        "(awaiting)" not in board and "Hand 1 does not count yet: it awaits confirmation." in board
    )
    assert finished_game.status == GameStatus.FINISHED


# --- Issue 52 point 4: a night's wall ---------------------------------------------------------


def wall_html(club) -> str:
    return unisolated(Client().get(f"/clubs/{club.slug}/wall/").content.decode())


def wall_headings(club) -> list[str]:
    return re.findall(r'<h2 id="wall-table-\d+"><a [^>]*>([^<]+)</a>', wall_html(club))


def wall_order(club) -> list[str]:
    standings = wall_html(club).split('<ol class="wall-standings">')[1].split("</ol>")[0]
    return re.findall(r'<span class="who">([^<]+)</span>', standings)


def night_page_order(club, night) -> list[str]:
    page = unisolated(Client().get(f"/clubs/{club.slug}/nights/{night.pk}/").content.decode())
    table = page.split('id="standings"')[1].split("</table>")[0]
    return [name.strip() for name in re.findall(r'<th scope="row">([^<]+)', table)]


def test_a_nights_wall_shows_only_the_current_rounds_tables_each_with_its_round(club, director):
    night = night_of_players(club, director, 16)
    rounds_played(club, night, director, 1)
    assert wall_headings(club) == [f"Round 2 · Table {n}" for n in (1, 2, 3, 4)]
    rounds_played_more(club, night, director, 2, 3)
    assert wall_headings(club) == [f"Round 4 · Table {n}" for n in (1, 2, 3, 4)]
    assert "4 tables" in text_of(Client().get(f"/clubs/{club.slug}/wall/"))


def test_more_than_8_tables_come_in_pages_of_8_each_saying_which(club, director):
    night = night_of_players(club, director, 40)
    rounds_played(club, night, director, 0)
    html = wall_html(club)
    pages = re.findall(r'data-wall-page="(\d)"', html)
    assert pages == ["1", "2"]
    first, second = html.split('data-wall-page="2"')
    assert first.count('class="wall-table ') == 8 and second.count('class="wall-table ') == 2
    assert "Page 1 of 2" in first and "Page 2 of 2" in second


def test_the_walls_standings_are_the_night_pages_in_its_order_and_stay_after_the_close(
    club, director
):
    night = night_of_players(club, director, 16, rounds=2)
    rounds_played(club, night, director, 1)
    assert wall_order(club) == night_page_order(club, night)
    rounds_played_more(club, night, director, 2, 2)  # the last round: the night closes
    night.refresh_from_db()
    assert night.status == "closed"
    words = text_of(Client().get(f"/clubs/{club.slug}/wall/"))
    assert "The night's standings" in words and "Tonight's leaders" not in words
    assert "the standings after round 2" in words
    assert wall_order(club) == night_page_order(club, night) and len(wall_order(club)) == 16
    assert wall_headings(club) == [f"Round 2 · Table {n}" for n in (1, 2, 3, 4)]


def test_a_wall_of_40_players_shows_every_standing_in_pages_of_16(club, director):
    night = night_of_players(club, director, 40)
    rounds_played(club, night, director, 1)
    html = wall_html(club)
    pages = html.split('<ol class="wall-standings">')[1:]
    names = [re.findall(r'<span class="who">([^<]+)</span>', p.split("</ol>")[0]) for p in pages]
    assert [len(page) for page in names] == [16, 16, 8]
    assert [name for page in names for name in page] == night_page_order(club, night)
    words = text_of(Client().get(f"/clubs/{club.slug}/wall/"))
    for first, last in ((1, 16), (17, 32), (33, 40)):
        assert f"Players {first}\u2013{last} of 40" in words


def test_at_the_bell_the_wall_says_it_in_words_in_every_language(club, director):
    night = night_of_players(club, director, 8)
    start_round(club, night, director)
    night.rounds.filter(number=1).update(ends_at=timezone.now() - timedelta(seconds=5))
    for language, words in (
        ("en", "Round 1: time. Finish the hand in play."),
        ("de", "Runde 1: Zeit abgelaufen. Die laufende Hand zu Ende spielen."),
        ("fr", "Tour 1 : c’est l’heure. Finissez la donne en cours."),  # noqa: RUF001
        ("es", "Ronda 1: tiempo. Terminad la mano en juego."),
        ("zh-hans", "第 1 轮：时间到。请打完正在进行的这一副牌。"),  # noqa: RUF001
    ):
        client = Client()
        client.cookies["django_language"] = language
        html = client.get(f"/clubs/{club.slug}/wall/").content.decode()
        bell = re.search(r"<strong data-countdown-bell>([^<]+)</strong>", html)
        assert bell and bell.group(1) == words, (language, bell)
        assert "<span data-countdown-running hidden>" in html
