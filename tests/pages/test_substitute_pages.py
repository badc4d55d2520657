"""A substitute from the director's night page (issue 52 point 1): the form asks first, puts
a checked-in player seated nowhere into a seat of a table that has recorded a hand from its
next hand, and the night page, its sheet and the game page say who played which hands and whom
the seat counts to; a refusal comes back in words."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import GameSeat, Night, SeatChange
from tests.pages.test_night_pages import MORE, night_url, signed_in, text_of
from tests.pages.test_nights_that_bend_pages import act, started

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    for name in MORE:
        services.create_player(club=club, name=name)
    return services.open_night(
        club=club, league=club.league, name="Friday", rounds=3, round_hands=4, actor=director
    )


def _after_one_hand(club, night, director):
    first = started(club, night, director).tables.order_by("number").first()
    services.start_round(club=club, night_id=night.pk, actor=director)
    services.enter_hand(
        game_id=first.game_id, number=1, entry={"points": [13, 5, 4, 4]}, actor=director
    )
    sub = services.create_player(club=club, name="Sub Sue")
    services.check_in(club=club, night_id=night.pk, player_id=sub.pk, actor=director)
    return first, sub


def test_a_director_puts_a_substitute_in_from_the_next_hand_and_the_pages_say_so(
    club, director, night
):
    first, sub = _after_one_hand(club, night, director)
    client = signed_in(director)
    page = text_of(client.get(night_url(club, night)))
    assert "Put the substitute in" in page
    assert "counts the seat's whole game to the player who started it" in page
    out = first.players[2]
    unasked = act(client, club, night, action="substitute", player=sub.pk, other=out)
    assert "Tick the box first" in unasked and not SeatChange.objects.exists()
    words = act(client, club, night, action="substitute", player=sub.pk, other=out, sure="on")
    assert "Sub Sue takes the seat at Table 1 from its next hand." in words
    starter = GameSeat.objects.get(game_id=first.game_id, seat=2).player
    line = (
        f"Seat 3: {starter.name} played hand 1; Sub Sue substituted from hand 2. "
        f"The seat's game counts to {starter.name}."
    )
    assert f"Round 1, table 1: {line}" in words
    assert f"Sub Sue for {starter.name}" in words  # the table's seat says whom it counts to
    game_page = text_of(client.get(f"/games/{first.game_id}/"))
    assert line in game_page
    assert "A substitute took a seat from hand 2" in game_page
    again = act(client, club, night, action="substitute", player=sub.pk, other=out, sure="on")
    assert "sits at no table of round 1" in again
    services.end_round(club=club, night_id=night.pk, actor=director, now_for_all=True)
    assert f"Round 1, table 1: {line}" in text_of(client.get(night_url(club, night, "sheet/")))


def test_a_director_opens_a_night_whose_substitutes_keep_the_seats_they_finish(club, director):
    client = signed_in(director)
    form = {"league": club.league.pk, "name": "Friday", "rounds": "3", "ends_by": "hands"}
    page = text_of(client.get(f"/clubs/{club.slug}/nights/new/"))
    assert "The player who started the seat" in page and "The player who finished the seat" in page
    client.post(
        f"/clubs/{club.slug}/nights/new/",
        {**form, "length": "4", "substitute_scores": "finisher"},
    )
    client.post(f"/clubs/{club.slug}/nights/new/", {**form, "name": "Saturday", "length": "4"})
    kept = dict(Night.objects.values_list("name", "substitute_scores"))
    assert kept == {"Friday": "finisher", "Saturday": "starter"}
