"""A refusal's words on the hand and new-game forms: what a player at the table reads.

The engine and the services speak to API clients (``say subtract_from_shooter``, ``plays.2``);
the pages say the same thing by its stable code, in words, with the facts the form knows.
"""

from __future__ import annotations

import re
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine.scoring_cards import SCORING_CARDS

#: A code's words; ``{total}``, ``{queen}``, ``{sum}``, ``{question}`` come from the form.
REFUSAL_WORDS = {
    "points_do_not_sum": gettext_lazy(
        "The points add up to {sum}, but a hand has {total}: check them."
    ),
    "points_out_of_range": gettext_lazy("Points are a whole number from 0 to {total}."),
    "impossible_points": gettext_lazy(
        "Nobody has the {queen} points of the Q♠: whoever took it has at least {queen}."
    ),
    "wrong_number_of_seats": gettext_lazy("Give every player's points."),
    "moon_choice_required": gettext_lazy("{question} Choose one below."),
    "moon_choice_not_applicable": gettext_lazy(
        "Nobody took all {total}: leave the moon question unanswered."
    ),
    "invalid_option": gettext_lazy("Choose one of the answers offered."),
    **{f"{card.name}_required": gettext_lazy(card.say_who) for card in SCORING_CARDS},
    "tricks_won_required": gettext_lazy(
        "This league's rules need the tricks each player won, which this form cannot take: "
        "ask the club's director to enter the hand."
    ),
    "tricks_do_not_sum": gettext_lazy("The tricks won must add up to the tricks in a hand."),
    "penalty_cards_missing": gettext_lazy(
        "Every penalty card goes to one player: some are not given."
    ),
    "duplicate_card": gettext_lazy("A penalty card goes to one player only."),
    "invalid_card": gettext_lazy("That is not one of the penalty cards."),
    "not_a_list": gettext_lazy("That is not one of the penalty cards."),
    "one_level_required": gettext_lazy("Enter the points, or who took each penalty card."),
    "game_would_end_earlier": gettext_lazy(
        "With this correction the game would have ended before a later hand. Void the later "
        "hands first (a director can), then correct this one."
    ),
    "hand_void": gettext_lazy("This hand is void: there is nothing to correct."),
    "game_abandoned": gettext_lazy("The game was abandoned: its hands stay as they are."),
    "duplicate_player": gettext_lazy("A player can sit in one seat only."),
    "wrong_number_of_players": gettext_lazy("Fill every seat."),
    "player_not_in_club": gettext_lazy("That player is not in this club."),
    "unknown_player": gettext_lazy("That player is not in this club."),
    "player_merged": gettext_lazy(
        "That player was merged into another record: choose the other one."
    ),
    "invalid_seat": gettext_lazy("Choose who deals first."),
    "league_not_in_club": gettext_lazy("Choose one of your club's leagues."),
    "unknown_league": gettext_lazy("Choose one of your club's leagues."),
    "ruleset_from_league": gettext_lazy("A league game plays the league's rules."),
    # Setup on the pages: sign-up, a club, a league, players, invitations.
    "username_taken": gettext_lazy("That username is taken: choose another."),
    "invalid_username": gettext_lazy(
        "A username is letters, digits and @ . + - _ only, with no spaces."
    ),
    "invalid_name": gettext_lazy(
        "Give your name as your club will read it (100 characters at most)."
    ),
    "unknown_invitation": gettext_lazy(
        "This invitation was used, revoked or has expired meanwhile: nothing was made. Ask "
        "whoever invited you for a new link."
    ),
    "slug_taken": gettext_lazy("Another club has this web address: choose another."),
    "too_many_clubs": gettext_lazy(
        "You own as many clubs as one account may: hand one to another owner, or ask the "
        "site's staff."
    ),
    "duplicate_name": gettext_lazy("Give each player a name of their own (Ada B., say)."),
    "uneven_deck": gettext_lazy(
        "That many players cannot share this deck evenly: choose another number."
    ),
    "invalid_ranking": gettext_lazy("Choose how the table ranks players from the list."),
}
#: What must never reach a page: a code name (``moon_choice``) or a field path (``plays.2``).
CODE_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+(?:\.\d+)+\b|/api/\S*")


def refusal_words(code: str, detail: str, facts: dict[str, Any]) -> str:
    """The words for ``code``; a code without words keeps its detail, code names taken out."""
    words = REFUSAL_WORDS.get(code)
    if words is not None:
        try:
            return words.format(**facts).strip()
        except (KeyError, IndexError):
            pass
    return plain_words(detail)


def plain_words(detail: str) -> str:
    """A service's or the engine's own sentence with its code names taken out."""
    plain = CODE_WORDS.sub(lambda match: match.group(0).replace("_", " "), detail)
    plain = re.sub(r"\b([a-z]+)(?:\.\d+)+\b", r"\1", plain)
    return re.sub(r"/api/\S*", _("the score sheet"), plain)
