"""The night's limits and its tables' scorers on the pages (issues 49 and 51): the club's and the
night's limits refused in words, and the director told, before publishing, which tables have
nobody who can enter hands; the night page at 360 px in Chromium."""

from __future__ import annotations

import html
import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from scoring import services
from scoring.models import NightTable, Player, Role
from tests.pages.conftest import make_user
from tests.pages.test_night_browser import check_page_state, press, said
from tests.pages.test_setup_pages import errors_of
from tests.pages.test_wall_browser import browsers  # noqa: F401 - a fixture


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode())))


def night_with(club, people, scorers: int, others: int, rounds: int = 2):
    """A night with ``scorers`` players whose accounts have a scorer's role and ``others``
    with no account, all checked in by the club's owner (its director here)."""
    players = []
    for n in range(scorers):
        user = make_user(f"scorer{n}")
        services.set_membership(club=club, user=user, role=Role.SCORER)
        players.append(services.create_player(club=club, name=f"Able {n}", user=user))
    players += [services.create_player(club=club, name=f"Guest {n:02}") for n in range(others)]
    night = services.open_night(
        club=club, league=club.league, name="Friday", rounds=rounds, round_hands=2,
        table_sizes=[4], actor=people["owner"],
    )  # fmt: skip
    for player in players:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=people["owner"])
    return night


@pytest.mark.django_db
def test_players_past_the_clubs_limit_are_refused_next_to_the_names(club, people, settings):
    settings.HEARTS_MAX_CLUB_PLAYERS = Player.objects.filter(club=club).count() + 1
    before = Player.objects.count()
    client = signed_in(people["scorer"])
    refused = client.post(f"/clubs/{club.slug}/players/new/", {"names": "Gus\nIvy"})
    assert refused.status_code == 400
    words = errors_of(refused)["names-errors"]
    assert any("A club has at most" in e for e in words), words
    assert Player.objects.count() == before


@pytest.mark.django_db
def test_a_check_in_past_the_nights_limit_is_refused_in_words(club, people, settings):
    settings.HEARTS_MAX_NIGHT_PLAYERS = 8
    night = night_with(club, people, scorers=0, others=8)
    late = services.create_player(club=club, name="Late")
    page = signed_in(people["owner"]).post(
        f"/clubs/{club.slug}/nights/{night.pk}/act/",
        {"action": "check_in", "player": late.pk},
        follow=True,
    )
    assert "A night seats at most 8 players; 8 are checked in." in text_of(page)
    assert not night.check_ins.filter(player=late).exists()


@pytest.mark.django_db
def test_the_director_reads_which_tables_have_nobody_to_enter_hands_and_members_do_not(
    club, people
):
    night = night_with(club, people, scorers=2, others=14)
    url = f"/clubs/{club.slug}/nights/{night.pk}/"
    director = signed_in(people["owner"])
    director.post(url + "act/", {"action": "draw"})
    lacking = [t.name for t in NightTable.objects.order_by("number") if not any(
        Player.objects.get(pk=p).user_id for p in t.players
    )]  # fmt: skip
    assert len(lacking) == 2
    page = text_of(director.get(url))
    assert f"Nobody at {', '.join(lacking)} can enter hands" in page
    assert page.count("nobody to enter hands") == 2
    member = text_of(signed_in(people["member"]).get(url))
    assert "can enter hands" not in member and "nobody to enter hands" not in member


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_sees_the_tables_without_a_scorer_before_publishing_at_360_px(
    club,
    people,
    browsers,  # noqa: F811 - the fixture imported above
    live_server,
):
    night = night_with(club, people, scorers=3, others=13)
    director = browsers("olive")
    director.goto(f"{live_server.url}/clubs/{club.slug}/nights/{night.pk}/")
    press(director, "Draw round 1")
    said(director, "Round 1 is drawn.")
    warning = director.locator("[data-scorer-warning]")
    expect(warning).to_contain_text("can enter hands")
    check_page_state(director, "night-scorer-warning")
    table = re.search(r"Nobody at (Table \d)", warning.inner_text()).group(1)
    expect(director.locator(".tag.no-scorer")).to_have_count(1)
    card = director.locator(".night-table-card", has_text=table)
    expect(card.locator(".tag.no-scorer")).to_have_text("nobody to enter hands")
    # A fourth scorer for four tables: drawn again, every table has one and nothing is said.
    guest = Player.objects.get(club=club, name="Guest 00")
    guest.user = make_user("scorer-late")
    guest.save(update_fields=["user"])
    services.set_membership(club=club, user=guest.user, role=Role.SCORER)
    press(director, "Draw again")
    said(director, "Round 1 is drawn.")
    expect(director.locator("[data-scorer-warning]")).to_have_count(0)
    expect(director.locator(".tag.no-scorer")).to_have_count(0)
    check_page_state(director, "night-scorer-every-table")
