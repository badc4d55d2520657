"""What the tests of a night's results share: a league that confirms its hands at the table, a
night of eight players with its first round started, and the steps of a night in one call
each. Its fixtures are tests/scoring/conftest.py's."""

from __future__ import annotations

import pytest

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Game, NightTable

NAMES = [f"N{n:02}" for n in range(1, 9)]


@pytest.fixture
def confirmed_league(public_club):
    return services.create_league(
        club=public_club, name="Confirmed league", ruleset="standard", confirmations=1
    )


@pytest.fixture
def night_of(public_club, confirmed_league, director):
    """``night_of(**options)``: a night of eight players checked in, round 1 published and
    started (two tables of four)."""

    def make(**options):
        options = {"rounds": 2, "round_hands": 1, **options}
        night = services.open_night(
            club=public_club, league=confirmed_league, name="Friday", actor=director, **options
        )
        for name in NAMES:
            player = services.create_player(club=public_club, name=name)
            services.check_in(
                club=public_club, night_id=night.pk, player_id=player.pk, actor=director
            )
        start(public_club, night, director)
        return night

    return make


def start(club, night, director, **length):
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    services.start_round(club=club, night_id=night.pk, actor=director, **length)


def games_of(night, number: int = 1) -> list[Game]:
    tables = NightTable.objects.filter(round__night=night, round__number=number)
    return [t.game for t in tables.select_related("game").order_by("number")]


def enter(game: Game, number: int, points: list[int], scorer) -> None:
    services.enter_hand(game_id=game.pk, number=number, entry={"points": points}, actor=scorer)


def confirm(game: Game, number: int, director) -> None:
    services.confirm_for_table(game_id=game.pk, number=number, actor=director)


def code_of(call) -> str:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value.code
