"""Irregularities on the pages, through Django's test client as a phone without JavaScript
posts: the hand form's trick record takes what went wrong in plain fields; the hand counts as
played and the page links to the ruling; the dispute page says the ruling in words (what
happened, the rule and its source, the evidence, the rectification, the points per seat), and
a director accepts or overrides it from there; the game's history says it in words."""

from __future__ import annotations

import re

import pytest

from adjudication.engine import adjudicate, build_ruleset
from scoring import services
from scoring.models import Hand, HandRuling
from tests.pages.conftest import build_club
from tests.pages.test_entry_words import assert_in_words, page_text
from tests.pages.test_pages import assert_page, client_for, error_list
from tests.pages.trick_records import renege_record, trick_post, tricks_of

pytestmark = pytest.mark.django_db
STRICT = {"preset": "standard", "renege_penalty": "takes_all"}


@pytest.fixture
def strict_game(people):
    club = build_club(people, name="Strict", slug="strict", is_public=True, ruleset=STRICT)
    return services.create_game(
        club=club, league=club.league, players=club.seated[:4], actor=people["owner"]
    )


def revoke_post(number: int = 1, **row) -> tuple[dict, int, list[int]]:
    """A whole hand with one renege, posted with the revoke stated as found later: (the form's
    data, the offender, the raw points)."""
    plays, leader, ruling = renege_record()
    strict = adjudicate(build_ruleset(**STRICT), plays, first_leader=leader)
    violation = strict.violations[0]
    fields = {
        "irregularity_0_kind": "revoke",
        "irregularity_0_seat": violation.seat,
        "irregularity_0_trick": violation.trick,
        "irregularity_0_noticed_at_trick": violation.trick + 2,
        **row,
    }
    return (
        trick_post(number, tricks_of(plays), leader, **fields),
        violation.seat,
        list(ruling.points_taken),
    )


def enter(game, people, data, **kw):
    return client_for(people["scorer"]).post(f"/games/{game.pk}/enter/", data, **kw)


def test_the_trick_record_offers_what_went_wrong_as_plain_fields(strict_game, people):
    body = assert_page(
        client_for(people["scorer"]).get(f"/games/{strict_game.pk}/enter/?mode=plays")
    )
    assert body.count('name="irregularity_0_') == 9 and 'name="irregularity_2_kind"' in body
    assert "Something went wrong at the table? (optional)" in body
    assert '<option value="revoke">Revoke found late</option>' in body
    assert 'data-needs="revoke exposed_card lead_out_of_turn missed_trick card_misplaced"' in body
    assert_in_words(body)


def test_a_late_revoke_posted_without_javascript_counts_as_played_and_links_its_ruling(
    strict_game, people
):
    data, offender, raw = revoke_post()
    response = enter(strict_game, people, data, follow=True)
    body = assert_page(response)
    hand = Hand.objects.get(game=strict_game, number=1)
    assert hand.scores == raw and hand.entry["irregularities"] == [
        {"kind": "revoke", "seat": offender, "trick": data["irregularity_0_trick"],
         "noticed_at_trick": data["irregularity_0_noticed_at_trick"]}
    ]  # fmt: skip
    ruling = HandRuling.objects.get(dispute__hand=hand)
    link = f"/games/{strict_game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    assert "awaits a director: the hand counts as played until then." in body
    assert f'href="{link}"' in body
    assert_in_words(body)

    shown = assert_page(client_for(people["member"]).get(link))
    assert_in_words(shown)
    page = page_text(shown)
    names = ["Ada", "Ben", "Cleo", "Dev"]
    who = names[offender]
    assert f"{who} revoked at trick {data['irregularity_0_trick']}" in page
    assert "Noticed at trick" in page and "Not corrected." in page
    assert "The rule: A revoke: the revoker takes every point of the hand." in page
    assert "Foster's Complete Hoyle, Hearts" in page and "as if he were alone in error" in page
    assert f"{who} pays the entire losses: {who} scores 26, everyone else 0." in page
    assert "Awaiting a director" in page and "Decide this ruling" not in page  # a member


