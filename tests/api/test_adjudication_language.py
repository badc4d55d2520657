"""The adjudication API speaks the request's language: the engine's sentences through Django's.

German here is a stand-in catalogue that "shouts" (upper-cases each message's words, leaves its
placeholders be), so the test needs no translation files: a sentence that went through
Django's translation comes out upper-cased, one that did not stays as written.
"""

from __future__ import annotations

import gettext
import json
import re

import pytest
from django.test import Client
from django.utils import translation
from django.utils.translation import trans_real

from adjudication.engine import RULE_CODES
from adjudication.engine.claim_words import CLAIM_CODES
from adjudication.examples import adjudication_examples

pytestmark = pytest.mark.django_db

URL = "/api/v1/adjudications/"
# Python's placeholders too: Django's and DRF's own messages use them.
PLACEHOLDER = re.compile(r"(\{\w+\}|%\(\w+\)[sd]|%[sd])")


def shout(message: str) -> str:
    return "".join(
        part if PLACEHOLDER.fullmatch(part) else part.upper() for part in PLACEHOLDER.split(message)
    )


class Shouting(gettext.NullTranslations):
    """A catalogue that translates every message, as Django's would with a full one."""

    def gettext(self, message: str) -> str:
        # pgettext asks for "context\x04message"
        return shout(message.rpartition(trans_real.CONTEXT_SEPARATOR)[2])

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return shout(singular if n == 1 else plural)

    def to_language(self) -> str:
        return "de"


@pytest.fixture
def german(monkeypatch):
    monkeypatch.setitem(trans_real._translations, "de", Shouting())
    client = Client(HTTP_ACCEPT_LANGUAGE="de")
    with translation.override("de"):
        yield client


def test_an_open_question_is_worded_in_the_requests_language(german):
    body = {"plays": ["2C", "AH"], "first_leader": 0}
    response = german.post(URL, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    [question] = response.json()["undetermined"]
    assert question["condition"] == "ILLEGAL IF SEAT 1 LATER SHOWS A CLUB"


def test_a_renege_proven_by_the_record_is_worded_in_the_requests_language(german):
    plays = ["2C", "3C", "4C", "5C", "6C", "2D", "7C", "8C", "9C", "TC", "JC", "QC"]
    body = {"plays": plays, "first_leader": 0}
    response = german.post(URL, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 200, response.content
    [violation] = response.json()["violations"]
    assert violation["message"] == (
        "2D DOES NOT FOLLOW CLUBS LED, BUT THE SEAT HELD JC: THE RECORD SHOWS JC AT TRICK 3"
    )


def test_refusals_are_worded_in_the_requests_language(german):
    body = {"ruleset": {"players": 5, "removed_cards": []}, "plays": []}
    response = german.post(URL, data=json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["errors"][0]["detail"] == "52 CARDS DO NOT DIVIDE EVENLY AMONG 5 PLAYERS"
    missing = german.get("/api/v1/rulesets/nope/")
    assert missing.json()["errors"][0]["detail"] == "THERE IS NO PRESET 'nope'."


def test_rules_and_presets_are_described_in_the_requests_language(german):
    codes = german.get("/api/v1/rule-codes/").json()
    described = [*RULE_CODES.values(), *CLAIM_CODES.values()]
    assert [c["description"] for c in codes] == [text.upper() for text in described]
    standard = german.get("/api/v1/rulesets/standard/").json()
    assert standard["title"] == "STANDARD HEARTS"
    assert standard["source_text"].startswith("THE PERSON WHO HOLDS THE 2 OF CLUBS")


def test_the_schemas_worked_examples_stay_in_english_whatever_language_asks(german):
    adjudication_examples.cache_clear()
    try:
        schema = german.get("/api/schema/?format=json").json()
    finally:
        adjudication_examples.cache_clear()
    operation = schema["paths"]["/api/v1/adjudications/"]["post"]
    responses = operation["responses"]["200"]["content"]["application/json"]["examples"]
    renege = next(e for name, e in responses.items() if name.startswith("Renege"))["value"]
    assert "does not follow" in renege["violations"][0]["message"]
