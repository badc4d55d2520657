"""Writes that make every event type, through scoring.services as the API makes them."""

from __future__ import annotations

from django.db.models import Max

from scoring import services
from scoring.models import Event, EventType

# Eight such hands take seat 0 to 104: a standard game ends on the eighth.
HAND = {"points": [13, 5, 4, 4]}


def every_kind_of_write(club, actor) -> list[str]:
    """Every event type, and the types in the order they are recorded."""
    seated = club.seated
    finished = services.create_game(club=club, players=seated[:4], actor=actor)
    for number in range(1, 9):
        services.enter_hand(game_id=finished.pk, number=number, entry=HAND, actor=actor)
    services.correct_hand(
        game_id=finished.pk,
        number=1,
        entry={"points": [13, 4, 5, 4]},
        reason="Ben and Cleo swapped",
        actor=actor,
    )
    dispute = services.open_dispute(
        game_id=finished.pk, number=2, record={"points": [13, 4, 5, 4]}, actor=actor, reason="no"
    )
    services.resolve_dispute(dispute_id=dispute.pk, decision="dismiss", note="as kept", actor=actor)
    voided = services.create_game(club=club, players=seated[1:5], actor=actor)
    services.enter_hand(game_id=voided.pk, number=1, entry=HAND, actor=actor)
    services.void_hand(game_id=voided.pk, number=1, reason="misdeal", actor=actor)
    services.abandon_game(game_id=voided.pk, reason="closing time", actor=actor)
    newcomer = services.create_player(club=club, name="Ada again")
    services.create_game(club=club, players=[newcomer, *seated[1:4]], actor=actor)
    services.merge_players(source=newcomer, target=seated[0], actor=actor, reason="same Ada")
    forgotten = services.create_player(club=club, name="Once Here")
    services.erase_player(player=forgotten, actor=actor, confirm="Once Here")
    shy = services.create_player(club=club, name="Shy")
    services.set_name_visibility(player=shy, visibility="hidden", actor=actor)
    _confirmations(club, actor)
    _night(club, actor)
    _rulings(club, actor)
    return [
        EventType.GAME_STARTED,
        *[EventType.HAND_ENTERED] * 8,
        EventType.GAME_FINISHED,
        EventType.RATINGS_SETTLED,
        EventType.HAND_CORRECTED,
        EventType.RATINGS_SETTLED,
        EventType.DISPUTE_OPENED,
        EventType.DISPUTE_RESOLVED,
        EventType.GAME_STARTED,
        EventType.HAND_ENTERED,
        EventType.HAND_VOIDED,
        EventType.GAME_ABANDONED,
        EventType.GAME_STARTED,
        EventType.PLAYER_MERGED,
        EventType.PLAYER_ERASED,
        EventType.PLAYER_NAME_VISIBILITY,
        EventType.GAME_STARTED,
        EventType.HAND_ENTERED,
        EventType.HAND_CONFIRMED,
        EventType.HAND_ENTERED,
        EventType.HAND_QUERIED,
        *NIGHT,
        *RULINGS,
    ]


def _confirmations(club, actor) -> None:
    """A league game whose hands a seated player confirms (by PIN) or queries."""
    league = services.create_league(club=club, name="Tuesday", ruleset="standard", confirmations=1)
    game = services.create_game(club=club, league=league, players=club.seated[1:5], actor=actor)
    cleo = club.seated[2]
    services.set_pin(player=cleo, pin="246810")
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=actor)
    services.confirm_hand(game_id=game.pk, number=1, actor=actor, player_id=cleo.pk, pin="246810")
    services.enter_hand(game_id=game.pk, number=2, entry=HAND, actor=actor)
    services.query_hand(
        game_id=game.pk, number=2, actor=actor, record={}, player_id=cleo.pk, pin="246810"
    )


