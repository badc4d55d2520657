"""Helpers for the scorekeeping API tests: requests, error bodies, random hands, a DB snapshot.

The hand helpers replay a trick record on their own (rank order, led suit, who won what) so
that the expected scores come from ``adjudication.engine.score_hand`` fed with points computed
here, not from the code path the API uses (``adjudicate``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from adjudication.engine import Ruleset, names, score_hand
from adjudication.engine.simulate import deal, opening_leader, play_randomly, random_passes

API = "/api/v1"
RANKS = "23456789TJQKA"


def game_url(game_id: int, tail: str = "") -> str:
    return f"{API}/games/{game_id}/{tail}"


def hand_url(game_id: int, number: int, tail: str = "") -> str:
    return f"{API}/games/{game_id}/hands/{number}/{tail}"


def put_hand(client, game_id: int, number: int, body: dict, **headers):
    return client.put(hand_url(game_id, number), body, format="json", headers=headers or None)


def patch_hand(client, game_id: int, number: int, body: dict, **headers):
    return client.patch(hand_url(game_id, number), body, format="json", headers=headers or None)


def void_hand(client, game_id: int, number: int, reason: str = "misdeal", **headers):
    return client.post(
        hand_url(game_id, number, "void/"),
        {"reason": reason},
        format="json",
        headers=headers or None,
    )


def said(response) -> dict:
    """An error answer's body but its request_id (each request has its own): what two answers
    that must say the same thing are compared by."""
    return {key: value for key, value in response.json().items() if key != "request_id"}


def error_of(response, status: int) -> tuple[str, str | None]:
    """The first error's (code, attr), after checking the status and the error body's shape."""
    assert response.status_code == status, (response.status_code, response.content)
    body = response.json()
    assert set(body) == {"type", "errors", "request_id"}, body
    assert body["request_id"] == response["X-Request-ID"], body
    assert body["type"] == ("validation_error" if status == 400 else "client_error"), body
    error = body["errors"][0]
    assert set(error) == {"code", "detail", "attr"}, error
    return error["code"], error["attr"]


# --- Random legal hands, replayed independently -------------------------------------------------


def card_value(name: str) -> tuple[str, int]:
    """(suit letter, rank index) from a canonical name such as ``QS``."""
    return name[1], RANKS.index(name[0])


@dataclass
class PlayedHand:
    """A hand played at random by the engine's simulator, replayed trick by trick here."""

    rules: Ruleset
    holdings: list[list[str]]  # after the pass
    leader: int
    plays: list[str]
    taken: list[list[str]] = field(default_factory=list)  # every card each seat won
    tricks_won: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        n = self.rules.players
        self.taken = [[] for _ in range(n)]
        self.tricks_won = [0] * n
        leader = self.leader
        for start in range(0, len(self.plays), n):
            trick = self.plays[start : start + n]
            led = card_value(trick[0])[0]
            best = max(
                range(len(trick)),
                key=lambda k: card_value(trick[k])[1] if card_value(trick[k])[0] == led else -1,
            )
            winner = (leader + best) % n
            self.taken[winner].extend(trick)
            self.tricks_won[winner] += 1
            leader = winner

    @property
    def penalty_cards(self) -> list[list[str]]:
        """Hearts, the Q♠, and the J♦ when the ruleset scores it, per seat."""
        rules = self.rules
        keep = {"QS"} | ({"JD"} if rules.jack_of_diamonds else set())
        keep |= {"TD"} if rules.ten_of_diamonds else set()
        keep |= {"KS"} if rules.king_of_spades_points else set()
        keep |= {"AS"} if rules.ace_of_spades_points else set()
        return [[c for c in cards if c[1] == "H" or c in keep] for cards in self.taken]

    @property
    def points(self) -> list[int]:
        rules = self.rules
        spades = {"QS": rules.queen_points, "KS": rules.king_of_spades_points}
        spades["AS"] = rules.ace_of_spades_points
        face = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
        return [
            sum(
                (face[c[0]] if rules.heart_points == "face" else 1)
                if c[1] == "H"
                else spades.get(c, 0)
                for c in cards
            )
            for cards in self.taken
        ]

    @property
    def jack_seat(self) -> int | None:
        return next((s for s, cards in enumerate(self.taken) if "JD" in cards), None)

    @property
    def ten_seat(self) -> int | None:
        return next((s for s, cards in enumerate(self.taken) if "TD" in cards), None)

    @property
    def moon(self) -> bool:
        return self.rules.penalty_total in self.points

    def expected(self, totals_before, moon_choice: str | None = None, renege_by=None):
        """The engine's score for the points replayed here (the independent oracle)."""
        score = score_hand(
            self.rules,
            self.points,
            jack_of_diamonds=self.jack_seat if self.rules.jack_of_diamonds else None,
            ten_of_diamonds=self.ten_seat if self.rules.ten_of_diamonds else None,
            tricks_won=self.tricks_won,
            moon_choice=moon_choice,
            totals_before=totals_before,
            renege_by=renege_by,
        )
        return score

    def entry(self, level: str, *, with_hands: bool = False) -> dict[str, Any]:
        """The hand as a scorer would enter it at ``level``."""
        if level == "points":
            body: dict[str, Any] = {"points": self.points}
            if self.rules.jack_of_diamonds:
                body["jack_of_diamonds"] = self.jack_seat
            if self.rules.ten_of_diamonds:
                body["ten_of_diamonds"] = self.ten_seat
            if self.rules.no_trick_bonus or self.rules.sun:
                body["tricks_won"] = self.tricks_won
        elif level == "cards_taken":
            body = {"cards_taken": self.penalty_cards}
            if self.rules.no_trick_bonus or self.rules.sun:
                body["tricks_won"] = self.tricks_won
        else:
            body = {"plays": list(self.plays)}
            if with_hands:
                body["hands"] = self.holdings
            else:
                body["first_leader"] = self.leader
        return body


