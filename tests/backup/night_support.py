"""A night of two rounds in the backup tests' club, built through scoring.services: eight
players checked in (one by the QR code), round 1 played, one withdrawn and a late arrival
checked in for round 2, round 2 played (the night closes), its results final, then a
director's correction. A third round's draw stays proposed in a second night, still open."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone

from scoring import services
from scoring.models import Club, League, Night, NightTable, Player

from .support import Cast

POINTS = ([13, 13, 0, 0], [0, 13, 13, 0])


def night_club(cast: Cast, slug: str = "fridays") -> Club:
    """A club of its own (the tables of build_club's games in progress are taken), with the
    night run."""
    club = services.create_club(user=cast.owner, name="Friday Hearts", slug=slug)
    services.set_membership(club=club, user=cast.director, role="director")
    services.set_membership(club=club, user=cast.scorer, role="scorer")
    league = services.create_league(club=club, name="Fridays", ruleset="standard")
    players = [services.create_player(club=club, name=f"P{n}") for n in range(1, 11)]
    run_night(club, league, players, cast)
    return club


def run_night(club: Club, league: League, players: list[Player], cast: Cast) -> Night:
    """The night, of ``players[:8]`` at first; ``players[8]`` arrives for round 2, when
    ``players[1]`` withdraws."""
    night = services.open_night(
        club=club,
        league=league,
        name="Friday",
        rounds=2,
        round_hands=1,
        correction_minutes=0,
        actor=cast.director,
    )
    for player in players[:8]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=cast.director)
    _play_round(club, night, cast, 1)
    services.withdraw(club=club, night_id=night.pk, player_id=players[1].pk, actor=cast.director)
    services.check_in(club=club, night_id=night.pk, player_id=players[8].pk, actor=cast.director)
    _play_round(club, night, cast, 2)
    night.refresh_from_db()
    assert night.status == "closed"
    assert services.finalize_nights(now=timezone.now() + timedelta(minutes=1)) == 1
    game = NightTable.objects.get(round__night=night, round__number=1, number=1).game
    services.correct_hand(
        game_id=game.pk,
        number=1,
        entry={"points": [0, 0, 13, 13]},
        reason="The sheet says seats 3 and 4",
        actor=cast.director,
    )
    return night


def _play_round(club: Club, night: Night, cast: Cast, number: int) -> None:
    services.draw_round(club=club, night_id=night.pk, actor=cast.director)
    services.publish_round(club=club, night_id=night.pk, actor=cast.director)
    services.start_round(club=club, night_id=night.pk, actor=cast.director)
    tables = NightTable.objects.filter(round__night=night, round__number=number)
    for table, points in zip(tables.order_by("number"), POINTS, strict=False):
        services.enter_hand(
            game_id=table.game_id, number=1, entry={"points": points}, actor=cast.scorer
        )
    services.end_round(club=club, night_id=night.pk, actor=cast.director)
