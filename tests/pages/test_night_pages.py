"""The night's pages through Django's test client: a director opens and runs a night, a player
checks in by the wall's QR link, the wall and the sheet show the night, refusals in words."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client

from scoring import services
from scoring.models import CheckIn, Night, Role
from tests.pages.conftest import make_user, unisolated

pytestmark = pytest.mark.django_db

MORE = ["Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned"]


@pytest.fixture
def director(club):
    user = make_user("dora")
    services.set_membership(club=club, user=user, role=Role.DIRECTOR)
    return user


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def night_url(club, night, tail=""):
    return f"/clubs/{club.slug}/nights/{night.pk}/{tail}"


def text_of(response) -> str:
    page = unisolated(response.content.decode())  # a name's <bdi> is no word break
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page)))


def test_a_director_opens_a_night_and_a_round_of_zero_minutes_is_refused_in_words(club, director):
    client = signed_in(director)
    form = {"league": club.league.pk, "name": "Friday", "rounds": "3", "ends_by": "minutes"}
    refused = client.post(f"/clubs/{club.slug}/nights/new/", {**form, "length": "0"})
    assert refused.status_code == 400
    assert "A round's minutes is a whole number from 1 to 600." in text_of(refused)
    opened = client.post(f"/clubs/{club.slug}/nights/new/", {**form, "length": "25"})
    night = Night.objects.get()
    assert opened.url == night_url(club, night) and night.round_minutes == 25
    assert "Friday" in text_of(client.get(f"/clubs/{club.slug}/"))


def test_a_player_checks_in_by_the_qr_link_and_twice_is_refused_in_words(club, director, people):
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=2, round_hands=2, actor=director
    )
    wall = Client().get(f"/clubs/{club.slug}/wall/")
    assert night_url(club, night, "check-in/") in wall.content.decode()
    assert "<svg" in wall.content.decode()
    ada = club.seated[0]
    ada.user = people["member"]
    ada.save(update_fields=["user"])
    phone = signed_in(people["member"])
    assert "Check in as Ada" in text_of(phone.get(night_url(club, night, "check-in/")))
    phone.post(night_url(club, night, "check-in/"))
    assert CheckIn.objects.get(night=night, player=ada).by_self
    assert "you are checked in" in text_of(phone.get(night_url(club, night, "check-in/")))
    director_page = signed_in(director)
    twice = director_page.post(
        night_url(club, night, "act/"), {"action": "check_in", "player": ada.pk}, follow=True
    )
    assert "Ada is already checked in." in text_of(twice)


def everyone_checked_in(club, director, language: str = "en") -> tuple[Night, Client]:
    """A night of three rounds with the club's players and nine more checked in by its
    director, and the director's browser in ``language``."""
    for name in MORE:
        services.create_player(club=club, name=name)
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=3, round_hands=2, actor=director
    )
    client = signed_in(director)
    client.cookies["django_language"] = language
    for player in club.players.all():
        client.post(night_url(club, night, "act/"), {"action": "check_in", "player": player.pk})
    return night, client


def test_the_draw_is_shown_with_its_quality_words_before_it_is_published(club, director):
    night, client = everyone_checked_in(club, director)
    drawn = client.post(night_url(club, night, "act/"), {"action": "draw"}, follow=True)
    words = text_of(drawn)
    assert re.search(
        r"Round 1 is drawn\. Over rounds 1 to 3: (no two players meet twice|\d+ pairs? meets?)",
        words,
    ), words
    assert "Publish round 1" in words
    assert "take your seats" not in text_of(Client().get(f"/clubs/{club.slug}/wall/"))
    client.post(night_url(club, night, "act/"), {"action": "publish"})
    wall = text_of(Client().get(f"/clubs/{club.slug}/wall/"))
    assert "Round 1: take your seats" in wall and re.search(r"Ada: table \d, seat \d", wall)
    mid = client.post(
        night_url(club, night, "act/"),
        {"action": "withdraw", "player": club.seated[0].pk},
        follow=True,
    )
    assert "withdrew: they play no round after round 1; those played stay." in text_of(mid)
    sheet = client.get(night_url(club, night, "sheet/"))
    assert sheet.status_code == 200 and "Round 1" in text_of(sheet)


def test_a_night_in_german_tells_its_draw_and_names_its_tables_in_german(club, director):
    """The draw's quality and "Table N" were English sentences on every language's pages."""
    night, client = everyone_checked_in(club, director, "de")
    drawn = text_of(client.post(night_url(club, night, "act/"), {"action": "draw"}, follow=True))
    assert re.search(r"Runde 1 ist ausgelost\. Über die Runden 1 bis 3: \S", drawn), drawn
    assert "meet twice" not in drawn and "Over rounds" not in drawn
    client.post(night_url(club, night, "act/"), {"action": "publish"})
    page = text_of(client.get(night_url(club, night)))
    assert "Tisch 1" in page and "Table 1" not in page
