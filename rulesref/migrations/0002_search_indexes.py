"""The full-text index of whichever database is in use (SQLite FTS5, or PostgreSQL tsvector + pg_trgm)."""
from django.db import migrations


def install(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor == "sqlite":
        from rulesref.backends.sqlite import SqliteBackend

        SqliteBackend().install(schema_editor)
    elif vendor == "postgresql":
        from rulesref.backends.postgres import PostgresBackend

        PostgresBackend().install(schema_editor)


def uninstall(apps, schema_editor):
    if schema_editor.connection.vendor == "sqlite":
        from rulesref.backends.sqlite import UNINSTALL

        for sql in UNINSTALL:
            schema_editor.execute(sql)
    elif schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE rulesref_entry DROP COLUMN IF EXISTS search")


class Migration(migrations.Migration):
    dependencies = [("rulesref", "0001_initial")]
    operations = [migrations.RunPython(install, uninstall)]
