"""A night's words follow the reader's language: the draw's quality is told from the round's
counts when it is read (never kept as an English sentence), and "Table 3" is a translated
name; migration 0026 reads the rounds planned back from the sentences kept before it."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from scoring import services
from scoring.models import NightRound, NightTable
from scoring.selectors import next_free_table
from scoring.selectors.nights import quality_words


def drawn(repeats: int, lower_bound: int, number: int = 1, planned: int = 1) -> NightRound:
    return NightRound(number=number, repeats=repeats, lower_bound=lower_bound, planned=planned)


@pytest.mark.parametrize(
    ("round_", "words"),
    [
        (drawn(0, 0), "No two players meet twice."),
        (drawn(1, 1), "1 pair meets twice, the least possible here."),
        (drawn(2, 2), "2 pairs meet twice, the least possible here."),
        (drawn(3, 1), "3 pairs meet twice (at least 1 is unavoidable)."),
        (drawn(5, 2), "5 pairs meet twice (at least 2 are unavoidable)."),
        (drawn(3, 0), "3 pairs meet twice."),
        (drawn(0, 0, 2, 3), "Over rounds 2 to 4: no two players meet twice."),
        (drawn(6, 6, 1, 3), "Over rounds 1 to 3: 6 pairs meet twice, the least possible here."),
    ],
)
def test_the_draws_quality_claims_the_least_possible_only_when_proven(round_, words):
    with translation.override("en"):
        assert quality_words(round_) == words


def test_the_draws_quality_and_a_tables_name_are_told_in_the_readers_language():
    with translation.override("de"):
        assert quality_words(drawn(0, 0)) == "Keine zwei Spieler treffen zweimal aufeinander."
        assert quality_words(drawn(6, 6, 1, 3)).startswith("Über die Runden 1 bis 3: 6 Paare")
        assert NightTable(number=3).name == "Tisch 3"
    with translation.override("fr"):
        assert "paires" in quality_words(drawn(5, 2)) and "inévitables" in quality_words(
            drawn(5, 2)
        )
        assert NightTable(number=3).name == "Table 3"


def test_the_next_free_table_is_named_in_the_readers_language(public_club, owner):
    with translation.override("de"):
        services.create_game(
            club=public_club, players=public_club.seated[:4], actor=owner, table="tisch 1"
        )
        assert next_free_table(public_club) == "Tisch 2"


@pytest.mark.django_db(transaction=True)
def test_migration_0026_reads_the_rounds_planned_back_from_the_kept_sentence():
    executor = MigrationExecutor(connection)

    def migrate(target):
        executor.loader.build_graph()
        executor.migrate(target)
        return executor.loader.project_state(target).apps

    apps = migrate([("scoring", "0025_account_language")])
    try:
        club = apps.get_model("scoring", "Club").objects.create(name="Old", slug="old")
        league = apps.get_model("scoring", "League").objects.create(
            club=club, name="Old league", ruleset={"preset": "standard"}
        )
        night = apps.get_model("scoring", "Night").objects.create(
            club=club,
            league=league,
            name="Old night",
            rounds_planned=4,
            round_hands=2,
            table_sizes=[4],
            formula={"criterion": "placings"},
        )
        rounds = apps.get_model("scoring", "NightRound").objects
        sentences = {
            1: "Over rounds 1 to 4: no two players meet twice.",
            2: "Over rounds 2 to 4: 2 pairs meet twice.",
            3: "1 pair meets twice, the least possible here.",
        }
        for number, sentence in sentences.items():
            rounds.create(night=night, number=number, quality=sentence)

        apps = migrate([("scoring", "0026_round_planned")])
        kept = apps.get_model("scoring", "NightRound").objects.order_by("number")
        assert [(r.number, r.planned) for r in kept] == [(1, 4), (2, 3), (3, 1)]
    finally:
        migrate(executor.loader.graph.leaf_nodes())
