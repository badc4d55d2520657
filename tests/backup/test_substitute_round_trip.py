"""A night with a substitute after a hand exports it (format 6) and imports it again exactly:
the seat's change from its hand, who left it and whom the night counts it to; the copy's night
says the same words. A version 5 document, before substitutes, still imports: no change, and
its nights count a seat to who started it."""

from __future__ import annotations

import pytest

from scoring import services
from scoring.backup import export_club, import_club
from scoring.models import Club, Night, NightTable, SeatChange
from scoring.selectors.nights import night_detail

from .support import Cast, canonical, imported_names, renamed_in
from .test_round_trip import as_json

pytestmark = pytest.mark.django_db


def _substituted(cast: Cast) -> Club:
    club = services.create_club(user=cast.owner, name="Sub Hearts", slug="subs")
    services.set_membership(club=club, user=cast.director, role="director")
    league = services.create_league(club=club, name="Fridays", ruleset="standard")
    players = [services.create_player(club=club, name=f"P{n}") for n in range(1, 10)]
    night = services.open_night(
        club=club,
        league=league,
        name="Friday",
        rounds=2,
        round_hands=2,
        substitute_scores="finisher",
        actor=cast.director,
    )
    services.check_in_many(
        club=club, night_id=night.pk, players=[p.pk for p in players[:8]], actor=cast.director
    )
    services.draw_round(club=club, night_id=night.pk, actor=cast.director)
    services.publish_round(club=club, night_id=night.pk, actor=cast.director)
    services.start_round(club=club, night_id=night.pk, actor=cast.director)
    tables = list(NightTable.objects.filter(round__night=night).order_by("number"))
    for table in tables:
        services.enter_hand(
            game_id=table.game_id, number=1, entry={"points": [13, 5, 4, 4]}, actor=cast.director
        )
    services.check_in(club=club, night_id=night.pk, player_id=players[8].pk, actor=cast.director)
    services.substitute(
        club=club,
        night_id=night.pk,
        player=players[8].pk,
        replaces=tables[0].players[1],
        actor=cast.director,
    )
    for table in tables:
        services.enter_hand(
            game_id=table.game_id, number=2, entry={"points": [4, 13, 5, 4]}, actor=cast.director
        )
    services.end_round(club=club, night_id=night.pk, actor=cast.director)
    return club


def test_a_substitute_after_a_hand_is_exported_and_restored_exactly(cast):
    club = _substituted(cast)
    document = as_json(export_club(club))
    [game] = [g for g in document["games"] if g["seat_changes"]]
    [change] = game["seat_changes"]
    assert (change["seat"], change["from_hand"]) == (1, 2)
    assert document["nights"][0]["substitute_scores"] == "finisher"
    document["club"]["slug"] = "subs-copy"
    copy = import_club(as_json(document))
    users = imported_names(document, "subs-copy")
    again = as_json(export_club(copy))
    assert canonical(again) == canonical(renamed_in(document, users))
    assert SeatChange.objects.filter(game__club=copy).count() == 1
    words = [s["words"] for s in night_detail(Night.objects.get(club=club))["substitutions"]]
    copied = [s["words"] for s in night_detail(Night.objects.get(club=copy))["substitutions"]]
    assert copied == words and words[0].startswith("Seat 2: ")


def test_a_version_5_document_imports_with_no_substitute_and_seats_counted_to_who_started(cast):
    club = _substituted(cast)
    old = as_json(export_club(club))
    old["version"] = 5
    old["club"]["slug"] = "subs-v5"
    for game in old["games"]:
        del game["seat_changes"], game["record_origins"]
    for night in old["nights"]:
        del night["substitute_scores"]
    copy = import_club(old)
    assert not SeatChange.objects.filter(game__club=copy).exists()
    assert Night.objects.get(club=copy).substitute_scores == "starter"
