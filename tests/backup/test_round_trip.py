"""A club exported and imported again shows the same tables, scoreboards, history and ratings."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring import services
from scoring.backup import FORMAT, VERSION, BackupError, export_club, import_club
from scoring.models import (
    Club,
    Dispute,
    Game,
    Hand,
    HandRuling,
    HistoryEntry,
    IdempotencyRecord,
    Membership,
    Player,
    PlayerMerge,
    RatingEvent,
)

from .support import (
    assert_same_club,
    canonical,
    imported_names,
    make_user,
    renamed_in,
    row_counts,
)

pytestmark = pytest.mark.django_db


def as_json(document: dict) -> dict:
    """The document as it comes back from a file."""
    return json.loads(json.dumps(document))


def test_the_club_holds_every_kind_of_record(club):
    statuses = set(Game.objects.filter(club=club).values_list("status", flat=True))
    assert statuses == {"finished", "in_progress", "abandoned"}
    assert Game.objects.filter(club=club, league__isnull=True).exists()
    assert Game.objects.filter(club=club, season__isnull=False).exists()
    assert Player.objects.filter(club=club, merged_into__isnull=False).count() == 1
    assert Player.objects.filter(club=club, user__isnull=False).count() == 1
    assert PlayerMerge.objects.filter(club=club).count() == 1
    hands = Hand.objects.filter(game__club=club)
    assert hands.filter(is_void=True).count() == 1
    assert hands.filter(renege_by__isnull=False, level="plays").count() == 1
    assert hands.filter(moon_shooter__isnull=False).exists()
    actions = set(HistoryEntry.objects.filter(game__club=club).values_list("action", flat=True))
    assert {
        "game_created",
        "hand_entered",
        "hand_corrected",
        "hand_voided",
        "players_merged",
        "dispute_opened",
        "dispute_accepted",
        "dispute_dismissed",
        "rulings_opened",
        "ruling_accepted",
        "ruling_overridden",
        "game_abandoned",
    } <= actions
    disputes = set(Dispute.objects.filter(hand__game__club=club).values_list("status", flat=True))
    assert disputes == {"open", "accepted", "dismissed"}
    rulings = HandRuling.objects.filter(dispute__hand__game__club=club)
    assert set(rulings.values_list("status", flat=True)) == {"awaiting", "accepted", "overridden"}
    assert hands.filter(ruled__isnull=False).count() == 2
    assert RatingEvent.objects.filter(club=club).exists()


def test_a_round_trip_in_the_same_database_gives_the_same_club(club):
    document = export_club(club)
    assert document["format"] == FORMAT and document["version"] == VERSION
    assert as_json(document) == document  # JSON as it stands
    before = row_counts()

    with pytest.raises(BackupError, match="slug 'riverside' already exists"):
        import_club(as_json(document))
    assert row_counts() == before

    document["club"]["slug"] = "riverside-copy"
    copy = import_club(as_json(document))
    assert (copy.slug, copy.name, copy.is_public) == ("riverside-copy", club.name, True)
    assert copy.created_at == club.created_at
    # Every user named exists here already: each gets a new, inactive account of the copy.
    users = imported_names(document, "riverside-copy")
    assert copy.renamed_users == users and copy.created_users == sorted(users.values())
    assert sorted(Membership.objects.filter(club=copy).values_list("user__username", "role")) == (
        sorted(
            (users[name], role)
            for name, role in Membership.objects.filter(club=club).values_list(
                "user__username", "role"
            )
        )
    )
    assert_same_club(club, copy, users)
    # The copy exports to the same document, id for id in rank, under the new usernames.
    assert canonical(export_club(copy)) == canonical(renamed_in(document, users))


def test_a_round_trip_through_the_management_commands(club, tmp_path):
    path = tmp_path / "riverside.json"
    err = StringIO()
    call_command("export_club", "riverside", output=str(path), stderr=err)
    assert "Exported club 'riverside'" in err.getvalue()
    written = json.loads(path.read_text(encoding="utf-8"))
    out = StringIO()
    call_command("export_club", "riverside", stdout=out)
    assert canonical(json.loads(out.getvalue())) == canonical(written)

    before = row_counts()
    with pytest.raises(CommandError, match="already exists"):
        call_command("import_club", str(path), stdout=StringIO())
    assert row_counts() == before

    out = StringIO()
    call_command("import_club", str(path), slug="riverside-2", stdout=out)
    assert "Imported club 'riverside-2'" in out.getvalue()
    assert "olive_owner as olive_owner@riverside-2" in out.getvalue()
    copy = Club.objects.get(slug="riverside-2")
    users = imported_names(written, "riverside-2")
    assert_same_club(club, copy, users)

    # And once more from the copy: a backup of a restored club restores the same club.
    again = tmp_path / "copy.json"
    call_command("export_club", "riverside-2", output=str(again), stderr=StringIO())
    call_command("import_club", str(again), slug="riverside-3", stdout=StringIO())
    users = {name: f"{copied}@riverside-3" for name, copied in users.items()}
    assert_same_club(club, Club.objects.get(slug="riverside-3"), users)


def test_the_export_holds_no_secrets(club, cast):
    token, key = services.create_device_token(user=cast.scorer, name="phone")
    IdempotencyRecord.objects.create(
        user=cast.scorer,
        key="idem-key-5f1e",
        request_hash="ab" * 32,
        status_code=201,
        body={"stored": "response"},
    )
    document = export_club(club)
    assert set(document) == {
        "format",
        "version",
        "exported_at",
        "club",
        "members",
        "players",
        "leagues",
        "games",
        "player_merges",
        "nights",
    }
    text = json.dumps(document)
    for secret in (key, token.key_hash, "idem-key-5f1e", "ab" * 32, cast.scorer.password):
        assert secret not in text
    for word in ("password", "key_hash", "token", "idempotency", "email"):
        assert word not in text.lower()


def test_missing_users_are_created_inactive_and_an_owner_can_be_added(club):
    text = json.dumps(export_club(club)).replace('"dora_director"', '"dora_elsewhere"')
    document = json.loads(text)
    document["club"]["slug"] = "elsewhere"
    newcomer = make_user("nina_newcomer")

    copy = import_club(document, owner=newcomer)

    assert copy.created_users == [
        "dora_elsewhere",
        "olive_owner@elsewhere",
        "sam_scorer@elsewhere",
    ]
    dora = get_user_model().objects.get(username="dora_elsewhere")
    assert not dora.is_active and not dora.has_usable_password()
    roles = dict(Membership.objects.filter(club=copy).values_list("user__username", "role"))
    assert roles == {
        "olive_owner@elsewhere": "owner",
        "dora_elsewhere": "director",
        "sam_scorer@elsewhere": "scorer",
        "nina_newcomer": "owner",
    }
    voided = HistoryEntry.objects.get(game__club=copy, action="hand_voided")
    assert voided.actor == dora and voided.reason == "misdeal"
    merge = PlayerMerge.objects.get(club=copy)
    assert merge.actor == dora
    # The seats it moved are the copy's own seat rows, now the target's.
    assert all(
        seat.player_id == merge.target_id
        for seat in merge.target.seats.model.objects.filter(pk__in=merge.seats_moved)
    )
    assert len(merge.seats_moved) == 1


def test_the_import_command_says_which_users_it_created(club, tmp_path):
    document = export_club(club)
    document["club"]["slug"] = "elsewhere"
    document["members"].append(
        {"username": "ghost", "role": "member", "created_at": document["club"]["created_at"]}
    )
    path = tmp_path / "club.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    out = StringIO()
    call_command("import_club", str(path), stdout=out)
    assert "Created inactive users with no password" in out.getvalue()
    assert "ghost" in out.getvalue()
    assert "sam_scorer as sam_scorer@elsewhere" in out.getvalue()
    assert not get_user_model().objects.get(username="ghost").is_active


def as_version_4(document: dict) -> dict:
    """The document as version 4 wrote it: no nights, no game's round limits or end reason,
    no history entry's id."""
    old = as_json(document)
    old["version"] = 4
    del old["nights"]
    for game in old["games"]:
        del game["end_reason"], game["round_ends_at"], game["round_hands"]
        del game["seat_changes"], game["record_origins"]
        for entry in game["history"]:
            del entry["id"]
    return old


