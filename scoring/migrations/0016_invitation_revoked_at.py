from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0015_hand_revision"),
    ]

    operations = [
        migrations.AddField(
            model_name="invitation",
            name="revoked_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
    ]
