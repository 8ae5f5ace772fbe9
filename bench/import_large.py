"""Peak memory of `import_catalog` on large synthetic files (target: under 200 MB each).

Writes two files shaped like the real downloads: a Scryfall default-cards bulk array (about
3.5 printings per card, 2% tokens whose creators name them in `all_parts`) and an MTGJSON
AllPrintings object (sets with cards, foreign data, legalities and tokens). Each import runs in its
own process on a fresh database with the seed catalogue, as after `make run`; its peak resident
memory comes from the kernel (wait4). The baseline is the same process running `check` (Django
loaded, nothing imported): the import should add a bounded amount, whatever the file size.

With --via-job, one file (the Scryfall one unless --only mtgjson) is imported as the admin's
Import page does it: a dry run, the import and a second dry run, each a job recording history and
its change list (what it creates, changes, skips, matches or finds unchanged), spooled to disk and
stored in batches.

Usage: .venv/bin/python bench/import_large.py [--megabytes 300] [--via-job] [--only FORMAT]
(DATABASE_URL to bench PostgreSQL; default: a fresh SQLite file per run in a temporary directory).
"""

from __future__ import annotations

import argparse
import atexit
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parent.parent
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)
PRINTINGS_PER_CARD = 3.5
LEGALITIES = {fmt: "legal" for fmt in ("standard", "modern", "legacy", "vintage", "commander")}
LEGALITIES |= {fmt: "not_legal" for fmt in ("pauper", "pioneer", "historic", "oathbreaker")}
WORDS = "goblin soldier elf dragon angel zombie spirit knight wizard beast".split()


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "/".join(map(str, parts))))


def _card(n: int) -> dict[str, Any]:
    """The oracle characteristics of synthetic card n (token every 50th)."""
    word = WORDS[n % len(WORDS)]
    token = n % 50 == 0
    return {
        "name": f"{word.title()} {'Token' if token else 'Card'} {n}",
        "oracle_id": _uuid("oracle", n),
        "layout": "token" if token else "normal",
        "type_line": f"{'Token ' if token else ''}Creature — {word.title()}",
        "mana_cost": "" if token else f"{{{n % 7}}}{{R}}",
        "cmc": float(n % 7 + 1),
        "oracle_text": f"When this enters, create a 1/1 red {word.title()} creature token. "
        "Other creatures you control get +1/+0 as long as you control three or more artifacts.",
        "power": str(n % 6),
        "toughness": str(n % 5 + 1),
        "colors": ["R"],
        "color_identity": ["R"],
        "keywords": [],
    }


def _scryfall(n: int, printing: int) -> dict[str, Any]:
    base = _card(n)
    printing_id = _uuid("printing", n, printing)
    image = f"https://cards.scryfall.io/{{}}/front/{printing_id[0]}/{printing_id}.jpg"
    card: dict[str, Any] = {
        "object": "card",
        "id": printing_id,
        **base,
        "lang": "en",
        "released_at": "2024-01-01",
        "uri": f"https://api.scryfall.com/cards/{printing_id}",
        "scryfall_uri": f"https://scryfall.com/card/set/{n}/{base['name']}",
        "image_uris": {
            size: image.format(size)
            for size in ("small", "normal", "large", "png", "art_crop", "border_crop")
        },
        "legalities": LEGALITIES,
        "games": ["paper", "mtgo", "arena"],
        "set": f"s{printing:02d}",
        "set_name": f"Synthetic Set {printing}",
        "collector_number": str(n),
        "rarity": "common",
        "artist": "Bench Artist",
        "flavor_text": "A synthetic card, sized like a real one. " * 3,
        "prices": {"usd": "0.10", "eur": "0.08", "tix": "0.01"},
        "related_uris": {
            "gatherer": f"https://gatherer.wizards.com/{n}",
            "edhrec": f"https://edhrec.com/route/?cc={n}",
        },
        "purchase_uris": {"tcgplayer": f"https://www.tcgplayer.com/{n}"},
    }
    if n % 50 == 1:  # the card before it in the numbering makes token n - 1
        token = _card(n - 1)
        card["all_parts"] = [
            {
                "object": "related_card",
                "id": _uuid("printing", n - 1, 0),
                "component": "token",
                "name": token["name"],
                "type_line": token["type_line"],
            },
        ]
    return card


def _write_array(handle: IO[str], items: Iterator[dict[str, Any]]) -> None:
    handle.write("[\n")
    for index, item in enumerate(items):
        handle.write(("," if index else "") + json.dumps(item) + "\n")
    handle.write("]\n")


def write_scryfall(path: Path, megabytes: int) -> int:
    cards = int(megabytes * 1e6 / 2050 / PRINTINGS_PER_CARD)

    def printings() -> Iterator[dict[str, Any]]:
        for printing in range(4):  # three printings of every card, a fourth of every other
            for n in range(cards):
                if printing < 3 or n % 2:
                    yield _scryfall(n, printing)

    with path.open("w", encoding="utf-8") as handle:
        _write_array(handle, printings())
    return cards


def _mtgjson(n: int, set_code: str) -> dict[str, Any]:
    base = _card(n)
    types = ["Creature"]
    return {
        "name": base["name"],
        "setCode": set_code,
        "number": str(n),
        "uuid": _uuid("mtgjson", set_code, n),
        "manaCost": base["mana_cost"],
        "type": base["type_line"],
        "types": types,
        "supertypes": [],
        "subtypes": [base["type_line"].split("— ")[1]],
        "colors": base["colors"],
        "power": base["power"],
        "toughness": base["toughness"],
        "text": base["oracle_text"],
        "identifiers": {"scryfallOracleId": base["oracle_id"], "scryfallId": _uuid(set_code, n)},
        "legalities": LEGALITIES,
        "foreignData": [
            {"language": lang, "name": f"{base['name']} ({lang})", "text": base["oracle_text"]}
            for lang in ("German", "French", "Italian", "Spanish", "Japanese")
        ],
    }


