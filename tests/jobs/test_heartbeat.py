"""The worker's health check reads its consumer's heartbeat (jobs/heartbeat.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from jobs.heartbeat import Heartbeat, check, install

ROOT = Path(__file__).resolve().parents[2]


class Queue:
    """The two methods huey's consumer calls, as a fake queue."""

    def __init__(self) -> None:
        self.failing = False
        self.ran: list[str] = []

    def dequeue(self) -> Any:
        if self.failing:
            raise ConnectionError("Redis went away")
        return "task"

    def execute(self, task: Any, timestamp: Any = None) -> None:
        self.ran.append(task)


def _age(path: Path, seconds: float, busy: int = 0, pid: int | None = None) -> None:
    state = {"beat": time.time() - seconds, "busy": busy, "pid": pid or os.getpid()}
    path.write_text(json.dumps(state))


def test_a_consumer_that_reads_the_queue_is_healthy(tmp_path: Path) -> None:
    path = tmp_path / "beat.json"
    queue = Queue()
    heartbeat = install(queue, Heartbeat(path))
    assert install(queue) is heartbeat  # every thread's start-up hook calls it: installed once
    assert check(path) is None
    queue.execute(queue.dequeue())
    assert queue.ran == ["task"]
    assert json.loads(path.read_text())["busy"] == 0


def test_a_consumer_that_stopped_reading_is_unhealthy(tmp_path: Path) -> None:
    path = tmp_path / "beat.json"
    _age(path, 120)
    assert "120 s ago" in (check(path, max_age=60) or "")
    # A failing read does not beat.
    queue = Queue()
    install(queue, Heartbeat(path))
    _age(path, 120)
    queue.failing = True
    try:
        queue.dequeue()
    except ConnectionError:
        pass
    assert check(path, max_age=60) is not None


def test_a_long_job_keeps_the_worker_healthy(tmp_path: Path) -> None:
    path = tmp_path / "beat.json"
    _age(path, 600, busy=1)
    assert check(path, max_age=60) is None


def test_a_heartbeat_left_by_a_dead_worker_is_unhealthy(tmp_path: Path) -> None:
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True
    )
    path = tmp_path / "beat.json"
    _age(path, 0, busy=1, pid=int(gone.stdout))
    assert "is gone" in (check(path) or "")


def test_no_heartbeat_is_unhealthy_and_the_command_says_so(tmp_path: Path) -> None:
    missing = tmp_path / "none.json"
    assert "no heartbeat" in (check(missing) or "")
    env = {**os.environ, "JOB_HEARTBEAT_FILE": str(missing)}
    command = [sys.executable, "-m", "jobs.heartbeat"]
    done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 1 and "unhealthy: no heartbeat" in done.stderr
    _age(missing, 0)
    assert subprocess.run(command, env=env, cwd=ROOT).returncode == 0
