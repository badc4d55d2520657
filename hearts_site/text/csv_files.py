"""CSV files: cells a spreadsheet cannot run, and rows written a piece at a time.

A spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or ``@`` (or a tab or carriage
return before one) as a formula: a player named ``=HYPERLINK(...)`` would run in the reader's
spreadsheet. Every text cell that starts so is written after a single quote, as OWASP
advises; numbers are written as they are, so a negative score stays a number."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator
from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: Any) -> Any:
    """A value as a CSV cell: blank for None, text that a spreadsheet would run as a formula
    after a quote, anything else (a number) as it is."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return f"'{value}"
    return value


def csv_row(values: Iterable[Any]) -> list[Any]:
    return [csv_cell(value) for value in values]


def csv_pieces(
    columns: list[str], rows: Iterable[Iterable[Any]], rows_per_piece: int = 1000
) -> Iterator[bytes]:
    """A header and ``rows`` as UTF-8 CSV, in pieces of ``rows_per_piece`` rows: a stream
    that is written to its client a piece at a time, not a row at a time."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(columns)
    for count, row in enumerate(rows, start=1):
        writer.writerow(csv_row(row))
        if count % rows_per_piece == 0:
            yield buffer.getvalue().encode()
            buffer.seek(0)
            buffer.truncate()
    if buffer.tell():
        yield buffer.getvalue().encode()


def csv_text(columns: list[str], rows: list[dict[str, Any]]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=columns, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({key: csv_cell(row.get(key)) for key in columns})
    return buffer.getvalue()
