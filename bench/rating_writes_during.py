"""Hand entries while a club is re-rated (``bench/rating_writes.py --during-rerating GAMES``).

A fresh club in the database DATABASE_URL names: GAMES finished games of four players drawn
from 200 (games and seats written in bulk: a re-rating reads only those), rated once. Then a
writer enters hands, one after another, in games in progress of the same club (a new game
every ten hands, so none ends): first for ``BASELINE_SECONDS`` with nothing else running, then
while another process (as ``manage.py db_worker`` would) re-rates the club from its first
game, until that process ends. Each entry's time is ``services.enter_hand`` called to
returned, committed; the figures are the p50, p99 and max of each phase and the p99 ratio.
The club is left in the database: give it a scratch one. Not a test.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = 200
BASELINE_SECONDS = 10
POINTS = [13, 5, 4, 4]


def run(args) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "hearts_site.settings")
    import django

    django.setup()
    if args.rerate_club:
        return _rerate(args.rerate_club)
    return _measure(args.during_rerating)


def _rerate(club_id: int) -> int:
    """The child: the club's re-rating, timed, and its transaction under the club's row lock
    (``rerating._show``, where it has one); its figures on stdout as JSON."""
    from scoring.services import rerating

    locked = [0.0]
    show = getattr(rerating, "_show", None)
    if show is not None:

        def timed(*args):
            begun = time.perf_counter()
            try:
                return show(*args)
            finally:
                locked[0] += time.perf_counter() - begun

        rerating._show = timed
    started = time.perf_counter()
    games = rerating.settle_ratings(club_id)
    seconds = time.perf_counter() - started
    print(json.dumps({"games": games, "seconds": seconds, "locked": locked[0] if show else None}))
    return 0


def _measure(games: int) -> int:
    from django.db import connection, transaction

    from scoring import services
    from scoring.models import RatingsState

    club, owner, players, first = _club(games)
    print(f"{connection.vendor}: {games:,} games, rated", file=sys.stderr)
    writer = _Writer(club, owner, players)
    baseline = writer.enter_for(lambda started: time.monotonic() - started > BASELINE_SECONDS)
    with transaction.atomic():  # what a correction of the first game leaves: a stale mark
        services.results_changed(club.pk, since=first)
    command = [sys.executable, str(ROOT / "bench" / "rating_writes.py"), "--rerate-club"]
    child = subprocess.Popen([*command, str(club.pk)], stdout=subprocess.PIPE, text=True)
    during = writer.enter_for(lambda started: child.poll() is not None)
    rerated = json.loads(child.communicate()[0])
    assert RatingsState.objects.get(club_id=club.pk).stale_since is None, "not re-rated"
    _report(connection.vendor, games, rerated, baseline, during)
    return 0


class _Writer:
    """Hands entered one after another in games in progress of the club, each timed."""

    def __init__(self, club, owner, players) -> None:
        self.club, self.owner, self.players = club, owner, players
        self.rng = random.Random(7)
        self.game, self.number = None, 0

    def enter_for(self, done) -> list[float]:
        from scoring import services

        times: list[float] = []
        started = time.monotonic()
        while not done(started):
            if self.game is None or self.number == 10:
                table = self.rng.sample(self.players, 4)
                self.game = services.create_game(club=self.club, players=table, actor=self.owner)
                self.number = 0
            self.number += 1
            points = POINTS[self.number % 4 :] + POINTS[: self.number % 4]
            begun = time.perf_counter()
            services.enter_hand(
                game_id=self.game.pk, number=self.number, entry={"points": points}, actor=self.owner
            )
            times.append(time.perf_counter() - begun)
        return times


def _club(games: int):
    """A fresh club with ``games`` finished games (games and seats only), rated."""
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from scoring import services
    from scoring.models import Game, GameSeat, GameStatus, Player
    from scoring.services import rerating

    tag = int(time.time())
    owner = get_user_model().objects.create_user(f"bench_rerating_{tag}")
    club = services.create_club(user=owner, name=f"Re-rating {tag}", slug=f"rerating-{tag}")
    players = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i:03d}") for i in range(PLAYERS)
    )
    rng = random.Random(1)
    start = timezone.now() - timedelta(days=365)
    step = timedelta(days=365) / games
    for offset in range(0, games, 5000):
        count = min(5000, games - offset)
        made = Game.objects.bulk_create(
            Game(
                club=club,
                ruleset={},
                status=GameStatus.FINISHED,
                started_at=start + step * (offset + i),
                finished_at=start + step * (offset + i),
                totals=[0, 0, 0, 0],
                hands_played=1,
                winners=[0],
                created_by=owner,
            )
            for i in range(count)
        )
        seats = []
        for game in made:
            places = rng.sample(range(1, 5), 4)
            for seat, player in enumerate(rng.sample(players, 4)):
                seats.append(GameSeat(game=game, seat=seat, player=player, place=places[seat]))
        GameSeat.objects.bulk_create(seats, batch_size=5000)
    rerating.ratings_changed(club.pk, None)  # rated once, as a restore rates it
    return club, owner, players, start


def _report(vendor: str, games: int, rerated: dict, baseline, during) -> None:
    def pct(times: list[float], q: float) -> float:
        ordered = sorted(times)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    locked = rerated["locked"]
    print(
        f"{vendor}: re-rating of {rerated['games']:,} games took {rerated['seconds']:.1f} s"
        + (f", {locked * 1000:.0f} ms of it under the club's row lock" if locked else "")
        + f"; {len(during)} entries during it, {len(baseline)} before"
    )
    print("| entries | n | p50 | p99 | max |")
    print("|---|---|---|---|---|")
    for name, times in (("no re-rating", baseline), ("during the re-rating", during)):
        print(
            f"| {name} | {len(times)} | {pct(times, 0.5):.1f} ms | {pct(times, 0.99):.1f} ms "
            f"| {max(times) * 1000:.1f} ms |"
        )
    print(f"p99 ratio (during / none): ×{pct(during, 0.99) / pct(baseline, 0.99):.2f}")
