"""A hand's revision (what a confirmation names), and a player's wrong PINs counted per day."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("scoring", "0014_month_totals")]

    operations = [
        migrations.AddField(
            model_name="hand",
            name="revision",
            field=models.PositiveIntegerField(
                default=1,
                help_text="Bumped by every change of its entry or score: a confirmation names "
                "the revision it saw, and is refused once the hand changed since.",
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="pin_day",
            field=models.DateField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="player",
            name="pin_day_failures",
            field=models.PositiveSmallIntegerField(default=0),
        ),
    ]
