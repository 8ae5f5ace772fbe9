"""The catalogue search's database objects (catalog/search/vendor.py): SQLite's full-text tables
and their triggers, PostgreSQL's trigram indexes and term index, the cards' search rank.

A database made before this migration has them from an earlier version's post-migrate step:
this one replaces every trigger and function, and a full-text table whose definition changed,
with today's definitions, and rebuilds their contents."""

from django.db import migrations

from catalog.search import schema


class Migration(migrations.Migration):
    dependencies = [("catalog", "0013_card_codes")]

    operations = [schema.operation()]
