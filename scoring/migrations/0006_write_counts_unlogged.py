"""The throttle's counts are UNLOGGED on PostgreSQL: a commit that wrote only to an unlogged
table does not wait for the write-ahead log to reach the disk, and each write's count was a
commit of its own. What is lost with it: the counts, after a crash (the table comes back
empty), and on a standby (they are not replicated). Neither matters for a count of a minute's
writes. Other databases keep the table as it is."""

from django.db import migrations


def unlogged(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        table = apps.get_model("scoring", "WriteCount")._meta.db_table
        schema_editor.execute(f"ALTER TABLE {schema_editor.quote_name(table)} SET UNLOGGED")


def logged(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        table = apps.get_model("scoring", "WriteCount")._meta.db_table
        schema_editor.execute(f"ALTER TABLE {schema_editor.quote_name(table)} SET LOGGED")


class Migration(migrations.Migration):
    dependencies = [("scoring", "0005_write_count")]

    operations = [migrations.RunPython(unlogged, logged)]
