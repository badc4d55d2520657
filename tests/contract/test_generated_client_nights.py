"""A night that bends as an integrator meets it, through the client generated from the served
schema alone (tests/contract/conftest.py): several players checked in at once (a repeated
player refused with its place), the round drawn, two seats swapped after publishing, one
player moved to the other table and back (a move to their own table refused), one table's seats
drawn again, a substitute in a seat after a hand (a seated one refused), one table given more
time and another ended now, each answer typed."""

from __future__ import annotations

import pytest

from tests.contract.test_generated_client import (
    PASSWORD,
    Api,
    error_of,
    ok,
    response_models,
    sign_in,
    untyped_fields,
)

NIGHT_OPERATIONS = (
    "clubs_nights_check_in_many",
    "clubs_nights_swap",
    "clubs_nights_move",
    "clubs_nights_redraw_table",
    "clubs_nights_substitute",
    "clubs_nights_extend_table",
    "clubs_nights_finish_table",
)


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user("dora", password=PASSWORD)


def test_a_director_bends_a_night_through_the_generated_client(generated_client, live_server, dora):
    api = Api(generated_client, live_server.url)
    m = api.models
    phone = sign_in(api, "dora", "dora's phone")
    club = ok(
        api.clubs.clubs_create.sync_detailed(
            client=phone, body=m.ClubInputRequest(name="Bends", slug="bends")
        ),
        201,
    )
    players = [
        ok(
            api.players.players_create.sync_detailed(
                client=phone, body=m.PlayerInputRequest(club=club.id, name=f"Player {n}")
            ),
            201,
        ).id
        for n in range(8)
    ]
    league = ok(
        api.leagues.leagues_create.sync_detailed(
            client=phone,
            body=m.LeagueInputRequest.from_dict(
                {"club": club.id, "name": "Fridays", "ruleset": {"preset": "standard"}}
            ),
        ),
        201,
    )
    night = ok(
        api.nights.clubs_nights_create.sync_detailed(
            club.id,
            client=phone,
            body=m.NightInputRequest(league=league.id, name="Friday", rounds=2, round_minutes=30),
        ),
        201,
    )
    twice = api.nights.clubs_nights_check_in_many.sync_detailed(
        club.id,
        night.id,
        client=phone,
        body=m.NightPlayersInputRequest(players=[players[0], players[0]]),
    )
    assert error_of(api, twice, 400) == ("invalid_players", "players")
    checked = ok(
        api.nights.clubs_nights_check_in_many.sync_detailed(
            club.id, night.id, client=phone, body=m.NightPlayersInputRequest(players=players)
        )
    )
    assert sorted(c.player for c in checked.check_ins) == sorted(players)
    ok(
        api.nights.clubs_nights_draw.sync_detailed(
            club.id, night.id, client=phone, body=m.DrawInputRequest()
        )
    )
    published = ok(
        api.nights.clubs_nights_publish.sync_detailed(
            club.id, night.id, client=phone, body=m.NoInputRequest()
        )
    )
    first, second = published.rounds[0].tables
    a, b = first.seats[0].player, second.seats[0].player
    swapped = ok(
        api.nights.clubs_nights_swap.sync_detailed(
            club.id, night.id, client=phone, body=m.SwapInputRequest(players=[a, b])
        )
    )
    assert swapped.rounds[0].tables[0].seats[0].player == b
    mover = first.seats[3].player

    def move(table: int):
        return api.nights.clubs_nights_move.sync_detailed(
            club.id, night.id, client=phone, body=m.MoveInputRequest(player=mover, table=table)
        )

    moved = ok(move(2))
    assert [len(t.seats) for t in moved.rounds[0].tables] == [3, 5]
    assert error_of(api, move(2), 409) == ("same_table", "table")
    back = ok(move(1))
    assert back.rounds[0].tables[0].seats[3].player == mover
    redrawn = ok(
        api.nights.clubs_nights_redraw_table.sync_detailed(
            club.id, night.id, client=phone, body=m.RedrawTableInputRequest(table=2)
        )
    )
    before = [s.player for s in back.rounds[0].tables[1].seats]
    after = [s.player for s in redrawn.rounds[0].tables[1].seats]
    assert sorted(after) == sorted(before) and after != before
    ok(
        api.nights.clubs_nights_start.sync_detailed(
            club.id, night.id, client=phone, body=m.StartInputRequest()
        )
    )
    ok(
        api.games.games_hands_enter.sync_detailed(
            first.game, 1, client=phone, body=m.HandEntryInputRequest(points=[13, 5, 4, 4])
        ),
        201,
    )
    sub = ok(
        api.players.players_create.sync_detailed(
            client=phone, body=m.PlayerInputRequest(club=club.id, name="Sub")
        ),
        201,
    ).id
    ok(
        api.nights.clubs_nights_check_in.sync_detailed(
            club.id, night.id, client=phone, body=m.NightPlayerInputRequest(player=sub)
        )
    )
    seated = api.nights.clubs_nights_substitute.sync_detailed(
        club.id,
        night.id,
        client=phone,
        body=m.SubstituteInputRequest(player=a, replaces=b),
    )
    assert error_of(api, seated, 409) == ("already_seated", "player")
    subbed = ok(
        api.nights.clubs_nights_substitute.sync_detailed(
            club.id,
            night.id,
            client=phone,
            body=m.SubstituteInputRequest(player=sub, replaces=b),
        )
    )
    assert subbed.rounds[0].tables[0].seats[0].player == sub
    (change,) = subbed.substitutions
    assert (change.table, change.seat, change.from_hand, change.counted) == (1, 0, 2, b)
    late = api.nights.clubs_nights_extend_table.sync_detailed(
        club.id,
        night.id,
        client=phone,
        body=m.ExtendTableInputRequest(table=9, minutes=5, reason="late"),
    )
    assert error_of(api, late, 400) == ("unknown_table", "table")
    extended = ok(
        api.nights.clubs_nights_extend_table.sync_detailed(
            club.id,
            night.id,
            client=phone,
            body=m.ExtendTableInputRequest(table=1, minutes=5, reason="late"),
        )
    )
    table = extended.rounds[0].tables[0]
    assert table.extra_minutes == 5 and table.extensions[0].reason == "late"
    assert table.bell > extended.rounds[0].ends_at
    ended = ok(
        api.nights.clubs_nights_finish_table.sync_detailed(
            club.id, night.id, client=phone, body=m.TableInputRequest(table=2, reason="gone")
        )
    )
    assert ended.rounds[0].tables[1].finished_at is not None
    assert ended.rounds[0].tables[1].game_status == "abandoned"


def test_the_response_models_of_a_nights_fixes_are_typed(generated_client, live_server):
    api = Api(generated_client, live_server.url)
    roots = [
        model for name in NIGHT_OPERATIONS for model in response_models(getattr(api.any, name))
    ]
    assert "NightDetailOutput" in {m.__name__ for m in roots}
    untyped = untyped_fields(api.models, roots)
    assert not untyped, "untyped response fields:\n" + "\n".join(untyped)
