"""A real webhook receiver for the tests: an HTTP server in a thread on loopback that keeps
every POST (headers and body), answers 500 to the first ``fail_first`` of them, and can hold
a request (``hold``) until released, as a slow or dying receiver would."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

PORTS = range(8400, 8500)  # this branch's port range


@dataclass
class Received:
    headers: dict[str, str]
    body: bytes

    @property
    def event(self) -> dict:
        return json.loads(self.body)


@dataclass
class Receiver:
    fail_first: int = 0
    hold: threading.Event | None = None
    received: list[Received] = field(default_factory=list)  # answered 2xx
    attempts: int = 0
    arrived: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                with receiver.lock:
                    receiver.attempts += 1
                    failing = receiver.attempts <= receiver.fail_first
                receiver.arrived.set()
                if receiver.hold is not None:
                    receiver.hold.wait(30)
                if failing:
                    self.send_response(500)
                else:
                    with receiver.lock:
                        receiver.received.append(Received(dict(self.headers.items()), body))
                    self.send_response(204)
                self.end_headers()

            def log_message(self, *args) -> None:
                pass

        for port in PORTS:
            try:
                self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
                break
            except OSError:
                continue
        else:
            raise RuntimeError("no free port in 8400-8499")
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}/hooks/hearts?club=1"

    def stop(self) -> None:
        if self.hold is not None:
            self.hold.set()
        self.server.shutdown()
        self.server.server_close()

    def events(self) -> list[dict]:
        return [item.event for item in self.received]


def verify(header: str, body: bytes, secret: str) -> bool:
    """What docs/webhooks.md tells a receiver to do: any v1 matching HMAC-SHA256(t.body)."""
    parts = [part.split("=", 1) for part in header.split(",")]
    timestamp = next(value for key, value in parts if key == "t")
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return any(
        key == "v1" and hmac.compare_digest(value, expected.hexdigest()) for key, value in parts
    )


@dataclass
class Trickler:
    """A receiver that reads the request, then sends its answer's status line one byte every
    ``every`` seconds for ``lasting`` seconds: each read of the sender gets a byte well inside
    any per-read timeout, as the slow receiver of issue 34 did."""

    every: float = 0.3
    lasting: float = 8.0

    def start(self) -> Trickler:
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        return self

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.listener.getsockname()[1]}/slow"

    def _serve(self) -> None:
        self.listener.settimeout(0.2)
        while not self.stopping.is_set():
            try:
                peer, _ = self.listener.accept()
            except TimeoutError:
                continue
            except OSError:  # closed by stop()
                return
            threading.Thread(target=self._trickle, args=(peer,), daemon=True).start()

    def _trickle(self, peer: socket.socket) -> None:
        with peer:
            peer.recv(65536)
            ends = time.monotonic() + self.lasting
            for byte in b"HTTP/1.1 200 OK\r\nX-Slow: " + b"x" * 1000:
                if time.monotonic() > ends or self.stopping.wait(self.every):
                    return
                try:
                    peer.sendall(bytes([byte]))
                except OSError:
                    return

    def stop(self) -> None:
        self.stopping.set()
        self.listener.close()
