"""Issue 49's findings, one test each, as a club director met them on a night whose league
confirms its hands at the table: a round ended with hands still awaiting confirmation, the
bell judged by the confirmation instead of the entry, a one-hand round taking a second hand,
the night page hiding trouble, and the sheet's "After round N" rewritten by a late
confirmation. (The draw's finding, tables with nobody who can enter hands, is the draw's.)"""

from __future__ import annotations

from scoring import services
from scoring.models import GameStatus
from scoring.selectors.nights import night_detail
from tests.scoring.night_support import code_of, confirm, enter, games_of


def test_a_round_does_not_end_silently_while_its_last_hands_await_confirmation(
    public_club, night_of, scorer, director
):
    night = night_of()
    first, second = games_of(night)
    enter(first, 1, [13, 13, 0, 0], scorer)
    enter(second, 1, [20, 6, 0, 0], scorer)  # both await confirmation
    refused = code_of(
        lambda: services.end_round(
            club=public_club, night_id=night.pk, actor=director, now_for_all=True
        )
    )
    assert refused == "hands_unsettled"
    for game in (first, second):
        game.refresh_from_db()
        assert game.status == GameStatus.IN_PROGRESS  # nothing ended, nothing abandoned


def test_the_night_page_flags_a_queried_hand_instead_of_reading_no_hands(
    client, public_club, night_of, scorer, director
):
    night = night_of()
    game = games_of(night)[0]
    enter(game, 1, [13, 13, 0, 0], scorer)
    seat = game.seats.get(seat=1).player
    seat.user = director
    seat.save(update_fields=["user"])
    services.query_hand(game_id=game.pk, number=1, actor=director, record={}, reason="Not 13")
    client.force_login(director)
    page = client.get(f"/clubs/{public_club.slug}/nights/{night.pk}/").content.decode()
    cards = page.split('<li class="night-table-card')[1:]
    [card] = [c for c in cards if f'href="/games/{game.pk}/"' in c]
    assert "1 hand<" in card and "0 hands" not in card
    assert "Hand 1 is queried: rule on it" in card
    assert f"/clubs/{public_club.slug}/room/" in page


def test_the_standings_after_a_round_stay_as_they_were_when_it_ended(
    public_club, night_of, scorer, director, owner
):
    night = night_of(rounds=2, round_hands=2)
    first, second = games_of(night)
    for game in (first, second):
        enter(game, 1, [13, 13, 0, 0], scorer)
        confirm(game, 1, director)
        enter(game, 2, [0, 0, 6, 20], scorer)
        confirm(game, 2, director)
    services.end_round(club=public_club, night_id=night.pk, actor=director)
    kept = night_detail(night)["standings"][0]["rows"]
    # After the round, a director corrects a hand of round 1: the order changes now, and the
    # table kept as round 1 ended does not.
    services.correct_hand(
        game_id=first.pk,
        number=2,
        entry={"points": [20, 6, 0, 0]},
        reason="Seat 1 took them all",
        actor=owner,
    )
    confirm(first, 2, director)
    after = night_detail(night)["standings"][0]["rows"]
    assert [r["player"] for r in after] == [r["player"] for r in kept]
