"""When ratings are re-rated: at once when only the club's newest game changed (nothing later
to re-rate), else on the task queue, coalesced per club from the earliest changed game.

A write marks the club's ratings stale from a time (``RatingsState``) in its own transaction
and queues ``settle_ratings_task`` once it commits. The task writes a new generation of the
club's events beside the shown one, holding no lock (a batch a transaction: the shown events
before that time copied, the games after it re-rated); then in one short transaction, under
the club's row lock, checks that no write marked the club meanwhile, shows the new generation
and clears the mark; then deletes the old generation, a batch at a time. Writes wait for the
short transaction only. The tables read one generation in one statement (``shown_events``):
the old ratings or the new, never half of each. A task run twice finds nothing to do; a task
killed midway leaves the mark (and rows no one shows, deleted by the next run's success).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from hearts_site.tasks.queue import RATINGS, after_commit
from scoring.models import (
    Club,
    Game,
    GameStatus,
    RatingsState,
    new_results_version,
    shown_events,
)
from scoring.services import events, ratings

# How often a re-rating starts again when writes keep marking the club while it computes
# (each such write also queued a run of its own).
ATTEMPTS = 3


def ratings_changed(club_id: int, since: datetime | None) -> None:
    """In the write's transaction, after the club's row is locked (its results version
    changed): games from ``since`` on (every game when None) need re-rating."""
    state, _ = RatingsState.objects.get_or_create(club_id=club_id)
    if since is None or (state.stale_since is None and _newest_only(club_id, since)):
        rated = ratings.recompute(club_id, since=since)
        events.ratings_settled(club_id, since, rated)
        if since is None:  # a re-rating under way computed from what this replaced
            state.generation += 1
        state.stale_since = None
        state.settled_at = timezone.now()
        state.save(update_fields=["generation", "stale_since", "settled_at"])
        return
    if state.stale_since is None or since < state.stale_since:
        state.stale_since = since
    state.generation += 1
    # Named fields: a re-rating reserves its generation (``reserved``) holding no club lock.
    state.save(update_fields=["generation", "stale_since"])
    after_commit(lambda: settle_ratings_task.enqueue(club_id))


def _newest_only(club_id: int, since: datetime) -> bool:
    """At most one game to re-rate from ``since`` on (finished there, or rated there before
    the change reopened it): re-rating it costs one game."""
    finished = (
        Game.objects.filter(club_id=club_id, status=GameStatus.FINISHED, finished_at__gte=since)
        .order_by()  # any two will do: no sort of every later game
        .values_list("pk", flat=True)
    )
    rated = (
        shown_events(club_id)
        .filter(at__gte=since)
        .order_by("-at")
        .values_list("game_id", flat=True)
    )
    # A game rates at most six seats: any seven events name two games, if two are there.
    return len(set(finished[:2]) | set(rated[:7])) <= 1


def settle_ratings(club_id: int) -> int:
    """Re-rate the club from its stale mark, if any; returns how many games were re-rated."""
    for _ in range(ATTEMPTS):
        seen = RatingsState.objects.filter(club_id=club_id).first()
        if seen is None or seen.stale_since is None:
            return 0
        mine = _reserve(club_id)
        shown = False
        try:
            games = ratings.write_generation(club_id, seen.stale_since, seen.shown, mine)
            shown = _show(club_id, seen, mine, games)
        finally:
            # Shown: the old generation goes; else this attempt's own rows do.
            if shown:
                ratings.drop_generations(club_id, keep=mine)
            else:
                ratings.drop_generations(club_id, only=mine)
        if shown:
            return games
    return 0


def _reserve(club_id: int) -> int:
    """A generation number no other re-rating of the club writes under."""
    with transaction.atomic():
        state = RatingsState.objects.select_for_update().get(club_id=club_id)
        state.reserved = max(state.reserved, state.shown) + 1
        state.save(update_fields=["reserved"])
        return state.reserved


def _show(club_id: int, seen: RatingsState, mine: int, games: int) -> bool:
    """Show generation ``mine`` (written from ``seen``'s mark) in one short transaction, under
    the club's row lock, unless a write marked the club or another generation was shown since;
    whether it is shown."""
    with transaction.atomic():
        # The club's row lock orders this against every write that marks the club; the
        # event counter's first, in the order every write takes them.
        events.hold_counter(club_id)
        Club.objects.select_for_update().filter(pk=club_id).values_list("pk").first()
        state = RatingsState.objects.get(club_id=club_id)
        if state.generation != seen.generation or state.shown != seen.shown:
            return False
        events.ratings_settled(club_id, seen.stale_since, games)
        state.shown = mine
        state.stale_since = None
        state.settled_at = timezone.now()
        state.save(update_fields=["shown", "stale_since", "settled_at"])
        Club.objects.filter(pk=club_id).update(results_version=new_results_version())
        return True


@task(queue_name=RATINGS)
def settle_ratings_task(club_id: int) -> int:
    """The queued re-rating of one club, on its own queue: never behind a webhook delivery
    (``manage.py tasks_worker --queue ratings`` runs it)."""
    return settle_ratings(club_id)


def stale_clubs() -> list[int]:
    """Clubs whose ratings wait for a re-rating (after a worker was killed, say)."""
    found = RatingsState.objects.filter(stale_since__isnull=False).order_by("club_id")
    return list(found.values_list("club_id", flat=True))


def queue_stale() -> int:
    """Queue the re-rating of every stale club (its task may have been lost with a worker or a
    Redis queue; one queued twice finds nothing to do); returns how many."""
    clubs = stale_clubs()
    for club_id in clubs:
        settle_ratings_task.enqueue(club_id)
    return len(clubs)
