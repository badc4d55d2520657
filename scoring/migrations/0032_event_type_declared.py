# An event's type is checked against EventType where the event is made
# (scoring.services.events.prepare_event), no longer listed as the column's choices: each new
# event type made one more migration that only copied the list. The column is unchanged.

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0031_night_table_fixes"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="type",
            field=models.CharField(max_length=32),
        ),
    ]
