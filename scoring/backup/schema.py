"""The rows of a backup document, each kind declared once (docs/backup-format.md).

A kind of row (members, players, games, seats, ...) names its model, where its rows stand in the
document, and only what the model's own fields cannot say. Everything else is derived from the
model's concrete fields, in their order: the keys a row holds and what each holds (``spec``, which
``format.validate`` checks), how ``export_club`` writes each value and how ``import_club`` reads
it back. So a field added to one of these models joins the document: that changes the format
(a new ``VERSION``), unless the kind lists the field in ``never``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from django.contrib.auth import get_user_model
from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import (
    BooleanField,
    CharField,
    DateField,
    DateTimeField,
    Field,
    ForeignKey,
    IntegerField,
    JSONField,
    Model,
    TextField,
)

from scoring import models

# What the document holds for a field, by the field's class: the first that matches (a
# DateTimeField is a DateField too). A kind ending in "?" also allows null; "json" is anything
# (null too), unless the row kind names the JSON field's shape ("dict" or "list").
ANY = "json"
KIND_OF_FIELD: tuple[tuple[type[Field], str], ...] = (
    (BooleanField, "bool"),
    (DateTimeField, "datetime"),
    (DateField, "date"),
    (IntegerField, "int"),  # the positive, small, big and auto ones too
    (CharField, "str"),  # slugs too
    (TextField, "str"),
    (JSONField, ANY),
)

# How a column is written.
VALUE = "value"  # the field's value; times and dates in ISO 8601
ROW_ID = "row id"  # a foreign key: the export id of another row of the document
USERNAME = "username"  # a foreign key to a user: the user's username
NUMBER = "number"  # a foreign key: a field of the row it names, unique within the same object


@dataclass(frozen=True)
class Column:
    """One key of a row: the model field it copies, what it holds, and how it is written."""

    key: str
    field: Field
    kind: str
    writes: str
    named_by: str | None = None  # NUMBER: the field of the row it names

    @property
    def base(self) -> str:
        """The kind without its "?"."""
        return self.kind.rstrip("?")

    @property
    def bounds(self) -> tuple[int, int] | None:
        """The whole numbers an "int" key may hold: what its column holds on every database
        (Django's range for its field's type; a reference's, for the field it names). None
        for other kinds."""
        if self.base != "int":
            return None
        stored = self.field
        if self.writes == NUMBER:
            stored = stored.related_model._meta.get_field(self.named_by)
        elif stored.is_relation:
            stored = stored.target_field
        return BaseDatabaseOperations.integer_field_ranges[stored.get_internal_type()]


@dataclass(frozen=True, eq=False)
class RowKind:
    """One kind of row: its model, where its rows stand, and what the model's fields cannot say.

    ``key``: the key its rows stand under, in the document or in each object of ``inside``.
    ``inside``: the kind whose objects hold these rows; None at the document's top level.
    ``via``: the lookup from a row to that object (to the club at the top level). A foreign key
    it names is not written: the row's place in the document says it.
    ``order``: the order the export writes the rows in.
    ``has_id``: whether the row's export id is written (hands go by number, history by order).
    ``never``: fields never exported. ``keys``: fields written under another key.
    ``shapes``: what JSON fields hold, where it is not anything ("dict" or "list").
    ``numbers``: foreign keys written as a field of the row they name (a dispute's hand as its
    number), unique within the object that holds both.
    """

    key: str
    model: type[Model]
    inside: RowKind | None = None
    via: str | None = "club"
    order: tuple[str, ...] = ("id",)
    has_id: bool = True
    many: bool = True
    never: tuple[str, ...] = ()
    keys: Mapping[str, str] = field(default_factory=dict)
    shapes: Mapping[str, str] = field(default_factory=dict)
    numbers: Mapping[str, str] = field(default_factory=dict)

    @cached_property
    def columns(self) -> tuple[Column, ...]:
        """The keys of a row, in the model's field order."""
        return tuple(
            self._column(f)
            for f in self.model._meta.concrete_fields
            if f.name not in self.never
            and f.name != self.via
            and (self.has_id or not f.primary_key)
        )

    def _column(self, f: Field) -> Column:
        if not f.is_relation:
            kind = self.shapes.get(f.name) or _kind_of(f)
            writes = VALUE
        elif f.related_model is get_user_model():
            kind, writes = "str", USERNAME
        else:
            kind, writes = "int", NUMBER if f.name in self.numbers else ROW_ID
        if f.null and kind != ANY:  # ANY allows null already
            kind += "?"
        return Column(self.keys.get(f.name, f.name), f, kind, writes, self.numbers.get(f.name))

    @cached_property
    def spec(self) -> dict[str, str]:
        """What each key of a row holds, the lists of the rows it holds last."""
        return {c.key: c.kind for c in self.columns} | {k.key: "list" for k in self.holds}

    @cached_property
    def holds(self) -> tuple[RowKind, ...]:
        """The kinds of row nested in each row of this kind, in the document's order."""
        return tuple(kind for kind in ROW_KINDS if kind.inside is self)

    @cached_property
    def stamped(self) -> tuple[Column, ...]:
        """The times the database stamps on a write (``auto_now``, ``auto_now_add``)."""
        stamps = ("auto_now", "auto_now_add")
        return tuple(c for c in self.columns if any(getattr(c.field, s, False) for s in stamps))

    @cached_property
    def copied(self) -> tuple[Column, ...]:
        """The columns a new row takes from the document: all but its id and stamped times."""
        return tuple(c for c in self.columns if not c.field.primary_key and c not in self.stamped)

    @cached_property
    def via_field(self) -> ForeignKey | None:
        """The foreign key to the object holding the row, when ``via`` is one field."""
        if self.via is None or "__" in self.via:
            return None
        return self.model._meta.get_field(self.via)

    @property
    def club_lookup(self) -> str:
        """The lookup from a row to its club."""
        if self.inside is None:
            return self.via
        return f"{self.via}__{self.inside.club_lookup}"

    @property
    def joined(self) -> tuple[str, ...]:
        """The rows read with each row: those ``numbers`` and a two-step ``via`` go through."""
        through = self.via.split("__")[:-1] if self.via else []
        return tuple(sorted({*self.numbers, *through}))

    def holder_id(self, row: Model) -> int:
        """The id of the row holding ``row`` (its league, its game), by following ``via``."""
        *steps, last = self.via.split("__")
        for step in steps:
            row = getattr(row, step)
        return getattr(row, f"{last}_id")

    def rows_of(self, data: dict[str, Any]) -> Iterator[tuple[dict | None, dict[str, Any]]]:
        """Every row of this kind in a document, with the object holding it (None at the top)."""
        if self.inside is None:
            for row in data[self.key] if self.many else [data[self.key]]:
                yield None, row
            return
        for _, holder in self.inside.rows_of(data):
            for row in holder[self.key]:
                yield holder, row


def _kind_of(f: Field) -> str:
    for cls, kind in KIND_OF_FIELD:
        if isinstance(f, cls):
            return kind
    raise TypeError(f"{f}: no kind for a {type(f).__name__} (add one to KIND_OF_FIELD).")


CLUB = RowKind("club", models.Club, via=None, many=False, never=("results_version",))
MEMBERS = RowKind(
    "members",
    models.Membership,
    order=("created_at", "id"),
    has_id=False,
    keys={"user": "username"},
)
# A PIN stays with the service that set it: a backup never carries its hash.
PLAYERS = RowKind(
    "players",
    models.Player,
    never=("pin_hash", "pin_failures", "pin_blocked_until", "pin_day", "pin_day_failures"),
)
LEAGUES = RowKind("leagues", models.League, shapes={"ruleset": "dict", "ranking": "dict"})
SEASONS = RowKind("seasons", models.Season, inside=LEAGUES, via="league", order=("league_id", "id"))
# A tournament night's limits on its games (and why a game ended) are kept from format 5, with
# the nights; an older document's are derived (versions.py).
GAMES = RowKind(
    "games",
    models.Game,
    shapes={"ruleset": "dict", "totals": "list", "gems": "list", "winners": "list"},
)
SEATS = RowKind("seats", models.GameSeat, inside=GAMES, via="game", order=("game_id", "seat"))
HANDS = RowKind(
    "hands",
    models.Hand,
    inside=GAMES,
    via="game",
    order=("game_id", "number"),
    has_id=False,
    shapes={
        "entry": "dict",
        "points": "list",
        "scores": "list",
        "gems": "list",
        "adjudication": "dict",
    },
)
DISPUTES = RowKind(
    "disputes",
    models.Dispute,
    inside=GAMES,
    via="hand__game",
    order=("hand__game_id", "opened_at", "id"),
    shapes={"record": "dict", "ruling": "dict", "claim": "dict"},
    numbers={"hand": "number"},
)
RULINGS = RowKind(
    "rulings",
    models.HandRuling,
    inside=DISPUTES,
    via="dispute",
    order=("dispute__hand__game_id", "dispute__opened_at", "dispute_id", "index"),
    shapes={"ruling": "dict"},
)
# From format 5 an entry has an export id: a night's correction names it.
HISTORY = RowKind(
    "history", models.HistoryEntry, inside=GAMES, via="game", order=("game_id", "at", "id")
)
# A seat a substitute took after hands were recorded, from a hand on (format 6).
SEAT_CHANGES = RowKind(
    "seat_changes",
    models.SeatChange,
    inside=GAMES,
    via="game",
    order=("game_id", "seat", "from_hand"),
    has_id=False,
)
# Where a game imported from a hand record came from (format 7): its [Game] id and digest, so
# the same record imported after a restore adds nothing (docs/hand-record.md, Import).
RECORD_ORIGINS = RowKind(
    "record_origins",
    models.HandRecordOrigin,
    inside=GAMES,
    via="game",
    order=("game_id",),
    has_id=False,
    never=("club",),
)
MERGES = RowKind(
    "player_merges", models.PlayerMerge, order=("at", "id"), shapes={"seats_moved": "list"}
)
# A tournament night (format 5): its check-ins, its rounds with their tables (each with the
# players as drawn and the game it made) and the standings kept as each ended, its corrections.
# Its substitute_scores from format 6.
NIGHTS = RowKind("nights", models.Night, shapes={"table_sizes": "list", "formula": "dict"})
CHECK_INS = RowKind(
    "check_ins",
    models.CheckIn,
    inside=NIGHTS,
    via="night",
    order=("night_id", "at", "id"),
    has_id=False,
)
ROUNDS = RowKind(
    "rounds",
    models.NightRound,
    inside=NIGHTS,
    via="night",
    order=("night_id", "number"),
    shapes={"standings": "list"},
)
TABLES = RowKind(
    "tables",
    models.NightTable,
    inside=ROUNDS,
    via="round",
    order=("round_id", "number"),
    has_id=False,
    shapes={"players": "list"},
)
CORRECTIONS = RowKind(
    "corrections",
    models.NightCorrection,
    inside=NIGHTS,
    via="night",
    order=("night_id", "entry_id"),
    has_id=False,
)

# Every kind, each after the kind holding it: the document's order, and the order of the writes.
ROW_KINDS = (
    CLUB,
    MEMBERS,
    PLAYERS,
    LEAGUES,
    SEASONS,
    GAMES,
    SEATS,
    HANDS,
    DISPUTES,
    RULINGS,
    HISTORY,
    SEAT_CHANGES,
    RECORD_ORIGINS,
    MERGES,
    NIGHTS,
    CHECK_INS,
    ROUNDS,
    TABLES,
    CORRECTIONS,
)
