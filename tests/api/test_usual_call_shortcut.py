"""The usual adjudication call is answered without DRF's dispatch (hearts_site/api/shortcut.py), and
its answer is DRF's own, byte for byte: each call here is made with the shortcut and again with
DRF alone, on a fresh budget, and the two answers compared (status, headers, body)."""

from __future__ import annotations

import json
import random

import pytest
from django.test import Client
from rest_framework.views import APIView

from adjudication.engine import build_ruleset, names
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from adjudication.views import AdjudicationView
from hearts_site.api.shortcut import UsualCallShortcut
from hearts_site.api.throttling import LOCAL_COUNTS, FixedWindowThrottle

# A session cookie is looked up in the database.
pytestmark = pytest.mark.django_db
URL = "/api/v1/adjudications/"
ADDRESS = "198.51.100.77"
# Headers made for each answer, not by the path that answered it.
PER_ANSWER = {"X-Request-ID", "RateLimit"}


def hand(seed: int, preset: str = "standard", deviate_at: int | None = None) -> dict:
    rules, rng = build_ruleset(preset), random.Random(seed)
    holdings = deal(rules, rng)
    plays = play_randomly(rules, holdings, opening_leader(rules, holdings), rng, deviate_at)
    return {"ruleset": preset, "plays": names(plays), "hands": [names(h) for h in holdings]}


def left_of_dealer_hand(seed: int, dealer: int) -> dict:
    """A hand whose first leader the dealer names (``first_lead: left_of_dealer``)."""
    spec = {"preset": "standard", "first_lead": "left_of_dealer"}
    rules, rng = build_ruleset(**spec), random.Random(seed)
    plays = play_randomly(rules, deal(rules, rng), (dealer + 1) % 4, rng)
    return {"ruleset": spec, "plays": names(plays), "dealer": dealer}


def holdings_of(seed: int) -> list[int]:
    return deal(build_ruleset("standard"), random.Random(seed))


def answer(body: bytes | str, **headers: str):
    """One call from a caller with a fresh budget."""
    LOCAL_COUNTS.counts.pop(f"computations:anon:{ADDRESS}", None)
    client = Client(REMOTE_ADDR=ADDRESS)
    content_type = headers.pop("content_type", "application/json")
    return client.post(URL, body, content_type=content_type, **headers)


def seen(response) -> tuple:
    headers = {k: v for k, v in response.items() if k not in PER_ANSWER}
    body = response.content
    if response.status_code != 200:  # an error body names its request
        body = {**json.loads(body), "request_id": None}
    return response.status_code, list(headers.items()), body


def drf_alone(monkeypatch) -> None:
    monkeypatch.setattr(UsualCallShortcut, "shortcut", lambda view, request: None)


def without_drf(monkeypatch) -> None:
    """DRF's dispatch refuses to run: only the shortcut can answer."""

    def refused(view, request, *args, **kwargs):
        raise AssertionError("DRF's dispatch ran")

    monkeypatch.setattr(APIView, "dispatch", refused)


BODIES = {
    "a legal hand": hand(1),
    "another preset": hand(2, "omnibus"),
    "an illegal play": hand(3, deviate_at=9),
    "a hand in play": {**hand(4), "plays": hand(4)["plays"][:23]},
    "a ruleset object": {**hand(5), "ruleset": {"preset": "standard", "moon": "add_to_others"}},
    "no plays": {"plays": []},
    "no holdings, the first leader named": {
        "plays": hand(6)["plays"],
        "first_leader": opening_leader(build_ruleset("standard"), holdings_of(6)),
    },
    "no holdings, the dealer named": left_of_dealer_hand(7, dealer=3),
}
# Calls the shortcut leaves to DRF, or whose computation it leaves to DRF's error handling.
OTHERS = {
    "cards repeated": {"plays": ["2C", "2C"]},
    "no first leader": {"plays": hand(4)["plays"][:23]},
    "holdings overlap": {"plays": ["2C"], "hands": [["2C"], ["2C"], ["3C"], ["4C"]]},
    "an unknown preset": {"ruleset": "bridge", "plays": []},
    "an unknown option": {"ruleset": {"preset": "standard", "nope": 1}, "plays": []},
    "a card by another name": {"plays": ["10C"]},
    "an unknown field": {"plays": [], "extra": 1},
    "plays missing": {"hands": []},
    "a list": [1, 2],
    "too deep": {"plays": [], "ruleset": {"preset": json.loads("[" * 40 + "]" * 40)}},
    "a long number": {"plays": [], "hand_number": 12345678901234567890123},
    "a seat past the table": {"plays": ["2C"], "first_leader": 6},
    "a seat as a truth": {"plays": ["2C"], "dealer": True},
    "a seat as a fraction": {"plays": ["2C"], "first_leader": 1.5},
}


