"""A hand record imported on a phone (Debian's Chromium, 360 x 800): from the club's page the
owner opens the import, is refused in words with the line and column of a malformed file,
previews a good one (nothing stored), confirms it, and the games are the club's. Every state
passes ``check_page_state``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game
from tests.pages.conftest import build_club
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in
from tests.records.support import play_game

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_owner_previews_and_imports_a_hand_record_on_a_phone(
    live_server, page: Page, people, tmp_path
):
    url = live_server.url
    home = build_club(people, name="Riverside", slug="riverside", is_public=True)
    home.seated = home.seated[:4]
    play_game(home, people["owner"], level="plays", hands=2, seed=13)
    away = services.create_club(user=people["owner"], name="Away", slug="away")
    sign_in(page, url, f"/clubs/{home.slug}/", username="olive")
    with page.expect_download() as download:
        page.get_by_role("link", name="Download hand record").click()
    record = tmp_path / "club.hrec"
    download.value.save_as(record)

    page.goto(f"{url}/clubs/{away.slug}/")
    page.get_by_role("link", name="Import a hand record").click()
    expect(page.locator("h1")).to_have_text("Import a hand record")
    check_page_state(page, "record-import-01-page")

    bad = tmp_path / "bad.hrec"
    bad.write_text('[HeartsRecord "1"]\n[Colour "red"]\n')
    page.set_input_files("#id_file", str(bad))
    page.get_by_role("button", name="Preview the import").click()
    expect(page.locator("main")).to_contain_text("Line 2, column 1")
    check_page_state(page, "record-import-02-refused")

    page.set_input_files("#id_file", str(record))
    page.get_by_role("button", name="Preview the import").click()
    expect(page.locator("[data-preview]")).to_contain_text("1 game to add")
    assert not Game.objects.filter(club=away).exists()
    check_page_state(page, "record-import-03-preview")

    page.get_by_role("button", name="Import these games").click()
    expect(page.locator(".message.success")).to_contain_text("1 game imported (2 hands).")
    assert Game.objects.filter(club=away).count() == 1
    check_page_state(page, "record-import-04-imported")
