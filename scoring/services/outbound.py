"""One POST to a webhook receiver, made safe against server-side request forgery: the host is
resolved once, every address it resolves to must be public (unless
``HEARTS_WEBHOOKS_ALLOW_PRIVATE``), and the connection goes to that checked address, so a
second lookup cannot point it elsewhere. An IPv6 address that carries an IPv4 one (NAT64,
6to4, IPv4-mapped, -translated or -compatible) is judged by the IPv4 address it carries: a
NAT64 gateway or a 6to4 relay would forward to it. Short timeouts, and one deadline for the
whole exchange (``HEARTS_WEBHOOK_DEADLINE``: a receiver trickling a byte at a time is cut off
then), no redirects followed (a 3xx is a failure), and only a little of the answer read."""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import threading
import time
from dataclasses import dataclass
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext as _

from hearts_site.errors import DomainError

ANSWER_BYTES = 1024


class RefusedDestination(DomainError):
    """The URL may not be called: not http(s), no host, or an address not on the internet."""


@dataclass(frozen=True)
class Answer:
    status: int | None  # None: no HTTP answer (refused, unreachable, timed out)
    latency_ms: int
    error: str = ""

    @property
    def ok(self) -> bool:
        return self.status is not None and 200 <= self.status < 300


def check_url(url: str) -> tuple[str, str, int, str]:
    """The scheme, host, port and the checked address a URL is called at; RefusedDestination
    when it may not be called."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise RefusedDestination(
            "url_scheme", _("Webhook URLs are http:// or https:// URLs."), "url"
        )
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        infos = socket.getaddrinfo(parts.hostname, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise RefusedDestination(
            "url_unresolved", _("The URL's host does not resolve."), "url"
        ) from None
    addresses = [str(info[4][0]) for info in infos]
    if not getattr(settings, "HEARTS_WEBHOOKS_ALLOW_PRIVATE", False):
        for address in addresses:
            if not is_public(address):
                raise RefusedDestination(
                    "url_not_public",
                    # Whole within a delivery's last_error (200 characters).
                    _(
                        "The URL's host is a private, loopback, link-local or reserved address, or "
                        "an IPv6 one that carries such an address: allowed only where the server's "
                        "operator sets HEARTS_WEBHOOKS_ALLOW_PRIVATE."
                    ),
                    "url",
                )
    return parts.scheme, parts.hostname, port, addresses[0]


# IPv6 prefixes whose last 32 bits are an IPv4 address that the network forwards to: NAT64's
# well-known prefix (RFC 6052), IPv4-translated (RFC 2765) and IPv4-compatible (RFC 4291,
# deprecated) addresses. IPv4-mapped and 6to4 have their own properties.
CARRIES_IPV4 = tuple(
    ipaddress.IPv6Network(prefix) for prefix in ("64:ff9b::/96", "::ffff:0:0:0/96", "::/96")
)
# Never public, whatever they carry: NAT64 for a local network (RFC 8215).
NEVER_PUBLIC = (ipaddress.IPv6Network("64:ff9b:1::/48"),)


def is_public(address: str) -> bool:
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if isinstance(ip, ipaddress.IPv6Address):
        if any(ip in network for network in NEVER_PUBLIC):
            return False
        carried = carried_ipv4(ip)
        if carried is not None:
            ip = carried
    return ip.is_global and not ip.is_multicast


def carried_ipv4(ip: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    """The IPv4 address an IPv6 one carries, where the network would forward to it."""
    if ip.ipv4_mapped is not None:
        return ip.ipv4_mapped
    if ip.sixtofour is not None:
        return ip.sixtofour
    if any(ip in network for network in CARRIES_IPV4):
        return ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)
    return None


class _PinnedHTTP(http.client.HTTPConnection):
    """An HTTP connection to a checked address, sending the URL's host name."""

    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """An HTTPS connection to a checked address; the certificate is checked for the host."""

    def __init__(self, host: str, port: int, address: str, timeout: float):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self) -> None:
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = sock  # the deadline can cut a handshake that trickles, too
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


class _Deadline:
    """Cuts a connection at a moment, whatever it is doing: every socket timeout is per
    operation, and a receiver sending one byte just inside it would otherwise hold on."""

    def __init__(self, connection: http.client.HTTPConnection, seconds: float):
        self.connection = connection
        self.passed = False
        self.timer = threading.Timer(max(seconds, 0), self._cut)
        self.timer.daemon = True

    def _cut(self) -> None:
        self.passed = True
        sock = self.connection.sock
        if sock is not None:
            with contextlib.suppress(OSError):  # already closed
                sock.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> _Deadline:
        self.timer.start()
        return self

    def __exit__(self, *exc) -> None:
        self.timer.cancel()


def post(url: str, body: bytes, headers: dict[str, str]) -> Answer:
    """POST ``body`` to ``url`` within ``HEARTS_WEBHOOK_DEADLINE`` seconds from the start (the
    name's lookup aside); never raises for the receiver's faults, only reports them."""
    started = time.monotonic()
    deadline = settings.HEARTS_WEBHOOK_DEADLINE

    def answer(status: int | None, error: str = "") -> Answer:
        return Answer(status, round((time.monotonic() - started) * 1000), error[:200])

    try:
        scheme, host, port, address = check_url(url)
    except RefusedDestination as refused:
        return answer(None, refused.detail)
    parts = urlsplit(url)
    target = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    kind = _PinnedHTTPS if scheme == "https" else _PinnedHTTP
    left = deadline - (time.monotonic() - started)
    connection = kind(host, port, address, max(min(settings.HEARTS_WEBHOOK_TIMEOUT, left), 0.001))
    with _Deadline(connection, left) as cut:
        try:
            connection.request("POST", target, body=body, headers=headers)
            response = connection.getresponse()
            response.read(ANSWER_BYTES)
            if cut.passed:
                return answer(None, f"Deadline: no whole answer within {deadline:g} s.")
            return answer(response.status)
        except (OSError, http.client.HTTPException) as failure:
            if cut.passed:
                return answer(None, f"Deadline: no whole answer within {deadline:g} s.")
            return answer(None, f"{type(failure).__name__}: {failure}")
        finally:
            connection.close()
