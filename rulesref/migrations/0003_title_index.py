"""PostgreSQL: a title-and-tags vector of its own (the backend's install is idempotent)."""
from django.db import migrations


def install(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        from rulesref.backends.postgres import PostgresBackend

        PostgresBackend().install(schema_editor)


def uninstall(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("ALTER TABLE rulesref_entry DROP COLUMN IF EXISTS search_head")


class Migration(migrations.Migration):
    dependencies = [("rulesref", "0002_search_indexes")]
    operations = [migrations.RunPython(install, uninstall)]
