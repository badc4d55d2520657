"""The people of a two-server night, for bench/night_faults.py: scorers entering hands at their
tables, phones watching scoreboards and the league table, a director correcting games deep in
the big league, and the receiver of the club's webhooks.

Clients go to the two servers in turn, as a proxy in front of them would; a server that does
not answer (refused, reset, timed out) is passed over for a few seconds and the request sent to
the other, which is safe because every write here can be repeated (a hand by its number, a new
game by its Idempotency-Key, a correction to the same points). A 429 or a 503 is retried after
its ``Retry-After``. Every answer is tallied by kind. Not a benchmark itself.
"""

from __future__ import annotations

import hashlib
import hmac
import http.client
import json
import random
import secrets
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

API = "/api/v1"
TIMEOUT = 15.0  # seconds for one request: well under gunicorn's 30
PASS_OVER = 3.0  # seconds a server that did not answer is passed over
TRANSPORT_ERRORS = (OSError, http.client.HTTPException)
STALE_CONNECTION = (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected)


@dataclass
class Tally:
    """Every answer the clients saw, by who asked and what came back, with each request's time
    (for the percentiles) and each error's moment (for the time to recover)."""

    started: float = field(default_factory=time.monotonic)
    lock: threading.Lock = field(default_factory=threading.Lock)
    outcomes: Counter = field(default_factory=Counter)
    seconds: dict[str, list[float]] = field(default_factory=dict)
    errors: list[tuple[float, str, str]] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # answers no client may see

    def answer(self, who: str, status: int, headers: dict[str, str], took: float, body: bytes):
        outcome = str(status)
        if status == 503:
            outcome += " with Retry-After" if "retry-after" in headers else " WITHOUT Retry-After"
        acceptable = (
            200 <= status < 300
            or status in (304, 409, 429)
            or (status == 503 and "retry-after" in headers)
        )
        with self.lock:
            self.outcomes[(who, outcome)] += 1
            self.seconds.setdefault(who, []).append(took)
            if status >= 500:
                self.errors.append((time.monotonic() - self.started, who, outcome))
            if not acceptable:
                self.refused.append(f"{who}: {outcome}: {body[:300]!r}")

    def transport(self, who: str, error: BaseException) -> None:
        with self.lock:
            self.outcomes[
                (who, f"no answer ({type(error).__name__}), sent to the other server")
            ] += 1
            self.errors.append((time.monotonic() - self.started, who, type(error).__name__))


class Balancer:
    """The two servers in turn, passing over one that did not answer for ``PASS_OVER`` s."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = ports
        self.down_until = dict.fromkeys(ports, 0.0)
        self.turn = 0
        self.lock = threading.Lock()

    def pick(self) -> int:
        with self.lock:
            self.turn += 1
            now = time.monotonic()
            order = self.ports[self.turn % 2 :] + self.ports[: self.turn % 2]
            up = [port for port in order if self.down_until[port] <= now]
            return up[0] if up else min(order, key=self.down_until.__getitem__)

    def passed_over(self, port: int) -> None:
        with self.lock:
            self.down_until[port] = time.monotonic() + PASS_OVER


class Client:
    """One person's phone: kept-alive connections to each server, a token, and retries."""

    def __init__(self, who: str, balancer: Balancer, tally: Tally, token: str | None) -> None:
        self.who, self.balancer, self.tally = who, balancer, tally
        self.headers = {"Accept": "application/json"}
        if token:
            self.headers["Authorization"] = f"Token {token}"
        self.connections: dict[int, http.client.HTTPConnection] = {}

    def once(self, method: str, path: str, body: Any = None, headers: dict | None = None):
        """One request to one server: (status, headers, body); raises on no answer. A kept-alive
        connection the server has since closed (gunicorn closes idle ones after 2 s) is opened
        again and the request sent again at once, as HTTP clients do: no fault of the server."""
        port = self.balancer.pick()
        data = json.dumps(body).encode() if body is not None else None
        sent = {**self.headers, **(headers or {})}
        if data is not None:
            sent["Content-Type"] = "application/json"
        started = time.monotonic()
        while True:
            reused = port in self.connections
            connection = self.connections.pop(port, None) or http.client.HTTPConnection(
                "127.0.0.1", port, timeout=TIMEOUT
            )
            try:
                connection.request(method, path, body=data, headers=sent)
                response = connection.getresponse()
                content = response.read()
            except TRANSPORT_ERRORS as error:
                if reused and isinstance(error, STALE_CONNECTION):
                    connection.close()
                    continue
                connection.close()
                self.balancer.passed_over(port)
                self.tally.transport(self.who, error)
                raise
            self.connections[port] = connection
            break
        answer_headers = {k.lower(): v for k, v in response.getheaders()}
        self.tally.answer(
            self.who, response.status, answer_headers, time.monotonic() - started, content
        )
        return response.status, answer_headers, content

    def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        headers: dict | None = None,
        until: float = float("inf"),
    ):
        """Until an answer other than 429/503 (or no answer), waiting as told; the last answer,
        or None when ``until`` (a monotonic time) passed first."""
        while time.monotonic() < until:
            try:
                status, answer_headers, content = self.once(method, path, body, headers)
            except TRANSPORT_ERRORS:
                time.sleep(0.2)
                continue
            if status in (429, 503):
                wait = float(answer_headers.get("retry-after", "1") or 1)
                time.sleep(min(wait, 5.0) * random.uniform(0.5, 1.0))
                continue
            return status, answer_headers, content
        return None


