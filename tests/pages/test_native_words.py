"""Words as a native speaker reads them (issue 52's words): each language in the picker named in
itself, a table's stored name ("Table 2") in the reader's language while a club's own name
stays, the game's name in German, and counts that agree with no word."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from scoring import services
from scoring.pages.words import table_words
from tests.pages.conftest import build_club
from tests.pages.test_pages import assert_page, client_for

pytestmark = pytest.mark.django_db


def in_language(language: str, message: str) -> str:
    with translation.override(language):
        return translation.gettext(message)


@pytest.mark.parametrize("language", ["en", "de", "fr", "es", "zh-hans"])
def test_the_picker_names_each_language_in_itself_on_every_page(client, language):
    body = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    picker = body[body.index('id="language-choice"') :]
    picker = picker[: picker.index("</select>")]
    names = re.findall(r'<option value="([\w-]+)" lang="[\w-]+"[^>]*>([^<]+)</option>', picker)
    assert names == [
        ("en", "English"),
        ("zh-hans", "简体中文"),
        ("de", "Deutsch"),
        ("fr", "Français"),
        ("es", "Español"),
    ]


@pytest.mark.parametrize("language", ["de", "fr", "es", "zh-hans"])
def test_a_tables_stored_name_reads_in_the_readers_language(language):
    with translation.override(language):
        assert table_words("Table 2") == in_language(language, "Table {number}").format(number=2)
        kept = in_language("de", "Table {number}").format(number=7)  # kept by a German reader
        assert table_words(kept) == in_language(language, "Table {number}").format(number=7)
        assert table_words("Garden table") == "Garden table"
        assert table_words("Table 2b") == "Table 2b"


def test_the_game_page_shows_the_table_in_the_readers_language(people):
    club = build_club(people, name="Words", slug="words", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"],
        table="Table 3",
    )  # fmt: skip
    german = in_language("de", "Table {number}").format(number=3)
    assert german != "Table 3"
    page = client_for(people["member"]).get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="de")
    assert f'<h1 data-live-part="heading">{german} ' in assert_page(page)


def test_the_game_keeps_its_own_name_in_german():
    assert in_language("de", "Hearts") == "Hearts"
    assert "Herzen" not in in_language("de", "Standard Hearts")


def test_the_rooms_count_of_hands_agrees_with_no_word_in_french():
    said = in_language(
        "fr",
        'Hands recorded: <strong class="current-hand">%(recorded)s</strong>, counted: %(counted)s',
    ) % {"recorded": 1, "counted": 1}
    assert said == 'Donnes enregistrées : <strong class="current-hand">1</strong>, comptées : 1'
