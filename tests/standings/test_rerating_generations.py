"""Issue 34, finding 5: a re-rating writes its events beside the ratings shown, holding no
lock, and shows them in one short transaction. While a re-rating (600 games here) is under
way, a hand entry in the same club completes (it does not wait for the re-rating), and a
reader of the club's table sees the ratings from before or after it, never a mix. Threads with
their own connections, on the configured database."""

from __future__ import annotations

import threading
import time

import pytest
from django.db import transaction

from scoring import services
from scoring.models import Game, GameSeat, GameStatus, RatingEvent, RatingsState, shown_events
from scoring.sample.generate import generate
from scoring.selectors import standings
from scoring.services import ratings, rerating

pytestmark = pytest.mark.django_db(transaction=True)

GAMES = 600


def ratings_shown(club) -> dict[int, float | None]:
    rows = standings.club_table(club, standings.Period())["rows"]
    return {row["player"]: row["rating"] for row in rows}


def under_way(club_id: int) -> bool:
    state = RatingsState.objects.get(club_id=club_id)
    return state.stale_since is not None and state.reserved > state.shown


def wait_until(condition, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.005)


def test_a_hand_entry_completes_while_a_re_rating_writes_and_readers_see_old_or_new(owner):
    club = services.create_club(user=owner, name="Deep league", slug="deep-league")
    generate(club=club, actor=owner, players=24, games=GAMES)
    players = list(club.players.order_by("pk")[:4])
    current = services.create_game(club=club, players=players, actor=owner)
    first = Game.objects.filter(club=club, status=GameStatus.FINISHED).order_by("finished_at")[0]
    old = ratings_shown(club)
    # The first game's places turned round (as an admin's edit would), and the mark a
    # correction leaves: the club stale from that game on.
    for seat in GameSeat.objects.filter(game=first):
        GameSeat.objects.filter(pk=seat.pk).update(place=5 - seat.place, is_winner=seat.place == 4)
    with transaction.atomic():
        services.results_changed(club.pk, since=first.finished_at)
    state = RatingsState.objects.get(club_id=club.pk)
    assert state.stale_since is not None

    done = threading.Event()
    seen: list[dict] = []

    def re_rate() -> None:
        try:
            rerating.settle_ratings(club.pk)
        finally:
            done.set()

    def read() -> None:
        while not done.is_set():
            seen.append(ratings_shown(club))
            time.sleep(0.02)

    threads = [threading.Thread(target=re_rate), threading.Thread(target=read)]
    for thread in threads:
        thread.start()
    try:
        # The re-rating took its generation to write, and shows none yet.
        wait_until(lambda: under_way(club.pk))
        started = time.monotonic()
        services.enter_hand(
            game_id=current.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=owner
        )
        took = time.monotonic() - started
        assert under_way(club.pk), "the re-rating ended before the entry: make it longer"
        assert took < 1.0
    finally:
        for thread in threads:
            thread.join(timeout=300)
    new = ratings_shown(club)
    assert RatingsState.objects.get(club_id=club.pk).stale_since is None
    assert new != old
    assert seen and all(sample in (old, new) for sample in seen)
    assert any(sample == old for sample in seen)
    # Only the shown generation is left.
    shown = RatingsState.objects.get(club_id=club.pk).shown
    assert set(
        RatingEvent.objects.filter(club_id=club.pk).values_list("generation", flat=True)
    ) == {shown}


@pytest.mark.django_db(transaction=False)
def test_a_re_rating_from_a_later_game_copies_the_earlier_events_in_batches(qq_league, monkeypatch):
    """Events before the re-rating's start are copied into the new generation a batch at a
    time; the result equals a full re-rating, and only the new generation is left."""
    club = qq_league.club
    monkeypatch.setattr(ratings, "BATCH", 3)  # the first game's four events: two batches
    games = Game.objects.filter(club=club, status=GameStatus.FINISHED).order_by("finished_at")
    since = list(games)[1].finished_at  # the second game on: two games, queued
    with transaction.atomic():
        services.results_changed(club.pk, since=since)
    assert rerating.settle_ratings(club.pk) == 2
    state = RatingsState.objects.get(club_id=club.pk)
    shown = shown_events(club.pk).values_list("player_id", "game_id", "mu", "sigma")
    full, _ = ratings.rated_events(club.pk, None)
    assert sorted(shown) == sorted((e.player_id, e.game_id, e.mu, e.sigma) for e in full)
    left = RatingEvent.objects.filter(club_id=club.pk).values_list("generation", flat=True)
    assert set(left) == {state.shown} and state.shown > 0