def test_a_version_4_document_still_imports_with_each_game_ended_as_it_was(club):
    document = export_club(club)
    assert {g["end_reason"] for g in document["games"]} == {"", "target_reached"}
    old = as_version_4(document)
    old["club"]["slug"] = "riverside-v4"
    kept = json.dumps(old)
    copy = import_club(old)
    assert json.dumps(old) == kept  # the document itself is left as it was
    assert_same_club(club, copy, imported_names(old, "riverside-v4"))
    again = export_club(copy)
    assert again["version"] == VERSION and again["nights"] == []
    assert [g["end_reason"] for g in again["games"]] == [g["end_reason"] for g in document["games"]]
    users = imported_names(old, "riverside-v4")
    assert canonical(again) == canonical(renamed_in(as_json(document), users))


def as_version_3(document: dict) -> dict:
    """The document as version 3 wrote it: no rulings, nothing a hand's score follows of them."""
    old = as_version_4(document)
    old["version"] = 3
    for game in old["games"]:
        for hand in game["hands"]:
            del hand["ruled"]
        for dispute in game["disputes"]:
            del dispute["rulings"]
    return old


def test_a_version_3_document_still_imports_with_no_ruling_and_every_hand_as_scored(club):
    old = as_version_3(export_club(club))
    old["club"]["slug"] = "riverside-v3"
    kept = json.dumps(old)
    copy = import_club(old)
    assert json.dumps(old) == kept  # the document itself is left as it was
    assert not HandRuling.objects.filter(dispute__hand__game__club=copy).exists()
    hands = Hand.objects.filter(game__club=copy)
    assert not hands.filter(ruled__isnull=False).exists()
    assert sorted(hands.values_list("scores", flat=True)) == sorted(
        Hand.objects.filter(game__club=club).values_list("scores", flat=True)
    )


