"""Concurrency scenarios: real threads, each with its own database connection, through the API.

Each scenario builds its data through scoring.services, starts its threads together on a
barrier, and returns what it observed as plain JSON (statuses, row counts, totals), which
test_concurrency.py checks. On PostgreSQL the tests run the scenarios in-process; pytest's
SQLite database lives in memory and cannot be shared by threads, so on SQLite the same
scenarios run in a child process against a migrated file database:

    DATABASE_URL=sqlite:////tmp/x.sqlite3 python -m tests.scoring.concurrency /tmp/out.json
"""

from __future__ import annotations

import itertools
import json
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

THREADS = 8
ROUNDS = 3
_names = itertools.count(1)


def run_threads(count: int, work: Callable[[int], Any]) -> list[Any]:
    """Run ``work(i)`` in ``count`` threads released together; each closes its connection."""
    from django.db import connections

    barrier = threading.Barrier(count)
    results: list[Any] = [None] * count

    def target(index: int) -> None:
        try:
            barrier.wait(timeout=30)
            results[index] = work(index)
        except BaseException as exc:  # reported, never swallowed: the checks see it
            results[index] = {"status": "exception", "error": repr(exc)}
        finally:
            connections.close_all()

    threads = [threading.Thread(target=target, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    return results


def request(user_id: int, method: str, url: str, body: dict | None = None) -> dict:
    """One API call in the calling thread, as the user (fetched afresh in this thread)."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(pk=user_id))
    response = getattr(client, method)(url, body, format="json")
    data = response.json() if response.content else None
    code = data["errors"][0]["code"] if response.status_code >= 400 and data else None
    return {"status": response.status_code, "code": code, "body": data}


def table(ruleset: object = "standard", extra_players: int = 0) -> dict[str, Any]:
    """A fresh club with a director and a scorer, and a game of four players."""
    from django.contrib.auth import get_user_model

    from scoring import services

    tag = next(_names)
    users = get_user_model().objects
    owner = users.create_user(f"c_owner_{tag}")
    scorer = users.create_user(f"c_scorer_{tag}")
    club = services.create_club(user=owner, name=f"Race club {tag}", slug=f"race-{tag}")
    services.set_membership(club=club, user=scorer, role="scorer")
    players = [
        services.create_player(club=club, name=f"P{tag}-{i}") for i in range(4 + extra_players)
    ]
    game = services.create_game(club=club, players=players[:4], actor=owner, ruleset=ruleset)
    return {"owner": owner, "scorer": scorer, "club": club, "players": players, "game": game}


def game_state(game_id: int) -> dict[str, Any]:
    from scoring.models import Game, GameSeat, Hand, HistoryEntry

    game = Game.objects.get(pk=game_id)
    hands = list(Hand.objects.filter(game=game, is_void=False).order_by("number"))
    columns = zip(*[h.scores for h in hands], strict=True)
    summed = [sum(column) for column in columns] if hands else None
    return {
        "version": game.version,
        "status": game.status,
        "totals": game.totals,
        "summed": summed,
        "hands": [{"number": h.number, "entry": h.entry, "scores": h.scores} for h in hands],
        "seat_totals": list(
            GameSeat.objects.filter(game=game).order_by("seat").values_list("total", flat=True)
        ),
        "seat_players": list(
            GameSeat.objects.filter(game=game).order_by("seat").values_list("player_id", flat=True)
        ),
        "history": list(
            HistoryEntry.objects.filter(game=game).order_by("id").values_list("action", flat=True)
        ),
    }


def hand_url(game_id: int, number: int) -> str:
    return f"/api/v1/games/{game_id}/hands/{number}/"


# --- Scenarios --------------------------------------------------------------------------------


def same_body() -> dict[str, Any]:
    """(a) N threads PUT the same hand at once: one row, one 201, the rest replay it (200)."""
    t = table()
    game = t["game"]
    body = {"points": [13, 5, 8, 0]}
    results = run_threads(
        THREADS, lambda i: request(t["scorer"].pk, "put", hand_url(game.pk, 1), body)
    )
    return {"version_before": game.version, "results": results, **game_state(game.pk)}


def different_bodies() -> dict[str, Any]:
    """(b) N threads PUT different hands under one number: one stored, the others 409."""
    t = table()
    game = t["game"]
    bodies = [{"points": [13, i, 13 - i, 0]} for i in range(THREADS)]
    results = run_threads(
        THREADS, lambda i: request(t["scorer"].pk, "put", hand_url(game.pk, 1), bodies[i])
    )
    return {
        "version_before": game.version,
        "bodies": bodies,
        "results": results,
        **game_state(game.pk),
    }


def correction_vs_entry() -> list[dict[str, Any]]:
    """(c) A correction of hand 1 races the entry of hand 2: both apply, totals add up."""
    from scoring import services

    rounds = []
    for _ in range(ROUNDS):
        t = table()
        game = t["game"]
        services.enter_hand(
            game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=t["scorer"]
        )
        game.refresh_from_db()
        calls = [
            ("patch", hand_url(game.pk, 1), {"points": [0, 13, 13, 0], "reason": "misread"}),
            ("put", hand_url(game.pk, 2), {"points": [13, 0, 0, 13]}),
        ]
        calls = [(t["scorer"].pk, *call) for call in calls]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        rounds.append({"version_before": game.version, "results": results, **game_state(game.pk)})
    return rounds


def merge_vs_entry() -> list[dict[str, Any]]:
    """(d) A merge of a seated player races a hand entry in that player's game."""
    rounds = []
    for _ in range(ROUNDS):
        t = table(extra_players=1)
        game = t["game"]
        source, target = t["players"][0], t["players"][4]
        calls = [
            (t["owner"].pk, "post", f"/api/v1/players/{source.pk}/merge/", {"into": target.pk}),
            (t["scorer"].pk, "put", hand_url(game.pk, 1), {"points": [13, 5, 8, 0]}),
        ]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        rounds.append(
            {
                "version_before": game.version,
                "source": source.pk,
                "target": target.pk,
                "players": [p.pk for p in t["players"][:4]],
                "results": results,
                **game_state(game.pk),
            }
        )
    return rounds


def same_idempotency_key() -> dict[str, Any]:
    """N threads POST the same create with one Idempotency-Key: one row, one stored response."""
    from django.contrib.auth import get_user_model
    from rest_framework.test import APIClient

    from scoring.models import IdempotencyRecord, Player

    t = table()
    body = {"club": t["club"].pk, "name": "Racing Newcomer"}

    def post(_: int) -> dict:
        client = APIClient()
        client.force_authenticate(get_user_model().objects.get(pk=t["scorer"].pk))
        response = client.post(
            "/api/v1/players/", body, format="json", headers={"Idempotency-Key": "race-1"}
        )
        data = response.json()
        return {
            "status": response.status_code,
            "code": data["errors"][0]["code"] if response.status_code >= 400 else None,
            "body": data,
            "replayed": response.headers.get("Idempotent-Replayed"),
        }

    results = run_threads(THREADS, post)
    return {
        "results": results,
        "players": Player.objects.filter(club=t["club"], name=body["name"]).count(),
        "records": IdempotencyRecord.objects.filter(user=t["scorer"], key="race-1").count(),
    }


def same_slug() -> dict[str, Any]:
    """N threads create a club with one slug: one is created, the others hear 409."""
    from scoring.models import Club

    t = table()
    slug = f"contested-{next(_names)}"
    results = run_threads(
        THREADS,
        lambda i: request(
            t["scorer"].pk, "post", "/api/v1/clubs/", {"name": f"Club {i}", "slug": slug}
        ),
    )
    return {"results": results, "clubs": Club.objects.filter(slug=slug).count()}


def same_table() -> dict[str, Any]:
    """N threads start a game at one table of a club: one is started, the others hear 409."""
    from scoring.models import Game

    t = table()
    body = {"club": t["club"].pk, "players": [p.pk for p in t["players"]], "table": "Table 9"}
    results = run_threads(
        THREADS,
        lambda i: request(
            t["scorer"].pk,
            "post",
            "/api/v1/games/",
            {**body, "table": ("Table 9", "table 9")[i % 2]},
        ),
    )
    at_table = Game.objects.filter(club=t["club"], table__iexact="table 9").count()
    return {"results": results, "games": at_table}


def crossed_merges() -> list[dict[str, Any]]:
    """A into B races B into A (two directors, two phones): one merge, never a deadlock."""
    from scoring.models import Player

    rounds = []
    for _ in range(2 * ROUNDS):
        t = table(extra_players=2)
        a, b = t["players"][4].pk, t["players"][5].pk
        calls = [
            (t["owner"].pk, "post", f"/api/v1/players/{a}/merge/", {"into": b}),
            (t["owner"].pk, "post", f"/api/v1/players/{b}/merge/", {"into": a}),
        ]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        merged = dict(Player.objects.filter(pk__in=[a, b]).values_list("pk", "merged_into"))
        rounds.append({"a": a, "b": b, "results": results, "merged_into": [merged[a], merged[b]]})
    return rounds


def crossed_resolutions() -> list[dict[str, Any]]:
    """Two directors decide one dispute at once, one accepting, one dismissing: one decision
    stands, the other hears dispute_closed."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Dispute

    rounds = []
    for _ in range(ROUNDS):
        t = table()
        game = t["game"]
        director = get_user_model().objects.create_user(f"c_director_{next(_names)}")
        services.set_membership(club=t["club"], user=director, role="director")
        services.enter_hand(
            game_id=game.pk, number=1, entry={"points": [13, 13, 0, 0]}, actor=t["scorer"]
        )
        dispute = services.open_dispute(
            game_id=game.pk, number=1, record={"points": [13, 0, 13, 0]}, actor=t["scorer"]
        )
        url = f"{hand_url(game.pk, 1)}disputes/{dispute.pk}/resolve/"
        calls = [
            (t["owner"].pk, "post", url, {"decision": "accept", "note": "owner"}),
            (director.pk, "post", url, {"decision": "dismiss", "note": "director"}),
        ]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        stored = Dispute.objects.get(pk=dispute.pk)
        rounds.append(
            {
                "results": results,
                "dispute_status": stored.status,
                "resolution_note": stored.resolution_note,
                **game_state(game.pk),
            }
        )
    return rounds


def crossed_owners(how: str) -> list[dict[str, Any]]:
    """Two owners of a club demote (``how="patch"``) or remove (``"delete"``) each other at
    once, in many clubs: every club keeps an owner, one change stands, the other is a 409."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Membership

    rounds = []
    for _ in range(4 * ROUNDS):
        t = table()
        other = get_user_model().objects.create_user(f"c_owner2_{next(_names)}")
        services.set_membership(club=t["club"], user=other, role="owner")
        mine = {m.user_id: m.pk for m in Membership.objects.filter(club=t["club"], role="owner")}
        owners = [t["owner"].pk, other.pk]
        base = f"/api/v1/clubs/{t['club'].pk}/members/"
        body = {"role": "member"} if how == "patch" else None
        calls = [(owners[i], how, f"{base}{mine[owners[1 - i]]}/", body) for i in range(2)]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        owners_left = Membership.objects.filter(club=t["club"], role="owner").count()
        rounds.append({"results": results, "owners_left": owners_left})
    return rounds


def removal_vs_role_change() -> list[dict[str, Any]]:
    """One owner removes a member while another changes the member's role, at once, in many
    clubs: the member stays removed (the role change of a membership gone is a 404)."""
    from django.contrib.auth import get_user_model

    from scoring import services
    from scoring.models import Membership

    users = get_user_model().objects
    rounds = []
    for _ in range(5 * ROUNDS):
        tag = next(_names)
        owners = [users.create_user(f"m_owner_{tag}_{i}") for i in range(2)]
        member = users.create_user(f"m_member_{tag}")
        club = services.create_club(user=owners[0], name=f"Members {tag}", slug=f"members-{tag}")
        services.set_membership(club=club, user=owners[1], role="owner")
        membership = services.set_membership(club=club, user=member, role="member")
        url = f"/api/v1/clubs/{club.pk}/members/{membership.pk}/"
        calls = [
            (owners[0].pk, "delete", url, None),
            (owners[1].pk, "patch", url, {"role": "scorer"}),
        ]
        results = run_threads(2, lambda i, calls=calls: request(*calls[i]))
        left = list(
            Membership.objects.filter(club=club, user=member).values_list("role", flat=True)
        )
        rounds.append({"results": results, "member_roles_left": left})
    return rounds


IMPORT_GAMES = 120  # a club whose import takes seconds here


def entry_beside_import() -> dict[str, Any]:
    """A big club is imported while a scorer enters hands in another club: every entry is
    stored promptly (on SQLite the import takes the one writer lock for a batch at a time)."""
    from scoring import services
    from scoring.backup import export_club, import_club
    from scoring.sample.generate import generate

    t = table()
    generate(club=t["club"], actor=t["owner"], players=12, games=IMPORT_GAMES)
    document = export_club(t["club"])
    scorer = t["scorer"]
    games = [t["game"]] + [
        services.create_game(club=t["club"], players=t["players"][:4], actor=t["owner"])
        for _ in range(3)
    ]
    imported = threading.Event()

    def import_it() -> dict[str, Any]:
        started = time.monotonic()
        try:
            import_club(document, slug=f"imported-{next(_names)}")
        finally:
            imported.set()
        return {"seconds": time.monotonic() - started}

    def enter_hands() -> list[dict[str, Any]]:
        entries: list[dict[str, Any]] = []
        while not imported.is_set() and len(entries) < 14 * len(games):
            game, number = games[len(entries) % len(games)], len(entries) // len(games) + 1
            started = time.monotonic()
            points = [13, 5, 4, 4][number % 4 :] + [13, 5, 4, 4][: number % 4]
            seen = request(scorer.pk, "put", hand_url(game.pk, number), {"points": points})
            seconds = time.monotonic() - started
            entries.append({"status": seen["status"], "code": seen["code"], "seconds": seconds})
            time.sleep(0.05)
        return entries

    importing, entries = run_threads(2, lambda i: enter_hands() if i else import_it())
    return {"import": importing, "entries": entries}


SCENARIOS: dict[str, Callable[[], Any]] = {
    "same_body": same_body,
    "different_bodies": different_bodies,
    "correction_vs_entry": correction_vs_entry,
    "merge_vs_entry": merge_vs_entry,
    "same_idempotency_key": same_idempotency_key,
    "same_slug": same_slug,
    "crossed_merges": crossed_merges,
    "crossed_resolutions": crossed_resolutions,
    "crossed_demotions": lambda: crossed_owners("patch"),
    "crossed_removals": lambda: crossed_owners("delete"),
    "removal_vs_role_change": removal_vs_role_change,
    "entry_beside_import": entry_beside_import,
    "same_table": same_table,
}


def main(out_path: str) -> None:
    """Migrate the database DATABASE_URL names, run every scenario, write what they saw."""
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0, interactive=False)  # with the cache's tables
    outcomes: dict[str, Any] = {
        "vendor": connection.vendor,
        "name": str(connection.settings_dict["NAME"]),
    }
    for name, scenario in SCENARIOS.items():
        outcomes[name] = scenario()
    with open(out_path, "w") as handle:
        json.dump(outcomes, handle)


if __name__ == "__main__":
    main(sys.argv[1])
