"""ETags for polling clients, tables cached per results version, and a query count that does
not grow with the league."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services
from scoring.models import Game, GameStatus
from scoring.sample.generate import generate
from scoring.services import rerating, totals

from .support import build_qq_league, play, standings_url

# The league's version (its club's results version, the ETag), then to build: the league, the
# seat aggregate, the ratings, whether the ratings are being re-rated, and head-to-head (the
# default ranking declares it), and who may see which names (the players whose names are not
# public, once: its kept body's audience): the same seven whatever the league's size, for a
# table not yet cached.
STANDINGS_QUERIES = 7


@pytest.fixture
def memory_cache(settings):
    """Count the database's queries alone: the default cache is a table in the database."""
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
        "kept": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "kept"},
        "rendered": settings.CACHES["rendered"],
    }


def test_the_same_data_gives_the_same_etag_and_if_none_match_gives_304(api, qq_league):
    url = standings_url(qq_league.league)
    first = api.get(url)
    etag = first["ETag"]
    assert etag.startswith('"') and etag.endswith('"')
    assert api.get(url)["ETag"] == etag
    cached = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert cached.status_code == 304
    assert cached.content == b""
    assert cached["ETag"] == etag
    assert api.get(url, HTTP_IF_NONE_MATCH=f'"other", {etag}').status_code == 304
    assert api.get(url, HTTP_IF_NONE_MATCH=f"W/{etag}").status_code == 304  # a compressing proxy
    assert api.get(url, HTTP_IF_NONE_MATCH='"other"').status_code == 200


def test_a_new_finished_game_gives_a_new_etag(api, qq_league, owner):
    url = standings_url(qq_league.league)
    etag = api.get(url)["ETag"]
    seats = list(qq_league.players.values())
    play(qq_league.league, seats, [[0, 13, 5, 8], [2, 1, 0, 23]], owner)
    response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag
    assert response.json()["rows"][0]["games"] == 4


def test_each_period_and_format_has_its_own_etag(api, qq_league):
    url = standings_url(qq_league.league)
    plain = api.get(url)["ETag"]
    dated = api.get(standings_url(qq_league.league, "as_of=2026-02-15"))["ETag"]
    csv = api.get(url, HTTP_ACCEPT="text/csv")
    assert len({plain, dated, csv["ETag"]}) == 3
    assert api.get(url, HTTP_ACCEPT="text/csv", HTTP_IF_NONE_MATCH=plain).status_code == 200


