"""/healthz tells a task worker that stopped being seen (issue 34, finding 2): each worker
writes a heartbeat per queue (hearts_site/tasks/worker_health.py); one older than
``HEARTS_WORKER_STALE_AFTER`` makes it a 503 naming the queue. The real worker writing it is
tested with worker processes in tests/multiprocess/test_worker_lives.py."""

from __future__ import annotations

import time

import pytest
from django.core.cache import caches

from hearts_site.tasks import worker_health

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _no_heartbeats():
    caches["default"].delete_many(
        [worker_health.KEY.format(queue=q) for q in ("webhooks", "ratings")]
    )


def seen(queue: str, seconds_ago: float) -> None:
    caches["default"].set(worker_health.KEY.format(queue=queue), time.time() - seconds_ago, None)


def test_a_worker_seen_lately_is_healthy(client, settings):
    assert settings.HEARTS_WORKER_STALE_AFTER == 120  # the default
    seen("webhooks", 5)
    seen("ratings", 5)
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok"}


def test_a_worker_not_seen_for_longer_than_the_threshold_is_a_503_naming_its_queue(
    client, settings
):
    settings.HEARTS_WORKER_STALE_AFTER = 60
    seen("webhooks", 5)
    seen("ratings", 61)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "database": "ok",
        "stale_workers": ["ratings"],
    }


def test_a_queue_never_served_yet_is_not_called_stale(client):
    assert client.get("/healthz").status_code == 200


def test_a_threshold_of_zero_turns_the_check_off(client, settings):
    settings.HEARTS_WORKER_STALE_AFTER = 0
    seen("ratings", 10_000)
    assert client.get("/healthz").status_code == 200


def test_a_heartbeat_written_is_read_back():
    assert worker_health.beat(["ratings"])
    assert time.time() - worker_health.last_seen(["ratings"])["ratings"] < 5
