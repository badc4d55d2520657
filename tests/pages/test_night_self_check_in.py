"""A player's own check-in (the page the wall's QR code opens) never undoes a director (issue
51, finding 3): after a director withdrew them it is refused, saying so (a director checks
them in again), and while the next round is drawn it is refused too, the draw kept."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import CheckIn, NightRound, RoundStatus
from tests.pages.phone_checks import check_page_state
from tests.pages.test_night_pages import MORE, night_url, signed_in, text_of
from tests.pages.test_phone_views import sign_in

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, director):
    """Friday: the club's players and nine more checked in by the director, Ada linked to the
    member's account."""
    for name in MORE:
        services.create_player(club=club, name=name)
    opened = services.open_night(
        club=club, league=club.league, name="Friday", rounds=3, round_hands=2, actor=director
    )
    for player in club.players.all():
        services.check_in(club=club, night_id=opened.pk, player_id=player.pk, actor=director)
    return opened


def test_a_player_a_director_withdrew_cannot_check_back_in_nor_discard_the_draw(
    club, director, night, ada, people
):
    services.withdraw(club=club, night_id=night.pk, player_id=ada.pk, actor=director)
    services.draw_round(club=club, night_id=night.pk, actor=director)
    drawn = NightRound.objects.get(night=night, status=RoundStatus.PROPOSED)
    phone = signed_in(people["member"])
    page = text_of(phone.get(night_url(club, night, "check-in/")))
    assert "a director withdrew you from this night" in page
    assert "Check in as" not in page
    refused = phone.post(night_url(club, night, "check-in/"), follow=True)
    assert "A director withdrew Ada from Friday: ask a director to check you in again." in (
        text_of(refused)
    )
    assert not CheckIn.objects.get(night=night, player=ada).present
    assert NightRound.objects.filter(pk=drawn.pk, status=RoundStatus.PROPOSED).exists()
    # A director checks Ada in again: that is the director's own choice, and redraws.
    services.check_in(club=club, night_id=night.pk, player_id=ada.pk, actor=director)
    assert CheckIn.objects.get(night=night, player=ada).present


def test_a_player_checking_in_while_the_next_round_is_drawn_keeps_the_draw(
    club, director, night, people
):
    latecomer = services.create_player(club=club, name="Zoe")
    latecomer.user = people["member"]
    latecomer.save(update_fields=["user"])
    services.draw_round(club=club, night_id=night.pk, actor=director)
    drawn = NightRound.objects.get(night=night, status=RoundStatus.PROPOSED)
    phone = signed_in(people["member"])
    refused = phone.post(night_url(club, night, "check-in/"), follow=True)
    assert (
        "Round 1 is drawn already: ask a director to check you in, or check in again once it ends."
        in text_of(refused)
    )
    assert not CheckIn.objects.filter(night=night, player=latecomer).exists()
    assert NightRound.objects.filter(pk=drawn.pk, status=RoundStatus.PROPOSED).exists()


@pytest.mark.django_db(transaction=True)
def test_a_withdrawn_player_s_check_in_page_on_a_phone_says_to_ask_a_director(
    live_server, page: Page, club, director, night, ada, people
):
    services.withdraw(club=club, night_id=night.pk, player_id=ada.pk, actor=director)
    sign_in(page, live_server.url, people["member"].username)
    page.goto(live_server.url + night_url(club, night, "check-in/"))
    expect(page.locator("[data-withdrawn]")).to_contain_text("a director withdrew you")
    expect(page.get_by_role("button", name="Check in as Ada")).to_have_count(0)
    check_page_state(page, "night-check-in-withdrawn")


def test_a_seated_players_phone_shows_their_table_and_the_rounds_clock(
    club, director, night, ada, people
):
    """Once the round is out, the check-in page says where the player sits and with whom;
    once its clock runs, the countdown to the bell, the same at every reload."""
    phone = signed_in(people["member"])
    assert "Your table is on the wall once the round is drawn" in text_of(
        phone.get(night_url(club, night, "check-in/"))
    )
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    table = next(t for t in NightRound.objects.get(night=night).tables.all() if ada.pk in t.players)
    seat = table.players.index(ada.pk)
    page = text_of(phone.get(night_url(club, night, "check-in/")))
    assert f"Round 1: Table {table.number}, seat {seat + 1}" in page
    others = [p.name for p in club.players.filter(pk__in=table.players).exclude(pk=ada.pk)]
    assert all(name in page for name in others) and "once the round is drawn" not in page
    assert "The round starts when the director starts the clock." in page
    services.start_round(club=club, night_id=night.pk, actor=director, round_minutes=30)
    ends = NightRound.objects.get(night=night).ends_at
    first = phone.get(night_url(club, night, "check-in/")).content.decode()
    again = phone.get(night_url(club, night, "check-in/")).content.decode()
    attribute = f'data-ends-at="{ends.isoformat()}"'
    assert attribute in first and attribute in again
    assert "Round 1 ends at" in text_of(phone.get(night_url(club, night, "check-in/")))
    assert f'href="/games/{table.game_id}/"' in first


@pytest.mark.django_db(transaction=True)
def test_the_seat_and_clock_on_a_players_phone_at_360_px(
    live_server, page: Page, club, director, night, ada, people
):
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    services.start_round(club=club, night_id=night.pk, actor=director, round_minutes=30)
    sign_in(page, live_server.url, people["member"].username)
    page.goto(live_server.url + night_url(club, night, "check-in/"))
    expect(page.locator("[data-my-seat] h2")).to_contain_text("Round 1: Table")
    left = page.locator("[data-countdown-left]")
    expect(left).to_contain_text(re.compile(r"\d"))
    check_page_state(page, "night-check-in-seated")
    page.reload()
    expect(page.locator("[data-my-seat] [data-countdown]")).to_be_visible()
