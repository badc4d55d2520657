"""docs/backup-format.md lists every key of every object, in order, with what it holds, as
scoring/backup/schema.py declares them: a model field that joins the document shows up here."""

from __future__ import annotations

import re
from pathlib import Path

from scoring.backup.format import TOP
from scoring.backup.schema import ANY, ROW_KINDS, RowKind

DOC = Path(__file__).resolve().parents[2] / "docs" / "backup-format.md"
# The page's words for what a key holds, and the declaration's.
TYPES = {
    "integer": "int",
    "string": "str",
    "boolean": "bool",
    "time": "datetime",
    "date": "date",
    "object": "dict",
    "array": "list",
    "array of integers": "list",
    "any JSON": ANY,
}


def documented() -> dict[str, list[tuple[str, str]]]:
    """Each section's table: (key, kind) rows, by the section's heading."""
    sections: dict[str, list[tuple[str, str]]] = {}
    heading = None
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if line.startswith("#"):
            heading = line.lstrip("#").strip().strip("`")
            continue
        row = re.match(r"\| `(\w+)` \| ([^|]+) \|", line)
        if row and heading is not None:
            key, words = row[1], row[2].strip()
            nullable = words.endswith(" or null")
            kind = TYPES[words.removesuffix(" or null")]
            sections.setdefault(heading, []).append(
                (key, kind + "?" if nullable and kind != ANY else kind)
            )
    return sections


def heading(kind: RowKind) -> str:
    path = kind.key + ("[]" if kind.many else "")
    return path if kind.inside is None else f"{heading(kind.inside)}.{path}"


def test_the_page_describes_every_object_as_declared():
    sections = documented()
    assert sections.pop("Top level") == list(TOP.items())
    for kind in ROW_KINDS:
        assert sections.pop(heading(kind)) == list(kind.spec.items()), heading(kind)
    assert not sections, "a table the format does not have"
