"""``export_club``: a club's whole record as a JSON-ready dict; ``summary``: what a club holds."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Model, QuerySet
from django.utils import timezone

from scoring.backup.format import FORMAT, VERSION
from scoring.backup.schema import CLUB, NUMBER, ROW_KINDS, USERNAME, Column, RowKind
from scoring.models import Club, Game, Hand, HistoryEntry, League, Night, Player


def export_club(club: Club) -> dict[str, Any]:
    """The club's whole record as a JSON-ready dict (format ``hearts-club-backup``, ``VERSION``).

    Ids are the source database's primary keys: they only tie the document together.
    """
    rows = {kind: list(_rows(kind, club)) for kind in ROW_KINDS if kind is not CLUB}
    names = _usernames(rows)
    document: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        CLUB.key: _written(CLUB, club, names),
    }
    # Each kind after the kind holding it: a row's object is there before its nested rows.
    written: dict[RowKind, dict[int, dict[str, Any]]] = {}
    for kind, kind_rows in rows.items():
        written[kind] = {row.pk: _written(kind, row, names) for row in kind_rows}
        if kind.inside is None:
            document[kind.key] = list(written[kind].values())
            continue
        holders = written[kind.inside]
        for row in kind_rows:
            holders[kind.holder_id(row)][kind.key].append(written[kind][row.pk])
    return document


def _rows(kind: RowKind, club: Club) -> QuerySet:
    """The club's rows of one kind, in the document's order."""
    rows = kind.model.objects.filter(**{kind.club_lookup: club}).order_by(*kind.order)
    return rows.select_related(*kind.joined) if kind.joined else rows


def _usernames(rows: dict[RowKind, list[Model]]) -> dict[int, str]:
    """The username of every user the rows name, by the user's id."""
    ids = {
        getattr(row, column.field.attname)
        for kind, kind_rows in rows.items()
        for column in kind.columns
        if column.writes == USERNAME
        for row in kind_rows
    }
    ids.discard(None)
    user_model = get_user_model()
    return dict(user_model.objects.filter(pk__in=ids).values_list("pk", user_model.USERNAME_FIELD))


def _written(kind: RowKind, row: Model, names: dict[int, str]) -> dict[str, Any]:
    """One row as the document holds it; the lists of the rows it holds empty, for now."""
    written = {column.key: _value(column, row, names) for column in kind.columns}
    written.update((inner.key, []) for inner in kind.holds)
    return written


def _value(column: Column, row: Model, names: dict[int, str]) -> Any:
    value = getattr(row, column.field.attname)
    if value is None:
        return None
    if column.writes == USERNAME:
        return names.get(value)
    if column.writes == NUMBER:
        return getattr(getattr(row, column.field.name), column.named_by)
    if column.base in ("date", "datetime"):
        return value.isoformat()
    return value


def summary(club: Club) -> str:
    """What a club holds, in words, for the commands' messages."""
    counts = {
        "players": Player.objects.filter(club=club).count(),
        "leagues": League.objects.filter(club=club).count(),
        "games": Game.objects.filter(club=club).count(),
        "hands": Hand.objects.filter(game__club=club).count(),
        "history entries": HistoryEntry.objects.filter(game__club=club).count(),
        "nights": Night.objects.filter(club=club).count(),
    }
    return ", ".join(f"{count} {name}" for name, count in counts.items())
