"""The name taken out of what the service keeps as text (issue 55, point 2): an erasure's
words, apart from the rows it deletes.

A person's name can stand in more than their player's row: in the event log (a night's
check-in names its player, a night's standings each player; every later feed page and webhook
body is made from it), and in the words people wrote (a correction's reason, a dispute's, a
director's note, a merge's reason, a night's, a league's or a season's name). Every whole-word
match of a name, in any case, becomes the pseudonym; the rows that hold none are untouched.
``STORED_TEXT`` lists each kind once: a model, the path from it to its club and its fields.

Rows are found by the database (a text field's ``icontains``; a JSON field's text, as stored
or with its non-ASCII letters escaped as JSON writes them), then rewritten here. Before the
event log is rewritten, the webhook deliveries already sent of the events that named the
person are listed (``delivered``): their receivers hold the name, and only the club's
directors can ask them to forget it.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.admin.models import LogEntry
from django.db.models import Model, Q, TextField
from django.db.models.functions import Cast

from hearts_site.api.json import utc_text_or_none
from scoring.models import (
    Dispute,
    Event,
    HandRuling,
    HistoryEntry,
    IdempotencyRecord,
    League,
    Night,
    NightRound,
    PlayerMerge,
    Season,
    WebhookDelivery,
)

# Each kind of row that keeps words people wrote, or a name copied: its model, the path from
# it to its club (None: not a club's, matched wherever it stands) and its text fields.
STORED_TEXT: dict[str, tuple[type[Model], str | None, tuple[str, ...]]] = {
    "events": (Event, "club_id", ("data",)),
    "history_entries": (HistoryEntry, "game__club_id", ("reason", "before", "after")),
    "disputes": (Dispute, "hand__game__club_id", ("reason", "resolution_note", "record")),
    "rulings": (HandRuling, "dispute__hand__game__club_id", ("reason",)),
    "merges": (PlayerMerge, "club_id", ("reason",)),
    "nights": (Night, "club_id", ("name",)),
    "night_rounds": (NightRound, "night__club_id", ("standings",)),
    "leagues": (League, "club_id", ("name",)),
    "seasons": (Season, "league__club_id", ("name",)),
    # A create's answer kept for its idempotency key, a player's name in it perhaps.
    "kept_answers": (IdempotencyRecord, None, ("body",)),
    # The admin's log of its changes: what it changed, named as it was then.
    "admin_log": (LogEntry, None, ("object_repr", "change_message")),
}


# A JSON string that is a code, never a name written out (Scrubber.scrubbed).
CODE = re.compile(r"[a-z0-9_]+")
PART = 3  # the shortest part of a name scrubbed on its own ("Ada" of "Ada Lovelace")


def words_of(names: Iterable[str]) -> list[str]:
    """The names, and each part of a name of several words that has ``PART`` letters at least:
    a reason may call a person by their first name alone."""
    words = {name.strip() for name in names if name and name.strip()}
    parts = {part for name in words for part in name.split() if len(part) >= PART}
    return sorted(words | parts)


def pattern(names: Iterable[str]) -> re.Pattern[str] | None:
    """Any of ``names`` as a whole word (no letter or digit either side), in any case; the
    longest first, so "Ada Lovelace" goes whole before "Ada". None when there is no name."""
    words = sorted({name.strip() for name in names if name and name.strip()}, key=len)
    if not words:
        return None
    alternatives = "|".join(re.escape(word) for word in reversed(words))
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)", re.IGNORECASE)


@dataclass(frozen=True)
class Scrubber:
    """The names to take out, and the names of other players to leave whole: "Ada Byron"
    stays when "Ada Lovelace" goes, and so does a bare "Ada" that may be either of them."""

    names: list[str]
    kept: frozenset[str] = frozenset()  # casefolded
    players: frozenset[int] = frozenset()  # the erased players' ids

    @classmethod
    def of(cls, names: list[str], others: Iterable[str], players: Iterable[int]) -> Scrubber:
        """``others``: the names of the players who stay, those sharing a word with ``names``
        kept whole; ``players``: the ids of those erased."""
        erased = pattern(names)
        sharing = [o.strip().casefold() for o in others if erased and erased.search(o)]
        words = {name.casefold() for name in names}
        shared = {word for name in sharing for word in name.split() if word in words}
        return cls(names, frozenset({*sharing, *shared}), frozenset(players))

    @functools.cached_property
    def matcher(self) -> re.Pattern[str] | None:
        return pattern([*self.names, *self.kept])

    def scrubbed(self, value: Any, pseudonym: str, inside: bool = False) -> Any:
        """``value`` (text, or JSON: its strings, never its keys) with every name the
        pseudonym, the kept names as they were. Inside JSON a code (``left``, ``standard``,
        ``finished``: lower case, digits and underscores alone) stays, whatever the name: a
        player called Left keeps every hand's pass direction as it was; where a name stands
        beside its player's id it goes by the id."""
        if isinstance(value, str) and self.matcher is not None:
            if inside and CODE.fullmatch(value):
                return value
            return self.matcher.sub(lambda m: self._instead(m[0], pseudonym), value)
        if isinstance(value, list):
            return [self.scrubbed(item, pseudonym, True) for item in value]
        if isinstance(value, dict):
            found = {key: self.scrubbed(item, pseudonym, True) for key, item in value.items()}
            if self._names_a_player(found):  # {"player": 12, "name": …}, whatever the name
                found["name"] = pseudonym
            player = found.get("player")
            if isinstance(player, dict) and player.get("id") in self.players and "name" in player:
                found["player"] = {**player, "name": pseudonym}  # "player": {"id": 12, …}
            return found
        return value

    def _names_a_player(self, row: dict) -> bool:
        player = row.get("player")
        return isinstance(player, int) and player in self.players and "name" in row

    def _instead(self, found: str, pseudonym: str) -> str:
        return found if found.casefold() in self.kept else pseudonym