def test_a_round_trip_keeps_every_ruling_and_its_decision(club):
    document = as_json(export_club(club))
    rulings = [r for g in document["games"] for d in g["disputes"] for r in d["rulings"]]
    assert {r["status"] for r in rulings} == {"awaiting", "accepted", "overridden"}
    assert {r["decided_by"] for r in rulings} == {None, "dora_director"}
    document["club"]["slug"] = "riverside-rulings"
    copy = import_club(document)
    fields = ("index", "ruling", "status", "current", "result", "reason", "decided_at")
    copied = HandRuling.objects.filter(dispute__hand__game__club=copy).order_by("id")
    original = HandRuling.objects.filter(dispute__hand__game__club=club).order_by("id")
    assert list(copied.values_list(*fields)) == list(original.values_list(*fields))
    assert [r.dispute.hand.number for r in copied] == [r.dispute.hand.number for r in original]
    accepted = HistoryEntry.objects.get(game__club=copy, action="ruling_accepted")
    assert accepted.after["ruling"] == copied.get(status="accepted").pk
    ruled = Hand.objects.filter(game__club=copy, ruled__isnull=False).order_by("number")
    assert [h.ruled["accepted"] for h in ruled] == [[0], []]


def as_version_2(document: dict) -> dict:
    """The document as version 2 wrote it: hands without their revision, games at no table."""
    old = as_version_3(document)
    old["version"] = 2
    for game in old["games"]:
        del game["table"]
        for hand in game["hands"]:
            del hand["revision"]
    return old


