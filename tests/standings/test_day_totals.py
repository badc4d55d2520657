"""The per-player day and month totals the tables sum are kept write by write: after any
sequence of entries, corrections, voids and merges they equal a full recount from the seats,
and a table read from them, over any period, equals one added up from the seats themselves."""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from io import StringIO
from itertools import combinations

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, transaction
from django.db.models import F, Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Game, PlayerDayTotal, PlayerMonthTotal
from scoring.selectors import standings
from scoring.services import rerating, totals

pytestmark = pytest.mark.django_db

# A game to 10: every hand ends it (someone takes the Q♠); voiding its hand opens it again.
SHORT = {"preset": "standard", "target_score": 10}
POINTS = [[13, 5, 4, 4], [4, 13, 5, 4], [0, 0, 13, 13], [13, 13, 0, 0], [5, 4, 4, 13]]
NAMES = ["Ada", "Ben", "Cleo", "Dev", "Eve", "Finn"]
TABLES = list(combinations(range(len(NAMES)), 4))


def kept(club_id: int) -> list[tuple]:
    return sorted(map(_key, PlayerDayTotal.objects.filter(club_id=club_id)))


def recounted(club_id: int) -> list[tuple]:
    return sorted(map(_key, totals.counted(club_id, Q())))


def _key(row: PlayerDayTotal | PlayerMonthTotal) -> tuple:
    span = row.day if isinstance(row, PlayerDayTotal) else row.month
    head = (row.league_key, row.season_key, span, row.player_id)
    return head + tuple(getattr(row, name) for name in PlayerDayTotal.SUMMED_FIELDS)


def kept_months(club_id: int) -> list[tuple]:
    return sorted(map(_key, PlayerMonthTotal.objects.filter(club_id=club_id)))


def months_of_the_days(club_id: int) -> list[tuple]:
    return sorted(map(_key, totals.counted_months(club_id, Q())))


def from_seats(league) -> list[dict]:
    """The table's rows added up from the seats, as the tables were before the totals."""
    period = standings.Period()
    return standings._aggregate(standings.finished_seats(Q(game__league=league), period))


def from_totals(league) -> list[dict]:
    return standings._summed(Q(league_key=league.pk), standings.Period())


OPERATIONS = st.one_of(
    st.tuples(
        st.just("play"), st.integers(0, 2), st.integers(0, len(TABLES) - 1), st.integers(0, 4)
    ),
    st.tuples(st.just("correct"), st.integers(0, 30), st.integers(0, 4), st.just(0)),
    st.tuples(st.just("void"), st.integers(0, 30), st.just(0), st.just(0)),
    st.tuples(st.just("enter"), st.integers(0, 30), st.integers(0, 4), st.just(0)),
    st.tuples(st.just("merge"), st.integers(0, 5), st.integers(0, 5), st.just(0)),
)


def apply(operation, club, leagues, players, games, owner) -> None:
    kind, a, b, c = operation
    try:
        if kind == "play":
            seats = [players[i] for i in TABLES[b]]
            league = leagues[a]  # None: a game of the club outside any league
            game = services.create_game(club=club, league=league, players=seats, actor=owner)
            services.enter_hand(game_id=game.pk, number=1, entry={"points": POINTS[c]}, actor=owner)
            games.append(game.pk)
        elif kind in ("correct", "void", "enter") and games:
            game_id = games[a % len(games)]
            if kind == "correct":
                services.correct_hand(
                    game_id=game_id, number=1, entry={"points": POINTS[b]}, reason="x", actor=owner
                )
            elif kind == "void":
                services.void_hand(game_id=game_id, number=1, reason="misdeal", actor=owner)
            else:
                hands = club.games.get(pk=game_id).hands.count()
                services.enter_hand(
                    game_id=game_id, number=hands + 1, entry={"points": POINTS[b]}, actor=owner
                )
        elif kind == "merge" and a != b:
            source, target = players[a], players[b]
            source.refresh_from_db()
            target.refresh_from_db()
            services.merge_players(source=source, target=target, actor=owner)
    except DomainError:
        pass  # refused (a finished game, players who shared a table): nothing changed


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(operations=st.lists(OPERATIONS, min_size=1, max_size=14))
# Seats that move (Ada, who played, into Eve, who did not), and a game opened and ended again.
@example(operations=[("play", 0, 0, 0), ("play", 2, 0, 1), ("merge", 0, 4, 0)])
@example(
    operations=[("play", 1, 0, 0), ("void", 0, 0, 0), ("enter", 0, 2, 0), ("correct", 0, 3, 0)]
)
def test_day_totals_kept_write_by_write_equal_a_full_recount(owner, operations):
    with transaction.atomic():
        club = services.create_club(user=owner, name="Totals", slug="totals")
        players = [services.create_player(club=club, name=name) for name in NAMES]
        first = services.create_league(club=club, name="First", ruleset=SHORT)
        second = services.create_league(club=club, name="Second", ruleset=SHORT)
        leagues = [first, second, None]
        games: list[int] = []
        for step, operation in enumerate(operations):
            apply(operation, club, leagues, players, games, owner)
            assert kept(club.pk) == recounted(club.pk), f"after {operations[: step + 1]}"
            assert kept_months(club.pk) == months_of_the_days(club.pk)
        for league in (first, second):
            assert from_totals(league) == from_seats(league)
        transaction.set_rollback(True)  # the next example starts from no club


