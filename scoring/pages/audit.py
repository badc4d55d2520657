"""A game's audit trail as its page shows it: the history in words, the corrected hands with
their reasons, and people by the names players know them by (never a login name)."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from hearts_site.text.names import isolate, isolated_in
from scoring.models import HistoryEntry
from scoring.pages.irregularity_words import rule_words
from scoring.selectors import ROLE_WORDS, display_name, player_names

#: What each history action reads as ("{n}": the hand's number).
ACTION_WORDS = {
    "game_created": gettext_lazy("Game started"),
    "hand_entered": gettext_lazy("Hand {n} entered"),
    "hand_corrected": gettext_lazy("Hand {n} corrected"),
    "hand_voided": gettext_lazy("Hand {n} voided"),
    "dispute_opened": gettext_lazy("Hand {n} disputed"),
    "hand_confirmed": gettext_lazy("Hand {n} confirmed"),
    "hand_queried": gettext_lazy("Hand {n} queried"),
    "dispute_accepted": gettext_lazy("Dispute on hand {n} accepted"),
    "dispute_dismissed": gettext_lazy("Dispute on hand {n} dismissed"),
    "rulings_opened": gettext_lazy("Hand {n}: what went wrong awaits a director's ruling"),
    # Translators: {what} is what went wrong at the table, "Revoke found late".
    "ruling_accepted": gettext_lazy("Hand {n}: the ruling on “{what}” accepted"),
    "ruling_overridden": gettext_lazy("Hand {n}: the ruling on “{what}” overridden"),
    "game_abandoned": gettext_lazy("Game abandoned"),
    "players_merged": gettext_lazy("Two player records merged"),
    "seat_substituted": gettext_lazy("A substitute took a seat from hand {n}"),
}
#: The actions made for a player at the table (``after.player``), by account, PIN or director.
FOR_A_PLAYER = ("hand_confirmed", "hand_queried")
#: The actions that change a recorded hand's numbers after it was entered.
CHANGES = ("hand_corrected", "dispute_accepted", "ruling_accepted", "ruling_overridden")


def history_lines(entries: list[HistoryEntry], names: list[str], club_id: int) -> list[dict]:
    """Each entry of the history as a line: when, what, by whom, why, and the scores it
    changed."""
    people: dict[int | None, str] = {}
    players = player_names(
        entry.after["player"]
        for entry in entries
        if entry.action in FOR_A_PLAYER and isinstance((entry.after or {}).get("player"), int)
    )
    lines = []
    for entry in entries:
        if entry.actor_id not in people:
            people[entry.actor_id] = display_name(entry.actor, club_id) or _("someone")
        words = ACTION_WORDS.get(entry.action, _("Changed")).format(
            n=entry.hand_number, what=rule_words((entry.after or {}).get("rule"))
        )
        if entry.action == "rulings_opened" and (entry.after or {}).get("claim"):
            words = _("Hand {n}: the claim awaits a director's ruling").format(n=entry.hand_number)
        if entry.action == "ruling_accepted" and (entry.after or {}).get("replay"):
            words = _("{words}: the hand is void, and the deal is played again").format(words=words)
        lines.append(
            {
                "at": entry.at,
                "text": words,
                "by": _who(entry, people[entry.actor_id], players),
                "reason": entry.reason,
                "change": _score_change(entry, names),
            }
        )
    return lines


def _who(entry: HistoryEntry, actor: str, players: dict[int, str]) -> str:
    """Who did it: the actor, but for a confirmation or a query the player it was made for,
    with their PIN on the actor's phone, or the director who confirmed for the table."""
    after = (entry.after or {}) if entry.action in FOR_A_PLAYER else {}
    how, player = after.get("by"), players.get(after.get("player"))
    if how == "director":
        role_word = actor in ROLE_WORDS.values() or actor == _("someone")
        if role_word:
            # Translators: {actor} is a person's name or a role word ("a director").
            return isolated_in(_("{actor}, for the table"), actor=actor)
        return isolated_in(_("{actor}, director, for the table"), actor=actor)
    if player is None:
        return isolate(actor)
    if how == "pin":
        return isolated_in(
            _("{player}, with their PIN on {actor}'s phone"), player=player, actor=actor
        )
    return isolate(player)


def corrections(entries: list[HistoryEntry]) -> dict[int, dict[str, Any]]:
    """The hands changed after entry, by number: the latest change's words and reason."""
    changed: dict[int, dict[str, Any]] = {}
    for entry in entries:
        if entry.action in CHANGES and entry.hand_number is not None:
            what = rule_words((entry.after or {}).get("rule"))
            text = ACTION_WORDS[entry.action].format(n=entry.hand_number, what=what)
            changed[entry.hand_number] = {"text": text, "reason": entry.reason}
    return changed


def _score_change(entry: HistoryEntry, names: list[str]) -> str:
    """``Ada 25 → 0, Ben 1 → 26`` for the seats whose score a change moved; "" otherwise."""
    before = (entry.before or {}).get("scores")
    after = (entry.after or {}).get("scores")
    if not before or not after or len(before) != len(after) or len(after) != len(names):
        return ""
    moved = zip(names, before, after, strict=True)
    changed = ((isolate(name), old, new) for name, old, new in moved if old != new)
    return format_html_join(", ", "{} {} → {}", changed)
