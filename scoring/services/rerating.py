"""When ratings are re-rated: at once when only the club's newest game changed (nothing later
to re-rate), else on the task queue, coalesced per club from the earliest changed game.

A write marks the club's ratings stale from a time (``RatingsState``) in its own transaction
and queues ``settle_ratings_task`` once it commits. The task computes the new events
without holding a lock, then in one transaction, under the club's row lock, checks that no
write marked the club meanwhile, replaces the events from that time on and clears the mark.
So the tables read either the old ratings or the new, never half of each; a task run twice
finds nothing to do; a task killed mid-way leaves the mark, and the next run re-rates it.
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction
from django.utils import timezone
from django_tasks import task

from hearts_site.tasks import RATINGS
from scoring.models import (
    Club,
    Game,
    GameStatus,
    RatingEvent,
    RatingsState,
    new_results_version,
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
        state.stale_since = None
        state.settled_at = timezone.now()
        state.save()
        return
    if state.stale_since is None or since < state.stale_since:
        state.stale_since = since
    state.generation += 1
    state.save()
    transaction.on_commit(lambda: settle_ratings_task.enqueue(club_id))


def _newest_only(club_id: int, since: datetime) -> bool:
    """At most one game to re-rate from ``since`` on (finished there, or rated there before
    the change reopened it): re-rating it costs one game."""
    finished = (
        Game.objects.filter(club_id=club_id, status=GameStatus.FINISHED, finished_at__gte=since)
        .order_by()  # any two will do: no sort of every later game
        .values_list("pk", flat=True)
    )
    rated = (
        RatingEvent.objects.filter(club_id=club_id, at__gte=since)
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
        created, games = ratings.rated_events(club_id, seen.stale_since)
        with transaction.atomic():
            # The club's row lock orders this against every write that marks the club; the
            # event counter's first, in the order every write takes them.
            events.hold_counter(club_id)
            Club.objects.select_for_update().filter(pk=club_id).values_list("pk").first()
            state = RatingsState.objects.get(club_id=club_id)
            if state.generation != seen.generation:
                continue
            ratings.replace_events(club_id, seen.stale_since, created)
            events.ratings_settled(club_id, seen.stale_since, games)
            state.stale_since = None
            state.settled_at = timezone.now()
            state.save()
            Club.objects.filter(pk=club_id).update(results_version=new_results_version())
            return games
    return 0


@task(queue_name=RATINGS)
def settle_ratings_task(club_id: int) -> int:
    """The queued re-rating of one club, on its own queue: never behind a webhook delivery
    (``manage.py tasks_worker --queue ratings`` runs it)."""
    return settle_ratings(club_id)


def stale_clubs() -> list[int]:
    """Clubs whose ratings wait for a re-rating (after a worker was killed, say)."""
    found = RatingsState.objects.filter(stale_since__isnull=False).order_by("club_id")
    return list(found.values_list("club_id", flat=True))
