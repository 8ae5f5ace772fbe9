"""The embedded default's database backend: Django's SQLite backend whose writers queue."""
