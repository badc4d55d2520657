"""A hand recorded with an irregularity stated (a late revoke) goes out with its
irregularities on one line and comes back the same bytes, its ruling awaiting a director
again in the club it was imported into."""

from __future__ import annotations

from django.contrib.auth import get_user_model

from adjudication.engine import adjudicate
from adjudication.services import ruleset_for
from scoring import services
from scoring.models import HandRuling
from scoring.record import read_text
from tests.contract.test_generated_client import renege_hand


def body(answer) -> str:
    return b"".join(answer.streaming_content).decode()


def test_a_hand_with_a_stated_revoke_makes_the_round_trip(public_club, owner, users, client_for):
    rules = ruleset_for("standard")
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    played, offender = renege_hand(rules, hand_number=1, dealer=0)
    trick = adjudicate(rules, played.plays, first_leader=played.leader).violations[0].trick
    revoke = {"kind": "revoke", "trick": trick, "seat": offender, "noticed_at_trick": None}
    entry = {"plays": played.plays, "first_leader": played.leader, "irregularities": [revoke]}
    services.enter_hand(game_id=game.pk, number=1, entry=entry, actor=owner)
    text = body(client_for(owner).get(f"/api/v1/games/{game.pk}/hand-record/"))
    [hand] = read_text(text).games[0]["hands"]
    assert hand["irregularities"] == [revoke] and hand["first_leader"] == played.leader
    assert "\nIrregularities [{" in text

    away = services.create_club(user=users["director"], name="Away", slug="away")
    director = client_for(get_user_model().objects.get(pk=users["director"].pk))
    done = director.post(
        f"/api/v1/clubs/{away.pk}/hand-record/import/", {"record": text}, format="json"
    )
    assert done.status_code == 200, done.json()
    assert body(director.get(f"/api/v1/clubs/{away.pk}/hand-record/")) == text
    assert HandRuling.objects.filter(dispute__hand__game__club=away, status="awaiting").exists()


def test_a_hand_whose_revoke_the_director_accepted_is_imported_with_the_ruling_accepted(
    public_club, owner, users, client_for
):
    rules = ruleset_for("standard")
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    played, offender = renege_hand(rules, hand_number=1, dealer=0)
    trick = adjudicate(rules, played.plays, first_leader=played.leader).violations[0].trick
    revoke = {"kind": "revoke", "trick": trick, "seat": offender, "noticed_at_trick": None}
    entry = {"plays": played.plays, "first_leader": played.leader, "irregularities": [revoke]}
    services.enter_hand(game_id=game.pk, number=1, entry=entry, actor=owner)
    [ruling] = HandRuling.objects.filter(dispute__hand__game=game)
    services.decide_ruling(ruling_id=ruling.pk, decision="accept", actor=owner)
    text = body(client_for(owner).get(f"/api/v1/games/{game.pk}/hand-record/"))
    assert "\nRuled {" in text

    away = services.create_club(user=users["director"], name="Away", slug="away")
    director = client_for(get_user_model().objects.get(pk=users["director"].pk))
    done = director.post(
        f"/api/v1/clubs/{away.pk}/hand-record/import/", {"record": text}, format="json"
    )
    assert done.status_code == 200, done.json()
    [copied] = HandRuling.objects.filter(dispute__hand__game__club=away)
    assert copied.status == "accepted" and copied.decided_by.pk == users["director"].pk
    assert body(director.get(f"/api/v1/clubs/{away.pk}/hand-record/")) == text


def test_a_hand_a_director_overrode_with_a_count_of_their_own_is_refused_with_its_code(
    public_club, owner, users, client_for
):
    rules = ruleset_for("standard")
    game = services.create_game(club=public_club, players=public_club.seated[:4], actor=owner)
    played, offender = renege_hand(rules, hand_number=1, dealer=0)
    trick = adjudicate(rules, played.plays, first_leader=played.leader).violations[0].trick
    revoke = {"kind": "revoke", "trick": trick, "seat": offender, "noticed_at_trick": None}
    entry = {"plays": played.plays, "first_leader": played.leader, "irregularities": [revoke]}
    services.enter_hand(game_id=game.pk, number=1, entry=entry, actor=owner)
    [ruling] = HandRuling.objects.filter(dispute__hand__game=game)
    services.decide_ruling(
        ruling_id=ruling.pk,
        decision="override",
        actor=owner,
        reason="the table agreed",
        result={"points": [13, 5, 4, 4]},
    )
    text = body(client_for(owner).get(f"/api/v1/games/{game.pk}/hand-record/"))
    away = services.create_club(user=users["director"], name="Away", slug="away")
    director = client_for(get_user_model().objects.get(pk=users["director"].pk))
    refused = director.post(
        f"/api/v1/clubs/{away.pk}/hand-record/import/", {"record": text}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["errors"][0]["code"] == "record_override_unapplied"
    assert not HandRuling.objects.filter(dispute__hand__game__club=away).exists()