def test_a_row_missing_what_its_kind_needs_is_refused_next_to_the_field(strict_game, people):
    data, _offender, _raw = revoke_post(irregularity_0_trick="")
    body = assert_page(enter(strict_game, people, data), 400)
    assert "Say this for: Revoke found late." in error_list(body, "irregularity_0_trick-errors")
    assert not Hand.objects.exists()


def test_the_engines_refusal_of_a_row_comes_back_to_its_field_in_words(strict_game, people):
    data, _offender, _raw = revoke_post(irregularity_0_corrected="on")
    body = assert_page(enter(strict_game, people, data), 400)
    words = re.sub(r"<[^>]+>", " ", error_list(body, "irregularity_0_corrected-errors"))
    assert "it was established, so it can no longer have been corrected" in words
    assert not Hand.objects.exists()
    assert_in_words(body)


def test_a_director_accepts_the_ruling_from_the_dispute_page_and_the_history_says_so(
    strict_game, people
):
    data, offender, raw = revoke_post()
    enter(strict_game, people, data)
    ruling = HandRuling.objects.get()
    link = f"/games/{strict_game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    owner = client_for(people["owner"])
    page = assert_page(owner.get(link))
    assert "Decide this ruling" in page and 'name="decide"' in page
    revision = Hand.objects.get().revision
    prefix = f"r{ruling.pk}-"
    posted = {"decide": ruling.pk, prefix + "revision": revision,
              prefix + "decision": "accept", prefix + "reason": "seen by all"}  # fmt: skip
    response = owner.post(link, posted, follow=True)
    assert response.redirect_chain == [(link, 302)]
    text = page_text(assert_page(response))
    assert "Accepted" in text and "Decided by" in text and "seen by all" in text
    hand = Hand.objects.get()
    assert hand.scores == [26 if seat == offender else 0 for seat in range(4)]
    assert hand.points == raw
    game_page = page_text(assert_page(owner.get(f"/games/{strict_game.pk}/")))
    assert "Hand 1: the ruling on “Revoke found late” accepted" in game_page
    assert "Hand 1: what went wrong awaits a director's ruling" in game_page
    again = owner.post(link, posted)
    assert "Decide this ruling" not in assert_page(again, 200 if again.status_code == 200 else 400)


def test_an_override_needs_a_reason_and_takes_the_directors_count(strict_game, people):
    data, _offender, _raw = revoke_post()
    enter(strict_game, people, data)
    ruling = HandRuling.objects.get()
    link = f"/games/{strict_game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    owner = client_for(people["owner"])
    prefix = f"r{ruling.pk}-"
    posted = {"decide": ruling.pk, prefix + "revision": Hand.objects.get().revision,
              prefix + "decision": "own_count", **{f"{prefix}points_{s}": p
              for s, p in enumerate([16, 4, 3, 3])}}  # fmt: skip
    body = assert_page(owner.post(link, posted), 400)
    assert "Say why you override the ruling." in error_list(body, prefix + "reason-errors")
    assert HandRuling.objects.get().status == "awaiting"
    owner.post(link, {**posted, prefix + "reason": "the table agreed"})
    assert Hand.objects.get().scores == [16, 4, 3, 3]
    text = page_text(assert_page(owner.get(link)))
    assert (
        "Overridden" in text and "The director's own result: Ada 16, Ben 4, Cleo 3, Dev 3." in text
    )


def test_a_stale_page_is_refused_in_words(strict_game, people):
    data, _offender, _raw = revoke_post()
    enter(strict_game, people, data)
    ruling = HandRuling.objects.get()
    link = f"/games/{strict_game.pk}/hands/1/disputes/{ruling.dispute_id}/"
    prefix = f"r{ruling.pk}-"
    posted = {"decide": ruling.pk, prefix + "revision": 99, prefix + "decision": "accept"}
    body = assert_page(client_for(people["owner"]).post(link, posted), 400)
    assert "The hand changed since this page was shown" in body
    assert HandRuling.objects.get().status == "awaiting"


def test_a_correction_shows_the_irregularities_again(strict_game, people):
    data, offender, _raw = revoke_post()
    enter(strict_game, people, data)
    body = assert_page(
        client_for(people["scorer"]).get(f"/games/{strict_game.pk}/hands/1/correct/")
    )
    assert '<option value="revoke" selected>Revoke found late</option>' in body
    assert f'<option value="{offender}" selected>' in body