def test_a_rating_change_from_another_league_of_the_club_gives_a_new_etag(api, qq_league, owner):
    """Ratings are the club's: a correction elsewhere changes this table's rating column."""
    other = services.create_league(club=qq_league.club, name="Other", ruleset="qq-single-round")
    seats = list(qq_league.players.values())
    game = play(other, seats, [[0, 13, 5, 8]], owner)
    Game.objects.filter(pk=game.pk).update(finished_at=qq_league.games[0].finished_at)
    totals.rebuild(qq_league.club.pk)
    url = standings_url(qq_league.league)
    before = api.get(url)
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": [13, 0, 5, 8]}, reason="typo", actor=owner
    )
    rerating.settle_ratings(qq_league.club.pk)  # the queue's task, run here
    after = api.get(url, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert [r["rating"] for r in after.json()["rows"]] != [
        r["rating"] for r in before.json()["rows"]
    ]


def test_a_new_ranking_declaration_gives_a_new_etag(api, qq_league):
    url = standings_url(qq_league.league)
    etag = api.get(url)["ETag"]
    qq_league.league.ranking = {"criterion": "total_points"}
    qq_league.league.save()
    response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["rows"][0]["name"] == "Cleo"


def test_a_game_reopened_by_a_correction_gives_a_new_etag(api, qq_league, owner):
    url = standings_url(qq_league.league)
    etag = api.get(url)["ETag"]
    g3 = qq_league.games[2]
    services.correct_hand(
        game_id=g3.pk, number=3, entry={"points": [0, 0, 13, 13]}, reason="typo", actor=owner
    )
    assert api.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_club_standings_have_an_etag_and_304_too(api, qq_league):
    url = f"/api/v1/clubs/{qq_league.club.pk}/standings/"
    first = api.get(url)
    assert first.status_code == 200
    assert [r["name"] for r in first.json()["rows"]] == ["Ada", "Cleo", "Ben", "Dev"]
    assert api.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_standings_make_the_same_number_of_queries_for_3_games_and_for_60(api, owner, memory_cache):
    user = get_user_model().objects.create_user("generator")
    counts = {}
    for games in (3, 60):
        club = services.create_club(user=user, name=f"Gen {games}", slug=f"gen-{games}")
        league = generate(club=club, actor=user, players=8, games=games, seed=games)
        assert league.games.filter(status=GameStatus.FINISHED).count() == games
        with CaptureQueriesContext(connection) as queries:
            response = api.get(standings_url(league))
        assert response.status_code == 200
        assert sum(r["games"] for r in response.json()["rows"]) == 4 * games
        counts[games] = len(queries)
    assert counts == {3: STANDINGS_QUERIES, 60: STANDINGS_QUERIES}


def test_a_tie_that_needs_head_to_head_costs_no_extra_query(api, owner, memory_cache):
    from .support import single_hand_league

    tables = [[("P", 1), ("Q", 2), ("R", 3), ("S", 4)], [("P", 3), ("Q", 1), ("R", 2), ("S", 4)]]
    tied = single_hand_league(owner, "tied", "PQRS", tables).league
    untied = single_hand_league(owner, "untied", "PQRS", tables[:1]).league
    counts = []
    for league in (tied, untied):
        with CaptureQueriesContext(connection) as queries:
            body = api.get(standings_url(league)).json()
        counts.append(len(queries))
        assert body["rows"]
    assert counts == [STANDINGS_QUERIES, STANDINGS_QUERIES]
    # Without head_to_head in the declaration, one query fewer.
    untied.ranking = {"tie_breaks": ["points_per_game", "games", "shared"]}
    untied.save()
    with CaptureQueriesContext(connection) as queries:
        api.get(standings_url(untied))
    assert len(queries) == STANDINGS_QUERIES - 1


def test_a_304_costs_two_queries_the_league_with_its_club_and_who_may_see_which_names(
    api, owner, memory_cache
):
    """The ETag names the reader's audience (a hidden name's table is another body), so the
    names' choices are read before the answer, as for a kept table."""
    league = build_qq_league(owner, "three-oh-four").league
    etag = api.get(standings_url(league))["ETag"]
    with CaptureQueriesContext(connection) as queries:
        assert api.get(standings_url(league), HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert len(queries) == 2


def test_a_table_asked_for_again_comes_from_the_cache_in_two_queries(api, owner, memory_cache):
    """The league with its club, and who may see which names (the kept body's audience)."""
    league = build_qq_league(owner, "cached").league
    first = api.get(standings_url(league))
    with CaptureQueriesContext(connection) as queries:
        again = api.get(standings_url(league))
    assert len(queries) == 2
    assert (again.json(), again["ETag"]) == (first.json(), first["ETag"])


def test_a_correction_is_never_served_from_the_cached_table(api, qq_league, owner):
    url = standings_url(qq_league.league)
    before = api.get(url).json()
    services.correct_hand(
        game_id=qq_league.games[2].pk,
        number=3,
        entry={"points": [0, 0, 13, 13]},
        reason="typo",
        actor=owner,
    )
    after = api.get(url).json()
    assert after["rows"] != before["rows"]
    assert [r["points_per_game"] for r in after["rows"]] != [
        r["points_per_game"] for r in before["rows"]
    ]


def test_a_renamed_league_shows_its_new_name_at_once(api, qq_league):
    url = standings_url(qq_league.league)
    etag = api.get(url)["ETag"]
    services.update_league(league=qq_league.league, name="Renamed")
    response = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response.json()["name"] == "Renamed"


def test_a_player_renamed_in_the_admin_shows_in_tables_and_scoreboards_at_once(
    api, qq_league, client
):
    url = standings_url(qq_league.league)
    etag = api.get(url)["ETag"]
    board_url = f"/api/v1/games/{qq_league.games[0].pk}/scoreboard/"
    board = api.get(board_url)
    staff = get_user_model().objects.create_superuser("site_admin", password="admin pass 123")
    client.force_login(staff)
    ada = qq_league.players["Ada"]
    response = client.post(
        f"/admin/scoring/player/{ada.pk}/change/",
        {
            "club": ada.club_id,
            "name": "Ada Lovelace",
            "name_visibility": "public",
            "user": "",
            "merged_into": "",
        },
    )
    assert response.status_code == 302, response.content[:2000]
    renamed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert renamed.status_code == 200
    assert "Ada Lovelace" in [row["name"] for row in renamed.json()["rows"]]
    reseated = api.get(board_url, HTTP_IF_NONE_MATCH=board["ETag"])
    assert reseated.status_code == 200
    assert "Ada Lovelace" in [seat["name"] for seat in reseated.json()["seats"]]


def test_a_table_for_an_ad_hoc_period_is_built_each_time_never_kept(api, owner, memory_cache):
    league = build_qq_league(owner, "ad-hoc").league
    url = standings_url(league, "as_of=2026-02-15")
    api.get(url)
    with CaptureQueriesContext(connection) as queries:
        assert api.get(url).status_code == 200
    assert len(queries) == STANDINGS_QUERIES


def test_a_kept_table_is_sent_in_the_representation_asked_for(api, owner, memory_cache):
    league = build_qq_league(owner, "indent").league
    indented = api.get(standings_url(league), HTTP_ACCEPT="application/json; indent=4")
    plain = api.get(standings_url(league))
    assert indented.content.startswith(b'{\n    "') and b"\n" not in plain.content
    assert indented.json() == plain.json()


def test_a_failing_shared_cache_costs_a_build_not_the_request(api, qq_league, monkeypatch):
    from django.core.cache import caches

    def unavailable(*args, **kwargs):
        raise ConnectionError("the cache server is away")

    monkeypatch.setattr(caches["kept"], "get", unavailable)
    monkeypatch.setattr(caches["kept"], "set", unavailable)
    table = api.get(standings_url(qq_league.league))
    board = api.get(f"/api/v1/games/{qq_league.games[0].pk}/scoreboard/")
    assert (table.status_code, board.status_code) == (200, 200)
    assert table.json()["rows"] and board.json()["hands"]


def test_the_same_table_asked_for_in_other_words_is_one_kept_table(api, qq_league):
    """The key is the checked query, not the URL's text: repeating or reordering parameters
    neither builds the table again nor makes a new ETag (nor fills the cache with copies)."""
    league = qq_league.league
    season = services.create_season(
        league=league, name="All", starts_on=date(2000, 1, 1), ends_on=date(2100, 1, 1)
    )
    plain = api.get(standings_url(league, f"season={season.pk}&format=json"))
    reworded = [
        f"format=json&season={season.pk}",
        f"season={season.pk}&season={season.pk}&format=json",
    ]
    with CaptureQueriesContext(connection) as queries:
        answers = [api.get(standings_url(league, query)) for query in reworded]
    assert {a["ETag"] for a in answers} == {plain["ETag"]}
    assert all(a.json() == plain.json() for a in answers)
    assert not any("scoring_gameseat" in q["sql"] for q in queries)  # no table built again
