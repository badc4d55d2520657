"""A night that bends, from the director's night page alone (issue 52): several players
checked in at once, a late arrival during a round, two seats swapped, one table given more
time (and the seated player's phone counting to that table's bell), one table ended now, a
player leaving now; each refusal in words."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import CheckIn, GameSeat, GameStatus, NightRound
from tests.pages.test_night_pages import MORE, night_url, signed_in, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    for name in MORE:
        services.create_player(club=club, name=name)
    return services.open_night(
        club=club, league=club.league, name="Friday", rounds=3, round_minutes=30, actor=director
    )


def act(client, club, night, **form):
    return text_of(client.post(night_url(club, night, "act/"), form, follow=True))


def started(club, night, director):
    services.check_in_many(
        club=club,
        night_id=night.pk,
        players=list(club.players.order_by("pk").values_list("pk", flat=True)[:12]),
        actor=director,
    )
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    return NightRound.objects.get(night=night)


def test_a_director_checks_several_players_in_from_one_form(club, director, night):
    client = signed_in(director)
    page = text_of(client.get(night_url(club, night)))
    assert "Check several in at once" in page
    chosen = list(club.players.order_by("pk").values_list("pk", flat=True)[:5])
    words = act(client, club, night, action="check_in_many", players=chosen)
    assert "5 players are checked in." in words
    assert CheckIn.objects.filter(night=night).count() == 5
    refused = act(client, club, night, action="check_in_many", players=chosen[:1])
    assert "is already checked in." in refused and CheckIn.objects.filter(night=night).count() == 5


def test_a_late_arrival_is_checked_in_during_the_round_for_the_next(club, director, night):
    started(club, night, director)
    client = signed_in(director)
    late = club.players.order_by("pk").last()
    words = act(client, club, night, action="check_in", player=late.pk)
    assert "is checked in: plays from round 2." in words


def test_two_players_swap_seats_and_a_substitute_comes_in_from_the_page(club, director, night):
    drawn = started(club, night, director)
    client = signed_in(director)
    page = text_of(client.get(night_url(club, night)))
    assert "Swap two seats, or put a substitute in" in page
    first, second = drawn.tables.order_by("number")[:2]
    a, b = first.players[0], second.players[0]
    words = act(client, club, night, action="swap", player=a, other=b)
    assert "The seats are changed." in words
    assert GameSeat.objects.get(game=first.game, seat=0).player_id == b
    sub = club.players.order_by("pk").last()
    services.check_in(club=club, night_id=night.pk, player_id=sub.pk, actor=director)
    assert "not seated" in text_of(client.get(night_url(club, night)))
    act(client, club, night, action="swap", player=b, other=sub.pk)
    assert GameSeat.objects.get(game=first.game, seat=0).player_id == sub.pk
    same = act(client, club, night, action="swap", player=a, other=a)
    assert "Choose two different players." in same


def test_one_table_gets_more_time_and_its_players_phone_counts_to_its_own_bell(
    club, director, night, ada, people
):
    drawn = started(club, night, director)
    services.start_round(club=club, night_id=night.pk, actor=director)
    client = signed_in(director)
    table = next(t for t in drawn.tables.all() if ada.pk in t.players)
    page = text_of(client.get(night_url(club, night)))
    assert "Give one table more time" in page
    missing = act(client, club, night, action="extend", table=table.number, minutes=5, reason="")
    assert "Say why" in missing
    too_long = act(client, club, night, action="extend", table=1, minutes=500, reason="x")
    assert "Extend a table by 1 to 120 minutes." in too_long
    words = act(
        client, club, night, action="extend", table=table.number, minutes=5, reason="Late start"
    )
    assert f"Table {table.number} plays on: its bell is 5 minutes later." in words
    assert "+5 minutes: Late start" in text_of(client.get(night_url(club, night)))
    table.game.refresh_from_db()
    phone = signed_in(people["member"]).get(night_url(club, night, "check-in/"))
    assert f'data-ends-at="{table.game.round_ends_at.isoformat()}"' in phone.content.decode()
    assert table.game.round_ends_at != NightRound.objects.get(night=night).ends_at


def test_one_table_ends_now_and_a_player_leaves_now_from_the_page(club, director, night):
    drawn = started(club, night, director)
    services.start_round(club=club, night_id=night.pk, actor=director)
    client = signed_in(director)
    first, second, third = drawn.tables.order_by("number")
    words = act(client, club, night, action="finish_table", table=1, reason="Phone lost")
    assert "Table 1 is over: it had no hand, so its game is abandoned." in words
    first.game.refresh_from_db()
    assert first.game.status == GameStatus.ABANDONED  # no hand yet
    page = text_of(client.get(night_url(club, night)))
    assert "ended by the director" in page
    leaving = second.players[2]
    words = act(client, club, night, action="withdraw_now", player=leaving, reason="Taken ill")
    assert "left: their table's hands stand" in words
    assert CheckIn.objects.get(night=night, player_id=leaving).withdrawn_before == 2
    second.game.refresh_from_db()
    assert second.game.status != GameStatus.IN_PROGRESS
    third.game.refresh_from_db()
    assert third.game.status == GameStatus.IN_PROGRESS
