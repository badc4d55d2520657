"""For any sequence of writes (refused ones included), the feed and a webhook endpoint that
wants every type carry exactly the same events, in the same order, byte for byte the same
JSON: Hypothesis draws the writes, the real worker delivers to a real receiver."""

from __future__ import annotations

import itertools

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from adjudication.engine.errors import HeartsError
from hearts_site.errors import DomainError
from scoring import services
from scoring.models import EventType, Game
from tests.events.conftest import run_worker
from tests.events.support import last_sequence

pytestmark = pytest.mark.django_db(transaction=True)
_clubs = itertools.count(1)
SHORT_GAME = {"preset": "standard", "target_score": 30}  # three hands may end it

WRITES = st.lists(
    st.tuples(
        st.sampled_from(
            ["start", "hand", "hand", "hand", "correct", "void", "abandon", "dispute", "merge"]
        ),
        st.integers(0, 5),
        st.sampled_from([[13, 5, 4, 4], [0, 13, 13, 0], [1, 13, 6, 6], [20, 0, 6, 0]]),
    ),
    min_size=1,
    max_size=20,
)


def write(club, owner, games: list[Game], kind: str, pick: int, points: list[int]) -> None:
    """One write of ``kind``; a refusal (a finished game, a void hand, …) is part of the draw."""
    entry = {"points": points}
    if kind == "start" or not games:
        players = club.seated[pick % 3 : pick % 3 + 4]
        games.append(
            services.create_game(club=club, players=players, actor=owner, ruleset=SHORT_GAME)
        )
        return
    if kind == "merge":
        newcomer = services.create_player(club=club, name=f"Again {pick}")
        services.merge_players(source=newcomer, target=club.seated[pick], actor=owner)
        return
    game = games[pick % len(games)]
    game.refresh_from_db()
    number = 1 + pick % max(game.hands_played, 1)
    try:
        if kind == "hand":
            services.enter_hand(
                game_id=game.pk, number=game.hands_played + 1, entry=entry, actor=owner
            )
        elif kind == "correct":
            services.correct_hand(
                game_id=game.pk, number=number, entry=entry, reason="fix", actor=owner
            )
        elif kind == "void":
            services.void_hand(game_id=game.pk, number=number, reason="misdeal", actor=owner)
        elif kind == "abandon":
            services.abandon_game(game_id=game.pk, reason="late", actor=owner)
        else:
            dispute = services.open_dispute(
                game_id=game.pk, number=number, record=entry, actor=owner
            )
            decision = "accept" if pick % 2 else "dismiss"
            services.resolve_dispute(dispute_id=dispute.pk, decision=decision, note="", actor=owner)
    except (DomainError, HeartsError):
        pass


def feed(club, owner, after: int) -> list[dict]:
    client = APIClient()
    client.force_authenticate(owner)
    events, more = [], True
    while more:
        page = client.get(f"/api/v1/clubs/{club.pk}/events/", {"after": after, "limit": 7}).json()
        events += page["results"]
        after, more = page["after"], page["has_more"]
    return events


@pytest.fixture
def _a_club_each_example(settings):
    settings.HEARTS_MAX_CLUBS_PER_USER = 100  # one owner makes a club for each example


def test_the_feed_and_the_webhooks_carry_the_same_events(users, receiver, _a_club_each_example):
    owner = users["owner"]

    @settings(
        max_examples=15,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(writes=WRITES)
    def check(writes):
        tag = next(_clubs)
        club = services.create_club(user=owner, name=f"Drawn {tag}", slug=f"drawn-{tag}")
        club.seated = [services.create_player(club=club, name=f"P{i}") for i in range(6)]
        services.create_endpoint(
            club=club, url=receiver.url, event_types=EventType.values, actor=owner
        )
        receiver.received.clear()
        after = last_sequence(club)  # the endpoint hears what follows its registration
        games: list[Game] = []
        for kind, pick, points in writes:
            write(club, owner, games, kind, pick, points)
        run_worker()
        listed = feed(club, owner, after)
        assert listed, "every draw starts a game"
        # (A failing draw's events may arrive late, with the next draw's: each club apart.)
        posted = [item.body for item in receiver.received if item.event["club"] == club.pk]
        assert posted == [orjson.dumps(event) for event in listed]

    check()
