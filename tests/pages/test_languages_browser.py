"""A scorer's evening in each language, in Debian's Chromium at 360 px: the language chosen on
the picker, sign-in, a hand by points, a moon, a correction, the league table, a ruling. Every
page it visits is axe-clean, and in a language other than English shows no English word: no
word of the English messages or of the calendar that the language's own translations do not
also use (German's "Hand", French's "points"). Screenshots: test-artifacts/screenshots/lang-*."""

from __future__ import annotations

import calendar
import re
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.utils.translation import to_locale
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Hand
from tests.pages.conftest import NAMES, PASSWORD
from tests.pages.phone_checks import axe_violations, shot, small_tap_targets
from tests.pages.test_phone_adjudicate import game_with_renege

pytestmark = pytest.mark.django_db(transaction=True)

LOCALE = Path(settings.BASE_DIR) / "locale"
#: Words of two letters or more; a code name (``game_id``) is one word, and not one a person reads.
WORD = re.compile(r"[^\W\d]{2,}")
#: Words the same in every language: names of people, the club, its league, and "OK".
NAMED = {w.lower() for w in [*NAMES, "Riverside", "League", "olive", "OK"]}
#: What a person reads beyond the text: labels and hints in attributes.
READ_ATTRIBUTES = """() => Array.from(document.querySelectorAll(
  "[title], [aria-label], [placeholder], [alt], input[type=submit], input[type=button]"
)).map(el => [el.title, el.getAttribute("aria-label"), el.placeholder, el.alt,
  el.type === "submit" || el.type === "button" ? el.value : ""].filter(Boolean).join(" ")
).join(" ")"""


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text) if "_" not in w}


def catalogues(language: str) -> list[polib.POFile]:
    folder = LOCALE / to_locale(language) / "LC_MESSAGES"
    return [polib.pofile(str(folder / f"{d}.po")) for d in ("django", "djangojs")]


def english_words() -> set[str]:
    found = set()
    for po in catalogues("de"):
        for entry in po:
            found |= words(
                re.sub(r"%\(\w+\)s|\{\w+\}", " ", entry.msgid + " " + entry.msgid_plural)
            )
    months = [*calendar.month_name, *calendar.month_abbr, *calendar.day_name, *calendar.day_abbr]
    return found | words(" ".join(months))


def own_words(language: str) -> set[str]:
    found = set()
    for po in catalogues(language):
        for entry in po:
            found |= words(" ".join([entry.msgstr, *entry.msgstr_plural.values()]))
    return found


class Walk:
    """Each page the evening visits: checked, and saved as a screenshot."""

    def __init__(self, page: Page, language: str):
        self.page, self.language, self.count = page, language, 0
        english = language == settings.LANGUAGE_CODE
        self.english = set() if english else english_words() - own_words(language) - NAMED

    def check(self, what: str) -> None:
        self.page.wait_for_load_state("load")
        self.count += 1
        shot(self.page, f"lang-{self.language}-{self.count:02d}-{what}")
        assert axe_violations(self.page) == [], what
        assert small_tap_targets(self.page) == [], what
        assert self.page.locator("html").get_attribute("lang") == self.language
        if self.language == settings.LANGUAGE_CODE:
            return
        text = self.page.locator("body").inner_text() + " " + self.page.evaluate(READ_ATTRIBUTES)
        english = words(text) & self.english
        lines = [line for line in text.splitlines() if words(line) & english]
        assert sorted(english) == [], f"{self.language}: English on {what}: {lines}"


def sign_in(page: Page, url: str, next_path: str) -> None:
    page.goto(f"{url}/account/login/?next={next_path}")
    page.fill("#id_username", "olive")
    page.fill("#id_password", PASSWORD)
    page.locator("main button[type=submit]").click()
    expect(page.locator("footer strong")).to_have_text("olive")


@pytest.mark.browser
@pytest.mark.parametrize("language", [code for code, _ in settings.LANGUAGES])
def test_a_scorers_evening_in_each_language(live_server, page: Page, people, language):
    disputed, _offender = game_with_renege(people)  # hand 1 entered card by card, a renege
    club = disputed.club
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    url = live_server.url
    walk = Walk(page, language)

    page.goto(f"{url}/")
    page.select_option("#language-choice", language)
    page.locator("form.language button").click()
    expect(page.locator("html")).to_have_attribute("lang", language)
    walk.check("home")

    sign_in(page, url, f"/games/{game.pk}/")
    walk.check("game")

    # A hand by points, then a moon.
    page.goto(f"{url}/games/{game.pk}/enter/")
    walk.check("hand-form")
    for seat, points in enumerate([13, 5, 4]):
        page.fill(f"#id_seat_{seat}", str(points))
    expect(page.locator("#id_seat_3")).to_have_value("4")
    page.locator("main form [type=submit]").last.click()
    expect(page.locator(".message.success")).to_be_visible()
    walk.check("hand-recorded")
    for seat, points in enumerate([0, 26, 0, 0]):
        page.fill(f"#id_seat_{seat}", str(points))
    expect(page.locator("[data-moon-question]")).to_contain_text(NAMES[1])
    walk.check("moon-question")
    page.locator("input[value='add_to_others']").check()
    page.locator("main form [type=submit]").last.click()
    expect(page.locator(".message.success")).to_be_visible()
    assert Hand.objects.get(game=game, number=2).scores == [26, 0, 26, 26]

    # A correction, with its reason.
    page.goto(f"{url}/games/{game.pk}/hands/1/correct/")
    walk.check("correction")
    page.fill("#id_seat_0", "5")
    page.fill("#id_seat_1", "13")
    page.fill("#id_reason", "Q♠ → Ben")  # a reason in no language
    page.locator("main form [type=submit]").last.click()
    expect(page.locator(".message.success")).to_be_visible()
    walk.check("corrected")
    assert Hand.objects.get(game=game, number=1).points[:2] == [5, 13]

    page.goto(f"{url}/leagues/{club.league.pk}/")
    walk.check("league")

    # A ruling on a hand entered card by card.
    page.goto(f"{url}/games/{disputed.pk}/hands/1/rule/")
    walk.check("rule-form")
    page.locator("main form [type=submit]").first.click()
    expect(page.locator(".violation")).to_be_visible()
    walk.check("ruling")
