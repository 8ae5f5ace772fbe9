"""Starting and stopping the test's own server processes (daphne, redis-server, a worker)."""

from __future__ import annotations

import socket
import subprocess

# Daphne gives open websockets' consumers up to 10 s to close after SIGTERM (its
# application close timeout); a consumer still waiting on the channel layer or the
# database can take all of it, so stopping waits a little longer, then kills.
STOP_GRACE_SECONDS = 12.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def stop(process: subprocess.Popen[bytes], grace: float = STOP_GRACE_SECONDS) -> None:
    """Ask the process to stop; kill it if it hasn't within `grace` seconds. Never raises."""
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
