"""Device tokens keep a digest of their user's password hash (``DeviceToken.stamp_of``), so that
a password changed by any route ends them; the tokens there are get their user's current one."""

import hashlib

from django.db import migrations, models


def stamp_existing_tokens(apps, schema_editor):
    DeviceToken = apps.get_model("scoring", "DeviceToken")
    for token in DeviceToken.objects.select_related("user").iterator():
        token.password_stamp = hashlib.sha256(token.user.password.encode()).hexdigest()
        token.save(update_fields=["password_stamp"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0018_game_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="devicetoken",
            name="password_stamp",
            field=models.CharField(
                default="",
                help_text="A digest of the user's password hash when the token was made: a "
                "password changed since, by any route (the pages, the admin, manage.py), ends "
                "the token.",
                max_length=64,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(stamp_existing_tokens, migrations.RunPython.noop),
    ]
