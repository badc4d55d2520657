"""A game imported from a hand record keeps where it came from through a backup (format 7):
the restored club holds the record's game id, so importing the same file again adds nothing.
A version 6 document, before origins, still imports: its games count as the club's own."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring import services
from scoring.backup import BackupError, export_club, import_club
from scoring.models import Club, Game, HandRecordOrigin
from scoring.record import write_text
from scoring.selectors import hand_records
from scoring.services.hand_records import import_record
from tests.records.support import play_game

from .support import Cast
from .test_round_trip import as_json

pytestmark = pytest.mark.django_db


def _record(cast: Cast) -> str:
    """A two-game hand record exported by another club."""
    source = services.create_club(user=cast.owner, name="Elsewhere", slug="elsewhere")
    source.seated = [services.create_player(club=source, name=f"E{n}") for n in range(4)]
    for seed in (1, 2):
        play_game(source, cast.owner, hands=2, seed=seed)
    return "".join(write_text(hand_records.record_games(hand_records.club_games(source.pk))))


def fresh(user):
    """The user with no roles read yet (roles are kept on the user object)."""
    return get_user_model().objects.get(pk=user.pk)


def _imported(cast: Cast, text: str) -> Club:
    club = services.create_club(user=cast.owner, name="Paper Hearts", slug="paper")
    owner = fresh(cast.owner)
    outcome = import_record(club=club, data=text, form="text", actor=owner, dry_run=False)
    assert len(outcome.games_added) == 2
    return club


def test_a_restored_club_adds_nothing_when_the_same_record_is_imported_again(cast):
    text = _record(cast)
    club = _imported(cast, text)
    document = as_json(export_club(club))
    origins = [o for g in document["games"] for o in g["record_origins"]]
    assert document["version"] == 7 and len(origins) == 2
    assert {o["record_game"] for o in origins} == set(
        HandRecordOrigin.objects.filter(club=club).values_list("record_game", flat=True)
    )
    document["club"]["slug"] = "paper-copy"
    copy = import_club(document, owner=cast.owner)
    again = import_record(club=copy, data=text, form="text", actor=fresh(cast.owner), dry_run=False)
    assert again.games_added == [] and len(again.games_present) == 2
    assert again.hands_added == 0 and Game.objects.filter(club=copy).count() == 2
    restored = as_json(export_club(copy))
    assert [g["record_origins"] for g in restored["games"]] == [
        g["record_origins"] for g in document["games"]
    ]


def test_a_version_6_document_imports_with_no_origin(cast):
    club = _imported(cast, _record(cast))
    old = as_json(export_club(club))
    old["version"] = 6
    old["club"]["slug"] = "paper-v6"
    for game in old["games"]:
        del game["record_origins"]
    copy = import_club(old)
    assert not HandRecordOrigin.objects.filter(club=copy).exists()
    assert Game.objects.filter(club=copy).count() == 2


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda o: o.update(digest="not hex"), r"record_origins\[0\]\.digest: 64 lowercase"),
        (lambda o: o.update(record_game=""), r"record_origins\[0\]\.record_game: 1 to 200"),
        (lambda o: o.pop("digest"), r"missing key\(s\) 'digest'"),
    ],
    ids=["a digest that is not SHA-256", "an empty game id", "no digest"],
)
def test_a_bad_origin_is_refused_with_its_place_and_writes_nothing(cast, change, words):
    document = as_json(export_club(_imported(cast, _record(cast))))
    document["club"]["slug"] = "paper-bad"
    change(document["games"][0]["record_origins"][0])
    with pytest.raises(BackupError, match=words):
        import_club(document)
    assert not Club.objects.filter(slug="paper-bad").exists()


def test_one_record_game_twice_in_a_document_is_refused(cast):
    document = as_json(export_club(_imported(cast, _record(cast))))
    document["club"]["slug"] = "paper-twice"
    first, second = (g["record_origins"][0] for g in document["games"])
    second["record_game"] = first["record_game"]
    with pytest.raises(BackupError, match=r"record_game: id .* appears twice"):
        import_club(document)
