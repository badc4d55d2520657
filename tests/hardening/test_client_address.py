"""The client's address: X-Forwarded-For believed only as far as trusted proxies report it."""

from __future__ import annotations

import pytest
from django.test import RequestFactory

from hearts_site.http.client_address import client_address

PROXIES = ["10.0.0.0/8", "2001:db8::/32"]


@pytest.mark.parametrize(
    ("trusted", "peer", "forwarded", "client"),
    [
        ([], "198.51.100.1", "", "198.51.100.1"),
        ([], "198.51.100.1", "192.0.2.9", "198.51.100.1"),  # no proxy trusted: ignored
        (PROXIES, "198.51.100.1", "192.0.2.9", "198.51.100.1"),  # the peer is no proxy
        (PROXIES, "10.0.0.2", "192.0.2.9", "192.0.2.9"),
        (PROXIES, "10.0.0.2", "192.0.2.66, 192.0.2.9", "192.0.2.9"),  # forged left part
        (PROXIES, "10.0.0.2", "192.0.2.9, 10.0.0.3", "192.0.2.9"),  # two proxies
        (PROXIES, "10.0.0.2", "10.0.0.4, 10.0.0.3", "10.0.0.4"),  # all proxies: the farthest
        (PROXIES, "10.0.0.2", "not an address", "10.0.0.2"),
        (PROXIES, "10.0.0.2", "", "10.0.0.2"),
        (PROXIES, "2001:db8::1", "2001:db9::5", "2001:db9::5"),
        (PROXIES, "::ffff:10.0.0.2", "192.0.2.9", "192.0.2.9"),
        ([], "", "192.0.2.9", None),
    ],
)
def test_the_client_address_believes_only_trusted_proxies(
    settings, trusted, peer, forwarded, client
):
    settings.HEARTS_TRUSTED_PROXIES = trusted
    request = RequestFactory().get("/", REMOTE_ADDR=peer, HTTP_X_FORWARDED_FOR=forwarded)
    assert client_address(request) == client


def test_a_bad_trusted_proxy_setting_stops_the_start(monkeypatch):
    import importlib

    from django.core.exceptions import ImproperlyConfigured

    import hearts_site.settings as site_settings

    monkeypatch.setenv("HEARTS_TRUSTED_PROXIES", "10.0.0.0/8,not-a-network")
    with pytest.raises(ImproperlyConfigured, match="HEARTS_TRUSTED_PROXIES"):
        importlib.reload(site_settings)
    monkeypatch.delenv("HEARTS_TRUSTED_PROXIES")
    importlib.reload(site_settings)
