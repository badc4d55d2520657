"""Webhook receivers at an IPv6 address that carries an IPv4 one (NAT64, 6to4, IPv4-mapped,
-translated or -compatible) are judged by the IPv4 address they carry, when registered and
at every send: a NAT64 gateway or a 6to4 relay would forward the POST to it."""

from __future__ import annotations

import socket

import pytest

from hearts_site.errors import DomainError
from scoring import services
from scoring.models import WebhookEndpoint
from scoring.services import outbound

CARRYING_PRIVATE = {
    "NAT64, the cloud metadata service": "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
    "NAT64, loopback": "http://[64:ff9b::7f00:1]:8400/",
    "local-use NAT64, whatever it carries": "http://[64:ff9b:1::808:808]/",
    "6to4, loopback": "http://[2002:7f00:1::1]/",
    "6to4, a private network": "http://[2002:a00:1::1]/",
    "IPv4-compatible loopback": "http://[::7f00:1]/",
    "IPv4-translated loopback": "http://[::ffff:0:7f00:1]/",
    "IPv4-mapped metadata service": "http://[::ffff:a9fe:a9fe]/",
    "Teredo": "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/",
}
CARRYING_PUBLIC = {
    "NAT64, a public address": ("http://[64:ff9b::808:808]/", "64:ff9b::808:808"),
    "6to4, a public address": ("http://[2002:808:808::1]/", "2002:808:808::1"),
}


@pytest.fixture(autouse=True)
def _private_addresses_refused(settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = False


@pytest.fixture
def connections(monkeypatch) -> list:
    """Every connection a send opens (none may be opened here)."""
    opened: list = []

    def refuse(address, *args, **kwargs):
        opened.append(address)
        raise OSError("no network in this test")

    monkeypatch.setattr(socket, "create_connection", refuse)
    return opened


@pytest.mark.django_db
@pytest.mark.parametrize("url", CARRYING_PRIVATE.values(), ids=CARRYING_PRIVATE.keys())
def test_an_endpoint_whose_ipv6_address_carries_a_private_one_is_refused(django_user_model, url):
    owner = django_user_model.objects.create_user("hook-owner")
    club = services.create_club(user=owner, name="Hooks", slug="hooks")
    with pytest.raises(DomainError) as refused:
        services.create_endpoint(club=club, url=url, event_types=["game.started"], actor=owner)
    assert (refused.value.code, refused.value.attr) == ("url_not_public", "url")
    # The words tell a deployer testing on their own network what allows it.
    assert "HEARTS_WEBHOOKS_ALLOW_PRIVATE" in refused.value.detail
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize("url", CARRYING_PRIVATE.values(), ids=CARRYING_PRIVATE.keys())
def test_a_send_to_such_an_address_is_refused_before_connecting(connections, url):
    answer = outbound.post(url, b"{}", {"Content-Type": "application/json"})
    assert answer.status is None and not answer.ok
    assert "HEARTS_WEBHOOKS_ALLOW_PRIVATE" in answer.error
    assert connections == []


@pytest.mark.parametrize(("url", "address"), CARRYING_PUBLIC.values(), ids=CARRYING_PUBLIC.keys())
def test_an_ipv6_address_that_carries_a_public_one_is_called(url, address):
    assert outbound.check_url(url)[3] == address


def test_the_operator_may_allow_them_for_a_receiver_on_their_own_network(settings):
    settings.HEARTS_WEBHOOKS_ALLOW_PRIVATE = True
    assert outbound.check_url("http://[::7f00:1]:8400/")[3] == "::127.0.0.1"
