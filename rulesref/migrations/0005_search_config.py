"""PostgreSQL: the search vectors again, in the "tablekeeper" text search configuration (English
stems, no stopwords, accents folded; see rulesref.backends.postgres.CONFIG), and no trigram index:
typo candidates are found in Python on both backends (rulesref.query.Vocabulary)."""
from django.db import migrations


def reinstall(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        from rulesref.backends.postgres import PostgresBackend

        for column in ("search", "search_head"):
            schema_editor.execute(f"ALTER TABLE rulesref_entry DROP COLUMN IF EXISTS {column}")
        schema_editor.execute("DROP INDEX IF EXISTS rulesref_term_trgm")
        PostgresBackend().install(schema_editor)


class Migration(migrations.Migration):
    dependencies = [("rulesref", "0004_card_entries")]
    operations = [migrations.RunPython(reinstall, migrations.RunPython.noop)]
