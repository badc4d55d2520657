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
UTF8 = frozenset({"utf-8", "utf8"})
# orjson reads an integer beyond 64 bits as a float; Python keeps it whole. A body with such a
# long run of digits anywhere is read by DRF.
LONG_NUMBER = re.compile(rb"[0-9]{19}")
# No body of the API nests deeper than a few levels; a body nested a thousand deep would exhaust
# the recursion of whatever walks it next (a serializer, an error's repr): refused on reading.
MAX_DEPTH = 32
# A tuple, not ``dict | list``: isinstance checks a tuple faster, and every value of a body is
# checked.
CONTAINERS = (dict, list)
TOO_DEEP = f"JSON nested deeper than {MAX_DEPTH} levels."


def utc_text(moment: datetime) -> str:
    """A time as every answer writes it (resources, events, CSV): ISO 8601 in UTC with ``Z``,
    as DRF writes a ``DateTimeField``."""
    return moment.astimezone(UTC).isoformat().removesuffix("+00:00") + "Z"


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
                if MAY_DIFFER.search(content) is None:
                    return content
        return super().render(data, accepted_media_type, renderer_context)


class FastJSONParser(JSONParser):
    """DRF's JSONParser, reading UTF-8 with orjson first. What orjson refuses (bad JSON, a lone
    surrogate) or would read differently (a very long number) DRF's parser reads as it always
    did: accepted, or refused with its own message."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding") or settings.DEFAULT_CHARSET
        body = stream.read()
        if encoding.lower() in UTF8 and LONG_NUMBER.search(body) is None:
            try:
                return _shallow(orjson.loads(body))
            except orjson.JSONDecodeError:
                pass
        try:
            return _shallow(super().parse(io.BytesIO(body), media_type, parser_context))
        except RecursionError:  # the standard library's decoder gave up first
            raise ParseError(TOO_DEEP) from None


def _shallow(data: Any) -> Any:
    """``data`` if it nests at most ``MAX_DEPTH`` lists and objects deep; a ParseError otherwise.
    Walked without recursion, so that the check itself cannot run out of stack."""
    level = [data]
    for _ in range(MAX_DEPTH + 1):
        level = [
            child
            for value in level
            if isinstance(value, CONTAINERS)
            for child in (value.values() if isinstance(value, dict) else value)
        ]
        if not level:
            return data
    raise ParseError(TOO_DEEP)
