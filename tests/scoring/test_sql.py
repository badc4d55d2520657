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
from scoring.models import (
    DeviceToken,
    Event,
    EventCounter,
    Game,
    Hand,
    HistoryEntry,
    League,
    Membership,
    WebhookDelivery,
    WebhookEndpoint,
)

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
    hashed = DeviceToken.hash_key(key)
    idle = now - timedelta(days=90)
    found = sql.user_of_token(hashed, now, idle)
    assert model_to_dict(found) == model_to_dict(get_user_model().objects.get(pk=ann.pk))
    assert (found.token_id, bool(found.token_stale)) == (token.pk, True)  # never used
    DeviceToken.objects.filter(pk=token.pk).update(last_used_at=now)
    assert not sql.user_of_token(hashed, now - timedelta(seconds=1), idle).token_stale
    assert sql.user_of_token(hashed, now + timedelta(seconds=1), idle).token_stale
    # Unused since before ``idle_since`` (or, never used, made before it): expired.
    assert sql.user_of_token(hashed, now, now + timedelta(seconds=1)) is None
    DeviceToken.objects.filter(pk=token.pk).update(last_used_at=None)
    assert sql.user_of_token(hashed, now, token.created_at) is not None
    assert sql.user_of_token(hashed, now, token.created_at + timedelta(seconds=1)) is None
    services.revoke_device_token(token=token)
    assert sql.user_of_token(hashed, now, idle) is None
    assert sql.user_of_token(DeviceToken.hash_key("not a key"), now, idle) is None


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


def a_hand(game, number: int, scorer) -> Hand:
    return Hand(
        game=game,
        number=number,
        dealer=1,
        pass_direction="left",
        level="points",
        entry={"points": [13, 5, 4, 4], "note": "ünïcode ♠"},
        points=[13, 5, 4, 4],
        scores=[13, 5, 4, 4],
        queen_by=0,
        adjudication={"legal": True, "tricks": [{"cards": ["QS"]}]},
        entered_by=scorer,
    )


def stored(obj) -> dict:
    fresh = type(obj).objects.get(pk=obj.pk)
    return {f.attname: getattr(fresh, f.attname) for f in fresh._meta.concrete_fields}


def appended(club, type="hand.entered", **data):
    event = Event(club_id=club.pk, type=type, data=data)
    return event, sql.append_event(event, sql.prepared_row(event))


def test_an_event_appended_moves_that_clubs_counter_alone_and_takes_its_new_number(
    public_club, private_club
):
    # Each club as before its first event, whatever its setup recorded: no counter row.
    EventCounter.objects.filter(club__in=[public_club, private_club]).delete()
    before = Event.objects.count()
    assert appended(public_club)[1] is None  # no counter row yet: nothing made
    assert not EventCounter.objects.filter(club=public_club).exists()
    assert Event.objects.count() == before
    EventCounter.objects.create(club=public_club, last=41)
    EventCounter.objects.create(club=private_club, last=7)
    made = [appended(public_club, n=n) for n in range(3)]
    assert [event.sequence for event, _ in made] == [42, 43, 44]
    assert {answer for _, answer in made} == {sql.Appended(woken=False, wake=False)}
    counters = dict(EventCounter.objects.values_list("club_id", "last"))
    assert counters == {public_club.pk: 44, private_club.pk: 7}
    event = made[-1][0]
    orm = Event.objects.get(pk=event.pk)
    assert not event._state.adding
    fields = Event._meta.concrete_fields
    assert stored(orm) == {f.attname: getattr(event, f.attname) for f in fields}
    assert (orm.sequence, orm.type, orm.data) == (44, "hand.entered", {"n": 2})
    assert not WebhookDelivery.objects.exists()


