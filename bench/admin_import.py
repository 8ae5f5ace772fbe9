"""A large catalogue import through the admin's Import page, on the deployment's topology:
one daphne web process and one huey worker on PostgreSQL and Redis.

Measures what the curator sees: the time from sending the upload to the answer (the upload
crosses the web process, which saves it to the storage and queues a dry run), the peak
resident memory of the web process (kernel's VmHWM) against its memory before the upload, the
progress the job page shows while the worker runs, and the time to the end of the dry run and
of the import confirmed after it.

Usage: DATABASE_URL=postgres://.../db REDIS_URL=redis://.../n .venv/bin/python
       bench/admin_import.py [--megabytes 300] [--port 8108]
The database is flushed (it must be one of your own); the queue and cache keys are this run's.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.import_large import ROOT, TMP, write_scryfall

PASSWORD = "bench-curator-password"


def memory_mb(pid: int, field: str) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(field)


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run([sys.executable, "manage.py", *args], env=env, cwd=ROOT, check=True)


def wait_healthy(url: str) -> None:
    for _ in range(600):
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"{url} never became healthy")


def follow(client: httpx.Client, url: str) -> tuple[float, list[str]]:
    """Poll the admin's job page until it stops refreshing: (seconds, progress shown)."""
    started, seen = time.perf_counter(), list[str]()
    while True:
        page = client.get(url).text
        shown = re.search(r'<progress id="job-progress" max="1" value="([0-9.]+)"', page)
        if shown and (not seen or seen[-1] != shown.group(1)):
            seen.append(shown.group(1))
        if 'http-equiv="refresh"' not in page:
            if "errornote" in page:
                raise SystemExit(f"the job failed: {page[page.index('errornote') :][:300]}")
            return time.perf_counter() - started, seen
        time.sleep(1.0)


def csrf(client: httpx.Client, url: str) -> str:
    page = client.get(url).text
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    assert token, url
    return token.group(1)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--megabytes", type=int, default=300)
    parser.add_argument("--port", type=int, default=8108)
    args = parser.parse_args()
    if not (os.environ.get("DATABASE_URL", "").startswith("postgres")):
        raise SystemExit("DATABASE_URL (PostgreSQL) and REDIS_URL are needed")
    if not os.environ.get("REDIS_URL"):
        raise SystemExit("DATABASE_URL (PostgreSQL) and REDIS_URL are needed")
    name = f"bench_admin_import_{os.getpid()}"
    env = {
        **os.environ,
        "DEBUG": "1",
        "CACHE_KEY_PREFIX": name,
        "JOB_QUEUE_NAME": name,
        "MEDIA_ROOT": f"{TMP}/media",  # the storage (object storage in a real deployment)
        "LOG_LEVEL": "WARNING",
    }
    manage(env, "flush", "--noinput")
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_catalog")
    create = (
        "from django.contrib.auth.models import User; "
        f"User.objects.create_superuser('bench', 'b@example.com', '{PASSWORD}')"
    )
    manage(env, "shell", "-c", create)

    path = Path(TMP) / "scryfall.json"
    cards = write_scryfall(path, args.megabytes)
    size_mb = path.stat().st_size / 1e6
    url = f"http://127.0.0.1:{args.port}"
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(args.port)]
    log = open(f"{TMP}/web.log", "wb")
    web = subprocess.Popen(
        [*daphne, "tokensite.asgi:application"], env=env, cwd=ROOT, stdout=log, stderr=log
    )
    worker = subprocess.Popen(
        [sys.executable, "manage.py", "run_huey", "--workers", "1"],
        env=env,
        cwd=ROOT,
        stdout=log,
        stderr=log,
    )
    try:
        wait_healthy(url)
        client = httpx.Client(base_url=url, timeout=600, follow_redirects=False)
        token = csrf(client, "/admin/login/")
        login = {"username": "bench", "password": PASSWORD, "csrfmiddlewaretoken": token}
        assert client.post("/admin/login/", data=login).status_code == 302
        token = csrf(client, "/admin/catalog/import/")
        before = memory_mb(web.pid, "VmRSS")

        peak_rss = [before]
        done = threading.Event()

        def sample() -> None:
            while not done.is_set():
                peak_rss.append(memory_mb(web.pid, "VmRSS"))
                time.sleep(0.05)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        started = time.perf_counter()
        with path.open("rb") as upload:
            answer = client.post(
                "/admin/catalog/import/",
                data={"format": "scryfall", "csrfmiddlewaretoken": token},
                files={"file": ("scryfall.json", upload, "application/json")},
            )
        answered = time.perf_counter() - started
        done.set()
        sampler.join()
        assert answer.status_code == 302, answer.text[:500]
        job_page = answer.headers["location"]
        hwm = memory_mb(web.pid, "VmHWM")
        print(f"file: {size_mb:.0f} MB, {cards} cards (Scryfall bulk shape)")
        print(
            f"upload answered (302 to the job page) in {answered:.1f} s "
            f"({size_mb / answered:.0f} MB/s through loopback, daphne and the storage)"
        )
        print(
            f"web process memory: {before:.0f} MB before, peak {max(peak_rss):.0f} MB sampled, "
            f"{hwm:.0f} MB high-water mark"
        )
        seconds, seen = follow(client, job_page)
        print(
            f"dry run on the worker: done {seconds:.0f} s after the answer; the page showed "
            f"{len(seen)} progress values ({', '.join(seen[:3])} ... {', '.join(seen[-2:])})"
        )
        token = csrf(client, job_page)
        confirm = client.post(job_page + "confirm/", data={"csrfmiddlewaretoken": token})
        assert confirm.status_code == 302, confirm.text[:300]
        seconds, seen = follow(client, confirm.headers["location"])
        print(
            f"import on the worker: done {seconds:.0f} s after the confirmation; the page "
            f"showed {len(seen)} progress values"
        )
        print(
            f"worker memory: {memory_mb(worker.pid, 'VmHWM'):.0f} MB high-water mark; "
            f"web process after all: {memory_mb(web.pid, 'VmHWM'):.0f} MB high-water mark"
        )
    finally:
        for process in (web, worker):
            process.terminate()
        for process in (web, worker):
            process.wait(timeout=30)
        path.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
