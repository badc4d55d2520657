"""Idle watchers: what one small server answers when 500 phones watch games nobody is changing.

Not a test. A game page polls its scoreboard every few seconds with ``If-None-Match`` (static/
js/live.js); while nothing changes each poll is answered 304 from the game's version row. This
seeds a temporary SQLite database (a club, a 15-hand game, a signed-in session), serves it with
gunicorn (2 sync workers, ``DJANGO_DEBUG=0``) on a loopback port, and runs wrk with 500 open
connections (the watchers) against: ``/ping`` (the baseline, a plain Django JSON view); the
poll of a private club's game, with the session cookie as live.js sends it there; ``/ping``
again; the poll of a public club's game, without a cookie (live.js omits it there); and
``/ping`` once more. Each poll's share is its requests/s over the mean of the baseline runs
just before and after it. Every response must be 304 (200 for ``/ping``) with no socket error,
or the run is invalid. The report also says how many watchers that rate serves at live.js's
interval. See bench/README.md.

    .venv/bin/python bench/idle_watchers.py [--watchers 500] [--duration 10] [--port 8250]
        [--out bench/RESULTS.md]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import urllib.request
from collections.abc import Sequence
from pathlib import Path

from http_servers import ROOT, Load, Run, drain, fetch, gunicorn_on, tail, wrk_runs
from report import command_line, deadline, git_commit, load_average, machine_facts, write_section

SECTION = "idle-watchers"
# The poll's interval in static/js/live.js (``EVERY``), read from the script so the two agree.
LIVE_JS = ROOT / "static" / "js" / "live.js"
HANDS = 15


def poll_interval() -> float:
    found = re.search(r"var EVERY = (\d+);", LIVE_JS.read_text())
    if not found:
        raise SystemExit(f"no `var EVERY = <ms>;` in {LIVE_JS}")
    return int(found.group(1)) / 1000


def seed(url: str, out: Path) -> None:
    """In a child process: migrate, then a public club's 15-hand game and a signed-in session."""
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    os.environ.pop("CACHE_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth import (
        BACKEND_SESSION_KEY,
        HASH_SESSION_KEY,
        SESSION_KEY,
        get_user_model,
    )
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from scoring import services

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    owner = get_user_model().objects.create_user("bench-watcher", password="not used")
    club = services.create_club(user=owner, name="Bench club", slug="bench", is_public=True)
    players = [services.create_player(club=club, name=n) for n in ("Ada", "Ben", "Cleo", "Dev")]
    league = services.create_league(
        club=club, name="Open-ended", ruleset={"preset": "standard", "target_score": 100_000}
    )
    game = services.create_game(club=club, league=league, players=players, actor=owner)
    for number in range(1, HANDS + 1):
        points = [13, 5, 4, 4][-(number % 4) :] + [13, 5, 4, 4][: -(number % 4) or None]
        services.enter_hand(
            game_id=game.pk, number=number, entry={"points": points[:4]}, actor=owner
        )
    session = SessionStore()
    session[SESSION_KEY] = str(owner.pk)
    session[BACKEND_SESSION_KEY] = settings.AUTHENTICATION_BACKENDS[-1]  # Django's, after axes
    session[HASH_SESSION_KEY] = owner.get_session_auth_hash()
    session.create()
    out.write_text(
        json.dumps(
            {"game": game.pk, "cookie": f"{settings.SESSION_COOKIE_NAME}={session.session_key}"}
        )
    )


def check(base: str, board: str, cookie: str) -> str:
    """The poll's ETag, and that sending it back gets a 304 both signed in and not."""
    status, headers, _body = fetch(base + board, {"Cookie": cookie})
    etag = headers.get("ETag")
    if status != 200 or not etag:
        raise SystemExit(f"the scoreboard answered {status} without an ETag")
    for extra in ({"Cookie": cookie}, {}):
        request = urllib.request.Request(base + board, headers={"If-None-Match": etag, **extra})
        try:
            urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as exc:
            if exc.code == 304:
                continue
            raise SystemExit(f"the poll answered {exc.code}, not 304") from exc
        raise SystemExit("the poll with the current ETag was answered 200, not 304")
    return etag


