# A game's table ("Table 3"), named when it starts: the room view and the wall name tables by
# it. Existing games have none (""), which no constraint counts.

from django.db import migrations, models
from django.db.models.functions import Lower


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0017_accounts"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="table",
            field=models.CharField(
                blank=True,
                default="",
                help_text='Where it is played ("Table 3"): no two games in progress at one table.',
                max_length=30,
            ),
        ),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.UniqueConstraint(
                models.F("club"),
                Lower("table"),
                condition=models.Q(
                    ("status", "in_progress"), models.Q(("table", ""), _negated=True)
                ),
                name="one_game_in_progress_a_table",
            ),
        ),
    ]
