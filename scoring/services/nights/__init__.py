"""Tournament nights (issue 37): opened for a league, players checked in and withdrawn between
rounds, each round drawn (``scoring.domain.seating``), published as games, started on the
server's clock and ended; ``night.*`` and ``round.*`` events in the club's log."""

from scoring.services.nights.check_ins import check_in, check_in_many, withdraw
from scoring.services.nights.moves import move_player, redraw_table
from scoring.services.nights.opening import close_night, open_night, open_night_for_league_id
from scoring.services.nights.results import finalize_nights, settle_hand
from scoring.services.nights.rounds import draw_round, end_round, publish_round, start_round
from scoring.services.nights.seats import swap_seats
from scoring.services.nights.substitutes import substitute
from scoring.services.nights.tables import extend_table, finish_table

__all__ = [
    "check_in",
    "check_in_many",
    "close_night",
    "draw_round",
    "end_round",
    "extend_table",
    "finalize_nights",
    "finish_table",
    "move_player",
    "open_night",
    "open_night_for_league_id",
    "publish_round",
    "redraw_table",
    "settle_hand",
    "start_round",
    "substitute",
    "swap_seats",
    "withdraw",
]
