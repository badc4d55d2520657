"""Games played out through the services at each entry level, from a seeded random deal:
what the hand record tests export and import."""

from __future__ import annotations

import random

from adjudication.engine import HeartsError, adjudicate, names
from adjudication.engine.cards import JD_BIT
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from adjudication.services import ruleset_for
from hearts_site.errors import DomainError
from scoring import services
from scoring.models import Game
from scoring.services.games import rules_of


def entry_for(rules, level: str, dealer: int, rng: random.Random) -> dict:
    """A legal hand, random, as an entry at ``level``."""
    holdings = deal(rules, rng)
    leader = opening_leader(rules, holdings, dealer)
    plays = play_randomly(rules, holdings, leader, rng)
    if level == "plays":
        return {"plays": names(plays), "hands": [names(mask) for mask in holdings]}
    ruling = adjudicate(rules, plays, hands=holdings, dealer=dealer)
    entry: dict = {}
    if level == "cards_taken":
        penalty = rules.point_mask | (rules.deck & JD_BIT if rules.jack_of_diamonds else 0)
        entry["cards_taken"] = [names(taken & penalty) for taken in ruling.taken]
    else:
        entry["points"] = list(ruling.points_taken)
        if rules.jack_of_diamonds:
            entry["jack_of_diamonds"] = ruling.jack_of_diamonds
    if rules.sun or rules.no_trick_bonus:
        entry["tricks_won"] = list(ruling.tricks_won)
    return entry


def play_game(club, actor, *, ruleset="standard", level="points", hands=3, seed=0) -> Game:
    """A game of ``hands`` hands (fewer if it ends), each entered at ``level``."""
    rng = random.Random(seed)
    rules = ruleset_for(ruleset)
    game = services.create_game(
        club=club, players=club.seated[: rules.players], actor=actor, ruleset=ruleset
    )
    for number in range(1, hands + 1):
        game.refresh_from_db()
        if game.status != "in_progress":
            break
        dealer = (game.first_dealer + number - 1) % rules.players
        entry = entry_for(rules_of(game), level, dealer, rng)
        try:
            services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
        except (DomainError, HeartsError) as error:
            if error.code != "moon_choice_required":
                raise
            entry["moon_choice"] = "add_to_others"
            services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)
    game.refresh_from_db()
    return game
