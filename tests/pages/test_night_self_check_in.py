"""A player's own check-in (the page the wall's QR code opens) never undoes a director (issue
51, finding 3): after a director withdrew them it is refused, saying so (a director checks
them in again), and while the next round is drawn it is refused too, the draw kept."""

from __future__ import annotations

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


@pytest.fixture
def ada(club, people):
    player = club.seated[0]
    player.user = people["member"]
    player.save(update_fields=["user"])
    return player


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
