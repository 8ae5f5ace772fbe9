"""`make bench`: every benchmark of bench/, one after the other, unattended, then the scale table.

Each script runs with arguments sized for a few minutes in total (ARGUMENTS; a script without
an entry runs with its defaults) and on its own fresh SQLite database, except the parts that
need PostgreSQL and Redis: bench/load.py (bench/cluster.py's two-worker deployment) runs when
DATABASE_URL names a PostgreSQL database and REDIS_URL is set, and bench/scale.py then runs on
them; otherwise load.py is skipped, saying so, and scale.py runs on SQLite and the in-memory
channel layer. bench/cluster.py itself starts the deployment by hand and waits, and
bench/faults.py (`make faults`) injects faults for minutes: neither is run here.

The last figures of bench/scale.py, with the machine they came from, go to bench/RESULTS.md,
followed by the output of the scripts in APPENDED (kernel apply and grouped effects, garbage
collection): every scaling figure, from one run.
A script that fails or runs past its time limit is reported and the others still run; the exit
status says whether all passed.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
RESULTS = BENCH / "RESULTS.md"
TIME_LIMIT = 600  # seconds per script
# Run apart: faults by `make faults`, audit (Lighthouse, needs npm) by `make audit`.
NOT_BENCHMARKS = {"__init__.py", "all.py", "cluster.py", "faults.py", "audit.py"}


def free_port() -> int:
    """A port nobody listens on now (a fixed one may be another server's)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


ARGUMENTS = {
    "actions.py": ["--iterations", "30"],
    "websocket.py": ["--messages", "50", "--fanout", "500"],
    # The battlefield in Chromium against main served beside it, on the same database (issue 36).
    "browser.py": ["--runs", "3", "--baseline", "main"],
    # Sized down from their defaults to keep `make bench` near 10 minutes on 2 shared cores
    # (their defaults, run by hand, took 10 and 5 minutes there): a streaming import's peak
    # memory doesn't grow with the file, and a search's plan shows at 20,000 cards.
    "search.py": ["--iterations", "20", "--cards", "20000"],
    "import_large.py": ["--megabytes", "30"],
    "admin_import.py": ["--megabytes", "30", "--port", str(free_port())],
    "decklist.py": ["--iterations", "10", "--catalogue", "5000"],
    "print.py": ["--runs", "5"],
    "rebase.py": ["--iterations", "10"],
    "load.py": ["--tables", "10", "--seconds", "20"],
    "scale.py": ["--iterations", "15", "--results", str(RESULTS)],
    "gc_tuning.py": ["--requests", "30", "--blocks", "3"],
}
# Their output goes to bench/RESULTS.md after bench/scale.py's table, under these titles.
APPENDED = {
    "kernel_scale.py": "Kernel apply and grouped effects (bench/kernel_scale.py)",
    "gc_tuning.py": "Garbage collection, default against tokensite/gctune.py (bench/gc_tuning.py)",
}
# Run on PostgreSQL + Redis when configured; the others always get a fresh SQLite database.
USES_SERVICES = {"load.py", "scale.py", "admin_import.py"}
NEEDS_SERVICES = {"load.py", "admin_import.py"}
LAST = "scale.py"  # its table is the summary: printed at the end


def services_configured() -> bool:
    return os.environ.get("DATABASE_URL", "").startswith("postgres") and bool(
        os.environ.get("REDIS_URL")
    )


def scripts() -> list[Path]:
    found = sorted(p for p in BENCH.glob("*.py") if p.name not in NOT_BENCHMARKS)
    return sorted(found, key=lambda p: p.name == LAST)


def run(script: Path, with_services: bool) -> tuple[str, float, str]:
    """Outcome, seconds and what the script printed (also shown as it comes)."""
    env = dict(os.environ)
    if not (with_services and script.name in USES_SERVICES):
        env.pop("DATABASE_URL", None)
        env.pop("REDIS_URL", None)
    print(f"== bench/{script.name}", flush=True)
    start = time.perf_counter()
    printed: list[str] = []
    with subprocess.Popen(
        [sys.executable, str(script), *ARGUMENTS.get(script.name, [])],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    ) as process:
        timer = threading.Timer(TIME_LIMIT, process.kill)
        timer.start()
        assert process.stdout is not None
        for line in process.stdout:
            print(line, end="", flush=True)
            printed.append(line)
        returncode = process.wait()
        timed_out = not timer.is_alive()
        timer.cancel()
    if timed_out:
        outcome = f"stopped after {TIME_LIMIT} s"
    else:
        outcome = "ok" if returncode == 0 else f"failed (exit {returncode})"
    return outcome, time.perf_counter() - start, "".join(printed)


def append_results(outputs: dict[str, str]) -> None:
    """The APPENDED scripts' output after bench/scale.py's table in bench/RESULTS.md."""
    if not RESULTS.exists():
        return
    text = RESULTS.read_text().rstrip("\n") + "\n"
    for name, title in APPENDED.items():
        if name in outputs:
            lines = [line for line in outputs[name].splitlines() if "Warning" not in line]
            text += f"\n## {title}\n\n```\n" + "\n".join(lines).strip("\n") + "\n```\n"
    RESULTS.write_text(text)


def main() -> None:
    with_services = services_configured()
    if not with_services:
        print("DATABASE_URL (PostgreSQL) and REDIS_URL not both set: skipping bench/load.py;")
        print("bench/scale.py runs on SQLite with the in-memory channel layer.", flush=True)
    results: list[tuple[str, str, float]] = []
    outputs: dict[str, str] = {}
    for script in scripts():
        if script.name in NEEDS_SERVICES and not with_services:
            results.append((script.name, "skipped (needs PostgreSQL and Redis)", 0.0))
            continue
        outcome, seconds, printed = run(script, with_services)
        results.append((script.name, outcome, seconds))
        if outcome == "ok":
            outputs[script.name] = printed
    if outputs.get(LAST):
        append_results(outputs)
    print("\n== summary")
    for name, outcome, seconds in results:
        print(f"   {name:24s} {outcome:40s} {seconds:6.1f} s")
    if any(not outcome.startswith(("ok", "skipped")) for _name, outcome, _s in results):
        raise SystemExit(1)


if __name__ == "__main__":
    main()
