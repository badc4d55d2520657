"""A director's draw made slow on purpose, in a process of its own, and what the night does
meanwhile (issue 51). Run in a child process against a database of its own, since the drawing
process must see what this one commits:

    DATABASE_URL=... python -m tests.multiprocess.slow_draw /tmp/out.json

The drawing process (``draw``, below) sleeps in its first call of ``plan_rounds``, the pure
draw, before it runs for real. Meanwhile this process checks players in: once with the drawer
killed (SIGKILL) after, once with it let finish. It writes what it saw as JSON.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAUSE = 20.0  # seconds the draw sleeps: far past WAIT, so a draw that holds the night shows
WAIT = 5.0  # seconds a check-in meanwhile may take before it counts as held up


def drawer(club: int, night: int, actor: int, pause: float) -> subprocess.Popen:
    command = [sys.executable, "-m", "tests.multiprocess.slow_draw", "draw"]
    return subprocess.Popen(
        [*command, str(club), str(night), str(actor), str(pause)],
        cwd=ROOT,
        env=os.environ.copy(),
        stdout=subprocess.PIPE,
        text=True,
    )


def draw(club_id: int, night_id: int, actor_id: int, pause: float) -> None:
    """The drawing process: the real draw, slow in its first call."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Club
    from scoring.services.nights import rounds

    real, calls = rounds.plan_rounds, []

    def slow(*args, **kwargs):
        calls.append(1)
        if len(calls) == 1:
            print("drawing", flush=True)
            time.sleep(pause)
        return real(*args, **kwargs)

    rounds.plan_rounds = slow
    actor = get_user_model().objects.get(pk=actor_id)
    drawn = services.draw_round(club=Club.objects.get(pk=club_id), night_id=night_id, actor=actor)
    seated = sum(len(table.players) for table in drawn.tables.all())
    print(json.dumps({"seated": seated, "calls": len(calls)}), flush=True)


def timed_check_in(club, night, player, actor) -> dict:
    """A check-in in a thread, given WAIT seconds: its outcome, or "held up"."""
    from django.db import connection

    from scoring import services

    seen: dict = {"outcome": "held up"}

    def run() -> None:
        started = time.monotonic()
        try:
            services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=actor)
            seen["outcome"] = "checked in"
        except Exception as refused:  # what a held-up check-in ends in is told
            seen["outcome"] = f"{type(refused).__name__}: {refused}"
        finally:
            seen["seconds"] = round(time.monotonic() - started, 2)
            connection.close()

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(WAIT)
    seen["within_wait"] = not thread.is_alive()
    seen["thread"] = thread
    return seen


def scenario() -> dict:
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import NightRound

    actor = get_user_model().objects.create_user("dora", password=None)
    club = services.create_club(user=actor, name="Slow draws", slug="slow-draws")
    league = services.create_league(club=club, name="Nights", ruleset="standard")
    players = [services.create_player(club=club, name=f"P{n:02}") for n in range(16)]
    night = services.open_night(
        club=club, league=league, name="Friday", rounds=3, round_hands=2, table_sizes=[4],
        actor=actor,
    )  # fmt: skip
    for player in players[:8]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=actor)
    seen: dict = {}

    # A draw killed while it draws: the night is free meanwhile and after.
    killed = drawer(club.pk, night.pk, actor.pk, PAUSE)
    assert killed.stdout.readline().strip() == "drawing"
    during = timed_check_in(club, night, players[8], actor)
    os.kill(killed.pid, signal.SIGKILL)
    killed.wait(10)
    during["thread"].join(PAUSE + 10)
    seen["killed"] = {k: v for k, v in during.items() if k != "thread"}
    seen["killed"]["rounds_left"] = NightRound.objects.filter(night=night).count()
    try:
        after(club, night, players, actor, seen)
    except Exception as failed:  # told in the answer, beside what was seen before it
        seen["failed"] = f"{type(failed).__name__}: {failed}"
    return seen


def after(club, night, players, actor, seen: dict) -> None:
    """The night drawn at once after the kill, then a slow draw let finish."""
    from scoring import services
    from scoring.models import CheckIn, NightRound

    for player in players[9:12]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=actor)
    drawn = services.draw_round(club=club, night_id=night.pk, actor=actor)
    seen["killed"]["drawn_after"] = sum(len(t.players) for t in drawn.tables.all())

    # A slow draw let finish after players were checked in meanwhile: drawn again with them.
    slow = drawer(club.pk, night.pk, actor.pk, 2.0)
    assert slow.stdout.readline().strip() == "drawing"
    for player in players[12:16]:
        services.check_in(club=club, night_id=night.pk, player_id=player.pk, actor=actor)
    finished = json.loads(slow.stdout.readline())
    slow.wait(10)
    seen["slow"] = {
        **finished,
        "present": CheckIn.objects.filter(night=night, withdrawn_before=None).count(),
        "proposed": NightRound.objects.filter(night=night, status="proposed").count(),
    }


if __name__ == "__main__":
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    django.setup()
    if sys.argv[1] == "draw":
        draw(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), float(sys.argv[5]))
    else:
        Path(sys.argv[1]).write_text(json.dumps(scenario()))
