"""The client's address: the connection's peer, unless that peer is a trusted proxy.

One answer for everything that counts per address: the sign-in lockout (django-axes, through
``AXES_CLIENT_IP_CALLABLE``) and the anonymous throttles. ``X-Forwarded-For`` is read only
from a peer inside ``HEARTS_TRUSTED_PROXIES``; anyone else could write any address there.
"""

from __future__ import annotations

import ipaddress
from functools import lru_cache

from django.conf import settings

Address = ipaddress.IPv4Address | ipaddress.IPv6Address
Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def client_address(request) -> str | None:
    """The address of whoever sent ``request`` (None when the server gave none). The
    forwarded chain is walked from the right (the hop nearest us) while the hop that reported
    it is a trusted proxy; the first address reported by an untrusted hop is the client's. A
    malformed entry ends the walk."""
    address = _parsed(request.META.get("REMOTE_ADDR", ""))
    if address is None:
        return None  # stored as NULL by axes: "unknown" is no address to PostgreSQL
    trusted = trusted_proxies(tuple(settings.HEARTS_TRUSTED_PROXIES))
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")
    for hop in reversed(forwarded):
        if not any(address in network for network in trusted):
            break
        reported = _parsed(hop)
        if reported is None:
            break
        address = reported
    return str(address)


def from_trusted_proxy(request) -> bool:
    """Whether the connection's peer is one of ``HEARTS_TRUSTED_PROXIES`` (whose headers are
    believed: ``X-Forwarded-For``, ``X-Request-ID``)."""
    peer = _parsed(request.META.get("REMOTE_ADDR", ""))
    trusted = trusted_proxies(tuple(settings.HEARTS_TRUSTED_PROXIES))
    return peer is not None and any(peer in network for network in trusted)


@lru_cache(maxsize=8)
def trusted_proxies(cidrs: tuple[str, ...]) -> tuple[Network, ...]:
    """The networks of ``cidrs``; raises ``ValueError`` on one that is not a network."""
    return tuple(ipaddress.ip_network(cidr, strict=False) for cidr in cidrs)


@lru_cache(maxsize=4096)
def _parsed(text: str) -> Address | None:
    """The address ``text`` names, or None. Kept per text: parsing it is most of what finding
    a client's address costs, and a worker sees the same few peers again and again."""
    try:
        address = ipaddress.ip_address(text.strip())
    except ValueError:
        return None
    mapped = getattr(address, "ipv4_mapped", None)  # ::ffff:a.b.c.d is a.b.c.d
    return mapped or address
