"""JSON in and out through orjson, with DRF's own classes behind it for whatever orjson would
write or read differently.

DRF's JSONRenderer and JSONParser run the standard library's encoder and decoder, several times
slower than orjson on the same data. For the plain data the API returns orjson gives the same
bytes (tests/api/test_json.py checks it against DRF on random data); what it would write
differently goes to DRF's renderer. One difference stays: a float that is not a number (NaN,
an infinity), which DRF refuses with an error, is written as null.
"""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from typing import Any

import orjson
from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer

# DRF writes a UTC datetime with "Z" where orjson writes "+00:00": datetimes (and types orjson
# does not know: Decimal, lazy translations) make orjson give up, and DRF renders the body.
GIVE_UP_ON = orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
# Bytes where orjson's output may differ from DRF's: U+2028 and U+2029, which DRF escapes (for
# JSON inside a script); floats below 1e-4, which Python writes 1e-05 where orjson writes
# 0.00001, and with a two-digit exponent (1.5e-07, orjson 1.5e-7). Found in a string as well,
# they cost a rendering by DRF, never a different body.
MAY_DIFFER = re.compile("\u2028|\u2029|0\\.0000|e-[0-9](?![0-9])".encode())
# Each match of MAY_DIFFER holds one of these bytes (the separators' UTF-8 lead byte, the point,
# the minus): a body without any, found by the C search for one byte, is not searched. (The
# pattern's alternatives defeat the regex engine's own literal search: it tried every position
# of a 2 kB answer at the cost of a quarter of an adjudication's rendering.)
MAY_DIFFER_BYTES = (b"\xe2", b".", b"-")
UTF8 = frozenset({"utf-8", "utf8"})
# orjson reads an integer beyond 64 bits as a float; Python keeps it whole. A body with such a
# long run of digits anywhere is read by DRF. Found as a run of 19 zeros in the body with each
# digit made a zero and every other byte a point: one C pass (the regex [0-9]{19} tried every
# position of the body, and cost more than orjson's reading of it).
LONG_NUMBER = b"0" * 19
AS_DIGIT_RUNS = bytes(ord("0") if ord("0") <= i <= ord("9") else ord(".") for i in range(256))
# No body of the API nests deeper than a few levels; a body nested a thousand deep would exhaust
# the recursion of whatever walks it next (a serializer, an error's repr): refused on reading.
MAX_DEPTH = 32
# A tuple, not ``dict | list``: isinstance checks a tuple faster, and every value of a body is
# checked.
CONTAINERS = (dict, list)
TOO_DEEP = format_lazy(gettext_lazy("JSON nested deeper than {depth} levels."), depth=MAX_DEPTH)


def utc_text(moment: datetime) -> str:
    """A time as every answer writes it (resources, events, CSV): ISO 8601 in UTC with ``Z``,
    as DRF writes a ``DateTimeField``."""
    return moment.astimezone(UTC).isoformat().removesuffix("+00:00") + "Z"


def utc_text_or_none(moment: datetime | None) -> str | None:
    """``utc_text``, with null for a time not set (a game not finished, a round not started)."""
    return utc_text(moment) if moment is not None else None


def may_differ(content: bytes) -> bool:
    """Whether orjson's ``content`` may differ from what DRF's renderer would write."""
    return any(byte in content for byte in MAY_DIFFER_BYTES) and (
        MAY_DIFFER.search(content) is not None
    )


def long_number(body: bytes) -> bool:
    """Whether ``body`` holds a run of 19 digits or more (LONG_NUMBER)."""
    return LONG_NUMBER in body.translate(AS_DIGIT_RUNS)


def _give_up(value: Any) -> Any:
    raise TypeError(f"{type(value).__name__}: rendered by DRF")


class FastJSONRenderer(JSONRenderer):
    """DRF's JSONRenderer, with orjson writing the compact form of plain data. A request for an
    indented body (a media type with parameters) goes to DRF."""

    def render(self, data, accepted_media_type=None, renderer_context=None):
        indented = (accepted_media_type and ";" in accepted_media_type) or (
            renderer_context and renderer_context.get("indent")
        )
        if data is not None and not indented:
            try:
                content = orjson.dumps(data, default=_give_up, option=GIVE_UP_ON)
            except TypeError:
                pass
            else:
                if not may_differ(content):
                    return content
        return super().render(data, accepted_media_type, renderer_context)


class FastJSONParser(JSONParser):
    """DRF's JSONParser, reading UTF-8 with orjson first. What orjson refuses (bad JSON, a lone
    surrogate) or would read differently (a very long number) DRF's parser reads as it always
    did: accepted, or refused with its own message."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        body = stream.read()
        if encoding.lower() in UTF8:
            data = plain_json_data(body)
            if data is not UNREAD:
                return data
        try:
            return _shallow(super().parse(io.BytesIO(body), media_type, parser_context))
        except RecursionError:  # the standard library's decoder gave up first
            raise ParseError(TOO_DEEP) from None


# What plain_json_data gives for a body that orjson leaves to DRF's parser.
UNREAD = object()


def plain_json_data(body: bytes) -> Any:
    """A UTF-8 JSON body as orjson reads it, nested at most ``MAX_DEPTH`` deep (else a
    ParseError); ``UNREAD`` where orjson refuses it or would read it otherwise than DRF."""
    if long_number(body):
        return UNREAD
    try:
        return _shallow(orjson.loads(body))
    except orjson.JSONDecodeError:
        return UNREAD


def _shallow(data: Any) -> Any:
    """``data`` if it nests at most ``MAX_DEPTH`` lists and objects deep; a ParseError otherwise.
    Walked without recursion, so that the check itself cannot run out of stack: level by level,
    keeping only the lists and objects of each (a body's strings and numbers are looked at once)."""
    level = [data] if isinstance(data, CONTAINERS) else []
    for _ in range(MAX_DEPTH):
        if not level:
            return data
        level = [
            child
            for value in level
            for child in (value.values() if isinstance(value, dict) else value)
            if isinstance(child, CONTAINERS)
        ]
    if any(level):  # a value below the deepest level allowed
        raise ParseError(TOO_DEEP)
    return data