def write_mtgjson(path: Path, megabytes: int) -> int:
    per_set = 300
    sets = max(1, int(megabytes * 1e6 / 1900 / per_set))
    cards = per_set * sets // 3  # every card printed in three sets
    with path.open("w", encoding="utf-8") as handle:
        handle.write('{"meta": {"version": "5.2.2", "date": "2026-11-01"}, "data": {')
        for s in range(sets):
            code = f"S{s:03d}"
            numbers = [(s * per_set + i) % cards for i in range(per_set)]
            card_set: dict[str, Any] = {
                "code": code,
                "name": f"Synthetic {s}",
                "type": "expansion",
                "cards": [_mtgjson(n, code) for n in numbers if n % 50],
                "tokens": [
                    {**_mtgjson(n, code), "reverseRelated": [_card(n + 1)["name"]]}
                    for n in numbers
                    if n % 50 == 0
                ],
            }
            for token in card_set["tokens"]:
                token["types"] = ["Token", "Creature"]
            handle.write(("," if s else "") + json.dumps(code) + ":" + json.dumps(card_set))
        handle.write("}}\n")
    return cards


def run(*args: str) -> tuple[float, float]:
    """(seconds, peak resident MB) of one manage.py command in a fresh process."""
    seconds, peak, _ = run_output(*args)
    return seconds, peak


def run_output(*args: str) -> tuple[float, float, str]:
    """(seconds, peak resident MB, standard output) of one manage.py command."""
    started = time.perf_counter()
    with tempfile.TemporaryFile() as out:
        process = subprocess.Popen(
            [sys.executable, str(ROOT / "manage.py"), *args], cwd=ROOT, stdout=out
        )
        _, status, usage = os.wait4(process.pid, 0)
        out.seek(0)
        output = out.read().decode()
    if status:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{output}")
    return time.perf_counter() - started, usage.ru_maxrss / 1024, output


# An import as the admin's Import page runs it: a job (inline here), with the history of every
# row it writes and its change set (catalog/history/changes.py) spooled and stored.
JOB_IMPORT = """
import json
from django.core.files import File
from catalog.history.selectors import change_counts
from catalog.jobs import KIND
from jobs.services import job_start
with open({path!r}, "rb") as upload:
    params = {{"format": {fmt!r}, "dry_run": {dry_run!r}, "name": "bench.json"}}
    job = job_start(KIND, params=params, upload=File(upload, name="bench.json"))
assert job.status == "done", job.detail
print(json.dumps({{k: n for k, n in change_counts(job.pk).items() if n}}))
"""


def via_job(fmt: str, path: Path) -> None:
    """A dry run, the import and a second dry run of the same file, each as a job."""
    os.environ["MEDIA_ROOT"] = f"{TMP}/media"
    for step, dry_run in (("dry run", True), ("import", False), ("dry run again", True)):
        code = JOB_IMPORT.format(path=str(path), fmt=fmt, dry_run=dry_run)
        seconds, peak, output = run_output("shell", "-v", "0", "-c", code)
        print(
            f"  as a job, {step}: {seconds:.0f} s, peak {peak:.0f} MB; change list {output.strip()}"
        )


def fresh_database(name: str) -> None:
    if not os.environ.get("DATABASE_URL", "").startswith("postgres"):
        os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/{name}.sqlite3"
    else:
        run("flush", "--noinput")
    run("migrate", "--noinput", "-v0")
    run("load_catalog")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=300)
    parser.add_argument(
        "--via-job",
        action="store_true",
        help="One format (--only, default scryfall) imported as the admin does: jobs with "
        "history and change list.",
    )
    parser.add_argument("--only", choices=("scryfall", "mtgjson"), help="One format only.")
    args = parser.parse_args()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
    fresh_database("baseline")
    _, baseline = run("check")
    print(f"baseline (Django loaded, `check`): {baseline:.0f} MB peak")
    if args.via_job:
        fmt = args.only or "scryfall"
        path = Path(TMP) / f"{fmt}.json"
        cards = (write_mtgjson if fmt == "mtgjson" else write_scryfall)(path, args.megabytes)
        fresh_database(f"{fmt}-job")
        print(f"{fmt}: {path.stat().st_size / 1e6:.0f} MB file, {cards} cards (target < 200 MB)")
        via_job(fmt, path)
        return
    for fmt, writer in (("scryfall", write_scryfall), ("mtgjson", write_mtgjson)):
        if args.only and fmt != args.only:
            continue
        path = Path(TMP) / f"{fmt}.json"
        cards = writer(path, args.megabytes)
        size = path.stat().st_size / 1e6
        fresh_database(fmt)
        seconds, peak = run("import_catalog", fmt, str(path))
        print(
            f"{fmt}: {size:.0f} MB file, {cards} cards: import {seconds:.0f} s, "
            f"peak {peak:.0f} MB (target < 200 MB; {peak / baseline:.1f}x baseline)"
        )
        seconds, peak = run("import_catalog", fmt, str(path))
        print(f"  again (nothing to change): {seconds:.0f} s, peak {peak:.0f} MB")
        path.unlink()


if __name__ == "__main__":
    main()
