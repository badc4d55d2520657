"""Scorekeeping records: clubs, members, players, leagues, seasons, games, hands, history.

Nothing a table recorded is ever deleted: hands are voided, players merged, games abandoned,
and every change is appended to the game's history with who, when, before, after and why.
One module per subject (clubs, leagues, games, disputes, ratings, totals, access, events,
nights, erasures, with ``choices`` for the fixed lists and ``counts`` for a seat's per-hand counts);
every model is imported here, so callers write ``scoring.models.Hand``.
"""

from .access import (
    AccountLanguage,
    DeviceToken,
    IdempotencyRecord,
    PasswordResetLink,
    SignInCount,
    WriteCount,
)
from .choices import (
    ClaimStatus,
    Confirmation,
    DisputeStatus,
    EntryLevel,
    GameEnd,
    GameStatus,
    NameVisibility,
    Role,
    RulingKind,
    RulingStatus,
)
from .clubs import (
    Club,
    Invitation,
    Membership,
    Player,
    PlayerClaim,
    PlayerMerge,
    new_results_version,
)
from .disputes import Dispute, HandRuling
from .erasures import Erasure, ErasureAsker
from .events import (
    PING,
    DeliveryStatus,
    Event,
    EventCounter,
    EventType,
    WebhookDelivery,
    WebhookEndpoint,
)
from .games import COUNTED, Game, GameSeat, Hand, HistoryEntry, SeatChange
from .hand_records import HandRecordOrigin
from .leagues import League, Season
from .nights import (
    CheckIn,
    Night,
    NightCorrection,
    NightRound,
    NightStatus,
    NightTable,
    RoundStatus,
    SubstituteScores,
)
from .ratings import RatingEvent, RatingsState, shown_events, shown_generation
from .totals import PlayerDayTotal, PlayerMonthTotal

__all__ = [
    "COUNTED",
    "PING",
    "AccountLanguage",
    "CheckIn",
    "ClaimStatus",
    "Club",
    "Confirmation",
    "DeliveryStatus",
    "DeviceToken",
    "Dispute",
    "DisputeStatus",
    "EntryLevel",
    "Erasure",
    "ErasureAsker",
    "Event",
    "EventCounter",
    "EventType",
    "Game",
    "GameEnd",
    "GameSeat",
    "GameStatus",
    "Hand",
    "HandRecordOrigin",
    "HandRuling",
    "HistoryEntry",
    "IdempotencyRecord",
    "Invitation",
    "League",
    "Membership",
    "NameVisibility",
    "Night",
    "NightCorrection",
    "NightRound",
    "NightStatus",
    "NightTable",
    "PasswordResetLink",
    "Player",
    "PlayerClaim",
    "PlayerDayTotal",
    "PlayerMerge",
    "PlayerMonthTotal",
    "RatingEvent",
    "RatingsState",
    "Role",
    "RoundStatus",
    "RulingKind",
    "RulingStatus",
    "Season",
    "SeatChange",
    "SignInCount",
    "SubstituteScores",
    "WebhookDelivery",
    "WebhookEndpoint",
    "WriteCount",
    "new_results_version",
    "shown_events",
    "shown_generation",
]
