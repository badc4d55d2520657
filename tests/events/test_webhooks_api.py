"""Webhook endpoints through the API, for a club's owners: each operation, who may call it, the
private-address guard, and (with the real worker and a receiver on loopback) a ping delivered as
any event is."""

from __future__ import annotations

import pytest
from django.utils import timezone

from scoring import services
from scoring.models import PING, DeliveryStatus, Event, EventType, WebhookDelivery, WebhookEndpoint
from tests.events.conftest import run_worker
from tests.events.receiver import verify
from tests.events.support import HAND, last_sequence
from tests.scoring.support import API, error_of

RECEIVER = "http://127.0.0.1:9/hooks"  # nothing listens: these tests never send


def hooks(club, tail: str = "") -> str:
    return f"{API}/clubs/{club.pk}/webhooks/{tail}"


def hook(club, endpoint_id: int, tail: str = "") -> str:
    return hooks(club, f"{endpoint_id}/{tail}")


@pytest.fixture
def api(client_for, owner):
    return client_for(owner)


def add(api, club, url: str = RECEIVER, types=("hand.entered", "game.started"), **headers):
    body = {"url": url, "event_types": list(types)}
    return api.post(hooks(club), body, format="json", headers=headers or None)


@pytest.mark.django_db
def test_an_owner_adds_an_endpoint_and_sees_its_secret_once(public_club, api):
    made = add(api, public_club)
    assert made.status_code == 201, made.content
    body = made.json()
    endpoint = WebhookEndpoint.objects.get(pk=body["id"])
    assert body["secret"] == endpoint.secret and body["secret"].startswith("whsec_")
    assert (body["url"], body["event_types"]) == (RECEIVER, ["game.started", "hand.entered"])
    assert (body["enabled"], body["previous_secret_until"]) == (True, None)
    listed = api.get(hooks(public_club)).json()["results"]
    read = api.get(hook(public_club, endpoint.pk)).json()
    assert [row["id"] for row in listed] == [endpoint.pk]
    assert "secret" not in listed[0] and "secret" not in read
    assert read == {key: value for key, value in body.items() if key != "secret"}


@pytest.mark.django_db
def test_a_replayed_create_names_the_endpoint_without_its_secret(public_club, api):
    first = add(api, public_club, **{"Idempotency-Key": "hook-1"})
    again = add(api, public_club, **{"Idempotency-Key": "hook-1"})
    assert again["Idempotent-Replayed"] == "true"
    assert again.json() == {**first.json(), "secret": None}
    assert WebhookEndpoint.objects.count() == 1


