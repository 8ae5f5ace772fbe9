"""Time and peak memory of the first start's token fetch (`fetch_tokens`) against a local server
shaped like Scryfall's search API, with about as many pages as the real catalogue: every token
printing (4,500 objects, 26 pages) and every token maker (5,500 cards, 32 pages), each object
sized like a real one.

The fetch runs in its own process on a fresh SQLite database holding the seed catalogue, as on a
first `make run`; its peak resident memory comes from the kernel (wait4). The baseline is the
same process running `check` (Django loaded, nothing fetched).

Usage: .venv/bin/python bench/fetch_tokens.py [--tokens 1500 --printings 3 --makers 5500]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.fake_scryfall import PAGE_SIZE, serving  # noqa: E402


def run(env: dict[str, str], *args: str) -> tuple[float, float, str]:
    """(seconds, peak resident MB, output) of one manage.py command in a fresh process."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "manage.py"), *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    output = process.stdout.read().decode() if process.stdout else ""
    _, status, usage = os.wait4(process.pid, 0)
    if status:
        raise SystemExit(f"manage.py {' '.join(args)} failed:\n{output}")
    return time.perf_counter() - started, usage.ru_maxrss / 1024, output


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tokens", type=int, default=1500)
    parser.add_argument("--printings", type=int, default=3)
    parser.add_argument("--makers", type=int, default=5500)
    options = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="tokensite-bench-fetch-")
    try:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{folder}/fetch.sqlite3"}
        run(env, "migrate", "--noinput", "--verbosity", "0")
        run(env, "load_catalog")
        _, baseline, _ = run(env, "check")
        objects = options.tokens * options.printings + options.makers
        pages = -(-options.tokens * options.printings // PAGE_SIZE) + -(
            -options.makers // PAGE_SIZE
        )
        with serving(options.tokens, options.printings, options.makers) as server:
            env["CATALOG_FETCH_API"] = server.base()
            seconds, peak, output = run(env, "fetch_tokens", "--first-start")
        print(output.strip().splitlines()[-1])
        print(
            f"fetch_tokens: {pages} pages, {objects} card objects: {seconds:.1f} s, "
            f"peak {peak:.0f} MB resident (baseline `check`: {baseline:.0f} MB, "
            f"+{peak - baseline:.0f} MB)"
        )
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