def hand_by_points(rng: random.Random) -> dict[str, Any]:
    """26 points among four seats (the Q♠'s 13 to one of them), or a moon now and then."""
    if rng.random() < 0.04:
        shooter = rng.randrange(4)
        points = [26 if seat == shooter else 0 for seat in range(4)]
        return {"points": points, "moon_choice": "add_to_others"}
    points = [0, 0, 0, 0]
    points[rng.randrange(4)] += 13
    for _ in range(13):
        points[rng.randrange(4)] += 1
    return {"points": points}


@dataclass
class Night:
    """What the people share: the stop time, each table's current game, what was acknowledged."""

    seed: dict[str, Any]
    balancer: Balancer
    tally: Tally
    pace: float  # mean seconds between two hands at a table
    stop_at: float = float("inf")
    games: dict[int, int] = field(default_factory=dict)  # table -> its current game
    acknowledged: list[tuple[int, int, list[int]]] = field(default_factory=list)
    unexpected: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def note(self, text: str) -> None:
        with self.lock:
            self.unexpected.append(text)

    def person(self, target, *args: Any) -> threading.Thread:
        """A thread for one of the people; one that dies is noted, never silently gone."""

        def run() -> None:
            try:
                target(self, *args)
            except Exception as error:
                self.note(f"{target.__name__}{args[:1]} died: {type(error).__name__}: {error}")

        return threading.Thread(target=run, daemon=True)


def scorer(night: Night, table: int, grace: float) -> None:
    """A table's scorer: a game, then a hand every few seconds until the night ends, a new game
    after each that ends. A hand is retried (same number, same points) until answered."""
    rng = random.Random(table)
    client = Client(f"scorer {table}", night.balancer, night.tally, night.seed["scorers"][table])
    players = night.seed["tables"][table]
    game, number = None, 1
    while time.monotonic() < night.stop_at:
        if game is None:
            game = _new_game(night, client, table, players, night.stop_at + grace)
            if game is None:
                return
            number = 1
        entry = hand_by_points(rng)
        points = entry["points"]
        answer = client.call(
            "PUT",
            f"{API}/games/{game}/hands/{number}/",
            entry,
            until=night.stop_at + grace,
        )
        if answer is None:
            night.note(f"table {table}: hand {number} of game {game} never answered")
            return
        status, _, content = answer
        body = json.loads(content or b"{}")
        if status in (200, 201):
            with night.lock:
                night.acknowledged.append((game, number, points))
            number += 1
            if body["status"] != "in_progress":
                game = None
        else:
            night.note(f"table {table}: hand {number} of game {game}: {status} {content[:200]!r}")
            return
        time.sleep(rng.uniform(0.5, 1.5) * night.pace)


def _new_game(night: Night, client: Client, table: int, players: list[int], until: float):
    body = {"league": night.seed["night_league"], "players": players, "table": f"T{table + 1}"}
    key = {"Idempotency-Key": f"night-{table}-{secrets.token_hex(8)}"}
    answer = client.call("POST", f"{API}/games/", body, key, until=until)
    if answer is None or answer[0] != 201:
        night.note(f"table {table}: no new game: {answer and answer[:3:2]}")
        return None
    game = json.loads(answer[2])["id"]
    with night.lock:
        night.games[table] = game
    return game


