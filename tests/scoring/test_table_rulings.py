"""Irregularities on a stored hand: the engine rules on them at once, but nothing already counted
changes until a director accepts a ruling (the hand scored from its rectification, every later
total and the game's end following) or overrides it with a reason and their own result. A
second decision, a stale revision and a decision on a void or corrected hand are refused."""

from __future__ import annotations

import pytest

from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError
from scoring import services
from scoring.models import Dispute, Game, Hand, HandRuling, HistoryEntry

from .support import snapshot
from .test_corrections import renege_hand


def late_revoke(rules):
    """A whole hand with one renege, entered as played with the revoke stated as found three
    tricks later: (the entry, the offender, the raw points)."""
    played, offender = renege_hand(rules)
    from adjudication.engine import adjudicate

    ruling = adjudicate(rules, played.plays, first_leader=played.leader)
    trick = ruling.violations[0].trick
    revoke = {"kind": "revoke", "trick": trick, "seat": offender}
    if trick + 3 <= rules.hand_size:
        revoke["noticed_at_trick"] = trick + 3
    entry = {"plays": played.plays, "first_leader": played.leader, "irregularities": [revoke]}
    return entry, offender, played.points


def enter(game, number, entry, actor):
    hand, created = services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
    assert created
    return hand


def the_ruling(hand) -> HandRuling:
    return HandRuling.objects.get(dispute__hand=hand, current=True)


def decide(ruling, actor, decision="accept", **more):
    return services.decide_ruling(ruling_id=ruling.pk, decision=decision, actor=actor, **more)


@pytest.fixture
def takes_all(new_game):
    return new_game({"preset": "standard", "renege_penalty": "takes_all"})


def test_a_late_revoke_counts_as_played_until_a_director_accepts_its_rectification(
    takes_all, scorer, director
):
    game = takes_all
    rules = ruleset_for(game.ruleset)
    entry, offender, raw = late_revoke(rules)
    hand = enter(game, 1, entry, scorer)
    enter(game, 2, {"points": [0, 13, 13, 0]}, scorer)
    game.refresh_from_db()
    # Nothing counted changes before the director acts: the hand counts as played.
    assert hand.scores == raw and hand.ruled is None
    assert game.totals == [r + p for r, p in zip(raw, [0, 13, 13, 0], strict=True)]
    ruling = the_ruling(hand)
    assert (ruling.status, ruling.index, ruling.ruling["rule"]) == (
        "awaiting",
        0,
        "revoke_established",
    )
    assert ruling.ruling["option"] == {"name": "renege_penalty", "value": "takes_all"}
    assert ruling.dispute.status == "open" and ruling.dispute.record == entry
    revision = Hand.objects.get(pk=hand.pk).revision

    decide(ruling, director, reason="seen by all", expected_revision=revision)
    hand.refresh_from_db()
    game.refresh_from_db()
    takes = [rules.penalty_total if seat == offender else 0 for seat in range(4)]
    assert hand.scores == takes and hand.points == raw
    assert hand.ruled == {"accepted": [0], "result": None, "moon_choice": None}
    assert hand.revision == revision + 1
    assert game.totals == [t + p for t, p in zip(takes, [0, 13, 13, 0], strict=True)]
    ruling.refresh_from_db()
    assert (ruling.status, ruling.reason, ruling.decided_by) == (
        "accepted",
        "seen by all",
        director,
    )
    assert ruling.dispute.status == "accepted" and ruling.dispute.resolved_by == director
    kept = HistoryEntry.objects.get(game=game, action="ruling_accepted")
    assert kept.before["scores"] == raw and kept.after["scores"] == takes
    assert kept.after["ruling"] == ruling.pk and kept.reason == "seen by all"
    actions = list(HistoryEntry.objects.filter(game=game).values_list("action", flat=True))
    assert actions == ["game_created", "hand_entered", "rulings_opened", "hand_entered",
                       "ruling_accepted"]  # fmt: skip


def test_an_override_scores_the_directors_own_count_and_needs_a_reason(takes_all, scorer, director):
    game = takes_all
    entry, _offender, raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    ruling = the_ruling(hand)
    before = snapshot()
    with pytest.raises(DomainError) as refused:
        decide(ruling, director, "override", result={"points": [26, 0, 0, 0]})
    assert (refused.value.code, refused.value.attr) == ("reason_required", "reason")
    with pytest.raises(DomainError) as refused:
        decide(ruling, director, "accept", result={"points": [26, 0, 0, 0]}, reason="x")
    assert refused.value.code == "result_needs_override"
    assert snapshot() == before
    own = {"points": [26, 0, 0, 0], "moon_choice": "add_to_others"}
    decide(ruling, director, "override", result=own, reason="a claim")
    hand.refresh_from_db()
    assert hand.points == [26, 0, 0, 0] and hand.scores == [0, 26, 26, 26]  # a moon, added
    assert hand.adjudication["points_taken"] == raw  # the record's ruling stays with the hand
    assert Game.objects.get(pk=game.pk).totals == [0, 26, 26, 26]
    ruling.refresh_from_db()
    assert (ruling.status, ruling.result, ruling.reason) == ("overridden", own, "a claim")
    overridden = HistoryEntry.objects.get(game=game, action="ruling_overridden")
    assert overridden.after["result"] == own


