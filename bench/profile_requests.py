"""Where a request's time goes: CPU per request and queries per request for each endpoint of
bench/http_load.py, in-process (Django's test Client, no HTTP server), and on demand a
pyinstrument profile of one of them. The tool behind the profile-driven fixes listed in
bench/RESULTS.md ("HTTP: what the profiles showed"); not a benchmark of record.

    .venv/bin/python bench/profile_requests.py [--games 2000] [--requests 300]
        [--only hand,scoreboard] [--profile hand] [--database-url postgres://…/scratch]
        [--show-queries] [--instructions]

``--instructions`` runs the same requests under valgrind's callgrind and reports the machine
instructions per request, counted only while the timed requests run: a figure that other work
on the machine does not move, so two trees can be compared on a busy machine. It counts work,
not waits (SQLite's lock, a PostgreSQL round trip), and is about fifty times slower.

It seeds a fresh database as bench/http_load.py does (a temporary SQLite file unless a scratch
PostgreSQL database is given, which it must be allowed to fill), then times each endpoint.
CPU is the process's (time.process_time): the test Client's own work is in it, as /ping shows;
wall time adds what the process waited for (on PostgreSQL, the server's work and the round
trips).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
POINTS = ([13, 5, 4, 4], [4, 16, 3, 3], [2, 6, 18, 0], [1, 2, 3, 20])


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games in the seeded league")
    parser.add_argument("--requests", type=int, default=300, help="timed requests per endpoint")
    parser.add_argument("--profile", help="an endpoint to profile with pyinstrument")
    parser.add_argument(
        "--only", help="comma-separated endpoints to time (default: all; ping is always timed)"
    )
    parser.add_argument("--database-url", help="a scratch database (default: temporary SQLite)")
    parser.add_argument(
        "--show-queries", action="store_true", help="print each endpoint's statements"
    )
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="count instructions per request under valgrind's callgrind",
    )
    return parser.parse_args()


def endpoints(seeded: dict) -> dict[str, Callable[[object], int]]:
    """Each endpoint as a call on a test Client, returning the status (checked by the caller)."""
    body = Path(seeded["adjudication_body"]).read_text()
    game = seeded["entry_games"][0]
    board = f"/api/v1/games/{seeded['scoreboard_game']}/scoreboard/"
    table = f"/api/v1/leagues/{seeded['league']}/standings/"
    token = f"Token {seeded['token']}"
    entered = [0]
    board_etag: list[str] = []

    def board_unchanged(client) -> int:
        if not board_etag:
            board_etag.append(client.get(board)["ETag"])
        return client.get(board, HTTP_IF_NONE_MATCH=board_etag[0]).status_code

    def hand(client) -> int:
        entered[0] += 1
        number = entered[0]
        return client.put(
            f"/api/v1/games/{game}/hands/{number}/",
            json.dumps({"points": POINTS[number % 4]}),
            content_type="application/json",
            HTTP_AUTHORIZATION=token,
        ).status_code

    return {
        "ping": lambda client: client.get("/ping").status_code,
        "adjudicate": lambda client: (
            client.post("/api/v1/adjudications/", body, content_type="application/json").status_code
        ),
        "hand": hand,
        "scoreboard": lambda client: client.get(board).status_code,
        "scoreboard-304": board_unchanged,
        "table": lambda client: client.get(table).status_code,
    }


EXPECTED = {
    "ping": 200,
    "adjudicate": 200,
    "hand": 201,
    "scoreboard": 200,
    "scoreboard-304": 304,
    "table": 200,
}
UNDER_CALLGRIND = "HEARTS_UNDER_CALLGRIND"


def run_under_callgrind(workdir: Path) -> int:
    """Run this script again under callgrind, collecting nothing until the timed loops."""
    out = workdir / "callgrind.out"
    command = ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={out}"]
    argv = [a for a in sys.argv if a != "--instructions"]
    env = {**os.environ, UNDER_CALLGRIND: str(out)}
    return subprocess.run([*command, sys.executable, *argv], env=env, check=False).returncode


class Instructions:
    """Callgrind's count over one endpoint's timed loop: collection is switched on before the
    loop, and the loop's count dumped (and reset) after it."""

    def __init__(self) -> None:
        self.out = os.environ.get(UNDER_CALLGRIND)
        self.dumps = 0

    def start(self) -> None:
        if self.out:
            self._control("-z")
            self._control("-i", "on")

    def stop(self, requests: int) -> str:
        if not self.out:
            return ""
        self._control("-d")
        self._control("-i", "off")
        self.dumps += 1
        dump = Path(f"{self.out}.{self.dumps}").read_text()
        total = int(
            next(line for line in dump.splitlines() if line.startswith("totals:")).split()[1]
        )
        return f" {total / requests / 1e6:>12.2f}"

    def _control(self, *args: str) -> None:
        subprocess.run(
            ["callgrind_control", *args, str(os.getpid())], check=True, capture_output=True
        )


def main() -> int:
    args = parse_args()
    if args.only and (unknown := set(args.only.split(",")) - set(EXPECTED)):
        known = ", ".join(EXPECTED)
        sys.exit(f"--only: no endpoint {', '.join(sorted(unknown))}; there are {known}")
    if args.instructions and UNDER_CALLGRIND not in os.environ:
        return run_under_callgrind(Path(tempfile.mkdtemp(prefix="hearts-callgrind-")))
    sys.path.insert(0, str(ROOT / "bench"))
    sys.path.insert(0, str(ROOT))
    from http_seed import seed

    workdir = Path(tempfile.mkdtemp(prefix="hearts-profile-"))
    url = args.database_url or f"sqlite:///{workdir / 'profile.sqlite3'}"
    os.environ.setdefault("API_WRITE_RATE", "1000000/min")  # counted, never refused
    os.environ.setdefault("API_COMPUTE_RATE", "1000000/min")
    os.environ["DJANGO_DEBUG"] = "0"
    os.environ.pop("CACHE_URL", None)
    seed(url, workdir / "seed.json", args.games, 200, 4)
    seeded = json.loads((workdir / "seed.json").read_text())

    from django.conf import settings
    from django.db import connection
    from django.test import Client

    settings.ALLOWED_HOSTS = ["*"]
    client = Client()
    calls = endpoints(seeded)
    counter = Instructions()
    header = f"{'endpoint':<14} {'CPU ms/request':>15} {'wall ms':>8} {'queries':>8}"
    print(header + (f" {'M instr/req':>12}" if counter.out else ""))
    wanted = set(args.only.split(",")) | {"ping"} if args.only else set(calls)
    for name, call in calls.items():
        if name not in wanted:
            continue
        for _ in range(5):
            assert call(client) == EXPECTED[name], name
        queries: list[str] = []

        def count(execute, sql, params, many, context, queries=queries):
            queries.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            call(client)
        counter.start()
        started, wall = time.process_time(), time.perf_counter()
        for _ in range(args.requests):
            call(client)
        cpu = (time.process_time() - started) / args.requests * 1000
        wall = (time.perf_counter() - wall) / args.requests * 1000
        instructions = counter.stop(args.requests)
        print(f"{name:<14} {cpu:>15.3f} {wall:>8.3f} {len(queries):>8}{instructions}")
        if args.show_queries:
            for sql in queries:
                print(f"    {sql[:150]}")
    if args.profile:
        from pyinstrument import Profiler

        profiler = Profiler(interval=0.0002)
        with profiler:
            for _ in range(args.requests):
                calls[args.profile](client)
        print(profiler.output_text(unicode=True, color=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
