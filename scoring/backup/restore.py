"""``import_club``: a checked document written as a new club, in short transactions, the
club published only at the end.

Rows are written directly under the export's own times, versions and history, not replayed
through the services; every reference is remapped to the new ids, and the ratings recomputed.
Within each kind, rows are inserted in the order of their export ids, so that the new ids keep
the old relative order (tables and ratings break ties by id).

A large club takes many seconds to write, and on SQLite one transaction holds the one writer
lock all that time: every hand entry in the room would wait for it. So rows go in batches of
``TRANSACTION_ROWS``, one transaction each, into a club no one can see: private, with no
members, under a hidden slug (``importing-…``). The last transaction publishes it: its
members, its slug and whether it is public. Any failure deletes what was written (the hidden
club and the users the import created), so an import is still all or nothing for everyone
reading; only a process killed mid-import leaves a hidden club behind, which ``import_club``
never reuses (delete clubs whose slug starts with ``importing-`` to tidy up).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import DataError, IntegrityError, connection, transaction
from django.db.models import Model

from hearts_site.text import numbers
from scoring import services
from scoring.backup import schema
from scoring.backup.format import BackupError, validate
from scoring.backup.night_writes import write_nights
from scoring.backup.users import accounts_for
from scoring.models import (
    Club,
    Dispute,
    GameSeat,
    HandRuling,
    Membership,
    Player,
    Role,
)

BATCH = 500
# Rows written in one transaction, and the pause after it: on SQLite the pause lets a writer
# waiting for the one writer lock (it tries every few milliseconds) in between two batches.
TRANSACTION_ROWS = 200
PAUSE_SECONDS = 0.01
Source = dict[str, Any]  # a row of the document


def import_club(data: Any, *, owner=None, slug: str | None = None) -> Club:
    """Write a ``hearts-club-backup`` document as a new club and return it.

    Refuses (``BackupError``, nothing left written) a document of another format or version,
    one that does not check out, or a club slug already in use. ``slug`` imports under another
    slug; ``owner`` (a user) is made an owner of the new club as well. The users the document
    names are new accounts, inactive with no usable password, never existing ones but the
    owner (users.py; ``club.created_users`` lists them, ``club.renamed_users`` those whose
    username was taken here). Ratings are recomputed afterwards.
    """
    data = validate(data)
    slug = slug or data["club"]["slug"]
    _refuse_taken(slug)
    writer = _Writer()
    try:
        club = _write(data, owner=owner, slug=slug, writer=writer)
    except BaseException as exc:
        _discard(writer)
        if isinstance(exc, IntegrityError | DataError):
            raise BackupError(f"The document clashes with the database: {exc}") from None
        raise
    club.created_users, club.renamed_users = writer.created_users, writer.renamed_users
    return club


def _refuse_taken(slug: str) -> None:
    if Club.objects.filter(slug=slug).exists():
        raise BackupError(
            f"A club with the slug {slug!r} already exists: import under another slug "
            "(import_club --slug NEW) or into a database without it."
        )


def _write(data: dict[str, Any], *, owner, slug: str, writer: _Writer) -> Club:
    with transaction.atomic():
        accounts = accounts_for(_usernames(data), owner=owner, slug=slug)
    writer.users, writer.created_users = accounts.by_username, accounts.created
    writer.renamed_users = accounts.renamed
    club = writer.club = _club(data["club"], writer)
    _players(data["players"], writer)
    leagues = _leagues(data["leagues"], writer)
    _seasons(leagues, writer)
    games = _games(data["games"], writer)
    _seats(games, writer)
    hands = _hands(games, writer)
    _disputes(games, hands, writer)
    _rulings(games, writer)
    _history(games, writer)
    writer.write(schema.SEAT_CHANGES, [(g, c) for g in games for c in g["seat_changes"]])
    origins = [(g, o) for g in games for o in g["record_origins"]]
    writer.write(schema.RECORD_ORIGINS, origins, lambda *_: {"club": writer.club.pk})
    _merges(data["player_merges"], writer)
    write_nights(data["nights"], writer)
    with transaction.atomic():
        _members(data["members"], owner, writer)
        club.slug, club.is_public = slug, data["club"]["is_public"]
        club.save(update_fields=["slug", "is_public"])
        services.results_changed(club.pk)
    return club


def _discard(writer: _Writer) -> None:
    """Delete what a failed import wrote: its hidden club (and so every row in it) and the
    users it created."""
    with transaction.atomic():
        if writer.club is not None:
            # Last written, first deleted: a club's rows protect what they refer to.
            Player.objects.filter(club=writer.club).update(merged_into=None)
            for kind in reversed(schema.ROW_KINDS):
                if kind.via is not None:
                    kind.model.objects.filter(**{kind.club_lookup: writer.club.pk}).delete()
            Club.objects.filter(pk=writer.club.pk).delete()
        created = writer.created_users
        if created:
            field = get_user_model().USERNAME_FIELD
            get_user_model().objects.filter(**{f"{field}__in": created}).delete()


class _Writer:
    """What the writes share: the new club, the users by username, and the new id of every
    row written so far by its model and export id."""

    def __init__(self) -> None:
        self.users: dict[str, Any] = {}
        self.created_users: list[str] = []
        self.renamed_users: dict[str, str] = {}
        self.club: Club | None = None
        self.ids: dict[type[Model], dict[int, int]] = {}

    def write(
        self,
        kind: schema.RowKind,
        pairs: list[tuple[Source | None, Source]],
        given: Callable[[Source | None, Source], dict[str, Any]] = lambda *_: {},
    ) -> list[Model]:
        """Write rows of one kind, in the order of ``pairs``: (the object holding the row in the
        document, or None at the top level; the row). ``given(holder, source)`` returns the
        fields a row cannot say alone (see ``_row``). Returns the new rows.

        One transaction for each ``TRANSACTION_ROWS`` rows: no writer waits long behind an
        import."""
        rows: list[Model] = []
        if kind.has_id:
            self.ids.setdefault(kind.model, {})
        for start in range(0, len(pairs), TRANSACTION_ROWS):
            batch = pairs[start : start + TRANSACTION_ROWS]
            with transaction.atomic():
                made = [self._row(kind, src, holder, **given(holder, src)) for holder, src in batch]
                self._insert(kind, [source for _, source in batch], made)
            rows += made
            time.sleep(PAUSE_SECONDS)
        return rows

    def _row(self, kind: schema.RowKind, source: Source, holder: Source | None, **given) -> Model:
        """A new, unsaved row from the document's ``source``.

        ``given`` sets the fields the row cannot say alone, by name (a foreign key by id). The
        foreign key to the row's place is the new club's at the top level, else the new id of
        ``holder`` (the object holding ``source``). The other columns are read by their kind:
        users by username, rows by export id; stamped times are set by ``_insert``.
        """
        meta = kind.model._meta
        values = {meta.get_field(name).attname: value for name, value in given.items()}
        if kind.via_field is not None:
            place = self.club.pk if holder is None else self.ids[kind.inside.model][holder["id"]]
            values[kind.via_field.attname] = place
        for column in kind.copied:
            if column.field.name not in given:
                values[column.field.attname] = self._read(column, source[column.key])
        return kind.model(**values)

    def _read(self, column: schema.Column, value: Any) -> Any:
        if value is None:
            return None
        if column.writes == schema.USERNAME:
            return self.users[value].pk
        if column.writes == schema.ROW_ID:
            return self.ids[column.field.related_model][value]
        if column.writes == schema.NUMBER:
            raise AssertionError(f"{column.key}: given by the kind's writer (_disputes, ...)")
        if column.base == "datetime":
            return numbers.ascii_moment(value)
        if column.base == "date":
            return numbers.ascii_day(value)
        return value

    def _insert(self, kind: schema.RowKind, sources: list[Source], rows: list[Model]) -> None:
        """Insert ``rows`` (ids come back, in order), set the times the database stamped on them
        to the document's, and note each row's new id by its export id."""
        if connection.features.can_return_rows_from_bulk_insert:
            kind.model.objects.bulk_create(rows, batch_size=BATCH)
        else:  # pragma: no cover - every supported database returns ids
            for row in rows:
                row.save(force_insert=True)
        if rows and kind.stamped:
            for row, source in zip(rows, sources, strict=True):
                for column in kind.stamped:
                    setattr(row, column.field.attname, numbers.ascii_moment(source[column.key]))
            # bulk_update writes the attributes as they are: no auto_now here.
            stamped = [column.field.name for column in kind.stamped]
            kind.model.objects.bulk_update(rows, stamped, batch_size=BATCH)
        if kind.has_id:
            new_ids = self.ids.setdefault(kind.model, {})
            new_ids.update((s["id"], row.pk) for s, row in zip(sources, rows, strict=True))


def _usernames(data: dict[str, Any]) -> set[str]:
    """Every username the document names."""
    wanted = {
        source[column.key]
        for kind in schema.ROW_KINDS
        for column in kind.columns
        if column.writes == schema.USERNAME
        for _, source in kind.rows_of(data)
    }
    wanted.discard(None)
    return wanted


# --- One kind of row at a time, in the order of schema.ROW_KINDS ---------------------------------


def _club(source: Source, writer: _Writer) -> Club:
    """The club, hidden until ``_write`` publishes it: private, under a slug of its own."""
    hidden = {"slug": f"importing-{secrets.token_hex(8)}", "is_public": False}
    [club] = writer.write(schema.CLUB, [(None, source)], lambda *_: hidden)
    return club


def _members(sources: list[Source], owner, writer: _Writer) -> None:
    writer.write(schema.MEMBERS, _at_top(sources))
    if owner is not None:
        Membership.objects.update_or_create(
            club=writer.club, user=owner, defaults={"role": Role.OWNER}
        )


def _players(sources: list[Source], writer: _Writer) -> None:
    """The players, then who was merged into whom (a reference among themselves)."""
    sources = sorted(sources, key=lambda p: p["id"])
    players = writer.write(schema.PLAYERS, _at_top(sources), lambda *_: {"merged_into": None})
    new_ids = writer.ids[Player]
    merged = []
    for p, row in zip(sources, players, strict=True):
        if p["merged_into"] is not None:
            row.merged_into_id = new_ids[p["merged_into"]]
            merged.append(row)
    Player.objects.bulk_update(merged, ["merged_into"], batch_size=BATCH)


def _leagues(sources: list[Source], writer: _Writer) -> list[Source]:
    """The leagues written; their sources in the order written."""
    sources = sorted(sources, key=lambda league: league["id"])
    writer.write(schema.LEAGUES, _at_top(sources))
    return sources


def _seasons(leagues: list[Source], writer: _Writer) -> None:
    pairs = sorted(((x, s) for x in leagues for s in x["seasons"]), key=lambda p: p[1]["id"])
    writer.write(schema.SEASONS, pairs)


def _games(sources: list[Source], writer: _Writer) -> list[Source]:
    """The games written; their sources in the order written."""
    sources = sorted(sources, key=lambda g: g["id"])
    writer.write(schema.GAMES, _at_top(sources))
    return sources


def _seats(games: list[Source], writer: _Writer) -> None:
    pairs = [(g, s) for g in games for s in sorted(g["seats"], key=lambda s: s["id"])]
    writer.write(schema.SEATS, pairs)


def _hands(games: list[Source], writer: _Writer) -> dict[tuple[int, int], int]:
    """The hands written; their new ids by game export id and hand number."""
    pairs = [(g, h) for g in games for h in sorted(g["hands"], key=lambda h: h["number"])]
    rows = writer.write(schema.HANDS, pairs)
    return {(g["id"], h["number"]): row.pk for (g, h), row in zip(pairs, rows, strict=True)}


def _disputes(games: list[Source], hands: dict[tuple[int, int], int], writer: _Writer) -> None:
    """The disputes, each on its game's hand of that number."""
    pairs = sorted(((g, d) for g in games for d in g["disputes"]), key=lambda p: p[1]["id"])
    writer.write(schema.DISPUTES, pairs, lambda g, d: {"hand": hands[(g["id"], d["hand"])]})


