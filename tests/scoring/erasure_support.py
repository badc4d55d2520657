"""A club where one person is named in every place a name is kept, for the erasure tests: a
league of finished games (tests/standings/support.py's, its fourth player renamed), a game
abandoned with a reason naming them, a correction's reason naming them, a webhook endpoint
whose delivery of that abandonment was sent, and (for ``with_account``) their account with a
device token, sign-in records and a PIN."""

from __future__ import annotations

from types import SimpleNamespace

from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.utils import timezone

from scoring import services
from scoring.models import (
    DeliveryStatus,
    DeviceToken,
    Event,
    EventType,
    Player,
    Role,
    SignInCount,
    WebhookDelivery,
    WebhookEndpoint,
)
from scoring.services.versions import tables_changed
from tests.standings.support import build_qq_league

NAME = "Zenobia Quartz"
FIRST = "Zenobia"
USERNAME = "zquartz"
EMAIL = "zenobia@example.org"
PASSWORD = "a long test password"


def sign_in_records(username: str) -> None:
    common = {"username": username, "ip_address": "203.0.113.7", "user_agent": "phone"}
    AccessLog.objects.create(**common, path_info="/account/login/")
    AccessAttempt.objects.create(**common, failures_since_start=1)
    AccessFailureLog.objects.create(**common)
    SignInCount.objects.create(
        username=username, address="203.0.113.7", failures=1, latest=timezone.now()
    )


def named_club(owner, slug: str = "forget", *, with_account: bool = False) -> SimpleNamespace:
    built = build_qq_league(owner, slug)
    club, players = built.club, built.players
    person = players["Dev"]
    Player.objects.filter(pk=person.pk).update(name=NAME)
    tables_changed(club.pk)
    person.refresh_from_db()
    # Made as the service makes it, without resolving the receiver's host (no DNS here).
    endpoint = WebhookEndpoint.objects.create(
        club=club,
        url="https://hooks.example.org/hearts",
        event_types=[EventType.GAME_ABANDONED, EventType.HAND_CORRECTED, EventType.PLAYER_ERASED],
        secret="a test secret",
        created_by=owner,
    )
    seated = [players["Ada"], players["Ben"], players["Cleo"], person]
    game = services.create_game(club=club, players=seated, actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry={"points": [13, 5, 4, 4]}, actor=owner)
    services.correct_hand(
        game_id=game.pk,
        number=1,
        entry={"points": [13, 4, 5, 4]},
        reason=f"{FIRST} counted her hearts again",
        actor=owner,
    )
    services.abandon_game(game_id=game.pk, reason=f"{NAME} left early", actor=owner)
    abandoned = Event.objects.get(club=club, type=EventType.GAME_ABANDONED, game=game)
    # Sent already: its receiver holds the name. The correction's is still waiting.
    WebhookDelivery.objects.filter(endpoint=endpoint, event=abandoned).update(
        status=DeliveryStatus.DELIVERED, attempts=1, delivered_at=timezone.now()
    )
    user = None
    if with_account:
        user = get_user_model().objects.create_user(
            USERNAME, email=EMAIL, password=PASSWORD, first_name=FIRST, last_name="Quartz"
        )
        services.set_membership(club=club, user=user, role=Role.MEMBER)
        Player.objects.filter(pk=person.pk).update(user=user)
        person.refresh_from_db()
        services.set_pin(player=person, pin="246810")
        DeviceToken.objects.create(
            user=user,
            name="Zenobia's phone",
            key_hash=DeviceToken.hash_key(DeviceToken.new_key()),
            prefix="abcd1234",
            password_stamp=DeviceToken.stamp_of(user),
        )
        sign_in_records(USERNAME)
    return SimpleNamespace(
        **vars(built),
        person=person,
        user=user,
        endpoint=endpoint,
        abandoned_event=abandoned,
        game=game,
    )
