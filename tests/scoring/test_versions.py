"""The version reads behind kept scoreboards and tables, and behind a write's permission check
(scoring.selectors: plain SQL), say what the ORM says, on SQLite and PostgreSQL alike, and
nothing of a private club to those outside it."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser

from scoring import selectors, services
from scoring.models import Game, League

pytestmark = pytest.mark.django_db
NOBODY = AnonymousUser()


def test_a_games_version_read_agrees_with_the_orm(new_game, private_club, owner, outsider):
    game = new_game()
    seen = selectors.game_version(game.pk, NOBODY)
    assert (seen.club_id, seen.club_is_public, seen.version) == (game.club_id, True, game.version)
    hidden = services.create_game(club=private_club, players=private_club.seated[:4], actor=owner)
    assert selectors.game_version(hidden.pk, owner).club_is_public is False
    assert selectors.game_version(hidden.pk, outsider) is None
    assert selectors.game_version(hidden.pk, NOBODY) is None


def test_a_write_gives_the_game_a_new_version_and_change(new_game, scorer):
    game = new_game()
    before = selectors.game_version(game.pk, scorer)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=scorer)
    after = selectors.game_version(game.pk, scorer)
    assert after.version == Game.objects.get(pk=game.pk).version == before.version + 1
    assert after.changed != before.changed


def test_a_leagues_version_read_agrees_with_the_orm(public_club, private_club, owner, outsider):
    ranking = {"tie_breaks": ["games", "shared"], "min_games": 2}
    league = services.create_league(
        club=public_club, name="Winter", ruleset="standard", ranking=ranking
    )
    seen = selectors.league_version(league.pk, NOBODY)
    stored = League.objects.select_related("club").get(pk=league.pk)
    assert seen == (stored.club_id, True, stored.club.results_version, stored.ranking)
    hidden = services.create_league(club=private_club, name="Back room", ruleset="standard")
    assert selectors.league_version(hidden.pk, owner).club_is_public is False
    assert selectors.league_version(hidden.pk, outsider) is None


def test_nothing_is_read_for_what_does_not_exist(owner):
    assert selectors.game_version(999_999, owner) is None
    assert selectors.league_version(999_999, owner) is None
