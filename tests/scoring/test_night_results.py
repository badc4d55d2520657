"""A night's results a director can sign (issue 49): no round ends and no night closes while a
hand waits, until the director settles each with a reason; provisional until the correction
window closes, then final and locked, a change then a director's correction, listed and told."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from hearts_site.errors import DomainError
from scoring import services
from scoring.api.serializers.events import DATA
from scoring.models import Event, EventType, GameStatus, HistoryEntry, Night, NightStatus
from scoring.selectors.night_results import night_results
from scoring.selectors.nights import night_detail
from tests.events.test_event_shapes import unlike
from tests.scoring.night_support import code_of, confirm, enter, games_of, start


def refusal(call) -> DomainError:
    with pytest.raises(DomainError) as caught:
        call()
    return caught.value


def end(club, night, director, **more):
    return services.end_round(club=club, night_id=night.pk, actor=director, **more)


def test_the_refusal_names_every_waiting_hand_and_the_directors_decisions_settle_them(
    public_club, night_of, scorer, director
):
    night = night_of()
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    enter(second, 1, [20, 6, 0, 0], scorer)
    refused = refusal(lambda: end(public_club, night, director))
    assert (refused.code, refused.status_code, refused.attr) == ("hands_unsettled", 409, "settle")
    assert "Table 1, hand 1: awaits confirmation" in refused.detail
    assert "Table 2, hand 1: awaits confirmation" in refused.detail
    waiting = night_results(night)["unsettled"]
    assert [(h["table"], h["hand"], h["state"]) for h in waiting] == [
        (1, 1, "awaiting"),
        (2, 1, "awaiting"),
    ]
    # A decision without a reason undoes the whole end; with reasons, one confirmed, one dropped.
    no_reason = [{"game": first.pk, "hand": 1, "decision": "confirm", "reason": " "}]
    assert code_of(lambda: end(public_club, night, director, settle=no_reason)) == (
        "reason_required"
    )
    decisions = [
        {"game": first.pk, "hand": 1, "decision": "confirm", "reason": "Checked with the table"},
        {"game": second.pk, "hand": 1, "decision": "drop", "reason": "Nobody can say"},
    ]
    end(public_club, night, director, now_for_all=True, settle=decisions)
    first.refresh_from_db()
    second.refresh_from_db()
    assert (first.status, first.hands_played, first.totals) == ("finished", 1, [13, 13, 0, 0])
    assert second.status == GameStatus.ABANDONED  # its one hand dropped: no result
    confirmed = HistoryEntry.objects.get(game=first, action="hand_confirmed")
    assert (confirmed.reason, confirmed.after["by"]) == ("Checked with the table", "director")
    assert HistoryEntry.objects.get(game=second, action="hand_voided").reason == "Nobody can say"


def test_a_queried_hand_settled_at_the_rounds_end_dismisses_its_query_and_counts(
    public_club, night_of, scorer, director, owner
):
    night = night_of()
    first, second = games_of(night)
    seated = first.seats.get(seat=2).player
    seated.user = owner
    seated.save(update_fields=["user"])
    enter(first, 1, [13, 13, 0, 0], scorer)
    services.query_hand(game_id=first.pk, number=1, actor=owner, record={}, reason="Not mine")
    enter(second, 1, [20, 6, 0, 0], scorer)
    confirm(second, 1, director)
    [waiting] = night_results(night)["unsettled"]
    assert (waiting["state"], waiting["link"].split("/")[-3]) == ("queried", "disputes")
    settle = [{"game": first.pk, "hand": 1, "decision": "confirm", "reason": "Entry stands"}]
    end(public_club, night, director, settle=settle)
    first.refresh_from_db()
    assert (first.status, first.end_reason) == ("finished", "round_over")
    assert night_results(night)["unsettled"] == []


def test_a_director_does_not_confirm_their_own_entry_at_the_rounds_end(
    public_club, night_of, director
):
    night = night_of()
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], director)
    settle = [{"game": game.pk, "hand": 1, "decision": "confirm", "reason": "Fine"}]
    mine = code_of(lambda: end(public_club, night, director, now_for_all=True, settle=settle))
    assert mine == "own_entry"
    stale = [{"game": game.pk, "hand": 2, "decision": "drop", "reason": "Fine"}]
    late = code_of(lambda: end(public_club, night, director, now_for_all=True, settle=stale))
    assert late == "hand_settled"


def play_the_night(club, night, scorer, director, rounds=2):
    """Every round to its end, one hand at each table, confirmed by the director."""
    for number in range(1, rounds + 1):
        if number > 1:
            start(club, night, director)
        for game in games_of(night, number):
            enter(game, 1, [13, 13, 0, 0], scorer)
            confirm(game, 1, director)
        end(club, night, director)
    night.refresh_from_db()


def test_the_night_does_not_close_while_a_corrected_hand_of_an_earlier_round_waits(
    public_club, night_of, scorer, director
):
    night = night_of(rounds=2)
    for game in games_of(night):
        enter(game, 1, [13, 13, 0, 0], scorer)
        confirm(game, 1, director)
    end(public_club, night, director)
    game = games_of(night)[0]
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": [0, 0, 13, 13]}, reason="Seats", actor=scorer
    )  # awaits confirmation again
    refused = refusal(
        lambda: services.close_night(club=public_club, night_id=night.pk, actor=director)
    )
    assert refused.code == "hands_unsettled" and "Round 1, Table 1, hand 1" in refused.detail
    settle = [{"game": game.pk, "hand": 1, "decision": "confirm", "reason": "Seen"}]
    services.close_night(club=public_club, night_id=night.pk, actor=director, settle=settle)
    night.refresh_from_db()
    assert night.status == NightStatus.CLOSED


def test_results_stay_provisional_through_the_window_then_are_final_and_told(
    public_club, night_of, scorer, director
):
    night = night_of(rounds=2, correction_minutes=15)
    play_the_night(public_club, night, scorer, director)
    assert night.status == NightStatus.CLOSED
    assert night_results(night)["state"] == "provisional"
    closes = night.closed_at + timedelta(minutes=15)
    assert night_results(night)["final_from"] == closes
    assert services.finalize_nights(now=closes - timedelta(seconds=1)) == 0
    assert services.finalize_nights(now=closes) == 1
    assert services.finalize_nights(now=closes + timedelta(hours=1)) == 0  # once
    night.refresh_from_db()
    assert night.final_at == closes and night_results(night)["state"] == "final"
    told = Event.objects.get(type=EventType.NIGHT_RESULTS_FINAL)
    assert told.data["night"]["results"] == "final"
    latest = night_detail(night)["latest"]["rows"]
    assert [r["player"] for r in told.data["standings"]] == [r["player"] for r in latest]
    assert unlike(told.data, DATA[told.type](), "data") == []


def test_a_waiting_hand_keeps_a_closed_nights_results_provisional_past_its_window(
    public_club, night_of, scorer, director
):
    night = night_of(rounds=1, correction_minutes=0)
    play_the_night(public_club, night, scorer, director, rounds=1)
    game = games_of(night)[0]
    services.correct_hand(
        game_id=game.pk, number=1, entry={"points": [0, 0, 13, 13]}, reason="Seats", actor=scorer
    )
    assert services.finalize_nights(now=timezone.now() + timedelta(days=1)) == 0
    confirm(game, 1, director)
    assert services.finalize_nights(now=timezone.now()) == 1


def test_once_final_a_change_is_a_directors_correction_with_a_reason_listed_and_told(
    public_club, night_of, scorer, director, owner
):
    night = night_of(rounds=1, correction_minutes=0)
    play_the_night(public_club, night, scorer, director, rounds=1)
    services.finalize_nights()
    game = games_of(night)[0]
    change = {"game_id": game.pk, "number": 1, "entry": {"points": [0, 0, 13, 13]}}
    refused = refusal(lambda: services.correct_hand(**change, reason="Seats", actor=scorer))
    assert (refused.code, refused.status_code) == ("results_final", 403)
    assert code_of(lambda: services.correct_hand(**change, reason=" ", actor=owner)) == (
        "reason_required"
    )
    dispute = {"game_id": game.pk, "number": 1, "record": {"points": [13, 13, 0, 0]}}
    assert code_of(lambda: services.open_dispute(**dispute, actor=owner)) == "results_final"
    services.correct_hand(**change, reason="The sheet says seats 3 and 4", actor=owner)
    game.refresh_from_db()
    assert game.totals == [0, 0, 13, 13]  # counts at once: no confirmation asked again
    assert game.hands.get(number=1).confirmation == "confirmed"
    [listed] = night_results(night)["corrections"]
    assert (listed["table"], listed["hand"], listed["action"]) == (1, 1, "hand_corrected")
    assert listed["reason"] == "The sheet says seats 3 and 4"
    told = Event.objects.get(type=EventType.NIGHT_CORRECTED)
    assert told.data["correction"]["game"] == game.pk
    assert unlike(told.data, DATA[told.type](), "data") == []
    assert Night.objects.get(pk=night.pk).final_at is not None  # still final, now corrected


def test_every_night_event_says_where_the_results_stand(public_club, night_of, scorer, director):
    night = night_of(rounds=1)
    play_the_night(public_club, night, scorer, director, rounds=1)
    kinds = Event.objects.filter(type__startswith="night.") | Event.objects.filter(
        type__startswith="round."
    )
    assert {e.data["night"]["results"] for e in kinds} == {"provisional"}
    for event in kinds:
        assert unlike(event.data, DATA[event.type](), "data") == []


def test_the_sweep_makes_a_nights_results_final_once_its_window_has_closed(
    public_club, night_of, scorer, director
):
    from io import StringIO

    from django.core.management import call_command

    night = night_of(rounds=1, correction_minutes=0)
    play_the_night(public_club, night, scorer, director, rounds=1)
    said = StringIO()
    call_command("sweep", stdout=said)
    assert "1 night(s) made final." in said.getvalue()
    night.refresh_from_db()
    assert night.final_at is not None
