"""Leagues (a ruleset and a ranking declaration each) and their seasons."""

from __future__ import annotations

from typing import Any

from adjudication.services import ruleset_for
from hearts_site.errors import DomainError
from scoring.domain.ranking import RANKING_KEYS, ranking_of
from scoring.models import Club, League, Season
from scoring.services.versions import tables_changed


def create_league(*, club: Club, name: str, ruleset: object, ranking: dict | None = None) -> League:
    """A league stores its full ruleset and its ranking declaration, both checked here."""
    rules = ruleset_for(ruleset)
    return League.objects.create(
        club=club, name=name, ruleset=rules.options(), ranking=_checked_ranking(ranking)
    )


def update_league(*, league: League, **changes: Any) -> League:
    """A league's ruleset may change; games already started keep their own snapshot."""
    if "ruleset" in changes:
        changes["ruleset"] = ruleset_for(changes["ruleset"]).options()
    if "ranking" in changes:
        changes["ranking"] = _checked_ranking(changes["ranking"])
    for field, value in changes.items():
        setattr(league, field, value)
    league.save()
    tables_changed(league.club_id)
    return league


def create_season(*, league: League, name: str, starts_on, ends_on) -> Season:
    if ends_on < starts_on:
        raise DomainError("season_dates", "A season ends on or after its start.", "ends_on")
    return Season.objects.create(league=league, name=name, starts_on=starts_on, ends_on=ends_on)


def _checked_ranking(ranking: object) -> dict:
    """The declaration as the league keeps it: only what was declared (the defaults fill the
    rest when a table is ranked), each key checked."""
    if ranking is None:
        return {}
    ranking_of(ranking)  # raises invalid_ranking naming the key
    unknown = sorted(set(ranking) - RANKING_KEYS)
    if unknown:
        raise DomainError(
            "invalid_ranking", f"unknown ranking key {unknown[0]!r}", f"ranking.{unknown[0]}"
        )
    return dict(ranking)