def test_a_correction_counts_one_day_whatever_the_leagues_size(owner):
    """A correction of the league's first game (its totals, its re-rating queued) costs the
    same queries in a long league as in a short one."""
    club = services.create_club(user=owner, name="Sizes", slug="sizes")
    players = [services.create_player(club=club, name=name) for name in NAMES[:4]]
    league = services.create_league(club=club, name="One", ruleset=SHORT)
    counts, games = {}, []
    for size in (2, 30):
        while len(games) < size:
            game = services.create_game(club=club, league=league, players=players, actor=owner)
            services.enter_hand(game_id=game.pk, number=1, entry={"points": POINTS[0]}, actor=owner)
            games.append(game.pk)
        with CaptureQueriesContext(connection) as queries:
            services.correct_hand(
                game_id=games[0],
                number=1,
                entry={"points": POINTS[size % 2]},
                reason="x",
                actor=owner,
            )
        counts[size] = len(queries)
        assert rerating.settle_ratings(club.pk) == size  # as the worker would, before the next
    assert counts[2] == counts[30], counts


DAYS = date(2026, 1, 20), date(2026, 4, 10)  # four calendar months, none of them whole at the ends
A_DAY = st.one_of(st.none(), st.dates(min_value=DAYS[0], max_value=DAYS[1]))


@pytest.fixture
def spread_league(owner):
    """Twelve finished games of one league, a week apart across four months, counted."""
    club = services.create_club(user=owner, name="Months", slug="months")
    players = [services.create_player(club=club, name=name) for name in NAMES]
    league = services.create_league(club=club, name="Spread", ruleset=SHORT)
    zone = timezone.get_current_timezone()
    for n in range(12):
        seats = [players[i] for i in TABLES[n % len(TABLES)]]
        game = services.create_game(club=club, league=league, players=seats, actor=owner)
        services.enter_hand(game_id=game.pk, number=1, entry={"points": POINTS[n % 5]}, actor=owner)
        at = datetime.combine(DAYS[0] + timedelta(days=7 * n), time(21, 30), zone)
        Game.objects.filter(pk=game.pk).update(finished_at=at)
    totals.rebuild(club.pk)
    return league


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(first=A_DAY, last=A_DAY)
@example(first=date(2026, 2, 1), last=date(2026, 3, 31))  # two whole months, no edge day
@example(first=date(2026, 2, 14), last=date(2026, 2, 28))  # inside one month
@example(first=date(2026, 1, 31), last=date(2026, 3, 1))  # one whole month and two edge days
def test_a_table_over_any_period_sums_months_and_days_as_the_seats_add_up(
    spread_league, first, last
):
    if first and last and last < first:
        first, last = last, first
    period = standings.period_for(league=spread_league, date_from=first, date_to=last)
    seats = standings.finished_seats(Q(game__league=spread_league), period)
    assert standings._summed(Q(league_key=spread_league.pk), period) == standings._aggregate(seats)


def test_rebuild_totals_check_finds_a_drifted_month_and_a_rebuild_mends_it(spread_league):
    call_command("rebuild_totals", "--check")  # as the services and the rebuild left them
    PlayerMonthTotal.objects.filter(league_key=spread_league.pk).update(games=F("games") + 1)
    with pytest.raises(CommandError, match="months"):
        call_command("rebuild_totals", "--check")
    call_command("rebuild_totals", "--club", "months", stdout=StringIO())
    call_command("rebuild_totals", "--check")
