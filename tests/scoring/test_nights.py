"""Tournament nights through the services: check-ins and their refusals, the draw, rounds on
the clock or by hands ending their games "round over", and the night's standings."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Event, Game, GameEnd, GameStatus, NightStatus, RoundStatus
from scoring.selectors.nights import night_detail, seat_words

NAMES = [f"P{n:02}" for n in range(1, 15)]


@pytest.fixture
def league(public_club):
    return services.create_league(club=public_club, name="Tuesday league", ruleset="standard")


@pytest.fixture
def players(public_club):
    return [services.create_player(club=public_club, name=name) for name in NAMES]


def open_night(club, league, director, **options):
    options = {"rounds": 3, "round_hands": 2, **options}
    return services.open_night(club=club, league=league, name="Tuesday", actor=director, **options)


def check_in_all(club, night, players, director):
    for player in players:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=director)


def refusal(call) -> tuple[str, str | None, int]:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value.code, caught.value.attr, caught.value.status_code


def play_out(game: Game, director, hands: int = 1) -> Game:
    """Enter ``hands`` hands of 13 to the first two seats (no target reached)."""
    for _ in range(hands):
        game.refresh_from_db()
        points = [13, 13] + [0] * (len(game.totals) - 2)
        services.enter_hand(
            game_id=game.pk, number=game.hands_played + 1, entry={"points": points}, actor=director
        )
    game.refresh_from_db()
    return game


def test_a_round_of_fourteen_is_drawn_at_tables_of_four_and_five_or_three(
    public_club, league, players, director
):
    night = open_night(public_club, league, director)
    check_in_all(public_club, night, players, director)
    drawn = services.draw_round(club=public_club, night_id=night.pk, actor=director)
    sizes = sorted(len(t.players) for t in drawn.tables.all())
    assert sum(sizes) == 14 and set(sizes) <= {3, 4, 5}
    assert drawn.status == RoundStatus.PROPOSED and drawn.planned == 3
    seated = sorted(p for t in drawn.tables.all() for p in t.players)
    assert seated == sorted(p.pk for p in players)


def test_publishing_makes_a_game_a_table_with_its_table_name_and_seats_in_draw_order(
    public_club, league, players, director
):
    night = open_night(public_club, league, director)
    check_in_all(public_club, night, players, director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    published = services.publish_round(club=public_club, night_id=night.pk, actor=director)
    for table in published.tables.select_related("game"):
        seats = list(table.game.seats.order_by("seat").values_list("player_id", flat=True))
        assert seats == table.players
        assert table.game.table == f"Table {table.number}"
        assert table.game.ruleset["players"] == len(table.players)
        assert table.game.league_id == league.pk
    assert Event.objects.filter(type="round.published").count() == 1


def test_a_round_by_hands_ends_each_game_round_over_at_its_last_hand(
    public_club, league, players, director
):
    night = open_night(public_club, league, director)
    check_in_all(public_club, night, players, director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    services.publish_round(club=public_club, night_id=night.pk, actor=director)
    started = services.start_round(club=public_club, night_id=night.pk, actor=director)
    assert started.ends_at is None
    assert {t.game.round_hands for t in started.tables.select_related("game")} == {2}
    games = [t.game for t in started.tables.all()]
    assert play_out(games[0], director, 1).status == GameStatus.IN_PROGRESS
    code, _, status = refusal(
        lambda: services.end_round(club=public_club, night_id=night.pk, actor=director)
    )
    assert (code, status) == ("tables_still_playing", 409)
    for game in games:
        game.refresh_from_db()
        game = play_out(game, director, 2 - game.hands_played)
        assert (game.status, game.end_reason) == (GameStatus.FINISHED, GameEnd.ROUND_OVER)
        assert game.winners == list(range(2, len(game.totals)))
    ended = services.end_round(club=public_club, night_id=night.pk, actor=director)
    assert ended.status == RoundStatus.OVER
    finished = Event.objects.filter(type="game.finished").last()
    assert finished.data["game"]["end_reason"] == "round_over"
    standings = night_detail(night)["standings"]
    assert [s["after_round"] for s in standings] == [1]
    assert len(standings[0]["rows"]) == 14
    assert standings[0]["rows"][0]["place_points"] >= standings[0]["rows"][-1]["place_points"]


def test_a_round_on_the_clock_ends_each_game_with_the_hand_in_play_at_the_bell(
    public_club, league, players, director
):
    night = open_night(public_club, league, director, round_hands=None, round_minutes=30)
    check_in_all(public_club, night, players, director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    services.publish_round(club=public_club, night_id=night.pk, actor=director)
    started = services.start_round(club=public_club, night_id=night.pk, actor=director)
    assert started.ends_at - started.starts_at == timedelta(minutes=30)
    first, second, *_rest = [t.game for t in started.tables.all()]
    assert play_out(first, director, 2).status == GameStatus.IN_PROGRESS
    Game.objects.filter(pk__in=[first.pk, second.pk]).update(
        round_ends_at=timezone.now()
    )  # the bell rings, after the hands recorded so far
    first = play_out(first, director, 1)  # the hand in play at the bell finishes the game
    assert (first.status, first.end_reason, first.hands_played) == ("finished", "round_over", 3)
    ended = services.end_round(
        club=public_club, night_id=night.pk, actor=director, now_for_all=True
    )
    second.refresh_from_db()
    assert second.status == GameStatus.ABANDONED  # no hand before the round was ended
    assert ended.status == RoundStatus.OVER


def test_check_ins_are_refused_twice_and_at_two_open_nights_and_a_draw_during_a_round(
    public_club, league, players, director
):
    night = open_night(public_club, league, director)
    other = open_night(public_club, league, director)
    check_in_all(public_club, night, players, director)
    ada = players[0]
    twice = refusal(
        lambda: services.check_in(
            club=public_club, night_id=night.pk, player_id=ada.pk, actor=director
        )
    )
    assert twice == ("already_checked_in", "player", 409)
    elsewhere = refusal(
        lambda: services.check_in(
            club=public_club, night_id=other.pk, player_id=ada.pk, actor=director
        )
    )
    assert elsewhere == ("checked_in_elsewhere", "player", 409)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    services.publish_round(club=public_club, night_id=night.pk, actor=director)
    # During a round a player withdrawn plays it out: they leave from the next round.
    mid_round = services.withdraw(
        club=public_club, night_id=night.pk, player_id=ada.pk, actor=director
    )
    assert mid_round.withdrawn_before == 2
    again = refusal(
        lambda: services.draw_round(club=public_club, night_id=night.pk, actor=director)
    )
    assert again[0] == "round_in_play"


def test_a_night_refuses_a_round_of_zero_and_a_draw_with_too_few_players(
    public_club, league, players, director
):
    zero = refusal(lambda: open_night(public_club, league, director, round_hands=0))
    assert zero == ("invalid_round_length", "round_hands", 400)
    zero = refusal(
        lambda: open_night(public_club, league, director, round_hands=None, round_minutes=0)
    )
    assert zero == ("invalid_round_length", "round_minutes", 400)
    night = open_night(public_club, league, director)
    check_in_all(public_club, night, players[:2], director)
    few = refusal(lambda: services.draw_round(club=public_club, night_id=night.pk, actor=director))
    assert few == ("too_few_players", "check_ins", 400)


def test_a_late_arrival_plays_from_the_next_round_and_the_last_round_closes_the_night(
    public_club, league, players, director
):
    night = open_night(public_club, league, director, rounds=2, round_hands=1)
    check_in_all(public_club, night, players[:13], director)
    for _ in range(2):
        if _ == 1:
            late = services.check_in(
                club=public_club, night_id=night.pk, player_id=players[13].pk, actor=director
            )
            assert late.arrived_before == 2
        services.draw_round(club=public_club, night_id=night.pk, actor=director)
        drawn = services.publish_round(club=public_club, night_id=night.pk, actor=director)
        services.start_round(club=public_club, night_id=night.pk, actor=director)
        lines = seat_words(night_detail(night)["current"])
        assert len(lines) == 13 + _ and lines[0].startswith("P01: table ")
        for table in drawn.tables.all():
            play_out(table.game, director, 1)
        services.end_round(club=public_club, night_id=night.pk, actor=director)
    night.refresh_from_db()
    assert night.status == NightStatus.CLOSED
    detail = night_detail(night)
    assert [s["after_round"] for s in detail["standings"]] == [1, 2]
    late_row = next(r for r in detail["standings"][1]["rows"] if r["player"] == players[13].pk)
    assert late_row["games"] == 1
    types = list(Event.objects.filter(type__startswith="round.").values_list("type", flat=True))
    assert types == ["round.published", "round.started", "round.ended"] * 2


def test_the_standings_after_a_round_list_only_who_had_arrived_or_played_by_then(
    public_club, league, players, director
):
    night = open_night(public_club, league, director, rounds=3, round_hands=1)
    check_in_all(public_club, night, players[:12], director)

    def play_round():
        services.draw_round(club=public_club, night_id=night.pk, actor=director)
        drawn = services.publish_round(club=public_club, night_id=night.pk, actor=director)
        services.start_round(club=public_club, night_id=night.pk, actor=director)
        for table in drawn.tables.all():
            play_out(table.game, director, 1)
        services.end_round(club=public_club, night_id=night.pk, actor=director)

    play_round()
    leaver = players[0]
    services.withdraw(club=public_club, night_id=night.pk, player_id=leaver.pk, actor=director)
    services.check_in(club=public_club, night_id=night.pk, player_id=players[12].pk, actor=director)
    play_round()
    services.check_in(club=public_club, night_id=night.pk, player_id=leaver.pk, actor=director)
    play_round()
    after = {s["after_round"]: s["rows"] for s in night_detail(night)["standings"]}
    listed = {n: {row["player"] for row in rows} for n, rows in after.items()}
    assert players[12].pk not in listed[1] and players[12].pk in listed[2]
    assert leaver.pk in listed[1] and leaver.pk in listed[2]  # rounds played stay
    games = {
        n: next(r["games"] for r in rows if r["player"] == leaver.pk) for n, rows in after.items()
    }
    assert games == {1: 1, 2: 1, 3: 2}


def test_a_played_round_never_changes_with_later_check_ins_withdrawals_and_draws(
    public_club, league, players, director
):
    night = open_night(public_club, league, director, rounds=3, round_hands=1)
    check_in_all(public_club, night, players[:12], director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    first = services.publish_round(club=public_club, night_id=night.pk, actor=director)
    before = [(t.number, t.players, t.game_id) for t in first.tables.all()]
    services.start_round(club=public_club, night_id=night.pk, actor=director)
    services.end_round(club=public_club, night_id=night.pk, actor=director, now_for_all=True)
    services.withdraw(club=public_club, night_id=night.pk, player_id=players[0].pk, actor=director)
    for late in players[12:]:
        services.check_in(club=public_club, night_id=night.pk, player_id=late.pk, actor=director)
    for seed in (1, 2):  # drawn again: the proposal changes, round 1 does not
        second = services.draw_round(club=public_club, night_id=night.pk, actor=director, seed=seed)
        seated = sorted(p for t in second.tables.all() for p in t.players)
        assert seated == sorted(p.pk for p in players[1:])
    first.refresh_from_db()
    assert [(t.number, t.players, t.game_id) for t in first.tables.all()] == before


def test_the_nights_games_count_in_the_league_table_as_any_game(
    public_club, league, players, director
):
    from scoring.selectors.standings import kept_league_table

    night = open_night(public_club, league, director, rounds=1, round_hands=1)
    check_in_all(public_club, night, players[:8], director)
    services.draw_round(club=public_club, night_id=night.pk, actor=director)
    drawn = services.publish_round(club=public_club, night_id=night.pk, actor=director)
    services.start_round(club=public_club, night_id=night.pk, actor=director)
    for table in drawn.tables.all():
        play_out(table.game, director, 1)
    services.end_round(club=public_club, night_id=night.pk, actor=director)
    rows = kept_league_table(league, None)["rows"]
    assert {row["player"] for row in rows} == {p.pk for p in players[:8]}
    assert all(row["games"] == 1 for row in rows)
    # At each table the seats that took no point share the win.
    assert sum(row["wins"] for row in rows) == sum(len(t.players) - 2 for t in drawn.tables.all())
