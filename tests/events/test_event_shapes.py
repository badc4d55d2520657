"""Each event's data has exactly the fields its schema component documents, at every depth.

What an event says of a row (scoring.services.events.row_state, from the field names each
state lists) and the serializers that document it for integrators are written apart: a field
added to one and not the other would reach every webhook receiver undocumented, or be
promised and never sent."""

from __future__ import annotations

import re
from typing import Any

from rest_framework import serializers

from scoring import services
from scoring.api.serializers.events import DATA
from scoring.models import EventType
from tests.events.support import events_after, every_kind_of_write, last_sequence
from tests.scoring.test_nights import check_in_all, open_night, play_out

UTC_TEXT = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")
HAND = {"points": [13, 5, 4, 4]}


def unlike(data: Any, field: serializers.Field, where: str) -> list[str]:
    """Where ``data`` differs from what ``field`` documents: keys missing or extra, a time
    that is not UTC text, a whole number that is not one."""
    if data is None:
        return [] if field.allow_null else [f"{where}: null"]
    if isinstance(field, serializers.ListSerializer):
        return [
            m for i, item in enumerate(data) for m in unlike(item, field.child, f"{where}[{i}]")
        ]
    if isinstance(field, serializers.Serializer):
        if set(data) != set(field.fields):
            return [f"{where}: sent {sorted(data)}, documented {sorted(field.fields)}"]
        return [m for k, f in field.fields.items() for m in unlike(data[k], f, f"{where}.{k}")]
    if isinstance(field, serializers.DateTimeField) and not UTC_TEXT.match(data):
        return [f"{where}: {data!r} is not a UTC time"]
    if isinstance(field, serializers.IntegerField) and type(data) is not int:
        return [f"{where}: {data!r} is not a whole number"]
    return []


def test_every_event_of_every_type_carries_what_its_component_documents(
    public_club, owner, director
):
    after = last_sequence(public_club)
    every_kind_of_write(public_club, owner)  # each declared type once at least
    seated = public_club.seated
    game = services.create_game(club=public_club, players=seated[:4], actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
    services.void_hand(game_id=game.pk, number=1, reason="misdeal", actor=owner)
    services.abandon_game(game_id=game.pk, reason="rain", actor=owner)
    spare = services.create_player(club=public_club, name="Spare")
    services.merge_players(source=spare, target=seated[5], actor=owner, reason="same person")
    league = services.create_league(club=public_club, name="Tuesdays", ruleset="standard")
    night = open_night(public_club, league, director, rounds=2, round_hands=1)
    check_in_all(public_club, night, seated[:4], director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    published = services.publish_round(club=public_club, night_id=night.pk, actor=director)
    services.swap_seats(
        club=public_club,
        night_id=night.pk,
        players=[seated[0].pk, seated[1].pk],
        actor=director,
    )
    services.start_round(club=public_club, night_id=night.pk, actor=director)
    play_out(published.tables.get().game, director)
    services.end_round(club=public_club, night_id=night.pk, actor=director)

    events = events_after(public_club, after)
    assert {event.type for event in events} == set(EventType.values)
    differences = [
        difference
        for event in events
        for difference in unlike(event.data, DATA[event.type](), f"{event.type}.data")
    ]
    assert differences == []


def test_a_difference_between_an_event_and_its_component_is_found():
    """The comparison above finds what it looks for (a test of the test's own helper)."""
    game = DATA[EventType.GAME_FINISHED]()
    sent = {"game": {"id": 1, "table": "", "started_at": "2026-12-06T10:00:00+00:00"}}
    found = unlike(sent, game, "data")
    assert found and "documented" in found[0]
    fields = dict.fromkeys(game.fields["game"].fields)
    found = unlike({"game": {**fields, "started_at": "2026-12-06T10:00:00+00:00"}}, game, "data")
    assert any("not a UTC time" in line for line in found)
