"""What every row of a backup document is checked for, whatever its kind: its keys and what
each holds (as schema.py declares them), numbers a database stores, choices, ids that appear
once and references to rows of the document. ``BackupError`` says what is wrong and where."""

from __future__ import annotations

import math
from collections.abc import Container, Iterable, Mapping
from typing import Any

from django.db.backends.base.operations import BaseDatabaseOperations
from django.db.models import JSONField, Model

from hearts_site.text import numbers
from scoring.backup import schema

# The export ids a reference may name, by the model it refers to.
Known = Mapping[type[Model], Container[int]]

# Every whole number inside a JSON value (entries, scores, rulesets, history): what an integer
# column holds, since the service adds them into such columns (a seat's total, its points).
JSON_WHOLE_NUMBERS = BaseDatabaseOperations.integer_field_ranges["IntegerField"]


class BackupError(Exception):
    """A document that cannot be imported; the message says what is wrong and where."""


def check_row(kind: schema.RowKind, obj: Any, where: str) -> dict[str, Any]:
    """Its keys, what each holds (a number as its column can store it, in JSON values too),
    and the value of a field with choices among them."""
    check(obj, kind.spec, where)
    for column in kind.columns:
        value, at = obj[column.key], f"{where}.{column.key}"
        if column.bounds is not None and value is not None:
            in_range(value, column.bounds, at)
        if isinstance(column.field, JSONField):
            check_json_numbers(value, at)
        if column.field.choices and value is not None:
            allowed = [choice for choice, _ in column.field.choices]
            if column.field.blank and column.base == "str":
                allowed.append("")  # none (a game's end reason while it goes on)
            choice(value, allowed, at)
    return obj


def in_range(value: int, bounds: tuple[int, int], where: str) -> None:
    low, high = bounds
    if not low <= value <= high:
        raise BackupError(f"{where}: {str(value)[:60]} is out of range: from {low} to {high}.")


def check_json_numbers(value: Any, where: str) -> None:
    """Every number inside a JSON value: a whole number an integer column holds, or a finite
    decimal (Python's JSON reader also takes NaN and Infinity, which no database stores)."""
    pending = [(value, where)]
    while pending:  # not recursive: a deeply nested value is no reason for a traceback
        item, at = pending.pop()
        if isinstance(item, dict):
            pending.extend((inner, f"{at}.{key}") for key, inner in item.items())
        elif isinstance(item, list):
            pending.extend((inner, f"{at}[{i}]") for i, inner in enumerate(item))
        elif whole(item):
            in_range(item, JSON_WHOLE_NUMBERS, at)
        elif isinstance(item, float) and not math.isfinite(item):
            raise BackupError(f"{at}: {item} is not a number a database stores.")


def whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_refs(kind: schema.RowKind, obj: dict[str, Any], where: str, known: Known) -> None:
    """Every export id the row names is one of the document's rows of that model."""
    for column in kind.columns:
        if column.writes == schema.ROW_ID:
            model = column.field.related_model
            what = model._meta.verbose_name
            refers(obj[column.key], known[model], f"{where}.{column.key}", what)


def _kind_ok(value: Any, kind: str) -> bool:
    if kind.endswith("?"):
        if value is None:
            return True
        kind = kind[:-1]
    if kind == schema.ANY:
        return True
    if kind == "int":
        return whole(value)
    if kind == "str":
        return isinstance(value, str)
    if kind == "bool":
        return isinstance(value, bool)
    if kind == "dict":
        return isinstance(value, dict)
    if kind == "list":
        return isinstance(value, list)
    if kind == "datetime":
        moment = numbers.ascii_moment(value) if isinstance(value, str) else None
        return moment is not None and moment.tzinfo is not None and _counted(moment.date())
    if kind == "date":
        return _counted(numbers.ascii_day(value) if isinstance(value, str) else None)
    raise AssertionError(kind)


def _counted(day) -> bool:
    return day is not None and numbers.day_in_range(day)


def check(obj: Any, spec: Mapping[str, str], where: str) -> dict[str, Any]:
    if not isinstance(obj, dict):
        raise BackupError(f"{where}: expected an object, found {type(obj).__name__}.")
    missing = [key for key in spec if key not in obj]
    if missing:
        raise BackupError(f"{where}: missing key(s) {', '.join(map(repr, missing))}.")
    unknown = sorted(set(obj) - set(spec))
    if unknown:
        raise BackupError(f"{where}: unknown key(s) {', '.join(map(repr, unknown))}.")
    for key, kind in spec.items():
        if not _kind_ok(obj[key], kind):
            wanted = kind.rstrip("?") + (" or null" if kind.endswith("?") else "")
            if kind.rstrip("?") in ("date", "datetime"):
                wanted += f" ({numbers.DAYS}, in ASCII digits)"
            raise BackupError(f"{where}.{key}: expected {wanted}, found {obj[key]!r:.60}.")
    return obj


def unique(ids: Iterable[int], where: str) -> set[int]:
    seen: set[int] = set()
    for value in ids:
        if value in seen:
            raise BackupError(f"{where}: id {value} appears twice.")
        seen.add(value)
    return seen


def refers(value: int | None, known: Container[int], where: str, what: str) -> None:
    if value is not None and value not in known:
        raise BackupError(f"{where}: no {what} with id {value} in this document.")


def choice(value: Any, choices: Iterable[Any], where: str) -> None:
    allowed = list(choices)
    if value not in allowed:
        raise BackupError(f"{where}: {value!r:.60} is not one of {', '.join(map(str, allowed))}.")