def _holding(model: type[Model], fields: tuple[str, ...], words: list[str]) -> tuple[dict, Q]:
    """The annotations and the filter that find ``model``'s rows holding any of ``words``."""
    annotations: dict[str, Any] = {}
    found = Q()
    for name in fields:
        field = model._meta.get_field(name)
        column = name
        if field.get_internal_type() == "JSONField":
            column = f"_erasure_{name}"
            annotations[column] = Cast(name, TextField())
        for word in words:
            escaped = json.dumps(word)[1:-1]
            found |= Q(**{f"{column}__icontains": word})
            if escaped != word:
                found |= Q(**{f"{column}__icontains": escaped})
    return annotations, found


def scrub_kind(kind: str, club_id: int | None, scrubber: Scrubber, pseudonym: str) -> int:
    """Rewrite the rows of one ``STORED_TEXT`` kind that hold a name, in the club (a kind of
    no club's: wherever they are, ``club_id`` None); how many changed."""
    model, club_path, fields = STORED_TEXT[kind]
    if not scrubber.names or (club_path is None) != (club_id is None):
        return 0
    annotations, found = _holding(model, fields, scrubber.names)
    rows = model.objects.annotate(**annotations).filter(found)
    if club_path is not None:
        rows = rows.filter(**{club_path: club_id})
    changed = 0
    for row in rows.order_by("pk").select_for_update(of=("self",)):
        before = [getattr(row, name) for name in fields]
        after = [scrubber.scrubbed(value, pseudonym) for value in before]
        if after != before:
            for name, value in zip(fields, after, strict=True):
                setattr(row, name, value)
            row.save(update_fields=list(fields))
            changed += 1
    return changed


def delivered(club_ids: list[int], names: list[str]) -> dict[int, list[dict[str, Any]]]:
    """Per club, each webhook delivery already sent (once at least, answered or not) of an
    event naming one of ``names``, in event order: what its receiver may keep."""
    if not names:
        return {}
    annotations, found = _holding(Event, ("data",), names)
    events = Event.objects.annotate(**annotations).filter(found, club_id__in=club_ids)
    rows = (
        WebhookDelivery.objects.filter(event__in=events.values("pk"), attempts__gt=0)
        .values(
            "endpoint_id",
            "endpoint__url",
            "event__club_id",
            "event__sequence",
            "event__type",
            "status",
            "delivered_at",
        )
        .order_by("event__club_id", "event__sequence", "endpoint_id")
    )
    listed: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        listed.setdefault(row["event__club_id"], []).append(
            {
                "endpoint": row["endpoint_id"],
                "url": row["endpoint__url"],
                "event": row["event__sequence"],
                "type": row["event__type"],
                "status": row["status"],
                "delivered_at": utc_text_or_none(row["delivered_at"]),
            }
        )
    return listed
