"""Reads: who may see what, and the shapes the API and the pages show, one module a subject
(access, games, standings). Callers use ``from scoring import selectors`` and
``selectors.scoreboard(...)``; the names below are the selectors' whole public surface."""

from scoring.selectors.access import (
    DIRECTORS,
    SCORERS,
    can_read,
    games_for,
    leagues_for,
    may_read,
    players_for,
    role_in,
    visible_clubs,
)
from scoring.selectors.games import (
    GameVersion,
    LeagueVersion,
    game_still_at,
    game_version,
    hand_outcome,
    history_of,
    league_version,
    next_deal,
    scoreboard,
)

__all__ = [
    "DIRECTORS",
    "SCORERS",
    "GameVersion",
    "LeagueVersion",
    "can_read",
    "game_still_at",
    "game_version",
    "games_for",
    "hand_outcome",
    "history_of",
    "league_version",
    "leagues_for",
    "may_read",
    "next_deal",
    "players_for",
    "role_in",
    "scoreboard",
    "visible_clubs",
]
