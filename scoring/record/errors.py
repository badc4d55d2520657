"""The one error of the hand record's readers: a stable code, words, and where (line and
column from 1; the JSON twin's path too)."""

from __future__ import annotations

from adjudication.engine import HeartsError


class RecordError(HeartsError):
    """A record refused: ``code`` is stable, ``field`` is ``record:<line>:<column>``."""

    def __init__(self, code: str, message: str, line: int, column: int, path: str = ""):
        where = f"record:{line}:{column}"
        super().__init__(code, message, where)
        self.line = line
        self.column = column
        self.path = path

    def __repr__(self) -> str:
        return f"RecordError({self.code!r}, {self.message!r}, {self.line}, {self.column})"