def watchers(night: Night, phones: list[int], every: float) -> None:
    """Phones watching, each its table's scoreboard (a few the league table) every ``every`` s,
    asking with the ETag they hold."""
    client = Client(f"phones {phones[0]}-{phones[-1]}", night.balancer, night.tally, None)
    etags: dict[str, str] = {}
    due = {phone: time.monotonic() + random.uniform(0, every) for phone in phones}
    tables = len(night.seed["tables"])
    while time.monotonic() < night.stop_at:
        phone = min(due, key=due.__getitem__)
        time.sleep(max(0.0, due[phone] - time.monotonic()))
        due[phone] = time.monotonic() + every * random.uniform(0.8, 1.2)
        if phone % 10 == 0:
            path = f"{API}/leagues/{night.seed['night_league']}/standings/"
        else:
            game = night.games.get(phone % tables)
            if game is None:
                continue
            path = f"{API}/games/{game}/scoreboard/"
        headers = {"If-None-Match": etags[path]} if path in etags else None
        try:
            status, answer_headers, _ = client.once("GET", path, headers=headers)
        except TRANSPORT_ERRORS:
            continue
        if status == 200 and "etag" in answer_headers:
            etags[path] = answer_headers["etag"]


def director(night: Night, every: float, grace: float) -> None:
    """Corrections deep in the big league, one every ``every`` s: the last hand of an early game
    with two seats' points swapped (the game still ends, its places change), so the club is
    re-rated from there while the night goes on."""
    client = Client("director", night.balancer, night.tally, night.seed["key"])
    for game, number, points in night.seed["corrections"]:
        if time.monotonic() >= night.stop_at:
            return
        body = {"points": points, "reason": "Two seats' points were swapped on the sheet."}
        answer = client.call(
            "PATCH", f"{API}/games/{game}/hands/{number}/", body, until=night.stop_at + grace
        )
        if answer is None or answer[0] != 200:
            night.note(f"correction of game {game}: {answer and answer[:3:2]}")
        time.sleep(every)


class Receiver(ThreadingHTTPServer):
    """The club's webhook receiver: checks each signature, fails some deliveries (500) and
    answers some slowly (past the sender's deadline now and then), and keeps the events it
    answered 200 to, in the order it answered."""

    daemon_threads = True

    def __init__(self, fail: float, slow: float, slow_seconds: tuple[float, float]) -> None:
        super().__init__(("127.0.0.1", 0), ReceiverHandler)
        self.fail, self.slow, self.slow_seconds = fail, slow, slow_seconds
        self.secret = ""
        self.accepted: list[tuple[str, int]] = []  # (event id, sequence) answered 200
        self.requests = Counter()
        self.bad_signatures = 0
        self.lock = threading.Lock()
        self.rng = random.Random(7)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}/hook"

    def verdict(self) -> tuple[str, float]:
        with self.lock:
            draw = self.rng.random()
            if draw < self.fail:
                return "fail", 0.0
            if draw < self.fail + self.slow:
                return "slow", self.rng.uniform(*self.slow_seconds)
            return "ok", 0.0


class ReceiverHandler(BaseHTTPRequestHandler):
    server: Receiver

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        if not self._signed(body):
            self.server.bad_signatures += 1
            self._answer(400)
            return
        verdict, wait = self.server.verdict()
        with self.server.lock:
            self.server.requests[verdict] += 1
        if verdict == "fail":
            self._answer(500)
            return
        time.sleep(wait)
        event = json.loads(body)
        with self.server.lock:
            self.server.accepted.append((event["id"], event["sequence"] or 0))
        self._answer(200)

    def _signed(self, body: bytes) -> bool:
        parts = dict(
            p.split("=", 1) for p in self.headers.get("Hearts-Signature", "").split(",") if "=" in p
        )
        signed = f"{parts.get('t', '')}.".encode() + body
        mac = hmac.new(self.server.secret.encode(), signed, hashlib.sha256).hexdigest()
        return hmac.compare_digest(mac, parts.get("v1", ""))

    def _answer(self, status: int) -> None:
        try:
            self.send_response(status)
            self.send_header("Content-Length", "0")
            self.end_headers()
        except OSError:
            pass  # the sender gave up waiting (its deadline): it sends again

    def log_message(self, format: str, *args: Any) -> None:
        pass
