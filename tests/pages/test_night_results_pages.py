"""A night's results on the pages through Django's test client (issue 49): the correction window
set when the night opens, a waiting hand settled from the night page (refused in words without
a reason, and for anyone but a director), the sheet's state, hands and signature lines."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.models import Night, NightTable, Role
from tests.pages.conftest import make_user
from tests.pages.test_night_pages import night_url, signed_in, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def night(club, people):
    league = services.create_league(
        club=club, name="Confirmed", ruleset="standard", confirmations=1
    )
    opened = services.open_night(
        club=club, league=league, name="Friday", rounds=2, round_hands=1, actor=people["owner"]
    )
    for player in club.seated[:4]:
        services.check_in(club=club, night_id=opened.pk, player_id=player.pk, actor=people["owner"])
    services.draw_round(club=club, night_id=opened.pk, actor=people["owner"])
    services.publish_round(club=club, night_id=opened.pk, actor=people["owner"])
    services.start_round(club=club, night_id=opened.pk, actor=people["owner"])
    return opened


def the_game(night):
    return NightTable.objects.get(round__night=night).game


def test_the_night_form_sets_its_correction_window(club, people):
    client = signed_in(people["owner"])
    form = {"league": club.league.pk, "name": "Friday", "rounds": "3", "ends_by": "hands"}
    refused = client.post(
        f"/clubs/{club.slug}/nights/new/", {**form, "length": "2", "correction_minutes": "99999"}
    )
    assert refused.status_code == 400
    assert "A whole number from 0 to 10080." in text_of(refused)
    client.post(
        f"/clubs/{club.slug}/nights/new/", {**form, "length": "2", "correction_minutes": "5"}
    )
    assert Night.objects.get().correction_minutes == 5


def test_a_director_settles_a_waiting_hand_from_the_night_page_with_a_reason(club, people, night):
    game = the_game(night)
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=people["scorer"]
    )
    page = text_of(signed_in(people["owner"]).get(night_url(club, night)))
    assert "1 hand waits" in page and "Settle Table 1, hand 1" in page
    act = night_url(club, night, "act/")
    settle = {"action": "settle", "game": game.pk, "hand": 1, "decision": "confirm"}
    scorer = signed_in(people["scorer"]).post(act, {**settle, "reason": "Mine"})
    assert scorer.status_code == 403
    blank = signed_in(people["owner"]).post(act, {**settle, "reason": " "}, follow=True)
    assert "Say why, in 1 to 500 characters" in text_of(blank)
    game.refresh_from_db()
    assert game.hands_played == 0
    done = signed_in(people["owner"]).post(act, {**settle, "reason": "Seen"}, follow=True)
    assert "Table 1, hand 1 is confirmed for the table: it counts." in text_of(done)
    game.refresh_from_db()
    assert (game.status, game.hands_played) == ("finished", 1)


def test_the_sheet_prints_the_state_each_tables_hands_and_the_signature_lines(club, people, night):
    game = the_game(night)
    services.enter_hand(
        game_id=game.pk, number=1, entry={"points": [20, 6, 0, 0]}, actor=people["scorer"]
    )
    member = make_user("mia")
    services.set_membership(club=club, user=member, role=Role.MEMBER)
    sheet = text_of(signed_in(member).get(night_url(club, night, "sheet/")))
    assert "Provisional results" in sheet and "1 hand waits" in sheet
    assert "Round 1 · Table 1 · hand 1: awaits confirmation." in sheet
    assert "1 awaits 20 6 0 0" in sheet  # the hand, by seat, marked as not counting yet
    assert sheet.count("For the table") == 1 and "Director" in sheet and "Checked by" in sheet
