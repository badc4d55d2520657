"""The draw of a very large night over HTTP (issue 51): gunicorn as docs/deploy.md runs it
(gthread, 2 workers x 4 threads, ``--timeout 30``), PostgreSQL and Redis on loopback.

Not a test. A club of ``--players`` players is seeded in the database (the caps raised to let it
in, as an attacker's own settings cannot, to measure what a draw of that size would cost), a
night of ``--rounds`` rounds with every player checked in, then the director's API asks for the
draw once. Reported: the draw's status, its type of body and seconds; the gunicorn workers'
peak memory before and after (VmHWM); the size of a check-in's answer; and whether a second
draw is answered afterwards (the night not left locked). Baseline in the same run: the night's
``GET``, the same night read whole.

    .venv/bin/python bench/draw_http.py [--players 3000] [--rounds 20] [--out FILE]
        [--database-url postgres://postgres@127.0.0.1:5432/drawguard]
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from faults_cluster import PYTHON, ROOT, Managed, server, stop_group
from report import command_line, deadline, git_commit, load_average, machine_facts, write_section

SEED = """
import json
from django.contrib.auth import get_user_model
from scoring import services
from scoring.models import CheckIn, Club, Player
user = get_user_model().objects.create_user("director-" + {tag!r}, password=None)
club = services.create_club(user=user, name="Big " + {tag!r}, slug="big-" + {tag!r})
league = services.create_league(club=club, name="Big night", ruleset="standard")
Player.objects.bulk_create(Player(club=club, name=f"P{{n:05}}") for n in range({players} + 1))
players = list(club.players.order_by("pk"))
night = services.open_night(
    club=club, league=league, name="Big", rounds={rounds}, round_hands=1, actor=user
)
CheckIn.objects.bulk_create(CheckIn(night=night, player=p) for p in players[:-1])
_token, key = services.create_device_token(user=user, name="bench")
print(json.dumps({{"club": club.pk, "night": night.pk, "late": players[-1].pk, "key": key}}))
"""


def environment(database_url: str, players: int) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "HEARTS_"))}
    env.update(
        DATABASE_URL=database_url,
        CACHE_URL="redis://127.0.0.1:6379/3",
        TASKS_URL="redis://127.0.0.1:6379/4",
        DJANGO_SETTINGS_MODULE="hearts_site.settings",
        DJANGO_SECRET_KEY="draw-http-" + secrets.token_hex(24),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        # Let the seeded night in (unknown to a checkout without the caps).
        HEARTS_MAX_NIGHT_PLAYERS=str(players + 1),
        HEARTS_MAX_CLUB_PLAYERS=str(players + 1),
        API_WRITE_RATE="10000/min",
        PYTHONUNBUFFERED="1",
    )
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    if done.returncode:
        raise RuntimeError(f"manage.py {args[0]} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def worker_peaks(master: Managed) -> dict[int, int]:
    """Each gunicorn worker's peak resident memory (VmHWM), in MB, by pid."""
    assert master.process is not None
    pid = master.process.pid
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    peaks = {}
    for child in map(int, children):
        for line in Path(f"/proc/{child}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peaks[child] = int(line.split()[1]) // 1024
    return peaks


def call(port: int, method: str, path: str, key: str, body: dict | None = None):
    """(status, content type, bytes, seconds) of one request, whatever its status."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, method=method)
    request.add_header("Authorization", f"Token {key}")
    request.add_header("Content-Type", "application/json")
    started = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as answer:
            content = answer.read()
            status, kind = answer.status, answer.headers.get("Content-Type", "")
    except urllib.error.HTTPError as refused:
        content = refused.read()
        status, kind = refused.code, refused.headers.get("Content-Type", "")
    return status, kind.split(";")[0], len(content), time.perf_counter() - started


def measure(args: argparse.Namespace) -> dict:
    env = environment(args.database_url, args.players)
    manage(env, "migrate", "--noinput", "-v", "0")
    tag = secrets.token_hex(4)
    seeded = json.loads(
        manage(env, "shell", "-c", SEED.format(tag=tag, players=args.players, rounds=args.rounds))
        .strip()
        .splitlines()[-1]
    )
    logs = Path(args.logs)
    logs.mkdir(parents=True, exist_ok=True)
    gunicorn = server("draw-http", env, logs)
    gunicorn.start()
    try:
        port = gunicorn.ready_port
        assert port is not None
        night = f"/api/v1/clubs/{seeded['club']}/nights/{seeded['night']}/"
        key = seeded["key"]
        read = call(port, "GET", night, key)
        before = worker_peaks(gunicorn)
        drawn = call(port, "POST", night + "draw/", key, {})
        time.sleep(1)
        after = worker_peaks(gunicorn)
        again = call(port, "POST", night + "draw/", key, {"seed": 2})
        checked = call(port, "POST", night + "check-ins/", key, {"player": seeded["late"]})
    finally:
        stop_group(gunicorn.process)
    return {
        "read": read,
        "draw": drawn,
        "again": again,
        "check_in": checked,
        "before": before,
        "after": after,
        "log": gunicorn.output()[-600:],
    }


def render(result: dict, args: argparse.Namespace, facts: dict[str, str], command: str) -> str:
    def row(what: str, answer) -> str:
        status, kind, size, seconds = answer
        return f"| {what} | {status} | {kind or '-'} | {size:,} | {seconds:.2f} |"

    lines = [
        f"## Seating draw over HTTP, {args.players:,} players, {args.rounds} rounds "
        "(`bench/draw_http.py`)",
        "",
        "gunicorn as docs/deploy.md runs it (gthread, 2 workers × 4 threads, `--timeout 30`), "
        "PostgreSQL and Redis on loopback; the night seeded with every player checked in. "
        "Baseline, same run: the night's `GET`.",
        "",
        "| request | status | type | bytes | seconds |",
        "|---|---:|---|---:|---:|",
        row("GET the night (baseline)", result["read"]),
        row("POST draw", result["draw"]),
        row("POST draw again (another seed)", result["again"]),
        row("POST check-in of one more player", result["check_in"]),
        "",
        f"- Draw / baseline: {result['draw'][3] / max(result['read'][3], 1e-9):.1f}×.",
        "- Workers' peak memory (VmHWM, MB) before the draw: "
        f"{sorted(result['before'].values())}, after: {sorted(result['after'].values())} "
        "(a worker the timeout killed is replaced, and its peak lost with it).",
        "",
    ]
    lines += [f"- {key.capitalize()}: {value}" for key, value in facts.items()]
    lines.append(f"- Command: `{command}`")
    return "\n".join(lines) + "\n"


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3000)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--database-url", default="postgres://postgres@127.0.0.1:5432/drawguard")
    parser.add_argument("--logs", default="/tmp/hearts-draw-http")
    parser.add_argument("--out", type=Path, help="write the section into this results file")
    parser.add_argument("--max-seconds", type=int, default=900)
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    command = command_line()
    with deadline(args.max_seconds, "bench/draw_http.py"):
        result = measure(args)
    facts = machine_facts(
        git_commit(["scoring", "bench/draw_http.py"]), extra={"load": load_average()}
    )
    body = render(result, args, facts, command)
    print(body)
    print(result["log"], file=sys.stderr)
    if args.out is not None:
        write_section(args.out, f"draw-http-{args.players}", body)
    return 0


if __name__ == "__main__":
    sys.exit(main())
