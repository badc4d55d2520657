"""Each hand-written statement of scoring/sql.py answers what the ORM answers for the same
question, on SQLite and PostgreSQL alike. (The seat counts moved by one hand are held to a
recount from every hand in tests/scoring/test_seat_results.py.)"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db.models import Max
from django.forms.models import model_to_dict
from django.utils import timezone

from scoring import services, sql
from scoring.models import DeviceToken, Game, League, Membership

pytestmark = pytest.mark.django_db


def test_the_game_version_row_is_the_games_club_visibility_version_and_last_change(new_game):
    game = new_game("standard")
    expected = Game.objects.filter(pk=game.pk).values_list(
        "club_id", "club__is_public", "version", "updated_at"
    )[0]
    club_id, is_public, version, changed = sql.game_version_row(game.pk)
    assert (club_id, is_public, version) == expected[:3]
    assert isinstance(is_public, bool)
    assert changed  # a key for kept renderings: present, whatever its text
    assert sql.game_version_row(game.pk + 1000) is None


def test_the_league_version_row_is_the_clubs_results_version_and_the_declared_ranking(
    private_club,
):
    club = private_club
    ranking = {"criterion": "win_rate", "min_games": 3}
    league = services.create_league(club=club, name="L", ruleset="standard", ranking=ranking)
    club.refresh_from_db()
    assert sql.league_version_row(league.pk) == (club.pk, False, club.results_version, ranking)
    assert sql.league_version_row(league.pk + 1000) is None
    assert League.objects.get(pk=league.pk).ranking == ranking


def test_the_game_with_its_last_hand_is_the_orms_game(new_game, scorer):
    game = new_game("standard")
    assert sql.game_with_last_hand(game.pk).last_hand is None
    for number, points in enumerate(([13, 5, 4, 4], [0, 20, 3, 3]), start=1):
        services.enter_hand(game_id=game.pk, number=number, entry={"points": points}, actor=scorer)
    raw = sql.game_with_last_hand(game.pk)
    orm = Game.objects.annotate(last_hand=Max("hands__number")).get(pk=game.pk)
    assert model_to_dict(raw) == model_to_dict(orm)
    assert (raw.last_hand, raw.updated_at, raw.totals) == (
        orm.last_hand,
        orm.updated_at,
        [13, 25, 7, 7],
    )
    assert sql.game_with_last_hand(game.pk + 1000) is None


def test_the_user_of_a_token_is_the_whole_user_and_says_whether_its_last_use_is_stale(users):
    ann = users["scorer"]
    token, key = services.create_device_token(user=ann, name="phone")
    now = timezone.now()
    found = sql.user_of_token(DeviceToken.hash_key(key), now)
    assert model_to_dict(found) == model_to_dict(get_user_model().objects.get(pk=ann.pk))
    assert (found.token_id, bool(found.token_stale)) == (token.pk, True)  # never used
    DeviceToken.objects.filter(pk=token.pk).update(last_used_at=now)
    assert not sql.user_of_token(DeviceToken.hash_key(key), now - timedelta(seconds=1)).token_stale
    assert sql.user_of_token(DeviceToken.hash_key(key), now + timedelta(seconds=1)).token_stale
    services.revoke_device_token(token=token)
    assert sql.user_of_token(DeviceToken.hash_key(key), now) is None
    assert sql.user_of_token(DeviceToken.hash_key("not a key"), now) is None


def test_the_roles_of_a_user_are_the_memberships(users, public_club, private_club):
    for user in users.values():
        if user is not None:
            expected = dict(Membership.objects.filter(user=user).values_list("club_id", "role"))
            assert sql.roles_of(user.pk) == expected
    assert len(sql.roles_of(users["director"].pk)) == 2


def test_the_write_count_counts_each_window_afresh():
    assert [sql.count_write("writes:user:7", 40) for _ in range(3)] == [1, 2, 3]
    assert sql.count_write("writes:user:8", 40) == 1
    assert sql.count_write("writes:user:7", 41) == 1