def test_an_override_without_a_result_leaves_the_hand_as_played(takes_all, scorer, director):
    game = takes_all
    entry, _offender, raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    decide(the_ruling(hand), director, "override", reason="it was corrected at once")
    hand.refresh_from_db()
    assert hand.scores == raw and hand.ruled["accepted"] == []
    assert Dispute.objects.get(hand=hand).status == "accepted"


def test_a_second_decision_and_a_stale_revision_are_refused_and_change_nothing(
    takes_all, scorer, director
):
    game = takes_all
    entry, _offender, _raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    ruling = the_ruling(hand)
    before = snapshot()
    with pytest.raises(Conflict) as refused:
        decide(ruling, director, expected_revision=hand.revision + 1)
    assert (refused.value.code, refused.value.attr) == ("hand_changed", "revision")
    assert snapshot() == before
    decide(ruling, director)
    after = snapshot()
    for decision in ("accept", "override"):
        with pytest.raises(Conflict) as refused:
            decide(ruling, director, decision, reason="again")
        assert refused.value.code == "ruling_decided"
    assert snapshot() == after


def test_a_revoke_accepted_under_replay_voids_the_hand_for_the_deal_to_be_played_again(
    new_game, scorer, director
):
    game = new_game({"preset": "standard", "renege_penalty": "replay"})
    entry, _offender, raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    ruling = the_ruling(hand)
    assert ruling.ruling["left_to_table"] == "replay"
    assert Game.objects.get(pk=game.pk).totals == raw
    decide(ruling, director)
    hand.refresh_from_db()
    game.refresh_from_db()
    assert hand.is_void and game.totals == [0, 0, 0, 0] and game.hands_played == 0
    accepted = HistoryEntry.objects.get(game=game, action="ruling_accepted")
    assert accepted.after["replay"] == "replay" and accepted.after["is_void"] is True
    replayed = enter(game, 2, {"points": [13, 13, 0, 0]}, scorer)  # the deal again
    assert replayed.number == 2 and Game.objects.get(pk=game.pk).totals == [13, 13, 0, 0]


def test_a_renege_confirmed_through_a_dispute_under_replay_voids_the_hand(
    new_game, scorer, director
):
    game = new_game({"preset": "standard", "renege_penalty": "replay"})
    played, offender = renege_hand(ruleset_for(game.ruleset))
    record = {"plays": played.plays, "first_leader": played.leader}
    enter(game, 1, record, scorer)
    dispute = services.open_dispute(game_id=game.pk, number=1, record={}, actor=scorer)
    services.resolve_dispute(dispute_id=dispute.pk, decision="accept", note="", actor=director)
    hand = Hand.objects.get(game=game, number=1)
    assert hand.is_void and hand.renege_by is None
    assert Game.objects.get(pk=game.pk).totals == [0, 0, 0, 0]
    # A director's own renege ruling does the same.
    enter(game, 2, record, scorer)
    dispute = services.open_dispute(game_id=game.pk, number=2, record={}, actor=scorer)
    services.resolve_dispute(
        dispute_id=dispute.pk,
        decision="accept",
        note="",
        actor=director,
        ruled={"renege_by": offender},
    )
    assert Hand.objects.get(game=game, number=2).is_void


def test_an_accepted_ruling_moves_every_later_total_and_can_end_the_game(
    new_game, scorer, director
):
    game = new_game({"preset": "standard", "renege_penalty": "takes_all", "target_score": 50})
    entry, offender, raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    second = [0] * 4
    second[offender], second[(offender + 1) % 4] = 25, 1  # the Q♠ and twelve hearts
    enter(game, 2, {"points": second}, scorer)
    game.refresh_from_db()
    assert raw[offender] + 25 < 50 and game.status == "in_progress"
    decide(the_ruling(hand), director)
    game.refresh_from_db()
    first = Hand.objects.get(game=game, number=1).scores
    assert first == [26 if seat == offender else 0 for seat in range(4)]
    assert game.totals == [a + b for a, b in zip(first, second, strict=True)]
    assert game.status == "finished" and offender not in game.winners


