"""A paper score sheet or a spreadsheet of hands (CSV) imported into a club: its columns
mapped, its players found by name or made, each row scored under the chosen ruleset at the
points level, in one transaction or nothing, the same sheet twice adding nothing; every
refusal names its row and column (docs/hand-record.md, "From paper or a spreadsheet")."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from adjudication.services import ruleset_for
from hearts_site.errors import Conflict, DomainError
from scoring.domain.sheet_entries import sheet_entry
from scoring.models import Game, Hand, HandRecordOrigin, Player
from scoring.record.sheet import SheetError, SheetMapping
from scoring.services.score_sheets import import_sheet

pytestmark = pytest.mark.django_db

SHEET = """Date,Table,Ada,Ben,Zoe,Yan
14/03/2026,1,13,5,4,4
14/03/2026,1,0,26,26,26
14/03/2026,1,6,6,1,13
21/03/2026,1,-26,0,0,0
"""
BY_NAME = SheetMapping(
    date="Date", date_format="dmy", game="Table", players=("Ada", "Ben", "Zoe", "Yan")
)


def fresh(user):
    return get_user_model().objects.get(pk=user.pk)


def run(club, user, text=SHEET, mapping=BY_NAME, *, dry_run=False, **more):
    return import_sheet(
        club=club, text=text, mapping=mapping, actor=fresh(user), dry_run=dry_run, **more
    )


def test_a_sheet_by_names_is_previewed_then_imported_with_its_new_players_and_moons(
    public_club, director
):
    games_before = Game.objects.filter(club=public_club).count()
    preview = run(public_club, director, dry_run=True)
    assert preview.dry_run and len(preview.games_added) == 2 and preview.hands_added == 4
    assert preview.players_added == ["Zoe", "Yan"]
    assert Game.objects.filter(club=public_club).count() == games_before
    assert not Player.objects.filter(club=public_club, name="Zoe").exists()
    done = run(public_club, director)
    assert done.games_added == preview.games_added and done.hands_added == 4
    first = Game.objects.get(record_origin__record_game=done.games_added[0])
    assert [s.player.name for s in first.seats.order_by("seat")] == ["Ada", "Ben", "Zoe", "Yan"]
    hands = list(Hand.objects.filter(game=first).order_by("number"))
    assert [h.scores for h in hands] == [[13, 5, 4, 4], [0, 26, 26, 26], [6, 6, 1, 13]]
    assert hands[1].moon_shooter == 0 and first.totals == [19, 37, 31, 43]
    second = Game.objects.get(record_origin__record_game=done.games_added[1])
    assert second.started_at.date().isoformat() == "2026-03-21"
    assert Hand.objects.get(game=second).moon_shooter == 0


def test_the_same_sheet_twice_adds_nothing_and_a_changed_game_is_refused(public_club, director):
    run(public_club, director)
    again = run(public_club, director)
    assert again.games_added == [] and len(again.games_present) == 2 and again.hands_added == 0
    changed = SHEET.replace("6,6,1,13", "6,6,13,1")
    with pytest.raises(Conflict) as refused:
        run(public_club, director, changed)
    assert refused.value.code == "sheet_game_differs" and refused.value.attr == "sheet:2"


def test_a_row_per_hand_with_a_name_column_beside_each_seat_in_iso_dates(public_club, director):
    text = (
        "when,n1,p1,n2,p2,n3,p3\n"
        "2026-01-05,Ada,13,Ben,7,Cleo,6\n"
        "2026-01-05,Ada,26,Ben,0,Cleo,26\n"
        "2026-01-06,Cleo,0,Ada,26,Ben,26\n"
    )
    mapping = SheetMapping(
        date="when",
        date_format="iso",
        layout="seats",
        players=("p1", "p2", "p3"),
        names=("n1", "n2", "n3"),
    )
    three = {"preset": "standard", "players": 3, "removed_cards": ["2C"]}
    done = run(public_club, director, text, mapping, ruleset=three)
    assert len(done.games_added) == 2 and done.hands_added == 3 and done.players_added == []
    later = Game.objects.get(record_origin__record_game=done.games_added[1])
    assert [s.player.name for s in later.seats.order_by("seat")] == ["Cleo", "Ada", "Ben"]


@pytest.mark.parametrize(
    ("text", "code", "attr", "words"),
    [
        (
            SHEET.replace("13,5,4,4", "13,x,4,4"),
            "sheet_bad_number",
            "sheet:2:Ben",
            "row 2, column 'Ben': 'x' is not a number",
        ),
        (
            SHEET.replace("21/03/2026", "2026-03-21"),
            "sheet_bad_date",
            "sheet:5:Date",
            "row 5, column 'Date': '2026-03-21' is not a date (DD/MM/YYYY)",
        ),
        (
            SHEET.replace("6,6,1,13", "6,6,1,12"),
            "sheet_points_make_no_hand",
            "sheet:4",
            "row 4: the points 6 6 1 12 make no hand under this ruleset (points taken sum to 25",
        ),
        (
            SHEET.replace("Yan\n", "Yann\n"),
            "sheet_no_column",
            "sheet:1:Yan",
            "no column is headed 'Yan'",
        ),
        (
            SHEET + "21/03/2026,1,13,5\n",
            "sheet_row_width",
            "sheet:6",
            "row 6 has 4 cells; the headers name 6 columns",
        ),
    ],
    ids=[
        "a word for points",
        "a date in another format",
        "points that make no hand",
        "a column not in the sheet",
        "a short row",
    ],
)
def test_a_bad_row_is_refused_naming_its_row_and_column_and_stores_nothing(
    public_club, director, text, code, attr, words
):
    games_before = Game.objects.filter(club=public_club).count()
    with pytest.raises((SheetError, DomainError)) as refused:
        run(public_club, director, text)
    error = refused.value
    assert error.code == code
    assert getattr(error, "attr", None) or getattr(error, "field", None) == attr
    assert (getattr(error, "attr", None) or error.field) == attr
    assert words in (getattr(error, "detail", None) or error.message)
    assert Game.objects.filter(club=public_club).count() == games_before
    assert not Player.objects.filter(club=public_club, name="Zoe").exists()
    assert not HandRecordOrigin.objects.filter(club=public_club).exists()


def test_rows_after_the_game_ends_under_its_ruleset_are_refused(public_club, director):
    rows = "".join("14/03/2026,1,0,26,26,26\n" for _ in range(5))
    with pytest.raises(DomainError) as refused:
        run(public_club, director, "Date,Table,Ada,Ben,Zoe,Yan\n" + rows)
    assert refused.value.code == "sheet_game_over" and refused.value.attr == "sheet:6"
    assert "ended at hand 4" in refused.value.detail


def test_a_moon_written_as_points_taken_is_refused_saying_a_seat_shot_it(public_club, director):
    with pytest.raises(DomainError) as refused:
        run(public_club, director, SHEET.replace("-26,0,0,0", "26,0,0,0"))
    assert refused.value.code == "sheet_points_make_no_hand"
    assert "seat 0 shot the moon" in refused.value.detail


def test_a_game_seating_other_than_the_rulesets_players_names_its_row(public_club, director):
    with pytest.raises(DomainError) as refused:
        run(public_club, director, ruleset={"preset": "standard", "players": 5})
    assert refused.value.attr == "sheet:2" and refused.value.detail.startswith("row 2: ")


def test_under_a_jack_of_diamonds_ruleset_the_takers_score_holds_the_jack():
    rules = ruleset_for("omnibus")
    entry = sheet_entry(rules, [3, -10, 13, 10], dealer=0, totals_before=[0, 0, 0, 0])
    assert entry == {"points": [3, 0, 13, 10], "jack_of_diamonds": 1}
