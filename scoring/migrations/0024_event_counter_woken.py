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
    ]