def test_a_version_2_document_still_imports_with_every_hand_at_revision_1(club):
    old = as_version_2(export_club(club))
    old["club"]["slug"] = "riverside-v2"
    copy = import_club(old)
    hands = Hand.objects.filter(game__club=copy)
    assert hands.exists() and set(hands.values_list("revision", flat=True)) == {1}


def test_an_export_keeps_each_hands_revision(club):
    hand = Hand.objects.filter(game__club=club).order_by("id").first()
    Hand.objects.filter(pk=hand.pk).update(revision=7)
    document = as_json(export_club(club))
    revisions = [h["revision"] for game in document["games"] for h in game["hands"]]
    assert 7 in revisions
    document["club"]["slug"] = "riverside-copy"
    copy = import_club(document)
    assert Hand.objects.filter(game__club=copy, revision=7).count() == 1


def test_a_version_2_document_still_imports_its_games_at_no_table(club):
    assert {g["table"] for g in export_club(club)["games"]} == {"Table 2", ""}
    old = as_version_2(export_club(club))
    old["club"]["slug"] = "riverside-v2"
    kept = json.dumps(old)
    copy = import_club(old)
    assert json.dumps(old) == kept  # the document itself is left as it was
    assert set(Game.objects.filter(club=copy).values_list("table", flat=True)) == {""}
    assert Game.objects.filter(club=copy).count() == Game.objects.filter(club=club).count()


def as_version_1(document: dict) -> dict:
    """The document as version 1 wrote it: trick-record disputes only, each with one note (the
    director's, else the filer's reason), hands without their revision and games at no table."""
    old = as_version_2(document)
    old["version"] = 1
    for game in old["games"]:
        game["disputes"] = [d for d in game["disputes"] if d["claim"] is None]
        for dispute in game["disputes"]:
            note = dispute.pop("resolution_note") or dispute.pop("reason")
            dispute.pop("reason", None)
            dispute.pop("claim")
            dispute["note"] = note
    return old


def test_a_version_1_document_still_imports_with_reasons_and_notes_apart(club):
    old = as_version_1(export_club(club))
    old["club"]["slug"] = "riverside-v1"
    kept = json.dumps(old)
    copy = import_club(old)
    assert json.dumps(old) == kept  # the document itself is left as it was
    fields = ("status", "record", "ruling", "claim", "reason", "resolution_note")
    original = Dispute.objects.filter(hand__game__club=club, claim__isnull=True)
    imported = Dispute.objects.filter(hand__game__club=copy)
    assert list(imported.order_by("id").values_list(*fields)) == list(
        original.order_by("id").values_list(*fields)
    )
    assert set(imported.values_list("status", "reason", "resolution_note")) == {
        ("accepted", "showed a club later", "renege"),
        ("dismissed", "again?", "already ruled"),
        ("open", "still open", ""),
        ("accepted", "", "ruled at the table"),  # rulings decided (version 1 keeps none)
        ("open", "", ""),  # and one awaiting
    }


def test_a_document_made_before_a_seat_count_was_added_imports_it_counted_from_its_hands(club):
    document = as_json(export_club(club))
    kept = [seat["big_hands"] for game in document["games"] for seat in game["seats"]]
    assert any(kept)
    for game in document["games"]:
        for seat in game["seats"]:
            del seat["big_hands"]
    copy = import_club(document, slug="counted")
    assert [seat["big_hands"] for game in export_club(copy)["games"] for seat in game["seats"]] == (
        kept
    )


def test_a_document_made_before_a_scoring_card_was_declared_imports_with_nobody_taking_it(club):
    document = as_json(export_club(club))
    for game in document["games"]:
        for hand in game["hands"]:
            assert hand["jack_of_diamonds"] is None  # a standard club scores no J♦
            del hand["jack_of_diamonds"]
    copy = import_club(document, slug="declared")
    hands = [hand for game in export_club(copy)["games"] for hand in game["hands"]]
    assert hands and all(hand["jack_of_diamonds"] is None for hand in hands)
