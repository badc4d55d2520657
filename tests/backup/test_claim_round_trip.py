"""A claim ruled on a stored hand survives a backup: the ruling's kind and the engine's ruling,
the director's acceptance, and the hand's score from it (``ruled.claim``)."""

from __future__ import annotations

from scoring import services
from scoring.backup import export_club, import_club
from scoring.models import Hand, HandRuling, League, Player
from tests.scoring.test_claim_rulings import FAILING, MOON, claimed

from .test_round_trip import as_json


def test_a_round_trip_keeps_a_claim_ruling_its_acceptance_and_the_score_from_it(club, cast):
    players = list(Player.objects.filter(club=club).order_by("id")[:4])
    league = League.objects.filter(club=club).order_by("id").first()
    game = services.create_game(club=club, league=league, players=players, actor=cast.scorer)
    for number in (1, 2):
        entry = claimed(FAILING, moon_choice=MOON)
        services.enter_hand(game_id=game.pk, number=number, entry=entry, actor=cast.scorer)
    first = HandRuling.objects.get(dispute__hand__game=game, dispute__hand__number=1)
    services.decide_ruling(ruling_id=first.pk, decision="accept", actor=cast.director)
    document = as_json(export_club(club))
    document["club"]["slug"] = "riverside-claims"
    copy = import_club(document)
    fields = ("kind", "index", "ruling", "status", "current", "result", "decided_at")
    original = HandRuling.objects.filter(dispute__hand__game=game).order_by("id")
    copied = HandRuling.objects.filter(dispute__hand__game__club=copy, kind="claim").order_by("id")
    assert list(copied.values_list(*fields)) == list(original.values_list(*fields))
    assert [r.status for r in copied] == ["accepted", "awaiting"]
    hands = Hand.objects.filter(game__club=copy, ruled__claim__isnull=False)
    (scored,) = hands
    assert scored.scores == [26, 0, 0, 0] and scored.ruled["claim"]["moon_denied"] is True
