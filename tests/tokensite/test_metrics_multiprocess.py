"""One /metrics for every web process: with PROMETHEUS_MULTIPROC_DIR each process writes its
figures to files there and whichever process is scraped reports the sum (as processes: the
multiprocess mode is chosen when prometheus_client is first imported)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SETUP = "import django; django.setup(); from tokensite import metrics; "
SERVE = (
    SETUP + "metrics.REQUESTS.labels('GET', 'healthz', '200').inc(); "
    "metrics.WEBSOCKETS.inc(); "
    "import sys; print('up', flush=True); sys.stdin.readline()"  # ends when stdin closes
)
SCRAPE = (
    SETUP + "from prometheus_client import generate_latest; "
    # The database figures are another test's (tests/tokensite/test_metrics.py); here no
    # database is migrated.
    "metrics.DATABASE_GAUGES.clear(); "
    "print(generate_latest(metrics.scrape_registry()).decode())"
)


def _python(code: str, directory: Path) -> tuple[list[str], dict[str, str]]:
    env = {
        **os.environ,
        "PROMETHEUS_MULTIPROC_DIR": str(directory),
        "DJANGO_SETTINGS_MODULE": "tokensite.settings",
    }
    return [sys.executable, "-c", code], env


def test_every_process_is_in_one_scrape(tmp_path: Path) -> None:
    web = []
    try:
        for _ in range(2):
            command, env = _python(SERVE, tmp_path)
            process = subprocess.Popen(
                command, env=env, cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
            web.append(process)
        for process in web:
            assert process.stdout is not None and process.stdout.readline() == b"up\n"
        command, env = _python(SCRAPE, tmp_path)
        scraped = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
        text = scraped.stdout + scraped.stderr[-2000:]
        requests = 'tokensite_http_requests_total{method="GET",route="healthz",status="200"} 2.0'
        assert requests in text, text
        # Both processes' open websockets, while they run.
        assert "tokensite_websocket_connections 2.0" in text, text
    finally:
        for process in web:
            assert process.stdin is not None
            process.stdin.close()  # a clean exit, as daphne's on SIGTERM
            process.wait(timeout=30)
    # A process that ended (atexit) no longer counts its websockets; its requests still do.
    command, env = _python(SCRAPE, tmp_path)
    text = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True).stdout
    assert "tokensite_websocket_connections 0.0" in text, text
    assert requests in text