def _rulings(games: list[Source], writer: _Writer) -> None:
    """The rulings, each in its dispute."""
    pairs = [(d, r) for g in games for d in g["disputes"] for r in d["rulings"]]
    writer.write(schema.RULINGS, sorted(pairs, key=lambda pair: pair[1]["id"]))


def _history(games: list[Source], writer: _Writer) -> None:
    """Each game's history in the order exported (at, then id), so new ids keep that order."""
    players, disputes = writer.ids[Player], writer.ids[Dispute]
    rulings = writer.ids.get(HandRuling, {})

    def remapped(_, entry: Source) -> dict[str, Any]:
        before, after = entry["before"], entry["after"]
        return {
            "before": _remap_refs(before, players, disputes, rulings),
            "after": _remap_refs(after, players, disputes, rulings),
        }

    writer.write(schema.HISTORY, [(g, e) for g in games for e in g["history"]], remapped)


def _merges(sources: list[Source], writer: _Writer) -> None:
    seats = writer.ids[GameSeat]
    sources = sorted(sources, key=lambda m: m["id"])
    writer.write(
        schema.MERGES,
        _at_top(sources),
        lambda _, m: {"seats_moved": [seats[s] for s in m["seats_moved"]]},
    )


def _at_top(sources: list[Source]) -> list[tuple[None, Source]]:
    """Rows at the document's top level, paired with their holder: none."""
    return [(None, source) for source in sources]


def _remap_refs(
    value: Any, players: dict[int, int], disputes: dict[int, int], rulings: dict[int, int]
) -> Any:
    """History before/after name players, disputes and rulings by id: point them at the new
    rows."""
    if not isinstance(value, dict):
        return value
    value = dict(value)
    if isinstance(value.get("player"), int):
        value["player"] = players.get(value["player"], value["player"])
    if isinstance(value.get("players"), list):
        value["players"] = [
            players.get(p, p) if isinstance(p, int) else p for p in value["players"]
        ]
    if isinstance(value.get("dispute"), int):
        value["dispute"] = disputes.get(value["dispute"], value["dispute"])
    if isinstance(value.get("ruling"), int):
        value["ruling"] = rulings.get(value["ruling"], value["ruling"])
    return value
