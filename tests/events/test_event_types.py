"""Each event type is declared once, in ``EventType`` (its value, its data serializer, its
words): what lists the types follows from it, and docs/webhooks.md's table lists exactly the
declared types, each with its words and its data's fields."""

from __future__ import annotations

import re
from pathlib import Path

from django.utils import translation

from scoring.api.serializers.events import DATA, EVENT_SERIALIZERS, EventFeedQuerySerializer
from scoring.api.serializers.webhooks import event_types_field
from scoring.models import EventType
from scoring.pages.forms.webhooks import WebhookEndpointForm

DOC = Path(__file__).resolve().parents[2] / "docs" / "webhooks.md"
HEADER = "| Type | On the webhook page | When | `data` |"
ROW = re.compile(r"^\| `(?P<type>[^`]+)` \| (?P<words>[^|]+) \| [^|]+ \| (?P<data>[^|]+) \|$")
ASIDE = re.compile(r"\([^()]*\)")  # "(ids, seat 0 first)": what a field holds, not a field


def table_rows(text: str) -> list[dict[str, str]]:
    """The rows of the table of event types, as written."""
    lines = text.splitlines()
    start = lines.index(HEADER) + 2
    rows = []
    for line in lines[start:]:
        if not line.startswith("|"):
            break
        found = ROW.match(line)
        assert found, f"not a row of type, words, when and data: {line}"
        rows.append(found.groupdict())
    return rows


def unlike_declared(rows: list[dict[str, str]]) -> list[str]:
    """Where the table differs from the declaration: a type missing, extra or listed twice,
    other words than the webhook page's (in English), other data fields than its
    serializer's."""
    listed = [row["type"] for row in rows]
    problems = [f"missing: {kind}" for kind in EventType.values if kind not in listed]
    problems += [f"not declared: {kind}" for kind in listed if kind not in EventType.values]
    problems += [f"listed twice: {kind}" for kind in set(listed) if listed.count(kind) > 1]
    with translation.override("en"):
        for row in rows:
            if row["type"] not in EventType.values:
                continue
            kind = EventType(row["type"])
            if row["words"].strip() != str(kind.label):
                problems.append(f"{kind}: words {row['words'].strip()!r}, declared {kind.label!r}")
            fields = re.findall(r"`(\w+)`", ASIDE.sub("", row["data"]))
            if fields != list(DATA[kind]().fields):
                problems.append(
                    f"{kind}: data {fields}, its serializer's {list(DATA[kind]().fields)}"
                )
    return problems


def test_the_docs_table_lists_each_declared_type_with_its_words_and_data():
    assert unlike_declared(table_rows(DOC.read_text(encoding="utf-8"))) == []


def test_a_type_left_out_of_the_docs_or_other_words_are_found():
    """The comparison above finds what it looks for (a test of the test's own helper)."""
    rows = table_rows(DOC.read_text(encoding="utf-8"))
    assert unlike_declared(rows[1:]) == [f"missing: {rows[0]['type']}"]
    changed = [{**rows[0], "words": "Something else"}, *rows[1:]]
    assert unlike_declared(changed)[0].startswith(f"{rows[0]['type']}: words")
    extra = [*rows, {"type": "hand.lost", "words": "A hand lost", "data": "`game`"}]
    assert unlike_declared(extra) == ["not declared: hand.lost"]


def test_every_list_of_types_follows_from_the_declaration():
    declared = EventType.values
    assert list(DATA) == list(EVENT_SERIALIZERS) == declared
    assert all(DATA[kind].__name__ == kind.data for kind in EventType)
    assert list(EventFeedQuerySerializer().fields["type"].child.choices) == declared
    assert list(event_types_field().child.choices) == declared
    with translation.override("en"):
        choices = WebhookEndpointForm().fields["event_types"].choices
        assert [(value, str(words)) for value, words in choices] == [
            (kind.value, str(kind.label)) for kind in EventType
        ]