def play_hand(
    rules: Ruleset, seed: int, *, hand_number: int = 1, dealer: int = 0, deviate_at=None
) -> PlayedHand:
    """Deal, pass at random for ``hand_number`` and play the hand out at random."""
    rng = random.Random(seed)
    dealt = deal(rules, rng)
    _, holdings = random_passes(rules, dealt, hand_number, rng)
    leader = opening_leader(rules, holdings, dealer)
    plays = play_randomly(rules, holdings, leader, rng, deviate_at=deviate_at)
    return PlayedHand(rules, [names(h) for h in holdings], leader, names(plays))


# --- The database, to prove a refused write changed nothing --------------------------------------


def snapshot() -> dict[str, Any]:
    """Every row count and every game's versioned state, and the memberships."""
    from scoring import models

    counted = [
        models.Club,
        models.Membership,
        models.Player,
        models.League,
        models.Season,
        models.Game,
        models.GameSeat,
        models.Hand,
        models.Dispute,
        models.HistoryEntry,
        models.PlayerMerge,
        models.DeviceToken,
        models.IdempotencyRecord,
        models.Invitation,
    ]
    return {
        "counts": {model.__name__: model.objects.count() for model in counted},
        "games": list(
            models.Game.objects.order_by("pk").values_list(
                "pk", "version", "status", "totals", "winners"
            )
        ),
        "hands": list(
            models.Hand.objects.order_by("pk").values_list(
                "pk", "entry", "scores", "is_void", "renege_by"
            )
        ),
        "seats": list(models.GameSeat.objects.order_by("pk").values_list("pk", "player_id")),
        "memberships": list(
            models.Membership.objects.order_by("pk").values_list("pk", "user_id", "role")
        ),
        "players": list(models.Player.objects.order_by("pk").values_list("pk", "merged_into")),
        "disputes": list(models.Dispute.objects.order_by("pk").values_list("pk", "status")),
        "invitations": list(
            models.Invitation.objects.order_by("pk").values_list("pk", "accepted_by")
        ),
        "tokens": list(models.DeviceToken.objects.order_by("pk").values_list("pk", "revoked_at")),
    }
