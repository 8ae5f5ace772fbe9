"""Time of `import_catalog cockatrice` on the real tokens.xml (target: under 10 s on 2 cores).

Fresh database (seed catalogue loaded first, as `make run` does), then: the import, the same file
again (must change nothing) and a dry run.

Usage: .venv/bin/python bench/import_cockatrice.py [--file PATH]   (DATABASE_URL to bench
PostgreSQL; default: a fresh SQLite file in a temporary directory).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from catalog.importers.formats import import_file  # noqa: E402
from catalog.models import ReferenceRelation, TokenDefinition, TokenRelation  # noqa: E402
from catalog.seed import load_seed  # noqa: E402

DEFAULT_FILE = ROOT.parent / "shared" / "data" / "cockatrice_tokens.xml"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    args = parser.parse_args()
    call_command("migrate", verbosity=0, interactive=False)
    load_seed()
    print(f"file: {args.file} ({args.file.stat().st_size / 1e6:.2f} MB)")
    print(f"database: {django.db.connection.vendor}")
    started = time.perf_counter()
    summary = import_file("cockatrice", args.file)
    first = time.perf_counter() - started
    tokens = TokenDefinition.objects.filter(game="mtg").count()
    relations = TokenRelation.objects.count() + ReferenceRelation.objects.count()
    print(f"import: {first:.2f} s (target < 10 s), {summary.changes()} rows written")
    print(f"  MTG token definitions: {tokens}; creator relations: {relations}")
    started = time.perf_counter()
    again = import_file("cockatrice", args.file)
    print(f"re-import: {time.perf_counter() - started:.2f} s, {again.changes()} changes")
    started = time.perf_counter()
    import_file("cockatrice", args.file, dry_run=True)
    print(f"dry run: {time.perf_counter() - started:.2f} s")


if __name__ == "__main__":
    main()
