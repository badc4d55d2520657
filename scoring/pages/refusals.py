"""A service's refusal of a scoreboard action, in words a player uses (no code names), and a
refused form's first error."""

from __future__ import annotations

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from adjudication.engine import HeartsError
from hearts_site.errors import DomainError
from scoring.services.pins import PIN_GUESSES

#: A refusal's words by its code ("{n}": the hand's number).
REFUSAL_WORDS = {
    "hand_void": gettext_lazy("Hand {n} is void already: it counts for nothing."),
    "game_abandoned": gettext_lazy("The game was abandoned: its score sheet no longer changes."),
    "game_over": gettext_lazy("The game is over already."),
    "record_required": gettext_lazy(
        "Hand {n} was entered as points, not card by card: give the points each player "
        "should have taken."
    ),
    "version_mismatch": gettext_lazy("Someone changed the game meanwhile: look again and retry."),
    "own_entry": gettext_lazy(
        "The seat that entered hand {n} cannot confirm it: a player at another seat does."
    ),
    "not_seated": gettext_lazy("Only a player seated at this table confirms its hands."),
    "not_scorer": gettext_lazy("A PIN is entered on a scorer's phone."),
    "pin_refused": gettext_lazy(
        "That PIN was not accepted: nothing was confirmed. Check it with the player; after "
        "{guesses} wrong tries a PIN rests a while. A director can set a new PIN on the "
        "player's page, or confirm the hand for the table."
    ),
    "hand_changed": gettext_lazy("Hand {n} was corrected since you read it: here it is again."),
    "not_director": gettext_lazy("A director of the club confirms a hand for the table."),
    "hand_confirmed": gettext_lazy("Hand {n} is confirmed already."),
    "hand_queried": gettext_lazy("Hand {n} was queried: a director rules on it."),
    "player_linked": gettext_lazy("Another account is already linked to this player."),
    "already_linked": gettext_lazy(
        "That account is linked to another player of this club already."
    ),
    "player_merged": gettext_lazy("That player was merged into another record."),
    "claim_decided": gettext_lazy("That claim was decided already."),
    # Invitations: accepted signed in, revoked by an owner.
    "role_unchanged": gettext_lazy(
        "You are in this club with this role or a higher one already: the invitation would "
        "change nothing, so it is left unused for whoever it was meant for."
    ),
    "unknown_invitation": gettext_lazy(
        "This invitation was used, revoked or has expired meanwhile."
    ),
    "invitation_used": gettext_lazy(
        "That invitation was accepted meanwhile: it made a member, so it stays."
    ),
    "table_in_use": gettext_lazy(
        "Another game is in progress at this table now: start the new game from New game, "
        "at another table."
    ),
}
GENERIC = gettext_lazy("That could not be done: nothing was changed.")
#: A disputed count the engine refuses (it does not add up, or a moon without its choice).
BAD_CLAIM = gettext_lazy(
    "Those points cannot be a hand of this game: check they add up to the deck's total "
    "(a moon is claimed by entering the hand again as a correction)."
)


# What a player never reads: a code name (``moon_choice``) or a field path (``points.2``).
CODE_WORDS = re.compile(r"\b[a-z]+_[a-z_]+\b|\b[a-z]+\.\d+\b|/api/")


def refusal_words(
    exc: HeartsError | DomainError, number: int | None = None, fallback: str = GENERIC
) -> str:
    """The refusal's words: ours for the codes we know, else the engine's own sentence when
    it carries no code name ("no seat has the 13 points of the Q♠"), else ``fallback``."""
    if exc.code in REFUSAL_WORDS:
        return REFUSAL_WORDS[exc.code].format(n=number, guesses=PIN_GUESSES)
    said = exc.message if isinstance(exc, HeartsError) else ""
    if said and not CODE_WORDS.search(said):
        # Translators: {said} is the rules engine's own sentence, {fallback} another sentence.
        return _("{said}. {fallback}").format(
            said=f"{said[0].upper()}{said[1:]}", fallback=fallback
        )
    return str(fallback)


def first_error(form, fallback: object = None) -> str:
    """A refused form's first error, for a page that says it in a message after a redirect."""
    errors = [error for errors in form.errors.values() for error in errors]
    return errors[0] if errors else str(fallback or _("That could not be done."))
