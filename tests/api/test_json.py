"""The orjson renderer and parser (hearts_site.api.json) give what DRF's JSONRenderer and
JSONParser give: the same bytes out, the same data in, the same refusals."""

from __future__ import annotations

import io
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser
from rest_framework.renderers import JSONRenderer

from hearts_site.api.json import FastJSONParser, FastJSONRenderer

FLOATS = st.floats(allow_nan=False, allow_infinity=False)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**63), max_value=2**64 - 1),
    FLOATS,
    st.sampled_from([1e-5, 1.5e-7, 1e16, 0.0001, -0.0, 5e-324]),
    st.text(),
    st.sampled_from(["\u2028", "a\u2029b", "0.00001", "e-7", "é♠"]),
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=5), st.dictionaries(st.text(), inner)),
    max_leaves=30,
)


@settings(max_examples=400, deadline=None)
@given(DATA)
def test_it_renders_the_bytes_drf_renders(data):
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


@pytest.mark.parametrize(
    "data",
    [
        {"at": datetime(2026, 11, 30, 6, 0, tzinfo=UTC)},
        {"amount": Decimal("1.50")},
        {"tiny": 1e-5, "name": "Anne-Marie"},
    ],
)
def test_what_orjson_would_write_otherwise_is_rendered_by_drf(data):
    assert FastJSONRenderer().render(data) == JSONRenderer().render(data)


def test_an_indented_body_is_rendered_by_drf():
    data = {"a": [1, 2]}
    media_type = "application/json; indent=4"
    assert FastJSONRenderer().render(data, media_type) == JSONRenderer().render(data, media_type)
    assert b"\n    " in FastJSONRenderer().render(data, media_type)


def read(parser, body: bytes, encoding: str = "utf-8"):
    try:
        return "ok", parser.parse(io.BytesIO(body), None, {"encoding": encoding})
    except ParseError as error:
        return "refused", str(error.detail)


@settings(max_examples=400, deadline=None)
@given(DATA)
def test_it_reads_what_drf_reads(data):
    body = JSONRenderer().render(data)
    assert read(FastJSONParser(), body) == read(JSONParser(), body)


@pytest.mark.parametrize(
    "body",
    [
        b"",
        b"{",
        b"NaN",
        b'{"a": Infinity}',
        b'"\\ud800"',
        b"123456789012345678901234567890",
        b'{"a": 1, "a": 2}',
        b"\xef\xbb\xbf{}",
        b'"\xff"',
        b"[1,]",
    ],
)
def test_it_accepts_and_refuses_what_drf_does(body):
    assert read(FastJSONParser(), body) == read(JSONParser(), body)


def test_a_body_in_another_charset_is_read_by_drf():
    body = '{"name": "Zoë"}'.encode("latin-1")
    assert read(FastJSONParser(), body, "latin-1") == ("ok", {"name": "Zoë"})
