"""Hands: the list, one hand, its entry (PUT, idempotent), correction (PATCH) and void."""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from adjudication.engine.scoring_cards import SCORING_CARDS
from scoring import selectors, services
from scoring.api.http import (
    ETAG,
    IF_MATCH,
    conflict,
    expected_version,
    lists,
    operation,
    reads,
    with_etag,
)
from scoring.api.permissions import SCORERS_WRITE, IsClubScorer
from scoring.api.scopes import GameRowsView, GameScopedMixin
from scoring.api.serializers.hands import (
    HandCorrectionInputSerializer,
    HandEntryInputSerializer,
    HandOutputSerializer,
    HandResultOutputSerializer,
    HandVoidInputSerializer,
)
from scoring.models import Game, Hand

ENTRY_RULES = (
    "The entry comes at one of three levels: points (penalty points per seat), cards_taken "
    "(the penalty cards each seat took) or plays (the whole trick record, which the engine "
    "adjudicates). The engine checks it under the game's ruleset and refuses, with a 400 "
    "naming the field: points that do not add up, a card taken twice or missing, an "
    "incomplete record; "
    + "".join(
        f"with points, a missing {card.label} seat under a ruleset that scores the {card.label} "
        f"({card.name}_required); "
        for card in SCORING_CARDS
    )
    + "without plays, missing tricks_won under a ruleset with a "
    "sun or a no-trick bonus (tricks_won_required); a plays record without hands needs "
    "first_leader (first_leader_required) unless the ruleset's first lead is left_of_dealer; "
    "a moon under the shooter_choice rule needs moon_choice (moon_choice_required), which is "
    "refused anywhere else (moon_choice_not_applicable). A plays record may state "
    "irregularities: the hand counts as played, and their rulings await a director "
    "(…/rulings/); nothing already counted changes until a director decides."
)
CHANGE_CONFLICTS = {
    "game_abandoned": "the game was abandoned: its hands are frozen",
    "game_would_end_earlier": (
        "with this change the game would have ended before a later hand: void the later hands first"
    ),
}


@lists("games_hands_list")
class HandListView(GameRowsView):
    serializer_class = HandOutputSerializer
    rows_of = staticmethod(selectors.hands_of)


def hand_result(hand: Hand, game_id: int, created: bool = False) -> Response:
    """The hand, the game as the write left it and what comes next, with the game's ETag."""
    # A hand just created carries the game as its write left it, and is the game's last hand.
    game = hand.game if created else Game.objects.get(pk=game_id)
    outcome = selectors.hand_outcome(game, recorded=hand.number if created else None)
    body = {"hand": HandOutputSerializer(hand).data, **outcome}
    code = status.HTTP_201_CREATED if created else status.HTTP_200_OK
    return with_etag(Response(body, status=code), game.version)


class HandDetailView(GameScopedMixin, APIView):
    """GET a hand; PUT enters it (idempotent); PATCH corrects it with a reason."""

    permission_classes = SCORERS_WRITE

    @reads("games_hands_retrieve", HandOutputSerializer)
    def get(self, request: Request, game_id: int, number: int) -> Response:
        hand = get_object_or_404(Hand, game=self.get_game(), number=number)
        return Response(HandOutputSerializer(hand).data)

    @extend_schema(
        operation_id="games_hands_enter",
        tags=["hands"],
        summary="Enter a hand",
        description=(
            "Records hand {number}: the next one of a game in progress (hands are numbered "
            "from 1, and a void keeps its number). Safe to retry: the same entry for a hand "
            "already recorded answers 200 with the stored hand; 201 when it was recorded now. "
            "Answers with the hand and the game as the entry left it (totals, status, winners, "
            "the next deal). Needs a scorer's role.\n\n" + ENTRY_RULES
        ),
        request=HandEntryInputSerializer,
        responses={
            200: HandResultOutputSerializer,
            201: HandResultOutputSerializer,
            409: conflict(
                {
                    "hand_exists": "the hand is recorded with another entry: correct it (PATCH)",
                    "hand_out_of_order": "another hand comes next",
                    "game_over": "the game is finished or abandoned",
                    "game_busy": "the game kept changing while the hand was entered: retry",
                    "round_over": "the night's round is over at this table: its last hand "
                    "is recorded (judged by when each was recorded, not confirmed)",
                }
            ),
        },
        parameters=[IF_MATCH, ETAG],
    )
    def put(self, request: Request, game_id: int, number: int) -> Response:
        data = HandEntryInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = dict(data.validated_data)
        recorded_at = entry.pop("recorded_at", None)
        hand, created = services.enter_hand(
            game_id=game_id,
            number=number,
            entry=entry,
            actor=request.user,
            expected_version=expected_version(request),
            recorded_at=recorded_at,
        )
        return hand_result(hand, game_id, created)

    @extend_schema(
        operation_id="games_hands_correct",
        tags=["hands"],
        summary="Correct a hand",
        description=(
            "Replaces a recorded hand's entry, with a reason kept in the game's history; every "
            "later total, the game's end and its winners follow. A renege penalty a director "
            "had accepted is dropped with the old record. Needs a scorer's role; a hand of a "
            "tournament night whose results are final, a director's (403 results_final), with "
            "a reason (400 reason_required): it counts at once.\n\n" + ENTRY_RULES
        ),
        request=HandCorrectionInputSerializer,
        responses={
            200: HandResultOutputSerializer,
            409: conflict({"hand_void": "the hand is void", **CHANGE_CONFLICTS}),
        },
        parameters=[IF_MATCH, ETAG],
    )
    def patch(self, request: Request, game_id: int, number: int) -> Response:
        data = HandCorrectionInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entry = dict(data.validated_data)
        reason = entry.pop("reason")
        hand = services.correct_hand(
            game_id=game_id,
            number=number,
            entry=entry,
            reason=reason,
            actor=request.user,
            expected_version=expected_version(request),
        )
        return hand_result(hand, game_id)


class HandVoidView(GameScopedMixin, APIView):
    permission_classes = [IsAuthenticated & IsClubScorer]

    @extend_schema(
        **operation("games_hands_void"),
        request=HandVoidInputSerializer,
        responses={200: HandResultOutputSerializer, 409: conflict(CHANGE_CONFLICTS)},
        parameters=[IF_MATCH, ETAG],
    )
    def post(self, request: Request, game_id: int, number: int) -> Response:
        data = HandVoidInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        hand = services.void_hand(
            game_id=game_id,
            number=number,
            reason=data.validated_data["reason"],
            actor=request.user,
            expected_version=expected_version(request),
        )
        return hand_result(hand, game_id)
