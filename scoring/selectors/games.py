"""A game as the table sees it: its version (an ETag), the scoreboard, what comes next after a
write, and its history."""

from __future__ import annotations

from typing import Any, NamedTuple

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet

from adjudication.engine import Ruleset, dealer_of_hand, pass_direction
from adjudication.engine.scoring_cards import CARD_NAMES
from adjudication.services import ruleset_for
from scoring import sql
from scoring.domain.round_limit import Recorded, last_hand
from scoring.models import (
    Club,
    Confirmation,
    Dispute,
    DisputeStatus,
    Game,
    GameStatus,
    Hand,
    HistoryEntry,
    Player,
)
from scoring.selectors.access import games_for, may_read, players_for
from scoring.selectors.names import shown_player, shown_player_name


class GameVersion(NamedTuple):
    club_id: int
    club_is_public: bool
    version: int
    changed: str  # the time of the last write, as the database gives it (a key, not shown)


class LeagueVersion(NamedTuple):
    club_id: int
    club_is_public: bool
    results_version: str
    ranking: Any  # the league's declared ranking (a table's ETag names it)


def game_version(game_id: int, user) -> GameVersion | None:
    """The game's club, whether it is public, and the game's version and last change; None
    for no such game, or one in a private club the user is not a member of. All that a kept
    scoreboard, a 304 or a write's permission check needs of the game."""
    row = sql.game_version_row(game_id)
    if row is None or not may_read(user, row[0], row[1]):
        return None
    return GameVersion(*row)


def league_version(league_id: int, user) -> LeagueVersion | None:
    """The league's club, whether it is public, the club's results version and the league's
    ranking; None for no such league, or one in a private club the user is not a member of."""
    row = sql.league_version_row(league_id)
    if row is None or not may_read(user, row[0], row[1]):
        return None
    return LeagueVersion(*row)


def game_still_at(game_id: int, version: int) -> bool:
    """No write has changed the game since it was read at ``version``."""
    return Game.objects.filter(pk=game_id, version=version).exists()


def next_deal(game: Game, rules: Ruleset, hands: int, round_done: bool = False) -> dict[str, Any]:
    """What the table does next, once ``hands`` hands are recorded: the hand's number, its
    dealer and its pass (all None once the game is over, or ``round_done``: its night's round
    has had its last hand, which waits)."""
    if game.status != GameStatus.IN_PROGRESS or round_done:
        return {"next_hand": None, "next_dealer": None, "next_pass": None}
    number = hands + 1
    return {
        "next_hand": number,
        "next_dealer": dealer_of_hand(rules.players, game.first_dealer, number),
        "next_pass": pass_direction(rules, number),
    }


def hand_outcome(game: Game, recorded: int | None = None) -> dict[str, Any]:
    """What the table needs after a write: totals, status, winners, version and next deal.
    ``recorded``: how many hands the game has, when the caller knows (it just added the last)."""
    hands = game.hands.count() if recorded is None else recorded
    return {
        "totals": game.totals,
        "status": game.status,
        "winners": game.winners,
        "game_version": game.version,
        **next_deal(game, ruleset_for(game.ruleset), hands),
    }


# The columns of a scoreboard's row, read as they are stored; the moon is shown as one object.
BOARD_COLUMNS = (
    "number",
    "dealer",
    "pass_direction",
    "level",
    "points",
    "scores",
    "moon_shooter",
    "moon_choice",
    *CARD_NAMES,  # each scoring card's taker
    "gems",
    "is_void",
    "renege_by",
    "confirmation",
)


def scoreboard(game: Game) -> dict[str, Any]:
    """Every hand with its scores and the running totals, the totals, the end and the winners."""
    rules = ruleset_for(game.ruleset)
    running = [0] * rules.players
    rows, recorded = [], []
    hands = Hand.objects.filter(game=game).order_by("number")
    for hand in hands.values(*BOARD_COLUMNS, "recorded_at"):
        counts = hand["confirmation"] == Confirmation.CONFIRMED
        at = hand.pop("recorded_at")
        if not hand["is_void"]:
            recorded.append(Recorded(hand["number"], at, counts))
        if not hand["is_void"] and counts:
            running = [t + s for t, s in zip(running, hand["scores"], strict=True)]
        shooter, choice = hand.pop("moon_shooter"), hand.pop("moon_choice")
        moon = {"shooter": shooter, "choice": choice or None} if shooter is not None else None
        rows.append({**hand, "moon": moon, "running_totals": list(running)})
    seats = [
        {"seat": seat, "player": player, "name": shown_player_name(player, name)}
        for seat, player, name in game.seats.order_by("seat").values_list(
            "seat", "player_id", "player__name"
        )
    ]
    return {
        "game": game.pk,
        "table": game.table,
        "version": game.version,
        "status": game.status,
        "seats": seats,
        "hands": rows,
        "totals": game.totals,
        "gems": game.gems,
        "winners": game.winners,
        "end_reason": game.end_reason,
        **next_deal(game, rules, len(rows), round_last_in(game, recorded)),
        "target_score": rules.target_score,
    }


def round_last_in(game: Game, recorded: list[Recorded]) -> bool:
    """Whether the game's night round has had its last hand (``round_limit``)."""
    return last_hand(recorded, game.round_hands, game.round_ends_at) is not None


def hands_of(game: Game) -> QuerySet[Hand]:
    return Hand.objects.filter(game=game).order_by("number")


def history_of(game: Game) -> QuerySet[HistoryEntry]:
    return HistoryEntry.objects.filter(game=game).select_related("actor").order_by("at", "id")


RECENT_GAMES = 10


def recent_games(user, **filters) -> list[Game]:
    """The latest games ``user`` may read among those ``filters`` pick, newest first."""
    games = games_for(user).filter(**filters).order_by("-started_at", "-id")
    return list(games[:RECENT_GAMES])


def players_to_seat(user, club: Club) -> QuerySet[Player]:
    """The club's players a new game may seat: not merged into another record."""
    return players_for(user).filter(club=club, merged_into__isnull=True).order_by("name", "id")


def next_hand_number(game: Game) -> int:
    """The number the next hand is entered under (hands keep their numbers when voided)."""
    return game.hands.count() + 1


def countable_hands(game: Game) -> list[int]:
    """The numbers of the game's hands that still count (not void), in order."""
    return list(
        game.hands.filter(is_void=False).order_by("number").values_list("number", flat=True)
    )


def open_disputes(game: Game) -> QuerySet[Dispute]:
    """The game's disputes still waiting for a director, oldest first."""
    return (
        Dispute.objects.filter(hand__game=game, status=DisputeStatus.OPEN)
        .select_related("hand", "opened_by")
        .order_by("opened_at", "id")
    )


def games_page(user, number: int | None, per_page: int = RECENT_GAMES, **filters) -> Page:
    """A page of the games ``user`` may read among those ``filters`` pick, newest first (a
    page number out of range gives the last page)."""
    games = games_for(user).filter(**filters).order_by("-started_at", "-id")
    return Paginator(games, per_page).get_page(number)


def seat_names(game: Game) -> list[str]:
    """The players' names in seat order."""
    return [shown_player(seat.player) for seat in game.seats.all()]