def test_a_correction_withdraws_the_rulings_awaiting_and_rules_on_the_new_record(
    takes_all, scorer, director
):
    game = takes_all
    entry, _offender, raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    old = the_ruling(hand)
    corrected = {**entry, "irregularities": [{**entry["irregularities"][0], "corrected": False}]}
    services.correct_hand(
        game_id=game.pk, number=1, entry=corrected, reason="stated again", actor=scorer
    )
    old.refresh_from_db()
    assert (old.status, old.current) == ("withdrawn", False)
    assert old.dispute.status == "dismissed" and old.dispute.resolution_note == "stated again"
    new = the_ruling(hand)
    assert new.pk != old.pk and new.status == "awaiting"
    with pytest.raises(Conflict) as refused:
        decide(old, director)
    assert refused.value.code == "ruling_decided"
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": raw}, reason="as points", actor=scorer
    )
    new.refresh_from_db()
    assert new.status == "withdrawn" and not HandRuling.objects.filter(current=True).exists()


def test_a_void_withdraws_the_rulings_awaiting(takes_all, scorer, director):
    game = takes_all
    entry, _offender, _raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    services.void_hand(game_id=game.pk, number=1, reason="misdeal after all", actor=director)
    ruling = the_ruling(hand)
    assert ruling.status == "withdrawn" and ruling.dispute.status == "dismissed"


def test_a_dispute_stating_irregularities_on_a_hands_record_takes_it_once_decided(
    takes_all, scorer, director
):
    game = takes_all
    entry, offender, raw = late_revoke(ruleset_for(game.ruleset))
    plain = {"plays": entry["plays"], "first_leader": entry["first_leader"]}
    hand = enter(game, 1, plain, scorer)
    assert not HandRuling.objects.exists()
    dispute = services.open_dispute(
        game_id=game.pk,
        number=1,
        record={"irregularities": entry["irregularities"]},
        actor=scorer,
        reason="Ben revoked at trick 3",
    )
    (ruling,) = dispute.rulings.all()
    assert (ruling.current, ruling.status) == (False, "awaiting")
    assert Hand.objects.get(pk=hand.pk).scores == raw  # nothing changes yet
    decide(ruling, director)
    hand.refresh_from_db()
    assert hand.entry == entry and hand.scores[offender] == 26
    ruling.refresh_from_db()
    assert ruling.current is True
    with pytest.raises(Conflict) as refused:  # the same irregularities on its own record now
        services.open_dispute(
            game_id=game.pk,
            number=1,
            record={"irregularities": entry["irregularities"]},
            actor=scorer,
        )
    assert refused.value.code == "rulings_exist"


def test_a_dispute_carrying_rulings_is_decided_ruling_by_ruling(takes_all, scorer, director):
    game = takes_all
    entry, _offender, _raw = late_revoke(ruleset_for(game.ruleset))
    hand = enter(game, 1, entry, scorer)
    with pytest.raises(Conflict) as refused:
        services.resolve_dispute(
            dispute_id=the_ruling(hand).dispute_id, decision="dismiss", note="", actor=director
        )
    assert refused.value.code == "decide_each_ruling"


def test_a_query_stating_irregularities_counts_again_once_its_last_ruling_is_decided(
    public_club, scorer, director
):
    league = services.create_league(
        club=public_club,
        name="Strict nights",
        ruleset={"preset": "standard", "renege_penalty": "takes_all"},
        confirmations=1,
    )
    game = services.create_game(
        club=public_club, league=league, players=public_club.seated[:4], actor=scorer
    )
    entry, offender, raw = late_revoke(ruleset_for(game.ruleset))
    plain = {"plays": entry["plays"], "first_leader": entry["first_leader"]}
    enter(game, 1, plain, scorer)
    cleo = public_club.seated[2]
    services.set_pin(player=cleo, pin="246810")
    dispute = services.query_hand(
        game_id=game.pk,
        number=1,
        actor=scorer,
        record={"irregularities": entry["irregularities"]},
        player_id=cleo.pk,
        pin="246810",
    )
    assert Hand.objects.get(game=game).confirmation == "queried"
    assert Game.objects.get(pk=game.pk).totals == [0, 0, 0, 0]  # a queried hand counts not
    (ruling,) = dispute.rulings.all()
    decide(ruling, director)
    hand = Hand.objects.get(game=game)
    assert hand.confirmation == "confirmed" and hand.scores[offender] == 26
    assert Game.objects.get(pk=game.pk).totals == hand.scores != raw
