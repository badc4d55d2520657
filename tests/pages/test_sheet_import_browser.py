"""A paper score sheet imported on a phone (Debian's Chromium, 360 x 800): from the club's
hand record import the owner opens the sheet import, uploads a CSV, maps its columns, is
refused in words naming the row and column of a bad cell, previews the good sheet (its new
players said, nothing stored), confirms it, and the games are the club's. Every state passes
``check_page_state``."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from scoring import services
from scoring.models import Game, Hand
from tests.pages.phone_checks import check_page_state
from tests.pages.test_offline_browser import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

SHEET = "Date,Table,Ann,Bo,Cy,Di\n14/03/2026,1,13,5,4,4\n14/03/2026,1,0,26,26,26\n"


def map_columns(page: Page) -> None:
    page.get_by_label("Date column").select_option("Date")
    page.get_by_label("day/month/year (14/03/2026)").check()
    page.get_by_label("Game or table column").select_option("Table")
    for name in ("Ann", "Bo", "Cy", "Di"):
        page.locator("#id_player_columns").get_by_label(name, exact=True).check()


def test_an_owner_maps_previews_and_imports_a_score_sheet_on_a_phone(
    live_server, page: Page, people, tmp_path
):
    url = live_server.url
    club = services.create_club(user=people["owner"], name="Paper", slug="paper")
    sign_in(page, url, f"/clubs/{club.slug}/", username="olive")
    page.get_by_role("link", name="Import a hand record").click()
    page.get_by_role("link", name="From paper or a spreadsheet: import a score sheet (CSV)").click()
    expect(page.locator("h1")).to_have_text("Import a score sheet")
    check_page_state(page, "sheet-import-01-page")

    bad = tmp_path / "bad.csv"
    bad.write_text(SHEET.replace("13,5,4,4", "13,x,4,4"))
    page.set_input_files("#id_file", str(bad))
    page.get_by_role("button", name="Read the sheet").click()
    expect(page.get_by_label("Date column")).to_be_visible()
    check_page_state(page, "sheet-import-02-mapping")
    map_columns(page)
    page.get_by_role("button", name="Preview the import").click()
    expect(page.locator("main")).to_contain_text("row 2, column 'Bo': 'x' is not a number")
    check_page_state(page, "sheet-import-03-refused")

    good = tmp_path / "sheet.csv"
    good.write_text(SHEET)
    page.get_by_role("link", name="Choose another file").click()
    page.set_input_files("#id_file", str(good))
    page.get_by_role("button", name="Read the sheet").click()
    map_columns(page)
    page.get_by_role("button", name="Preview the import").click()
    preview = page.locator("[data-preview]")
    expect(preview).to_contain_text("1 game to add")
    expect(preview).to_contain_text("New players: Ann, Bo, Cy, Di")
    assert not Game.objects.filter(club=club).exists()
    check_page_state(page, "sheet-import-04-preview")

    page.get_by_role("button", name="Import these games").click()
    expect(page.locator(".message.success")).to_contain_text(
        "1 game imported from the sheet (2 hands)."
    )
    [game] = Game.objects.filter(club=club)
    assert [h.scores for h in Hand.objects.filter(game=game).order_by("number")] == [
        [13, 5, 4, 4],
        [0, 26, 26, 26],
    ]
    check_page_state(page, "sheet-import-05-imported")
