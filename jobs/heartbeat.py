"""The job worker's heartbeat: proof that its consumer is reading the queue, for the container's
health check (`python -m jobs.heartbeat`).

Each time a consumer thread comes back from the queue (a task, or nothing within the blocking
read's second), it records the time in a small file; while it runs a task it counts as busy.
The worker is healthy while a read came back recently or a task is running. A consumer whose
threads died, hung on a lost Redis connection or keep failing to read is unhealthy within
HEARTBEAT_MAX_AGE seconds, even though its process and Redis both answer.

Standard library only, so the health check costs no Django start-up.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

HEARTBEAT_FILE = Path(
    os.environ.get("JOB_HEARTBEAT_FILE", Path(tempfile.gettempdir()) / "tokensite-worker.json")
)
HEARTBEAT_MAX_AGE = float(os.environ.get("JOB_HEARTBEAT_MAX_AGE", "60"))
# Fewer writes than reads: an idle consumer comes back from the queue every second per thread.
WRITE_EVERY = 2.0


class Heartbeat:
    def __init__(self, path: Path = HEARTBEAT_FILE) -> None:
        self.path = path
        self.lock = threading.Lock()
        self.busy = 0
        self.written = 0.0

    def beat(self, *, force: bool = False) -> None:
        now = time.time()
        with self.lock:
            if not force and now - self.written < WRITE_EVERY:
                return
            self.written = now
            state = {"beat": now, "busy": self.busy, "pid": os.getpid()}
        # Whole or not at all: the check never reads a half-written file.
        partial = self.path.with_name(f"{self.path.name}.{threading.get_ident()}.partial")
        partial.write_text(json.dumps(state))
        os.replace(partial, self.path)

    def running(self, delta: int) -> None:
        with self.lock:
            self.busy += delta
        self.beat(force=True)


def install(queue: Any, heartbeat: Heartbeat | None = None) -> Heartbeat:
    """Wraps the queue's dequeue and execute, which only the consumer calls (so web processes,
    which enqueue, never beat). Idempotent: every consumer thread's start-up hook calls it."""
    installed: Heartbeat | None = getattr(queue, "_heartbeat", None)
    if installed is not None:
        return installed
    heartbeat = heartbeat or Heartbeat()
    dequeue, execute = queue.dequeue, queue.execute

    def dequeue_and_beat(*args: Any, **kwargs: Any) -> Any:
        task = dequeue(*args, **kwargs)  # raises while the queue cannot be read: no beat
        heartbeat.beat()
        return task

    def execute_as_busy(*args: Any, **kwargs: Any) -> Any:
        heartbeat.running(+1)
        try:
            return execute(*args, **kwargs)
        finally:
            heartbeat.running(-1)

    queue.dequeue, queue.execute = dequeue_and_beat, execute_as_busy
    queue._heartbeat = heartbeat
    heartbeat.beat(force=True)
    return heartbeat


def check(path: Path = HEARTBEAT_FILE, max_age: float = HEARTBEAT_MAX_AGE) -> str | None:
    """None when healthy, else what is wrong."""
    try:
        state = json.loads(path.read_text())
    except (OSError, ValueError) as exc:
        return f"no heartbeat at {path} ({type(exc).__name__})"
    try:
        os.kill(int(state["pid"]), 0)
    except ProcessLookupError:
        return f"the worker that wrote {path} (pid {state['pid']}) is gone"
    except PermissionError:
        pass  # alive, under another user
    age = time.time() - float(state["beat"])
    if age <= max_age or int(state.get("busy", 0)) > 0:
        return None
    return f"the consumer last read the queue {age:.0f} s ago (limit {max_age:.0f} s)"


if __name__ == "__main__":
    problem = check()
    if problem:
        print(f"unhealthy: {problem}", file=sys.stderr)
    sys.exit(1 if problem else 0)
