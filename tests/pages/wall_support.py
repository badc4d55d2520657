"""What the wall's tests share: a night of ``players`` checked in, played round by round
through the services (one hand a table, so a round is over as soon as each table has played
it)."""

from __future__ import annotations

from scoring import services
from scoring.models import Night, NightTable

# A hand's points, turned by the table's number so the standings have an order to check.
HANDS = ([13, 5, 4, 4], [4, 13, 5, 4], [4, 4, 13, 5], [5, 4, 4, 13])


def night_of_players(club, director, players: int, rounds: int = 4) -> Night:
    """A night of ``rounds`` rounds of one hand a table, ``players`` checked in."""
    night = services.open_night(
        club=club,
        league=club.league,
        name="Friday",
        rounds=rounds,
        round_hands=1,
        table_sizes=[4],
        actor=director,
    )
    known = list(club.players.all())
    for index in range(players - len(known)):
        known.append(services.create_player(club=club, name=f"Guest {index + 1:02}"))
    for player in known[:players]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=director)
    return night


def start_round(club, night, director) -> None:
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    services.start_round(club=club, night_id=night.pk, actor=director)


def play_round(club, night, director, number: int) -> None:
    """Round ``number``'s one hand entered at every table, and the round ended."""
    tables = NightTable.objects.filter(round__night=night, round__number=number)
    for table in tables.order_by("number"):
        points = HANDS[(table.number + number) % len(HANDS)]
        services.enter_hand(
            game_id=table.game_id, number=1, entry={"points": points}, actor=director
        )
    services.end_round(club=club, night_id=night.pk, actor=director)


def rounds_played(club, night, director, played: int, *, start_next: bool = True) -> None:
    """``played`` rounds over, and the next started (unless it is the last, or not asked)."""
    for number in range(1, played + 1):
        start_round(club, night, director)
        play_round(club, night, director, number)
    if start_next and played < night.rounds_planned:
        start_round(club, night, director)


def rounds_played_more(club, night, director, first: int, last: int) -> None:
    """Rounds ``first`` (already started) to ``last`` played and over; the next started."""
    for number in range(first, last + 1):
        if number > first:
            start_round(club, night, director)
        play_round(club, night, director, number)
    if last < night.rounds_planned:
        start_round(club, night, director)
