"""What cached copies depend on: a game's version (its ETag) and a club's results version (its
tables' ETags and kept renderings). A write that changes what they show gives them new ones."""

from __future__ import annotations

from datetime import datetime

from django.db.models import F, QuerySet
from django.utils import timezone

from scoring.models import Club, Game, new_results_version
from scoring.services import events, ratings


def results_changed(club_id: int, since: datetime | None = None) -> None:
    """What the club's tables show changed: re-rate its games from ``since`` (all when None)
    and give the club a new results version, so cached tables and their ETags are dropped."""
    rated = ratings.recompute(club_id, since=since)
    tables_changed(club_id)
    # Issue 21 moves the re-rating onto the task queue: this event goes with it.
    events.ratings_settled(club_id, since, rated)


def tables_changed(club_id: int) -> None:
    """Something the club's tables show changed: a new results version drops their cached
    copies and changes their ETags."""
    Club.objects.filter(pk=club_id).update(results_version=new_results_version())


def games_changed(games: QuerySet[Game]) -> None:
    """These games changed other than through a service (an edit in the admin): a new version
    each, so kept scoreboards and their ETags follow."""
    games.update(version=F("version") + 1, updated_at=timezone.now())
