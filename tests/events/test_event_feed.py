"""The event log and its feed: what each write records, in its transaction; the feed's pages,
who may read it, what it refuses, and its query count."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Event
from scoring.services.events import record_event
from tests.events.support import HAND, events_after, every_kind_of_write, last_sequence

pytestmark = pytest.mark.django_db

API = "/api/v1/clubs/{}/events/"


def feed(client, club, **query):
    response = client.get(API.format(club.pk), query)
    assert response.status_code == 200, response.content
    return response.json()


def test_each_write_records_its_events_numbered_on_without_a_gap(public_club, owner):
    after = last_sequence(public_club)
    expected = every_kind_of_write(public_club, owner)
    rows = events_after(public_club, after)
    assert [row.type for row in rows] == expected
    assert [row.sequence for row in rows] == list(range(after + 1, after + len(expected) + 1))


def test_an_event_carries_what_it_concerns_as_the_change_left_it(public_club, owner, client_for):
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
    services.void_hand(game_id=game.pk, number=1, reason="misdeal", actor=owner)
    started, entered, voided = feed(client_for(None), public_club, after=after)["results"]
    assert started["data"]["players"] == [p.pk for p in public_club.seated[:4]]
    assert entered["data"]["hand"]["scores"] == [13, 5, 4, 4]
    assert entered["data"]["game"]["totals"] == [13, 5, 4, 4]
    assert voided["data"]["hand"]["is_void"] is True
    assert voided["data"]["reason"] == "misdeal"
    assert voided["data"]["game"]["totals"] == [0, 0, 0, 0]
    assert voided["game"] == game.pk and voided["club"] == public_club.pk
    game.refresh_from_db()
    assert voided["data"]["game"]["version"] == game.version


def test_a_refused_write_records_nothing(public_club, owner):
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    with pytest.raises(DomainError):
        services.enter_hand(game_id=game.pk, number=3, entry=HAND, actor=owner)
    with pytest.raises(RuntimeError), transaction.atomic():
        services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
        raise RuntimeError("the request failed after the write")
    kept = [(row.sequence, row.type) for row in events_after(public_club, after)]
    assert kept == [(after + 1, "game.started")]
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
    assert last_sequence(public_club) == after + 2  # no gap where it rolled back


def test_the_feed_pages_by_cursor_to_the_end(public_club, owner, client_for):
    start = last_sequence(public_club)
    expected = every_kind_of_write(public_club, owner)
    client = client_for(None)
    seen, after = [], start
    while True:
        page = feed(client, public_club, after=after, limit=4)
        seen += page["results"]
        assert page["after"] == (seen[-1]["sequence"] if seen else start)
        after = page["after"]
        if not page["has_more"]:
            break
    assert [event["type"] for event in seen] == expected
    assert feed(client, public_club, after=after) == {
        "results": [],
        "after": after,
        "has_more": False,
    }


def test_clubs_number_their_events_apart(public_club, private_club, owner):
    public, private = last_sequence(public_club), last_sequence(private_club)
    with transaction.atomic():
        record_event(private_club.pk, "ratings.settled", {"since": None, "games_rated": 0})
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    assert [row.sequence for row in events_after(public_club, public)] == [public + 1]
    assert [row.sequence for row in events_after(private_club, private)] == [private + 1]


@pytest.mark.parametrize(
    ("role", "status"),
    [("owner", 200), ("member", 200), ("outsider", 404), ("anonymous", 404)],
)
def test_a_private_clubs_feed_is_read_by_its_members_only(
    private_club, users, client_for, role, status
):
    after = last_sequence(private_club)
    services.create_game(club=private_club, players=private_club.seated[:4], actor=users["owner"])
    response = client_for(users[role]).get(API.format(private_club.pk), {"after": after})
    assert response.status_code == status
    if status == 200:
        assert [e["type"] for e in response.json()["results"]] == ["game.started"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"after": "-1"}, "after"),
        ({"after": "x"}, "after"),
        ({"after": str(2**64)}, "after"),
        ({"limit": "0"}, "limit"),
        ({"limit": "501"}, "limit"),
        ({"cursor": "3"}, "cursor"),
    ],
)
def test_the_feed_refuses_a_bad_cursor_with_its_field(public_club, client_for, query, field):
    response = client_for(None).get(API.format(public_club.pk), query)
    assert response.status_code == 400
    assert response.json()["errors"][0]["attr"] == field


def test_the_feed_costs_the_same_queries_for_many_events_as_for_few(public_club, owner, client_for):
    client = client_for(owner)
    counts = []
    for _ in range(2):
        services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
        every_kind_of_write(public_club, owner)
        with CaptureQueriesContext(connection) as queries:
            page = feed(client, public_club, limit=500)
        counts.append(len(queries))
    assert len(page["results"]) > 40
    assert counts[0] == counts[1] <= 4, counts


def test_a_queued_re_rating_records_ratings_settled_when_it_settles(public_club, owner):
    """A correction before the club's newest game re-rates on the task queue: its
    ratings.settled comes when the ratings do, after the correction's own event."""
    from scoring.services.rerating import settle_ratings

    seated = public_club.seated
    first = services.create_game(club=public_club, players=seated[:4], actor=owner)
    second = services.create_game(club=public_club, players=seated[1:5], actor=owner)
    for game in (first, second):
        for number in range(1, 9):
            services.enter_hand(game_id=game.pk, number=number, entry=HAND, actor=owner)
    settled_inline = Event.objects.filter(club=public_club, type="ratings.settled").count()
    assert settled_inline == 2  # each game's end, the newest then, re-rated at once

    services.correct_hand(
        game_id=first.pk, number=1, entry={"points": [13, 4, 5, 4]}, reason="swap", actor=owner
    )
    assert Event.objects.filter(club=public_club).order_by("sequence").last().type == (
        "hand.corrected"
    )
    assert settle_ratings(public_club.pk) == 2
    last = Event.objects.filter(club=public_club).order_by("sequence").last()
    assert last.type == "ratings.settled"
    assert last.data["games_rated"] == 2
    assert settle_ratings(public_club.pk) == 0  # nothing left: no second event
    assert Event.objects.filter(club=public_club, type="ratings.settled").count() == 3


