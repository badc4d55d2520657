"""A claim on the pages, through Django's test client as a phone without JavaScript posts: the
hand form's trick record stops at the claim (who, what, whether the others accepted, the cards
shown); the hand counts as claimed and the page links to the ruling; the dispute page says the
claim's ruling in words (the verdict, the Law quoted, the counter-line a trick at a time, what
the hand scores), and a director accepts it from there."""

from __future__ import annotations

import pytest
from django.utils import translation

from adjudication.engine.claim_words import SOURCES
from scoring import selectors, services
from scoring.models import Hand, HandRuling, RulingKind
from scoring.pages.claim_ruling_words import CLAIMED_WORDS, VERDICT_WORDS
from tests.pages.conftest import build_club
from tests.pages.test_entry_words import assert_in_words, page_text
from tests.pages.test_pages import assert_page, client_for
from tests.pages.trick_records import MOON_HOLDINGS, MOON_TRICKS, trick_post

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(people):
    club = build_club(people, name="Claims", slug="claims", is_public=True)
    return services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )


def claim_post(tricks: list[str], **claim) -> dict:
    """The trick record up to the claim, each player's cards after the pass, and the claim."""
    fields = {f"claim_{name}": value for name, value in claim.items()}
    return trick_post(1, tricks, 0, hands="\n".join(MOON_HOLDINGS), **fields)


def enter(game, people, data, **kw):
    return client_for(people["scorer"]).post(f"/games/{game.pk}/enter/", data, **kw)


def test_the_trick_record_offers_a_claim_in_plain_fields(game, people):
    body = assert_page(client_for(people["scorer"]).get(f"/games/{game.pk}/enter/?mode=plays"))
    assert "Someone claimed the rest, or conceded? (optional)" in body
    for name in ("seat", "outcome", "accepted", "line", "shown"):
        assert f'name="claim_{name}"' in body
    assert '<option value="no_points">No more points</option>' in body
    assert_in_words(body)


def test_a_claim_that_holds_counts_as_claimed_and_awaits_a_director(game, people):
    names = selectors.seat_names(game)
    data = claim_post(MOON_TRICKS[:1], seat=0, outcome="all_tricks")
    data["moon_choice"] = "add_to_others"
    body = assert_page(enter(game, people, data, follow=True))
    hand = Hand.objects.get(game=game, number=1)
    assert hand.entry["claim"] == {"seat": 0, "outcome": "all_tricks"}
    assert hand.entry["plays"] == MOON_TRICKS[0].split()
    assert hand.scores == [0, 26, 26, 26]  # Ada's moon, as claimed
    ruling = HandRuling.objects.get(dispute__hand=hand)
    assert ruling.kind == RulingKind.CLAIM and ruling.ruling["verdict"] == "holds"
    assert "The claim is checked, and awaits a director" in body
    link = f"/games/{game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    assert link in body
    page = page_text(assert_page(client_for(people["owner"]).get(link)))
    assert "The ruling on the claim" in page
    assert f"{names[0]} claimed the rest of the tricks at trick 2" in page
    assert "The claim holds: whatever legal cards the others play, it is made." in page
    assert "Laws of Duplicate Bridge (2017), Law 70A and 70D" in page
    assert "Decide this ruling" in page


def test_a_failed_claim_shows_its_counter_line_and_the_director_scores_it(game, people):
    names = selectors.seat_names(game)
    enter(
        game,
        people,
        claim_post([], seat=3, outcome="all_tricks") | {"moon_choice": "add_to_others"},
    )
    hand = Hand.objects.get(game=game, number=1)
    assert hand.entry["plays"] == [] and hand.scores == [26, 26, 26, 0]  # Dev's moon, as claimed
    ruling = HandRuling.objects.get(dispute__hand=hand)
    assert ruling.ruling["verdict"] == "fails"
    link = f"/games/{game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    owner = client_for(people["owner"])
    page = page_text(assert_page(owner.get(link)))
    first = ruling.ruling["proof"]["tricks"][0]
    said = ", ".join(
        f"{names[seat]} {card[:-1].replace('T', '10')}"
        for seat, card in zip(first["seats"], first["cards"], strict=True)
    )
    assert "A play that beats it:" in page
    assert f"trick 1: {said}" in page.replace("♣", "").replace("♠", "")
    assert f"{names[3]} takes every point left (26)." in page
    assert "no moon: scored as points" in page
    prefix = f"r{ruling.pk}-"
    posted = {
        "decide": ruling.pk,
        prefix + "revision": hand.revision,
        prefix + "decision": "accept",
    }
    assert_page(owner.post(link, posted, follow=True))
    hand.refresh_from_db()
    assert hand.scores == [0, 0, 0, 26]  # the failed claim: Dev takes the points, no moon
    assert HandRuling.objects.get(pk=ruling.pk).status == "accepted"


def test_a_claim_every_other_player_accepted_is_scored_without_a_ruling(game, people):
    data = claim_post(MOON_TRICKS[:1], seat=0, outcome="all_tricks", accepted="on")
    data["moon_choice"] = "subtract_from_shooter"
    assert enter(game, people, data).status_code == 302
    hand = Hand.objects.get(game=game, number=1)
    assert hand.scores == [-26, 0, 0, 0] and hand.entry["claim"]["accepted"] is True
    assert not HandRuling.objects.filter(dispute__hand=hand).exists()


def test_a_claim_without_every_players_cards_is_refused_on_its_field_in_words(game, people):
    data = trick_post(1, MOON_TRICKS[:1], 0, claim_seat=0, claim_outcome="no_points",
                      claim_shown=MOON_HOLDINGS[0].split(" ", 1)[1])  # fmt: skip
    body = assert_page(enter(game, people, data), 400)
    assert 'id="claim_shown-errors"><li>To judge the claim, every player' in body
    assert "every player's cards are needed: enter each one's line." in page_text(body)
    assert not Hand.objects.exists()


def test_a_claim_needs_what_was_claimed_and_the_tricks_before_it_whole(game, people):
    data = trick_post(1, ["2C 3C 6C JC", "9C AC"], 0, claim_seat=0, claim_outcome="")
    body = assert_page(enter(game, people, data), 400)
    assert "Say what they claimed." in body
    gap = trick_post(1, ["2C 3C", "", "KC 5C 8C TC"], 0, claim_seat=0, claim_outcome="moon")
    body = assert_page(enter(game, people, gap), 400)
    assert "Trick 1 has 2 cards" in body
    assert not Hand.objects.exists()


@pytest.mark.parametrize("language", ["en", "de", "es", "fr", "zh-hans"])
def test_the_claims_ruling_reads_in_each_language_of_the_pages(game, people, language):
    names = selectors.seat_names(game)
    # Entered by a scorer reading German, read by a director in another language.
    data = claim_post([], seat=3, outcome="all_tricks") | {"moon_choice": "add_to_others"}
    enter(game, people, data, HTTP_ACCEPT_LANGUAGE="de")
    ruling = HandRuling.objects.get()
    link = f"/games/{game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    page = page_text(
        assert_page(
            client_for(people["owner"]).get(link, HTTP_ACCEPT_LANGUAGE=f"{language},en;q=0.5")
        )
    )
    with translation.override(language):
        said = [
            str(CLAIMED_WORDS["all_tricks"]).format(who=names[3], trick=1),
            str(VERDICT_WORDS["fails"]),
            translation.gettext("A play that beats it:"),
            translation.gettext(SOURCES["claim"][1]),
            translation.gettext("The ruling on the claim"),
        ]
    for words in said:
        assert words in page, words
    if language != "en":
        assert "The claim fails" not in page and "A play that beats it" not in page
