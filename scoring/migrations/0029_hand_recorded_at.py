import django.utils.timezone
from django.db import migrations, models


def recorded_when_created(apps, schema_editor):
    """Hands stored before: recorded at the table when they arrived."""
    Hand = apps.get_model("scoring", "Hand")
    Hand.objects.update(recorded_at=models.F("created_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0028_hand_rulings"),
    ]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="recorded_at",
            field=models.DateTimeField(
                default=django.utils.timezone.now,
                editable=False,
                help_text="When the hand was recorded at the table, as a night's round limit "
                "reads it: when it arrived, or when the phone that kept it offline recorded it, "
                "within bounds (README, A hand sent late).",
            ),
        ),
        migrations.RunPython(recorded_when_created, migrations.RunPython.noop),
    ]