def test_the_feed_filters_by_one_or_several_types(public_club, owner, client_for):
    start = last_sequence(public_club)
    expected = every_kind_of_write(public_club, owner)
    numbered = [(start + n, kind) for n, kind in enumerate(expected, 1)]
    client = client_for(None)
    finished = feed(client, public_club, type="game.finished", after=start)
    assert [e["sequence"] for e in finished["results"]] == [
        n for n, kind in numbered if kind == "game.finished"
    ]
    assert finished["after"] == finished["results"][-1]["sequence"]
    first_finished = finished["results"][0]["sequence"]
    both = client.get(
        API.format(public_club.pk), {"type": ["hand.voided", "player.merged"], "after": start}
    )
    assert [e["type"] for e in both.json()["results"]] == ["hand.voided", "player.merged"]
    later = feed(client, public_club, type="hand.entered", after=first_finished, limit=2)
    assert [e["sequence"] for e in later["results"]] == [
        n for n, kind in numbered if kind == "hand.entered" and n > first_finished
    ][:2]
    refused = client.get(API.format(public_club.pk), {"type": "hand.lost"})
    assert refused.status_code == 400 and refused.json()["errors"][0]["attr"] == "type.0"


def test_a_cursor_past_the_last_event_is_refused_with_its_own_code(public_club, owner, client_for):
    client = client_for(None)
    last = last_sequence(public_club)
    ahead = client.get(API.format(public_club.pk), {"after": last + 1})
    assert ahead.json()["errors"][0] == {
        "code": "cursor_ahead",
        "detail": f"The club has no event {last + 1} yet: keep the after that an answer gave "
        "you, or start again from 0.",
        "attr": "after",
    }
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    assert feed(client, public_club, after=last + 1)["results"] == []
    assert client.get(API.format(public_club.pk), {"after": last + 2}).status_code == 400
    typed = client.get(API.format(public_club.pk), {"after": last + 1, "type": "hand.entered"})
    assert typed.status_code == 200  # the cursor is read whatever the types asked
    with CaptureQueriesContext(connection) as queries:
        feed(client, public_club, after=last + 1)
    assert len(queries) <= 2  # the club, and the events with the one held: no count


def test_events_write_times_as_every_answer_does_in_utc_with_z(public_club, owner, client_for):
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    [started] = feed(client_for(None), public_club, after=after)["results"]
    read = client_for(None).get(f"/api/v1/games/{game.pk}/").json()
    assert started["created_at"].endswith("Z") and "+00:00" not in started["created_at"]
    assert started["data"]["game"]["started_at"] == read["started_at"]
    assert read["started_at"].endswith("Z")


def test_the_migration_rewrites_times_kept_with_an_offset_in_z(public_club, owner):
    from importlib import import_module

    from django.apps import apps

    migration = import_module("scoring.migrations.0020_webhook_pings")
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    [started] = events_after(public_club, after)
    kept = started.data["game"]["started_at"]
    old = {**started.data, "game": {**started.data["game"], "started_at": kept[:-1] + "+00:00"}}
    Event.objects.filter(pk=started.pk).update(data=old)
    with transaction.atomic():
        record_event(public_club.pk, "ratings.settled", {"since": kept[:-1] + "+00:00"})
    migration.times_in_z(apps, None)
    assert Event.objects.get(pk=started.pk).data["game"]["started_at"] == kept
    assert events_after(public_club, after)[-1].data["since"] == kept
    assert game.pk == Event.objects.get(pk=started.pk).game_id
