"""A drawn round keeps how many rounds its draw planned together, and no longer its quality as
an English sentence: the pages and the API tell the quality from the round's counts in the
reader's language. The count is read back from the sentence kept so far ("Over rounds 2 to 4:
…" planned 3; any other, 1)."""

import re

from django.db import migrations, models

OVER_ROUNDS = re.compile(r"^Over rounds (\d+) to (\d+):")


def planned_from_the_sentence(apps, schema_editor):
    NightRound = apps.get_model("scoring", "NightRound")
    for night_round in NightRound.objects.exclude(quality="").only("pk", "quality"):
        over = OVER_ROUNDS.match(night_round.quality)
        if over:
            planned = int(over[2]) - int(over[1]) + 1
            NightRound.objects.filter(pk=night_round.pk).update(planned=planned)


def sentence_from_planned(apps, schema_editor):
    """Backwards, a sentence the older code can show: the counts, in English."""
    NightRound = apps.get_model("scoring", "NightRound")
    for night_round in NightRound.objects.all():
        words = f"{night_round.repeats} pairs meet twice."
        if night_round.planned > 1:
            last = night_round.number + night_round.planned - 1
            words = f"Over rounds {night_round.number} to {last}: {words}"
        NightRound.objects.filter(pk=night_round.pk).update(quality=words)


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0025_account_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="nightround",
            name="planned",
            field=models.PositiveSmallIntegerField(
                default=1, help_text="Rounds its draw planned together, this one first."
            ),
        ),
        migrations.RunPython(planned_from_the_sentence, sentence_from_planned),
        migrations.RemoveField(
            model_name="nightround",
            name="quality",
        ),
    ]
