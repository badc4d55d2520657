"""Each scoring card is declared once (adjudication/engine/scoring_cards.py), and every reader
follows from the declaration: the engine's check, the API's fields, the stored column, the hand
form, the page's data for the offline outbox, the scoreboard's marker. Run over every declared
card, so a new one is held to all of them without a test of its own here."""

from __future__ import annotations

import html
import json
import re

import pytest
from django.conf import settings

from adjudication.claim_serializers import ClaimResultSerializer
from adjudication.engine import HeartsError, build_ruleset, score_hand
from adjudication.engine.claim_result import LEFT_TO_TABLE
from adjudication.engine.option_values import BOOLEANS, INTEGER_BOUNDS
from adjudication.engine.scoring_cards import CARD_NAMES, ENTRY_DETAILS, SCORING_CARDS
from adjudication.serializers import AdjudicationOutputSerializer
from scoring import services
from scoring.api.serializers.disputes import (
    COUNT_DETAILS,
    DirectorRulingInputSerializer,
    DisputeInputSerializer,
)
from scoring.api.serializers.games import ScoreboardRowSerializer
from scoring.api.serializers.hands import (
    ClaimScoredSerializer,
    HandEntryInputSerializer,
    HandEntrySerializer,
    HandOutputSerializer,
)
from scoring.api.serializers.rulings import RulingResultInputSerializer
from scoring.models import Hand
from scoring.pages.forms.refusals import REFUSAL_WORDS
from tests.pages.conftest import build_club
from tests.pages.test_pages import assert_page, client_for, points_post

pytestmark = pytest.mark.django_db

SERIALIZERS = (
    HandEntryInputSerializer,
    HandEntrySerializer,
    HandOutputSerializer,
    ClaimScoredSerializer,
    ScoreboardRowSerializer,
    DisputeInputSerializer,
    DirectorRulingInputSerializer,
    RulingResultInputSerializer,
    AdjudicationOutputSerializer,
    ClaimResultSerializer,
)


def outbox_data(body: str) -> list[dict]:
    """The scoring cards a page gives static/js/outbox.js (its data-scoring-cards)."""
    found = re.findall(r'data-scoring-cards="([^"]*)"', body)
    return [json.loads(html.unescape(data)) for data in found]


def scoring_every_card() -> dict:
    """The options that score every declared card: a bonus of 5, or the option turned on."""
    return {card.option: 5 if card.effect.bounds else True for card in SCORING_CARDS}


def test_every_declared_card_is_an_entry_detail_and_left_to_the_table_by_a_claim():
    assert tuple(card.name for card in SCORING_CARDS) == CARD_NAMES
    assert COUNT_DETAILS == ENTRY_DETAILS == (*CARD_NAMES, "tricks_won", "moon_choice")
    assert all(name in LEFT_TO_TABLE for name in CARD_NAMES)
    assert "jack_of_diamonds" in CARD_NAMES  # the wire's name, kept as it always was


@pytest.mark.parametrize("serializer", SERIALIZERS, ids=lambda s: s.__name__)
def test_every_serializer_that_carries_a_count_has_a_field_for_each_declared_card(serializer):
    fields = serializer().fields
    assert all(name in fields for name in CARD_NAMES)


def test_each_card_has_its_option_checked_its_column_kept_and_its_refusal_worded():
    hand_fields = {field.name for field in Hand._meta.concrete_fields}
    for card in SCORING_CARDS:
        assert card.option in INTEGER_BOUNDS or card.option in BOOLEANS
        assert card.name in hand_fields
        assert f"{card.name}_required" in REFUSAL_WORDS


def test_a_count_without_a_scored_cards_taker_is_refused_with_that_cards_code():
    rules = build_ruleset("standard", **scoring_every_card())
    for card in SCORING_CARDS:
        others = {name: 0 for name in CARD_NAMES if name != card.name}
        with pytest.raises(HeartsError) as refused:
            score_hand(rules, [26, 0, 0, 0], moon_choice="add_to_others", **others)
        assert (refused.value.code, refused.value.field) == (f"{card.name}_required", card.name)


def test_the_hand_form_asks_for_each_card_and_gives_the_outbox_every_declared_card(people):
    spec = {"preset": "standard", **scoring_every_card()}
    club = build_club(people, name="Cards", slug="cards", is_public=True, ruleset=spec)
    game = services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )
    scorer = client_for(people["scorer"])
    body = assert_page(scorer.get(f"/games/{game.pk}/enter/"))
    for card in SCORING_CARDS:
        assert f'name="{card.name}"' in body
    declared = {card.name: card.label for card in SCORING_CARDS}
    assert outbox_data(body) == [declared]  # the form's, for the body it keeps offline
    takers = {card.name: seat for seat, card in enumerate(SCORING_CARDS)}
    response = scorer.post(f"/games/{game.pk}/enter/", points_post(1, [13, 5, 4, 4], **takers))
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert hand.entry == {"points": [13, 5, 4, 4], **takers}
    assert all(getattr(hand, name) == seat for name, seat in takers.items())
    board = assert_page(scorer.get(f"/games/{game.pk}/"))
    assert outbox_data(board) == [declared]  # the outbox's, for the hands it lists
    for card in SCORING_CARDS:
        assert f" {card.label}</small>" in board  # the marker on its taker's score


def test_the_outbox_script_names_no_scoring_card_of_its_own():
    script = (settings.BASE_DIR / "static" / "js" / "outbox.js").read_text(encoding="utf-8")
    for card in SCORING_CARDS:
        assert card.name not in script
        assert card.label not in script
