"""Whatever a record says, its import answers a 2xx or a 4xx with a code: a good club record
changed at random (a word replaced, a line dropped or doubled) is never a 500."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import services
from tests.records.support import play_game

WORDS = [
    "0",
    "1",
    "3",
    "13",
    "26",
    "-1",
    "99999999999",
    "2C",
    "QS",
    "AH",
    "left",
    "x",
    '"',
    "[",
    "{}",
]


@pytest.fixture
def record_and_target(public_club, owner, users, client_for):
    for level, seed in (("plays", 14), ("cards_taken", 15), ("points", 16)):
        play_game(public_club, owner, level=level, hands=2, seed=seed)
    answer = client_for(owner).get(f"/api/v1/clubs/{public_club.pk}/hand-record/")
    text = b"".join(answer.streaming_content).decode()
    away = services.create_club(user=users["director"], name="Away", slug="away")
    director = client_for(get_user_model().objects.get(pk=users["director"].pk))
    return text, director, f"/api/v1/clubs/{away.pk}/hand-record/import/"


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_changed_record_is_never_a_server_error(record_and_target, data):
    text, director, url = record_and_target
    lines = text.split("\n")
    at = data.draw(st.integers(0, len(lines) - 1))
    change = data.draw(st.sampled_from(["word", "drop", "double"]))
    if change == "drop":
        del lines[at]
    elif change == "double":
        lines.insert(at, lines[at])
    else:
        words = lines[at].split(" ")
        place = data.draw(st.integers(0, len(words) - 1))
        words[place] = data.draw(st.sampled_from(WORDS))
        lines[at] = " ".join(words)
    dry = data.draw(st.booleans())
    answer = director.post(url, {"record": "\n".join(lines), "dry_run": dry}, format="json")
    assert answer.status_code in (200, 400, 409), answer.content[:300]
    if answer.status_code != 200:
        assert answer.json()["errors"][0]["code"]
