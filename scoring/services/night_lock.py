"""A night's results once final, locked (issue 49): a change to a hand of its games is then a
director's correction with a reason. It counts at once (no confirmation is asked again), it is
listed with the night's standings (``NightCorrection``, beside its game's history entry) and
told as ``night.corrected``. No dispute or query opens on its hands any more."""

from __future__ import annotations

from django.utils.translation import gettext as _

from hearts_site.errors import Conflict, DomainError, Forbidden
from scoring.models import EventType, Game, HistoryEntry, Night, NightCorrection
from scoring.selectors import DIRECTORS, role_in
from scoring.services.settlement import limited


def final_night(game: Game) -> Night | None:
    """The game's night when its results are final; None for any other game (one query for
    a night's game, none for a game no round limits)."""
    if not limited(game):
        return None
    return Night.objects.filter(rounds__tables__game=game, final_at__isnull=False).first()


def check_correction(game: Game, actor, reason: str) -> Night | None:
    """The game's night when its results are final, once the change is known to be a
    director's with a reason (refused otherwise); None when the results are not final."""
    night = final_night(game)
    if night is None:
        return None
    if role_in(actor, game.club_id) not in DIRECTORS:
        raise Forbidden(
            "results_final",
            _("The results of {night} are final: only a director corrects them.").format(
                night=night.name
            ),
            None,
        )
    if not reason.strip():
        raise DomainError(
            "reason_required",
            _("The results of {night} are final: say why you correct them.").format(
                night=night.name
            ),
            "reason",
        )
    return night


def corrected(night: Night, entry: HistoryEntry) -> None:
    """A final night's hand changed, as its game's history ``entry`` says: listed with the
    night's standings and told."""
    # A late import: the nights package imports the hands' services, which import this module.
    from scoring.services.nights.state import night_event

    NightCorrection.objects.create(night=night, entry=entry)
    night_event(
        EventType.NIGHT_CORRECTED,
        night,
        correction={
            "game": entry.game_id,
            "hand": entry.hand_number,
            "action": entry.action,
            "reason": entry.reason,
        },
    )


def refuse_dispute(game: Game) -> None:
    """No dispute or query opens on a hand of a night whose results are final."""
    night = final_night(game)
    if night is not None:
        raise Conflict(
            "results_final",
            _(
                "The results of {night} are final: a director corrects a hand instead, with "
                "a reason."
            ).format(night=night.name),
            None,
        )
