"""Fixes to a night's round by two directors at the same instant (issue 52): a substitute
put in two seats at once sits in one; a swap racing a hand's entry at its table either
changes the seats before the hand or is refused after it; an extension racing a table's end
is refused once the table ended. PostgreSQL (SQLite's writers take turns anyway)."""

from __future__ import annotations

from collections import Counter

import pytest
from django.db import connection

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import GameSeat, Hand, NightRound, SeatChange

from .concurrency import THREADS, run_threads
from .night_support import games_of

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="PostgreSQL only: SQLite cannot race"
    ),
]


def _outcome(call) -> str:
    try:
        call()
    except DomainError as refused:
        return refused.code
    return "done"


def _no_one_sits_twice(night) -> None:
    tables = NightRound.objects.get(night=night, number=1).tables.all()
    seated = Counter(p for t in tables for p in t.players)
    assert max(seated.values()) == 1, seated
    for table in tables:
        seats = list(GameSeat.objects.filter(game=table.game).order_by("seat"))
        assert [s.player_id for s in seats] == table.players


def test_a_substitute_put_into_two_seats_at_once_sits_in_one(public_club, night_of, director):
    night = night_of(rounds=3)
    first, second = games_of(night)
    sub = services.create_player(club=public_club, name="Sub")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    out = [first.seats.get(seat=0).player_id, second.seats.get(seat=0).player_id]

    def swap(index: int) -> str:
        return _outcome(
            lambda: services.swap_seats(
                club=public_club,
                night_id=night.pk,
                players=[out[index % 2], sub.pk],
                actor=director,
            )
        )

    outcomes = run_threads(THREADS, swap)
    assert set(outcomes) == {"done"}, outcomes
    _no_one_sits_twice(night)


def test_a_swap_racing_a_hand_at_its_table_lands_before_the_hand_or_not_at_all(
    public_club, night_of, director, scorer
):
    night = night_of(rounds=3)
    first, second = games_of(night)
    a, b = first.seats.get(seat=1).player_id, second.seats.get(seat=1).player_id

    def work(index: int) -> str:
        if index % 2:
            return _outcome(
                lambda: services.enter_hand(
                    game_id=first.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=scorer
                )
            )
        return _outcome(
            lambda: services.swap_seats(
                club=public_club, night_id=night.pk, players=[a, b], actor=director
            )
        )

    outcomes = run_threads(2, work)
    assert Hand.objects.filter(game=first).count() == 1, outcomes
    _no_one_sits_twice(night)
    if outcomes[0] == "done":  # the swap came first: the hand was entered for the new seats
        assert GameSeat.objects.get(game=first, seat=1).player_id == b
    else:
        assert outcomes[0] == "table_started"
        assert GameSeat.objects.get(game=first, seat=1).player_id == a


def test_an_extension_racing_the_tables_end_is_refused_once_it_ended(
    public_club, night_of, director
):
    night = night_of(round_hands=None, round_minutes=30)

    def work(index: int) -> str:
        if index % 2:
            return _outcome(
                lambda: services.finish_table(
                    club=public_club, night_id=night.pk, table=1, reason="gone", actor=director
                )
            )
        return _outcome(
            lambda: services.extend_table(
                club=public_club,
                night_id=night.pk,
                table=1,
                minutes=5,
                reason="late",
                actor=director,
            )
        )

    outcomes = run_threads(2, work)
    assert outcomes[1] == "done", outcomes
    assert outcomes[0] in ("done", "table_finished"), outcomes


def test_a_substitute_racing_a_hand_at_its_table_plays_from_the_hand_after_those_recorded(
    public_club, night_of, director, scorer
):
    night = night_of(round_hands=5)
    first, _second = games_of(night)
    services.enter_hand(game_id=first.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=scorer)
    sub = services.create_player(club=public_club, name="Sub")
    services.check_in(club=public_club, night_id=night.pk, player_id=sub.pk, actor=director)
    out = first.seats.get(seat=2).player_id

    def work(index: int) -> str:
        if index % 2:
            return _outcome(
                lambda: services.enter_hand(
                    game_id=first.pk, number=2, entry={"points": [4, 13, 5, 4]}, actor=scorer
                )
            )
        return _outcome(
            lambda: services.substitute(
                club=public_club, night_id=night.pk, player=sub.pk, replaces=out, actor=director
            )
        )

    outcomes = run_threads(2, work)
    assert outcomes == ["done", "done"], outcomes
    change = SeatChange.objects.get(game=first)
    before = Hand.objects.filter(game=first, created_at__lt=change.at).count()
    assert change.from_hand == before + 1
    assert change.from_hand in (2, 3)
