"""Words a hand keeps are data, the same for every reader: a ruling stored with a hand entered
in German holds the engine's English sentences, while the German scorer's refusals are German."""

from __future__ import annotations

import pytest
from django.utils import translation

from adjudication.engine import adjudicate as rule_on
from adjudication.engine import build_ruleset
from scoring import services
from scoring.models import Hand
from tests.pages.conftest import build_club, make_user
from tests.pages.test_pages import renege_record

pytestmark = pytest.mark.django_db


def test_a_ruling_kept_with_a_hand_entered_in_german_keeps_english_sentences():
    people = {"owner": make_user("olive"), "scorer": make_user("sam"), "member": make_user("milo")}
    club = build_club(people, name="Riverside", slug="riverside", is_public=True)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    plays, leader, renege = renege_record()
    with translation.override("de"):
        german = rule_on(build_ruleset("standard"), plays, first_leader=leader)
        services.enter_hand(
            game_id=game.pk,
            number=1,
            entry={"plays": plays, "first_leader": leader},
            actor=people["owner"],
        )
    assert german.violations[0].message != renege["message"]  # the German, as shown
    kept = Hand.objects.get(game=game, number=1).adjudication
    assert kept["violations"][0]["message"] == renege["message"]
