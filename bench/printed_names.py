"""Finding the names printed in another language that contain a searched word
(catalog/search/query.py): a LIKE scan of the printed names against their FTS5 trigram index
(catalog/search/vendor.py PRINTED_FTS), same SQLite file, same synthetic names, same run.

150,000 synthetic Latin-letter names (about five languages for 30,000 cards); a miss is the usual
case for an English search and costs the scan its whole table.

Usage: .venv/bin/python bench/printed_names.py [--names N] [--iterations N]
"""

from __future__ import annotations

import argparse
import random
import sqlite3
import string
import time

WORDS = (
    *("blitz", "axt", "feuer", "drache", "gobelin", "éclair", "hache", "fulmine", "ascia"),
    *("rayo", "hacha", "raio", "machado", "krieger", "soldat", "ange", "démon"),
)
QUERIES = ("zzzzq", "goblin", "lightning axe", "blitz")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--names", type=int, default=150_000)
    parser.add_argument("--iterations", type=int, default=20)
    args = parser.parse_args()
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE p(id INTEGER PRIMARY KEY, folded VARCHAR(200))")
    db.execute(
        "CREATE VIRTUAL TABLE f USING fts5(folded, content='p', content_rowid='id', "
        "tokenize='trigram')"
    )
    rng = random.Random(1)
    db.executemany(
        "INSERT INTO p VALUES (?, ?)",
        (
            (i, " ".join(rng.choice(WORDS) + rng.choice(string.ascii_lowercase) * 2 for _ in "abc"))
            for i in range(args.names)
        ),
    )
    db.execute("INSERT INTO f(f) VALUES ('rebuild')")
    for query in QUERIES:
        timings = {}
        for name, sql, value in (
            ("LIKE", "SELECT 1 FROM p WHERE folded LIKE ? LIMIT 1", f"%{query}%"),
            ("FTS5", "SELECT 1 FROM f WHERE f MATCH ? LIMIT 1", f'"{query}"'),
        ):
            start = time.perf_counter()
            for _ in range(args.iterations):
                db.execute(sql, (value,)).fetchall()
            timings[name] = (time.perf_counter() - start) / args.iterations * 1000
        like, fts = timings["LIKE"], timings["FTS5"]
        print(f"{query!r:16} LIKE {like:8.3f} ms  FTS5 {fts:6.3f} ms  ratio {like / fts:,.1f}")


if __name__ == "__main__":
    main()