def test_an_event_appended_is_queued_for_the_endpoints_of_its_club_that_want_its_type(
    public_club, private_club
):
    EventCounter.objects.update_or_create(club=public_club, defaults={"woken": True})
    make = WebhookEndpoint.objects.create
    both = ["hand.entered", "game.started"]
    wants = make(club=public_club, url="https://a.example/", event_types=both, secret="s")
    make(club=public_club, url="https://b.example/", event_types=["game.started"], secret="s")
    off = make(club=public_club, url="https://c.example/", event_types=both, secret="s")
    off.enabled = False
    off.save()
    make(club=private_club, url="https://d.example/", event_types=both, secret="s")
    event, answer = appended(public_club)
    assert answer == sql.Appended(woken=True, wake=True)
    mine = WebhookEndpoint.objects.filter(club=public_club)
    wanting = [e for e in mine if event.type in e.event_types]
    rows = WebhookDelivery.objects.filter(event=event).order_by("endpoint_id")
    assert [row.endpoint_id for row in rows] == [e.pk for e in wanting] == [wants.pk, off.pk]
    # Each row is what ``create`` stores for a new delivery of that endpoint and event.
    other = make(club=public_club, url="https://e.example/", event_types=[], secret="s")
    by_orm = WebhookDelivery.objects.create(endpoint=other, event=event)
    ignore = {"id", "endpoint_id", "next_attempt_at"}
    shape = {k: v for k, v in stored(by_orm).items() if k not in ignore}
    assert all({k: v for k, v in stored(row).items() if k not in ignore} == shape for row in rows)
    assert all(row.next_attempt_at == event.at for row in rows)  # due from the event's time
    # Only a disabled endpoint wants it: a delivery made, no task wanted.
    WebhookEndpoint.objects.filter(pk=wants.pk).update(enabled=False)
    event, answer = appended(public_club)
    assert answer == sql.Appended(woken=True, wake=False)
    assert WebhookDelivery.objects.filter(event=event).count() == 2
    # No endpoint wants the type.
    event, answer = appended(public_club, type="night.opened")
    assert answer.wake is False and not WebhookDelivery.objects.filter(event=event).exists()


def test_an_insert_stores_what_save_stores(new_game, scorer):
    game = new_game()
    by_orm, by_sql = a_hand(game, 1, scorer), a_hand(game, 2, scorer)
    by_orm.save()
    sql.insert(by_sql)
    assert by_sql.pk is not None and by_sql.pk != by_orm.pk
    assert not by_sql._state.adding
    orm_row, sql_row = stored(by_orm), stored(by_sql)
    for varying in ("id", "number", "recorded_at", "created_at", "updated_at"):
        orm_row.pop(varying), sql_row.pop(varying)
    assert sql_row == orm_row
    # auto_now_add and auto_now were set on the instance, as save sets them, and stored.
    fresh = Hand.objects.get(pk=by_sql.pk)
    assert by_sql.created_at is not None
    assert (fresh.created_at, fresh.updated_at) == (by_sql.created_at, by_sql.updated_at)


def test_an_insert_of_a_row_with_nulls_and_no_actor(new_game):
    entry = HistoryEntry(game=new_game(), hand_number=None, action="note", actor=None, after=None)
    sql.insert(entry)
    fresh = HistoryEntry.objects.get(pk=entry.pk)
    assert (fresh.actor_id, fresh.after, fresh.before, fresh.reason) == (None, None, None, "")
    assert fresh.at == entry.at


def test_a_guarded_update_changes_the_named_fields_only_while_the_row_holds_what_was_read(
    new_game,
):
    game = new_game()
    before = Game.objects.get(pk=game.pk)
    read = game.version
    game.totals, game.winners, game.version = [1, 2, 3, 4], [2], read + 1
    game.first_dealer = 3  # not named: stays as stored
    fields = ["totals", "winners", "version", "updated_at"]
    assert sql.update(game, fields, where={"version": read}) == 1
    fresh = Game.objects.get(pk=game.pk)
    assert (fresh.totals, fresh.winners, fresh.version) == ([1, 2, 3, 4], [2], read + 1)
    assert fresh.first_dealer == before.first_dealer
    assert fresh.updated_at == game.updated_at > before.updated_at
    # A second write from the same stale read: the row moved on, nothing changes.
    game.totals = [9, 9, 9, 9]
    assert sql.update(game, fields, where={"version": read}) == 0
    assert Game.objects.get(pk=game.pk).totals == [1, 2, 3, 4]


def test_rows_inserted_in_bulk_read_back_as_bulk_create_stores_them(new_game):
    from scoring.models import RatingEvent

    game = new_game()
    seats = list(game.seats.order_by("seat"))
    finished = timezone.now().replace(microsecond=123456)
    values = [
        (game.club_id, seat.player_id, game.pk, finished, 25.5 + n, 8.25, 0.75 - n, -1.0 / 3)
        for n, seat in enumerate(seats)
    ]
    fields = ("club", "player", "game", "at", "mu", "sigma", "ordinal", "change")
    RatingEvent.objects.bulk_create(
        RatingEvent(
            **{
                f"{name}_id" if name in ("club", "player", "game") else name: v
                for name, v in zip(fields, row, strict=True)
            }
        )
        for row in values
    )
    sql.insert_rows(RatingEvent, fields, values, batch=3)  # more than one statement
    read = list(
        RatingEvent.objects.order_by("pk").values_list(
            "club_id", "player_id", "game_id", "at", "mu", "sigma", "ordinal", "change"
        )
    )
    assert len(read) == 2 * len(values)
    assert read[len(values) :] == read[: len(values)] == values
