# A ping is an event of one webhook endpoint's, outside the club's numbered log: its sequence is
# null (the feed reads numbers only). And one time format: the times kept in events' data (a
# game's started_at and finished_at, ratings.settled's since) are written in UTC with "Z", as
# every answer writes them; those written before with "+00:00" say the same instant, and are
# rewritten so that an old event reads as a new one does.

from django.db import migrations, models

EVENT_TYPES = [
    ("hand.entered", "Hand Entered"),
    ("hand.corrected", "Hand Corrected"),
    ("hand.voided", "Hand Voided"),
    ("hand.confirmed", "Hand Confirmed"),
    ("hand.queried", "Hand Queried"),
    ("game.started", "Game Started"),
    ("game.finished", "Game Finished"),
    ("game.abandoned", "Game Abandoned"),
    ("dispute.opened", "Dispute Opened"),
    ("dispute.resolved", "Dispute Resolved"),
    ("player.merged", "Player Merged"),
    ("ratings.settled", "Ratings Settled"),
    ("ping", "Ping"),
]
UTC_OFFSET = "+00:00"


def _in_z(value):
    if isinstance(value, str) and value.endswith(UTC_OFFSET):
        return value.removesuffix(UTC_OFFSET) + "Z"
    return value


def _rewritten(data: dict) -> dict:
    data = dict(data)
    game = data.get("game")
    if isinstance(game, dict):
        data["game"] = {**game, **{k: _in_z(game.get(k)) for k in ("started_at", "finished_at")}}
    if "since" in data:
        data["since"] = _in_z(data["since"])
    return data


def times_in_z(apps, schema_editor):
    Event = apps.get_model("scoring", "Event")
    changed = []
    for event in Event.objects.only("pk", "data").iterator(chunk_size=2000):
        data = _rewritten(event.data)
        if data != event.data:
            event.data = data
            changed.append(event)
        if len(changed) >= 2000:
            Event.objects.bulk_update(changed, ["data"])
            changed = []
    Event.objects.bulk_update(changed, ["data"])


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0019_token_password_stamp"),
    ]

    operations = [
        migrations.AlterField(
            model_name="event",
            name="sequence",
            field=models.PositiveBigIntegerField(
                help_text="1, 2, … in the club: the feed's cursor (none for a ping).", null=True
            ),
        ),
        migrations.AlterField(
            model_name="event",
            name="type",
            field=models.CharField(choices=EVENT_TYPES, max_length=32),
        ),
        migrations.RunPython(times_in_z, migrations.RunPython.noop, elidable=True),
    ]
