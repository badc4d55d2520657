"""The demo club: a public club, a league on standard rules, eight players and three games."""

from __future__ import annotations

import random
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from adjudication.engine import adjudicate, dealer_of_hand
from adjudication.engine.scoring_cards import scored_cards
from adjudication.engine.simulate import deal, opening_leader, play_randomly
from scoring import services
from scoring.models import Club, GameStatus

DEMO_SLUG = "demo"
DEMO_USERNAME = "demo"
DEMO_PASSWORD = "hearts-demo"
PLAYERS = ["Ada", "Ben", "Cleo", "Dev", "Edie", "Finn", "Gus", "Hana"]


def random_entry(rules, hand_number: int, first_dealer: int, rng: random.Random) -> dict:
    """A points-level entry from a randomly played legal hand (a moon picks a choice)."""
    holdings = deal(rules, rng)
    dealer = dealer_of_hand(rules.players, first_dealer, hand_number)
    leader = opening_leader(rules, holdings, dealer)
    ruling = adjudicate(rules, play_randomly(rules, holdings, leader, rng), hands=holdings)
    entry: dict = {"points": list(ruling.points_taken)}
    if ruling.score is not None and ruling.score.needs_moon_choice:
        entry["moon_choice"] = rng.choice(["subtract_from_shooter", "add_to_others"])
    for card in scored_cards(rules):
        if ruling.takers[card.name] is not None:
            entry[card.name] = ruling.takers[card.name]
    return entry


def play_game(game, actor, rng: random.Random, max_hands: int) -> None:
    rules = services.rules_of(game)
    for number in range(1, max_hands + 1):
        game.refresh_from_db()
        if game.status != GameStatus.IN_PROGRESS:
            return
        entry = random_entry(rules, number, game.first_dealer, rng)
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=actor)


@transaction.atomic
def load_demo() -> tuple[Club, bool]:
    """Create the demo club once; later calls find it and change nothing."""
    existing = Club.objects.filter(slug=DEMO_SLUG).first()
    if existing is not None:
        return existing, False
    user_model = get_user_model()
    user = user_model.objects.filter(username=DEMO_USERNAME).first()
    if user is None:
        user = user_model.objects.create_user(DEMO_USERNAME, password=DEMO_PASSWORD)
    club = services.create_club(user=user, name="Demo Hearts Club", slug=DEMO_SLUG)
    league = services.create_league(club=club, name="Thursday League", ruleset="standard")
    today = timezone.localdate()
    services.create_season(
        league=league,
        name=str(today.year),
        starts_on=today.replace(month=1, day=1),
        ends_on=today.replace(month=12, day=31),
    )
    players = [services.create_player(club=club, name=name) for name in PLAYERS]
    rng = random.Random(2026)
    now = timezone.now()
    for index, (table, hands) in enumerate(
        ((players[:4], 60), (players[4:], 60), (players[::2], 3))
    ):
        game = services.create_game(
            club=club,
            league=league,
            players=table,
            actor=user,
            first_dealer=index % 4,
            started_at=now - timedelta(days=7 * (3 - index)),
        )
        play_game(game, user, rng, hands)
    return club, True