# A night of one round of one hand: five check in, one withdraws, two swap seats, four play;
# the last round ending closes the night; its results are final at once, and a director
# corrects them.
NIGHT = [
    EventType.NIGHT_OPENED,
    *[EventType.NIGHT_CHECKED_IN] * 5,
    EventType.NIGHT_WITHDRAWN,
    EventType.GAME_STARTED,
    EventType.ROUND_PUBLISHED,
    EventType.ROUND_CHANGED,
    EventType.ROUND_STARTED,
    EventType.HAND_ENTERED,
    EventType.GAME_FINISHED,
    EventType.RATINGS_SETTLED,
    EventType.ROUND_ENDED,
    EventType.NIGHT_CLOSED,
    EventType.NIGHT_RESULTS_FINAL,
    EventType.NIGHT_CORRECTED,
    EventType.HAND_CORRECTED,
    EventType.RATINGS_SETTLED,
]


def _night(club, actor) -> None:
    league = services.create_league(club=club, name="Fridays", ruleset="standard")
    night = services.open_night(
        club=club,
        league=league,
        name="Friday",
        rounds=1,
        round_hands=1,
        correction_minutes=0,
        actor=actor,
    )
    for player in club.seated[:5]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=actor)
    services.withdraw(club=club, night_id=night.pk, player_id=club.seated[4].pk, actor=actor)
    services.draw_round(club=club, night_id=night.pk, actor=actor)
    services.publish_round(club=club, night_id=night.pk, actor=actor)
    seated = club.seated
    services.swap_seats(
        club=club, night_id=night.pk, players=[seated[0].pk, seated[1].pk], actor=actor
    )
    started = services.start_round(club=club, night_id=night.pk, actor=actor)
    [table] = started.tables.all()
    services.enter_hand(game_id=table.game_id, number=1, entry=HAND, actor=actor)
    services.end_round(club=club, night_id=night.pk, actor=actor)
    services.finalize_nights()  # its correction window is none: final at once
    services.correct_hand(
        game_id=table.game_id, number=1, entry=HAND, reason="Read again", actor=actor
    )


# A game whose two hands state a late revoke: the first's ruling accepted, the second's
# overridden with the director's own count.
RULINGS = [
    EventType.GAME_STARTED,
    EventType.HAND_ENTERED,
    EventType.DISPUTE_OPENED,
    EventType.RULING_AWAITING,
    EventType.RULING_ACCEPTED,
    EventType.DISPUTE_RESOLVED,
    EventType.HAND_ENTERED,
    EventType.DISPUTE_OPENED,
    EventType.RULING_AWAITING,
    EventType.RULING_OVERRIDDEN,
    EventType.DISPUTE_RESOLVED,
]


def _rulings(club, actor) -> None:
    from adjudication.services import ruleset_for
    from scoring.models import HandRuling
    from tests.scoring.test_table_rulings import late_revoke

    ruleset = {"preset": "standard", "renege_penalty": "takes_all"}
    game = services.create_game(club=club, players=club.seated[:4], actor=actor, ruleset=ruleset)
    entry, _offender, _raw = late_revoke(ruleset_for(ruleset))
    for number, decision in ((1, "accept"), (2, "override")):
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
        ruling = HandRuling.objects.get(dispute__hand__game=game, dispute__hand__number=number)
        services.decide_ruling(
            ruling_id=ruling.pk,
            decision=decision,
            actor=actor,
            reason="ruled at the table",
            result={"points": [16, 4, 3, 3]} if decision == "override" else None,
        )


def last_sequence(club) -> int:
    """The club's last event number as the test's setup left it (0: none). A test counts its
    own events from here, so an event its fixtures record moves nothing it asserts."""
    return Event.objects.filter(club=club).aggregate(last=Max("sequence"))["last"] or 0


def events_after(club, after: int) -> list[Event]:
    """The club's events numbered after ``after``, in order."""
    return list(Event.objects.filter(club=club, sequence__gt=after).order_by("sequence"))
