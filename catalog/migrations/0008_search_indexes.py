"""Once the search indexes' step; they are made by 0014_search_schema (catalog/search/vendor.py),
after the tables they index. Kept so databases that applied it migrate on unchanged."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("catalog", "0007_art_and_artists")]

    operations: list[migrations.operations.base.Operation] = []