@pytest.mark.parametrize("name", list(BODIES))
def test_the_usual_call_is_answered_without_drf_as_drf_answers_it(name, monkeypatch):
    body = json.dumps(BODIES[name])
    with monkeypatch.context() as patched:
        without_drf(patched)
        fast = answer(body)
    drf_alone(monkeypatch)
    assert fast.status_code == 200
    assert seen(fast) == seen(answer(body))


@pytest.mark.parametrize("name", list(OTHERS))
def test_other_bodies_are_answered_as_drf_answers_them(name, monkeypatch):
    body = json.dumps(OTHERS[name])
    fast = answer(body)
    assert LOCAL_COUNTS.counts[f"computations:anon:{ADDRESS}"][1] == 1  # counted once
    drf_alone(monkeypatch)
    assert fast.status_code == 400
    assert seen(fast) == seen(answer(body))


@pytest.mark.parametrize(
    "headers",
    [
        {"HTTP_ACCEPT": "text/html"},
        {"HTTP_ACCEPT": "application/json; indent=4"},
        {"HTTP_AUTHORIZATION": "Token nonesuch"},
        {"HTTP_COOKIE": "sessionid=nonesuch"},
        {"content_type": "text/plain"},
        {"content_type": "application/json; charset=latin-1"},
        {"QUERY_STRING": "format=json"},
    ],
    ids=str,
)
def test_calls_that_drf_must_read_are_left_to_it(headers, monkeypatch):
    body = json.dumps(BODIES["a legal hand"])
    fast = answer(body, **dict(headers))
    drf_alone(monkeypatch)
    assert seen(fast) == seen(answer(body, **dict(headers)))
    with monkeypatch.context() as patched:
        without_drf(patched)
        with pytest.raises(AssertionError, match="DRF's dispatch ran"):
            answer(body, **dict(headers))


@pytest.mark.parametrize("accept", ["*/*", "application/json"])
def test_json_accepted_and_a_charset_named_are_usual(accept, monkeypatch):
    body = json.dumps(BODIES["a legal hand"])
    headers = {"HTTP_ACCEPT": accept, "content_type": "application/json; charset=utf-8"}
    with monkeypatch.context() as patched:
        without_drf(patched)
        fast = answer(body, **dict(headers))
    drf_alone(monkeypatch)
    assert seen(fast) == seen(answer(body, **dict(headers)))


def test_past_the_budget_drf_answers_429_from_the_one_count(monkeypatch, throttle_rates):
    throttle_rates({"computations": "2/min"})
    body = json.dumps(BODIES["a legal hand"])
    client = Client(REMOTE_ADDR="198.51.100.78")
    statuses = [client.post(URL, body, content_type="application/json") for _ in range(3)]
    assert [r.status_code for r in statuses] == [200, 200, 429]
    assert statuses[2]["RateLimit"].startswith('"computations";r=0;')
    assert LOCAL_COUNTS.counts["computations:anon:198.51.100.78"][1] == 3


def test_the_view_meets_the_shortcuts_conditions():
    """It takes anyone and answers only anonymous calls: DRF's authenticators find nobody in a
    call without Authorization or Cookie, which is what the shortcut relies on."""
    from django.test import RequestFactory
    from rest_framework.request import Request

    request = RequestFactory().post(URL, "{}", content_type="application/json")
    drf_request = Request(request)
    view = AdjudicationView()
    assert issubclass(AdjudicationView, UsualCallShortcut)
    assert [auth.authenticate(drf_request) for auth in view.get_authenticators()] == [None, None]


def test_without_a_rate_nothing_is_counted_either_way(monkeypatch):
    monkeypatch.setattr(FixedWindowThrottle, "THROTTLE_RATES", {"computations": None})
    body = json.dumps(BODIES["a legal hand"])
    fast = answer(body)
    assert fast.status_code == 200 and "RateLimit" not in fast
    drf_alone(monkeypatch)
    assert seen(fast) == seen(answer(body))
