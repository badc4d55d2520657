"""bench/http_load.py's database: what the load needs, written by a child process with Django
set up on the new database (``http_load.py --seed-into``), and bench/profile_requests.py's too."""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCOREBOARD_HANDS = 15
# What the seeding child writes for the load (seed.json).
SEED_KEYS = (
    "token",
    "league",
    "finished_games",
    "hands",
    "scoreboard_game",
    "entry_games",
    "adjudication_body",
    "adjudication_plays_body",
    "first_day",
    "days",
)


def seed(url: str, out: Path, games: int, players: int, entry_games: int) -> None:
    """Migrate the empty database at ``url`` and write what the load needs into ``out``."""
    started = time.perf_counter()

    def log(message: str) -> None:
        print(f"  seed [{time.perf_counter() - started:5.1f}s] {message}", file=sys.stderr)

    set_up_django(url)
    import random

    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    call_command("createcachetable", verbosity=0)
    owner, club, key = club_with_token()
    log(f"generating a {games:,}-game league of {players} players")
    league = league_of(club, owner, games, players)
    log(f"generated {league['finished_games']:,} finished games, {league['hands']:,} hands")
    rng = random.Random(7)
    board, entry = open_games(club, owner, players, entry_games, rng)
    body = out.parent / "adjudication.json"
    with_holdings = adjudication_body(rng)
    body.write_text(json.dumps(with_holdings))
    plays_body = out.parent / "adjudication-plays.json"
    plays_body.write_text(json.dumps(without_holdings(with_holdings)))
    analyze()
    out.write_text(
        json.dumps(
            {  # SEED_KEYS
                "token": key,
                "league": league["league"],
                "finished_games": league["finished_games"],
                "first_day": league["first_day"],
                "days": league["days"],
                "hands": league["hands"],
                "scoreboard_game": board,
                "entry_games": entry,
                "adjudication_body": str(body),
                "adjudication_plays_body": str(plays_body),
            }
        )
    )
    log("seeded")


def set_up_django(url: str) -> None:
    """Django on the database at ``url``, with the settings' default cache."""
    os.environ["DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "hearts_site.settings"
    # The database cache while seeding, whatever the caller's environment says: createcachetable
    # makes the cache table only for it, and the runs with the database cache need the table.
    os.environ.pop("CACHE_URL", None)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def club_with_token():
    """The club's owner, the club, and the key of the owner's device token (what wrk sends)."""
    from django.contrib.auth import get_user_model

    from scoring import services

    owner = get_user_model().objects.create_user("bench-owner")
    club = services.create_club(user=owner, name="Bench club", slug="bench")
    _token, key = services.create_device_token(user=owner, name="wrk")
    return owner, club, key


def league_of(club, owner, games: int, players: int) -> dict:
    """A generated league: its id, its finished games and hands, and its days (the first, and
    how many), in the time zone in which the table reads ``as_of``."""
    from django.db.models import Max, Min
    from django.utils import timezone

    from scoring.models import GameStatus, Hand
    from scoring.sample.generate import generate

    league = generate(club=club, actor=owner, players=players, games=games, seed=1)
    finished = league.games.filter(status=GameStatus.FINISHED)
    span = finished.aggregate(first=Min("finished_at"), last=Max("finished_at"))
    first_day = timezone.localdate(span["first"])
    return {
        "league": league.pk,
        "finished_games": finished.count(),
        "hands": Hand.objects.filter(game__league=league).count(),
        "first_day": first_day.isoformat(),
        "days": (timezone.localdate(span["last"]) - first_day).days + 1,
    }


def open_games(club, owner, players: int, entry_games: int, rng) -> tuple[int, list[int]]:
    """Games that never end (target 100,000): the scoreboard's, with its hands, and one per wrk
    connection and run for hand entry."""
    from scoring import services
    from scoring.models import Player

    open_league = services.create_league(
        club=club,
        name="Open-ended",
        ruleset={"preset": "standard", "target_score": 100_000},
    )
    people = list(Player.objects.filter(club=club).order_by("pk")[:players])

    def new_game():
        return services.create_game(
            club=club, league=open_league, players=rng.sample(people, 4), actor=owner
        )

    board = new_game()
    for number in range(1, SCOREBOARD_HANDS + 1):
        points = [13, 5, 4, 4]
        points = points[-(number % 4) :] + points[: -(number % 4)]
        services.enter_hand(game_id=board.pk, number=number, entry={"points": points}, actor=owner)
    return board.pk, [new_game().pk for _ in range(entry_games)]


def adjudication_body(rng) -> dict:
    """A complete random legal hand, with the holdings, for the adjudication endpoint."""
    from adjudication.engine import build_ruleset
    from adjudication.engine.cards import NAMES, cards_in
    from adjudication.engine.simulate import deal, opening_leader, play_randomly

    rules = build_ruleset("standard")
    holdings = deal(rules, rng)
    plays = play_randomly(rules, holdings, opening_leader(rules, holdings), rng)
    return {
        "ruleset": "standard",
        "plays": [NAMES[c] for c in plays],
        "hands": [[NAMES[c] for c in cards_in(mask)] for mask in holdings],
    }


def without_holdings(body: dict) -> dict:
    """The same hand as a scorer records it without the holdings: the plays and the seat that
    led trick 1."""
    from adjudication.engine import build_ruleset, parse_card
    from adjudication.engine.simulate import opening_leader

    holdings = [sum(1 << parse_card(card) for card in hand) for hand in body["hands"]]
    leader = opening_leader(build_ruleset(body["ruleset"]), holdings)
    return {"ruleset": body["ruleset"], "plays": body["plays"], "first_leader": leader}


def analyze() -> None:
    """PostgreSQL: planner statistics for the rows just written in bulk, as autovacuum would
    gather them on a live database. Without them the 20,000-game table was planned blind and
    took 330 ms instead of 36 ms (SQLite has no autovacuum: it is left as production has it)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
