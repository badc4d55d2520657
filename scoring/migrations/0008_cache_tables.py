"""The database cache's tables, made by `migrate` itself: a deployment that forgets
`createcachetable` no longer refuses every sign-in.

Both tables are made whatever CACHE_URL says (they are empty and cost nothing), so a later
switch from Redis to the database cache needs no step either. Existing tables are kept.
"""

from django.conf import settings
from django.core.management.commands.createcachetable import Command as CreateCacheTable
from django.db import migrations


def create_cache_tables(apps, schema_editor):
    command = CreateCacheTable()
    command.verbosity = 0
    for table in settings.DATABASE_CACHE_TABLES.values():
        command.create_table(schema_editor.connection.alias, table, dry_run=False)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0007_dispute_reason_and_claim")]

    operations = [migrations.RunPython(create_cache_tables, migrations.RunPython.noop)]
