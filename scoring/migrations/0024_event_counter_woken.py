import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0023_rating_generations"),
    ]

    operations = [
        migrations.AddField(
            model_name="eventcounter",
            name="woken",
            field=models.BooleanField(
                default=False,
                help_text=(
                    "The club's delivery task is queued: an event recorded meanwhile queues no "
                    "other."
                ),
            ),
        ),
        # Indexes that the constraints' indexes make redundant: one b-tree less written for
        # every event and every delivery.
        migrations.AlterField(
            model_name="event",
            name="club",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="events",
                to="scoring.club",
            ),
        ),
        migrations.AlterField(
            model_name="webhookdelivery",
            name="endpoint",
            field=models.ForeignKey(
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="deliveries",
                to="scoring.webhookendpoint",
            ),
        ),
    ]