def measure(args: argparse.Namespace, workdir: Path, log) -> dict:
    database = workdir / "watchers.sqlite3"
    url = f"sqlite:///{database}"
    seeded_path = workdir / "seed.json"
    subprocess.run(
        [sys.executable, __file__, "--seed", url, str(seeded_path)], cwd=ROOT, check=True
    )
    seeded = json.loads(seeded_path.read_text())
    board = f"/api/v1/games/{seeded['game']}/scoreboard/"
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "DJANGO_DEBUG": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    env.pop("CACHE_URL", None)
    log_path = workdir / "gunicorn.log"
    with gunicorn_on(args.port, ["--workers", "2"], env, log_path) as base:
        try:
            etag = check(base, board, seeded["cookie"])
        except SystemExit:
            log(tail(log_path))
            raise
        ping = Load("ping", "/ping (baseline)", "/ping", 200)
        polls = [
            Load(
                "signed-in",
                "poll with the session cookie (a private club's page)",
                board,
                304,
                headers=(f"If-None-Match: {etag}", f"Cookie: {seeded['cookie']}"),
            ),
            Load(
                "anonymous",
                "poll without a cookie (a public club's page)",
                board,
                304,
                headers=(f"If-None-Match: {etag}",),
            ),
        ]
        log(f"warming up ({args.warmup} s each)")
        for load in (ping, *polls):
            wrk_runs(base, load, args.warmup, args.watchers, args.threads)
        baseline: list[Run] = []
        runs: list[Run] = []
        for load in polls:
            baseline.append(wrk_runs(base, ping, args.duration, args.watchers, args.threads))
            runs.append(wrk_runs(base, load, args.duration, args.watchers, args.threads))
            log(
                f"  /ping {baseline[-1].rps:,.0f} requests/s; {load.key}: {runs[-1].rps:,.0f} "
                f"requests/s, statuses {runs[-1].statuses}, socket errors {runs[-1].socket_errors}"
            )
        baseline.append(wrk_runs(base, ping, args.duration, args.watchers, args.threads))
        drain(base, 4)
        if not all(run.valid for run in [*baseline, *runs]):
            log(tail(log_path))
    return {"baseline": baseline, "runs": runs}


def render(result: dict, args: argparse.Namespace, interval: float) -> str:
    baseline, runs = result["baseline"], result["runs"]
    need = args.watchers / interval
    lines = [
        f"{args.watchers} idle watchers (wrk, {args.watchers} connections on {args.threads} "
        f"threads, {args.duration} s a run) against gunicorn with 2 sync workers, SQLite, "
        f"DJANGO_DEBUG=0. At live.js's {interval:g} s interval, {args.watchers} watchers send "
        f"{need:,.0f} requests/s.",
        "",
        "| request | requests/s | p50 ms | p99 ms | share of /ping | watchers served at "
        f"{interval:g} s | statuses |",
        "|---|---:|---:|---:|---:|---:|---|",
    ]
    for index, run in enumerate(runs):
        around = statistics.mean(r.rps for r in baseline[index : index + 2])
        share = run.rps / around if around else 0.0
        lines.append(
            f"| {run.load.name} | {run.rps:,.0f} | {run.p50_ms:.1f} | {run.p99_ms:.1f} | "
            f"{share:.0%} | {run.rps * interval:,.0f} | "
            f"{', '.join(f'{k}: {v:,}' for k, v in sorted(run.statuses.items()))}"
            f"{'' if run.valid else ' INVALID'} |"
        )
    pings = ", ".join(f"{run.rps:,.0f}" for run in baseline)
    lines += [
        "",
        f"- /ping runs (before, between, after): {pings} requests/s",
        *(
            f"- {key}: {value}"
            for key, value in machine_facts(
                git_commit(),
                cpu_note="; wrk and gunicorn share them",
                extra={"load": load_average(" (other work on the machine counts too)")},
            ).items()
        ),
        f"- Command: `{command_line()}`",
    ]
    return "\n".join(lines)


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", nargs=2, metavar=("URL", "OUT"), help=argparse.SUPPRESS)
    parser.add_argument("--watchers", type=int, default=500, help="open connections (500)")
    parser.add_argument("--threads", type=int, default=2, help="wrk threads (2)")
    parser.add_argument("--duration", type=int, default=10, help="seconds a run (10)")
    parser.add_argument("--warmup", type=int, default=2, help="seconds of each warm-up (2)")
    parser.add_argument("--port", type=int, default=8250, help="gunicorn's loopback port (8250)")
    parser.add_argument("--out", type=Path, help="write the section into this results file")
    parser.add_argument("--max-seconds", type=int, default=600)
    args = parser.parse_args(argv)
    if not args.seed and not 1 <= args.duration <= 120:
        parser.error("--duration: 1 to 120 seconds")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    if args.seed:
        seed(args.seed[0], Path(args.seed[1]))
        return 0

    def log(message: str) -> None:
        print(message, file=sys.stderr, flush=True)

    interval = poll_interval()
    with deadline(args.max_seconds, "idle_watchers.py"), tempfile.TemporaryDirectory() as tmp:
        result = measure(args, Path(tmp), log)
    text = render(result, args, interval)
    print(text)
    if args.out:
        write_section(
            args.out, SECTION, "## Idle watchers: the live scoreboard's poll\n\n" + text + "\n"
        )
    valid = all(run.valid for run in [*result["baseline"], *result["runs"]])
    return 0 if valid else 1


if __name__ == "__main__":
    sys.exit(main())
