"""Disputes keep the filer's reason apart from the director's note, and may carry a claimed
count (points or cards taken) instead of a trick record.

Until now one ``note`` held the filer's reason, then the director's note (or the reason again,
when the director gave none). It becomes ``resolution_note``, and ``reason`` is added; both are
read back from the game's history, which kept each as it was said: the ``dispute_opened``
entry's reason is the filer's, the ``dispute_accepted`` or ``dispute_dismissed`` entry's the
director's. An open dispute's note was its reason.
"""

from django.db import migrations, models

OPENED = "dispute_opened"
RULED = ("dispute_accepted", "dispute_dismissed")


def split_notes(apps, schema_editor):
    Dispute = apps.get_model("scoring", "Dispute")
    HistoryEntry = apps.get_model("scoring", "HistoryEntry")
    disputes = list(Dispute.objects.order_by("pk"))
    if not disputes:
        return
    said: dict[tuple[int, str], str] = {}
    entries = HistoryEntry.objects.filter(action__in=(OPENED, *RULED)).order_by("pk")
    for action, after, reason in entries.values_list("action", "after", "reason").iterator():
        if isinstance(after, dict) and isinstance(after.get("dispute"), int):
            said[(after["dispute"], action)] = reason
    for dispute in disputes:
        note = dispute.resolution_note  # the old note, renamed
        opened = said.get((dispute.pk, OPENED))
        if dispute.status == "open":
            dispute.reason, dispute.resolution_note = note, ""
            continue
        ruled = said.get((dispute.pk, f"dispute_{dispute.status}"))
        if ruled is not None:
            dispute.resolution_note = ruled
        if opened is not None:
            dispute.reason = opened
        elif ruled == "":  # the director said nothing: the note kept the filer's reason
            dispute.reason, dispute.resolution_note = note, ""
    Dispute.objects.bulk_update(disputes, ["reason", "resolution_note"], batch_size=500)


def merge_notes(apps, schema_editor):
    """Back to one note: the director's, else the filer's reason."""
    Dispute = apps.get_model("scoring", "Dispute")
    if Dispute.objects.filter(ruling__isnull=True).exists():
        raise RuntimeError(
            "Disputes with a claimed count exist; the schema before 0007 cannot hold them."
        )
    disputes = list(Dispute.objects.order_by("pk"))
    for dispute in disputes:
        dispute.resolution_note = dispute.resolution_note or dispute.reason
    Dispute.objects.bulk_update(disputes, ["resolution_note"], batch_size=500)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0006_write_counts_unlogged")]

    operations = [
        migrations.RenameField("dispute", "note", "resolution_note"),
        migrations.AlterField(
            model_name="dispute",
            name="resolution_note",
            field=models.TextField(
                blank=True, default="", help_text="The director's note on the decision."
            ),
        ),
        migrations.AddField(
            model_name="dispute",
            name="reason",
            field=models.TextField(
                blank=True, default="", help_text="Why it was opened (the filer's)."
            ),
        ),
        migrations.AddField(
            model_name="dispute",
            name="claim",
            field=models.JSONField(
                blank=True,
                help_text="A claimed count as the engine scored it when the dispute was opened, "
                "against the hand's recorded points and scores; null for a trick record.",
                null=True,
            ),
        ),
        migrations.AlterField(
            model_name="dispute",
            name="record",
            field=models.JSONField(
                help_text="What the dispute carries: a trick record (plays, perhaps hands and "
                "first_leader) or a claimed count (points or cards_taken, with its details)."
            ),
        ),
        migrations.AlterField(
            model_name="dispute",
            name="ruling",
            field=models.JSONField(
                blank=True,
                help_text="The engine's ruling on a trick record; null for a count.",
                null=True,
            ),
        ),
        migrations.RunPython(split_notes, merge_notes),
    ]
