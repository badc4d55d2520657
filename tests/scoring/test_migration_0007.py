"""Migration 0007 splits each dispute's one note into the filer's reason and the director's
note, read back from the game's history; existing rows keep everything else."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("scoring", "0006_write_counts_unlogged")]
AFTER = [("scoring", "0007_dispute_reason_and_claim")]


def migrate(target):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(target)
    return executor.loader.project_state(target).apps


def test_the_note_is_split_into_reason_and_resolution_note():
    apps = migrate(BEFORE)
    try:
        club = apps.get_model("scoring", "Club").objects.create(name="Old", slug="old")
        game = apps.get_model("scoring", "Game").objects.create(
            club=club, ruleset={"preset": "standard"}, started_at=timezone.now()
        )
        hand = apps.get_model("scoring", "Hand").objects.create(
            game=game,
            number=1,
            dealer=0,
            pass_direction="left",
            level="points",
            entry={"points": [13, 13, 0, 0]},
            points=[13, 13, 0, 0],
            scores=[13, 13, 0, 0],
        )
        Dispute = apps.get_model("scoring", "Dispute")
        History = apps.get_model("scoring", "HistoryEntry")
        ruling = {"violations": []}

        def dispute(status, note, opened_reason, ruled_note=None):
            row = Dispute.objects.create(
                hand=hand, record={"plays": []}, ruling=ruling, status=status, note=note
            )
            History.objects.create(
                game=game, action="dispute_opened", after={"dispute": row.pk}, reason=opened_reason
            )
            if ruled_note is not None:
                History.objects.create(
                    game=game,
                    action=f"dispute_{status}",
                    after={"dispute": row.pk, "scores": [13, 13, 0, 0]},
                    reason=ruled_note,
                )
            return row.pk

        open_one = dispute("open", "looks wrong", "looks wrong")
        noted = dispute("accepted", "renege seen", "showed a club later", "renege seen")
        silent = dispute("dismissed", "my reason", "my reason", "")
        # No history to read back (an edited database): the note stays the director's.
        bare = Dispute.objects.create(
            hand=hand, record={"plays": []}, ruling=ruling, status="dismissed", note="unclear"
        ).pk

        apps = migrate(AFTER)
        rows = {
            d.pk: (d.reason, d.resolution_note, d.record, d.ruling, d.claim)
            for d in apps.get_model("scoring", "Dispute").objects.all()
        }
        kept = ({"plays": []}, ruling, None)
        assert rows == {
            open_one: ("looks wrong", "", *kept),
            noted: ("showed a club later", "renege seen", *kept),
            silent: ("my reason", "", *kept),
            bare: ("", "unclear", *kept),
        }
    finally:
        migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())