@pytest.mark.django_db
def test_a_private_address_is_refused_when_added_and_when_changed(public_club, api, settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False
    for url in ("http://127.0.0.1:8000/in", "http://10.1.2.3/in", "http://[::ffff:192.168.0.1]/"):
        assert error_of(add(api, public_club, url), 400) == ("url_not_public", "url")
    assert error_of(add(api, public_club, "ftp://example.org/"), 400)[1] == "url"
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    endpoint_id = add(api, public_club).json()["id"]
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False
    moved = api.patch(hook(public_club, endpoint_id), {"url": "http://169.254.169.254/"}, "json")
    assert error_of(moved, 400) == ("url_not_public", "url")
    assert WebhookEndpoint.objects.get(pk=endpoint_id).url == RECEIVER


@pytest.mark.django_db
def test_an_owner_changes_disables_enables_rotates_and_deletes_an_endpoint(public_club, api):
    endpoint_id = add(api, public_club).json()["id"]
    changed = api.patch(
        hook(public_club, endpoint_id),
        {"url": "http://127.0.0.1:9/other", "event_types": ["game.finished"]},
        format="json",
    )
    assert (changed.json()["url"], changed.json()["event_types"]) == (
        "http://127.0.0.1:9/other",
        ["game.finished"],
    )
    unknown = api.patch(hook(public_club, endpoint_id), {"event_types": ["hand.lost"]}, "json")
    assert error_of(unknown, 400)[1] == "event_types.0"
    off = api.post(hook(public_club, endpoint_id, "disable/"))
    assert (off.status_code, off.json()["enabled"]) == (200, False)
    assert off.json()["disabled_reason"]
    on = api.post(hook(public_club, endpoint_id, "enable/"))
    assert (on.json()["enabled"], on.json()["disabled_reason"]) == (True, "")
    old = WebhookEndpoint.objects.get(pk=endpoint_id).secret
    rotated = api.post(hook(public_club, endpoint_id, "rotate-secret/")).json()
    assert rotated["secret"] != old and rotated["secret"].startswith("whsec_")
    assert rotated["previous_secret_until"] > timezone.now().isoformat()[:19]
    assert WebhookEndpoint.objects.get(pk=endpoint_id).previous_secret == old
    gone = api.delete(hook(public_club, endpoint_id))
    assert gone.status_code == 204
    assert not WebhookEndpoint.objects.filter(pk=endpoint_id).exists()
    assert error_of(api.get(hook(public_club, endpoint_id)), 404) == ("endpoint_not_found", None)


@pytest.mark.django_db
def test_deliveries_are_listed_newest_first_and_one_is_sent_again(public_club, api, owner):
    endpoint_id = add(api, public_club, types=EventType.values).json()["id"]
    after = last_sequence(public_club)
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    services.enter_hand(game_id=game.pk, number=1, entry=HAND, actor=owner)
    listed = api.get(hook(public_club, endpoint_id, "deliveries/")).json()["results"]
    assert [row["event"]["type"] for row in listed] == ["hand.entered", "game.started"]
    assert [row["event"]["sequence"] - after for row in listed] == [2, 1]
    first = listed[-1]
    assert (first["status"], first["attempts"], first["last_status_code"]) == ("pending", 0, None)
    assert first["next_attempt_at"] is not None and first["delivered_at"] is None
    WebhookDelivery.objects.filter(pk=first["id"]).update(
        status=DeliveryStatus.DELIVERED, delivered_at=timezone.now()
    )
    pending = api.get(hook(public_club, endpoint_id, "deliveries/"), {"status": "pending"})
    assert [row["event"]["type"] for row in pending.json()["results"]] == ["hand.entered"]
    again = api.post(hook(public_club, endpoint_id, f"deliveries/{first['id']}/redeliver/"))
    assert (again.status_code, again.json()["status"]) == (202, "pending")
    missing = api.post(hook(public_club, endpoint_id, "deliveries/999999/redeliver/"))
    assert error_of(missing, 404) == ("delivery_not_found", None)


@pytest.mark.django_db
def test_a_ping_is_queued_for_its_endpoint_alone_and_is_in_no_feed(public_club, api):
    endpoint_id = add(api, public_club).json()["id"]
    after = last_sequence(public_club)
    pinged = api.post(hook(public_club, endpoint_id, "ping/"))
    assert pinged.status_code == 202
    assert pinged.json()["event"]["type"] == PING and pinged.json()["event"]["sequence"] is None
    assert Event.objects.get(type=PING).data == {"endpoint": endpoint_id}
    listed = api.get(f"{API}/clubs/{public_club.pk}/events/", {"after": after}).json()
    assert listed["results"] == []
    api.post(hook(public_club, endpoint_id, "disable/"))
    refused = api.post(hook(public_club, endpoint_id, "ping/"))
    assert error_of(refused, 409) == ("endpoint_disabled", None)
    api.delete(hook(public_club, endpoint_id))
    assert not Event.objects.filter(type=PING).exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("role", "status"),
    [("director", 403), ("scorer", 403), ("member", 403), ("outsider", 403), ("anonymous", 401)],
)
def test_only_owners_manage_webhooks(public_club, api, client_for, users, role, status):
    endpoint_id = add(api, public_club).json()["id"]
    them = client_for(users[role])
    for answer in (
        them.get(hooks(public_club)),
        add(them, public_club),
        them.get(hook(public_club, endpoint_id)),
        them.post(hook(public_club, endpoint_id, "ping/")),
        them.get(hook(public_club, endpoint_id, "deliveries/")),
        them.delete(hook(public_club, endpoint_id)),
    ):
        assert answer.status_code == status, answer.content
    assert WebhookEndpoint.objects.filter(pk=endpoint_id).exists()


@pytest.mark.django_db
def test_a_private_club_s_webhooks_are_a_404_to_outsiders_and_another_club_s_endpoint_too(
    public_club, private_club, api, client_for, outsider
):
    theirs = add(api, private_club).json()["id"]
    assert error_of(client_for(outsider).get(hooks(private_club)), 404)[0] == "not_found"
    assert error_of(api.get(hook(public_club, theirs)), 404) == ("endpoint_not_found", None)
    assert error_of(api.post(hook(public_club, theirs, "ping/")), 404)[0] == "endpoint_not_found"


@pytest.mark.django_db
def test_a_club_has_at_most_the_endpoints_the_setting_allows(public_club, api, settings):
    assert settings.HEARTS_WEBHOOK_MAX_ENDPOINTS == 10  # the default
    settings.HEARTS_WEBHOOK_MAX_ENDPOINTS = 3
    for number in range(3):
        assert add(api, public_club, f"http://127.0.0.1:9/{number}").status_code == 201
    assert error_of(add(api, public_club), 400) == ("too_many_endpoints", "url")


@pytest.mark.django_db(transaction=True)
def test_a_ping_is_delivered_signed_ahead_of_the_events_waiting(
    public_club, owner, client_for, receiver
):
    api = client_for(owner)
    made = add(api, public_club, receiver.url, types=["game.started"]).json()
    services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    api.post(hook(public_club, made["id"], "ping/"))
    run_worker()
    assert [event["type"] for event in receiver.events()] == ["ping", "game.started"]
    ping = receiver.received[0]
    assert ping.event["sequence"] is None and ping.event["data"] == {"endpoint": made["id"]}
    assert ping.headers["Hearts-Event-Id"] == ping.event["id"]
    assert verify(ping.headers["Hearts-Signature"], ping.body, made["secret"])
    rows = api.get(hook(public_club, made["id"], "deliveries/")).json()["results"]
    assert {(row["status"], row["last_status_code"]) for row in rows} == {("delivered", 204)}
    assert all(row["next_attempt_at"] is None for row in rows)
