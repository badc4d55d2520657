"""A large synthetic league for scale tests and benchmarks, written in bulk.

Hands are scored by the engine (``score_hand``) from random penalty-card deals, games run to
the ruleset's end, and every per-game seat result is kept as the services keep it, so the
tables, scoreboards and ratings read exactly what real entry would have left.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from adjudication.engine import build_ruleset, dealer_of_hand, game_result, pass_direction
from adjudication.engine.cards import BIT, QS_BIT, cards_in
from adjudication.engine.scoring import points_of, score_hand
from scoring import services
from scoring.models import Game, GameSeat, GameStatus, Hand, HistoryEntry, League, Player
from scoring.models.counts import counted_seats

MOON_RATE = 0.02


def random_points(rules, rng: random.Random) -> tuple[list[int], int | None, str | None]:
    """Penalty points of one hand: each penalty card to a seat; now and then a moon."""
    n = rules.players
    if rng.random() < MOON_RATE:
        shooter = rng.randrange(n)
        points = [rules.penalty_total if s == shooter else 0 for s in range(n)]
        return points, shooter, rng.choice(["subtract_from_shooter", "add_to_others"])
    while True:
        points = [0] * n
        for card in cards_in(rules.point_mask & ~QS_BIT):  # the hearts, K♠ and A♠ if they score
            points[rng.randrange(n)] += points_of(rules, BIT[card])
        queen = rng.randrange(n)
        if rules.deck & QS_BIT:
            points[queen] += rules.queen_points
        if max(points) < rules.penalty_total:  # an accidental moon: deal again
            return points, queen, None


def play_game(rules, rng: random.Random, first_dealer: int, max_hands: int = 60):
    """Hands of one game until it ends: (entry, points, scores, moon, queen) each."""
    totals = [0] * rules.players
    hands = []
    for number in range(1, max_hands + 1):
        points, queen, choice = random_points(rules, rng)
        score = score_hand(rules, points, moon_choice=choice, totals_before=totals)
        entry = {"points": points} | ({"moon_choice": choice} if choice else {})
        totals = [t + s for t, s in zip(totals, score.scores, strict=True)]
        hands.append((number, entry, score, queen))
        if game_result(rules, totals, number).over:
            break
    return hands, totals


def generate(
    *,
    club,
    actor,
    players: int,
    games: int,
    seed: int = 1,
    name: str = "Scale League",
    progress: Callable[[Iterator[int]], Iterator[int]] = lambda it: it,
) -> League:
    rng = random.Random(seed)
    league = services.create_league(club=club, name=name, ruleset="standard")
    rules = build_ruleset("standard")
    people = Player.objects.bulk_create(
        Player(club=club, name=f"Player {i + 1:04d}") for i in range(players)
    )
    start = timezone.now() - timedelta(days=365)
    step = timedelta(days=365) / max(games, 1)
    batch: list = []
    try:
        for index in progress(iter(range(games))):
            batch.append(_game(rules, rng, club, league, people, start + step * index, actor))
            if len(batch) == 200:
                _write(batch)
                batch = []
        _write(batch)
    finally:  # an interrupted run keeps the batches it wrote: their tables changed too
        services.results_changed(club.pk)
    return league


def _game(rules, rng, club, league, people, finished_at, actor):
    table = rng.sample(people, rules.players)
    first_dealer = rng.randrange(rules.players)
    hands, totals = play_game(rules, rng, first_dealer)
    result = game_result(rules, totals, len(hands))
    game = Game(
        club=club,
        league=league,
        ruleset=rules.options(),
        first_dealer=first_dealer,
        status=GameStatus.FINISHED if result.over else GameStatus.IN_PROGRESS,
        started_at=finished_at - timedelta(hours=2),
        finished_at=finished_at if result.over else None,
        totals=totals,
        hands_played=len(hands),
        winners=list(result.winners),
        created_by=actor,
    )
    rows = [
        Hand(
            number=number,
            dealer=dealer_of_hand(rules.players, first_dealer, number),
            pass_direction=pass_direction(rules, number),
            level="points",
            entry=entry,
            points=list(score.points),
            scores=list(score.scores),
            moon_shooter=score.moon,
            moon_choice=score.moon_rule or "",
            queen_by=queen if score.moon is None else score.moon,
            entered_by=actor,
        )
        for number, entry, score, queen in hands
    ]
    counts = counted_seats(rows, rules.players, keeps_gems=False)  # it plays without gems
    seats = []
    for seat, player in enumerate(table):
        seats.append(
            GameSeat(
                seat=seat,
                player=player,
                total=totals[seat],
                place=result.places[seat],
                is_winner=seat in result.winners,
                **counts[seat],
            )
        )
    return game, seats, rows


@transaction.atomic
def _write(batch) -> None:
    if not batch:
        return
    games = Game.objects.bulk_create([game for game, _, _ in batch])
    seats, hands, history = [], [], []
    for game, (_, game_seats, game_hands) in zip(games, batch, strict=True):
        for seat in game_seats:
            seat.game = game
            seats.append(seat)
        for hand in game_hands:
            hand.game = game
            hands.append(hand)
        history.append(
            HistoryEntry(game=game, action="generated", actor=game.created_by, reason="scale data")
        )
    GameSeat.objects.bulk_create(seats, batch_size=1000)
    Hand.objects.bulk_create(hands, batch_size=1000)
    HistoryEntry.objects.bulk_create(history, batch_size=1000)
