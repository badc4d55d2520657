"""Tournament nights (issue 37): opened for a league, players checked in and withdrawn between
rounds, each round drawn (``scoring.domain.seating``), published as games, started on the
server's clock and ended; ``night.*`` and ``round.*`` events in the club's log."""

from scoring.services.nights.check_ins import check_in, withdraw
from scoring.services.nights.opening import close_night, open_night, open_night_for_league_id
from scoring.services.nights.results import finalize_nights, settle_hand
from scoring.services.nights.rounds import draw_round, end_round, publish_round, start_round

__all__ = [
    "check_in",
    "close_night",
    "draw_round",
    "end_round",
    "finalize_nights",
    "open_night",
    "open_night_for_league_id",
    "publish_round",
    "settle_hand",
    "start_round",
    "withdraw",
]
