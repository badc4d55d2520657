"""CPU per request of `/ping` and of an adjudication, called on the WSGI application directly
(as gunicorn calls it, without the server, the socket or the load generator), in rounds that
alternate the two; the ratio ping / adjudication is the share an adjudication would reach over
HTTP if the server's and wrk's own work were nothing. Not a benchmark of record: a figure the
machine's other work moves less than wrk's, for a busy shared machine. ``--src`` measures
another tree (``git archive main | tar -x -C DIR``) with this checkout's virtualenv.

    .venv/bin/python bench/wsgi_cpu.py [--src DIR] [--requests 1000] [--rounds 5]
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, default=ROOT)
    parser.add_argument("--requests", type=int, default=1000, help="of each, over all rounds")
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    call = wsgi_caller(application(args.src))
    loads = {
        "ping": ("GET", "/ping"),
        "adjudicate": ("POST", "/api/v1/adjudications/", adjudication_body()),
    }
    for name, request in loads.items():
        if not call(*request).startswith("200"):
            raise SystemExit(f"{name} did not answer 200")
    cpu = cpu_per_request(call, loads, args.rounds, max(args.requests // args.rounds, 1))
    ping, adjudicate = min(cpu["ping"]), min(cpu["adjudicate"])
    print(
        f"{args.src}: ping {ping:.0f} µs, adjudicate {adjudicate:.0f} µs CPU per request "
        f"(best of {args.rounds} rounds); ping / adjudicate {ping / adjudicate:.3f}; "
        f"load average {os.getloadavg()[0]:.2f}"
    )


def application(src: Path):
    """The WSGI application of the tree ``src``, on a new migrated SQLite file."""
    sys.path.insert(0, str(src))
    workdir = Path(tempfile.mkdtemp(prefix="hearts-wsgi-cpu-"))
    os.environ.update(
        DATABASE_URL=f"sqlite:///{workdir / 'db.sqlite3'}",
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        DJANGO_DEBUG="0",
        API_COMPUTE_RATE="1000000/min",  # counted, never refused
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
    )
    import django

    django.setup()
    from django.core.management import call_command
    from django.core.wsgi import get_wsgi_application

    call_command("migrate", verbosity=0)
    return get_wsgi_application()


def adjudication_body() -> bytes:
    """A complete random legal hand with its holdings, the same one every run (seed 7)."""
    from adjudication.engine import build_ruleset
    from adjudication.engine.cards import NAMES, cards_in
    from adjudication.engine.simulate import deal, opening_leader, play_randomly

    rules, rng = build_ruleset("standard"), random.Random(7)
    holdings = deal(rules, rng)
    plays = play_randomly(rules, holdings, opening_leader(rules, holdings), rng)
    return json.dumps(
        {
            "plays": [NAMES[c] for c in plays],
            "hands": [[NAMES[c] for c in cards_in(m)] for m in holdings],
        }
    ).encode()


def wsgi_caller(app):
    """``call(method, path, data)``: one request as gunicorn hands it to ``app``, its body read
    whole and closed; returns the status line."""

    def call(method: str, path: str, data: bytes = b"") -> str:
        environ = {
            "REQUEST_METHOD": method,
            "PATH_INFO": path,
            "SCRIPT_NAME": "",
            "QUERY_STRING": "",
            "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "8000",
            "SERVER_PROTOCOL": "HTTP/1.1",
            "REMOTE_ADDR": "127.0.0.1",
            "HTTP_HOST": "127.0.0.1:8000",
            "wsgi.input": io.BytesIO(data),
            "wsgi.url_scheme": "http",
            "wsgi.errors": sys.stderr,
        }
        if data:
            environ.update(CONTENT_TYPE="application/json", CONTENT_LENGTH=str(len(data)))
        status = []
        chunks = app(environ, lambda s, h, e=None: status.append(s))
        b"".join(chunks)
        chunks.close()
        return status[0]

    return call


def cpu_per_request(call, loads: dict, rounds: int, each: int) -> dict[str, list[float]]:
    """CPU µs per request of each load, a figure a round; the loads alternate within a round so
    that the machine's other work falls on both alike."""
    cpu: dict[str, list[float]] = {name: [] for name in loads}
    for _ in range(rounds):
        for name, request in loads.items():
            started = time.process_time()
            for _ in range(each):
                call(*request)
            cpu[name].append((time.process_time() - started) / each * 1e6)
    return cpu


if __name__ == "__main__":
    main()
