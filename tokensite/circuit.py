"""Circuit breakers: a dependency that failed is not waited for again until it answers.

Without one, every request during a database outage waited for the connection pool's timeout
(10 s) before its 503, handshakes were dropped unanswered and /healthz took as long; and after a
long outage a worker's pool kept backing off for up to a minute after the database returned.

A circuit opens at the first connection failure. While it is open, callers fail at once (the
middleware answers 503, the websocket edge closes 4503, /healthz reports the part) and one
background thread per circuit probes the dependency every `PROBE_INTERVAL`; the first probe
that succeeds closes the circuit, so a worker serves again within a probe interval and a
connect of the dependency's return, however long the outage was.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, OperationalError
from django.db.backends.base.base import BaseDatabaseWrapper

logger = logging.getLogger(__name__)

PROBE_INTERVAL = 0.2
# What a client is told to wait: about as long as the next probes take.
RETRY_AFTER_SECONDS = 2


class Circuit:
    def __init__(
        self,
        name: str,
        probe: Callable[[], None] | None = None,
        on_open: Callable[[], None] | None = None,
    ) -> None:
        self.name = name
        self.probe = probe
        self.on_open = on_open
        self._open = threading.Event()
        self._lock = threading.Lock()
        self.opened_at = 0.0
        self.trips = 0

    @property
    def is_open(self) -> bool:
        return self._open.is_set()

    def trip(self, reason: str) -> None:
        """Open the circuit (once: later failures while open change nothing) and start probing."""
        with self._lock:
            if self._open.is_set():
                return
            self._open.set()
            self.opened_at = time.monotonic()
            self.trips += 1
        logger.warning("circuit %s open: %s", self.name, reason)
        if self.on_open is not None:
            try:
                self.on_open()
            except Exception:  # the circuit is open whatever cleaning up did
                logger.exception("circuit %s: cleaning up after the failure failed", self.name)
        threading.Thread(
            target=self._probe_until_closed, name=f"probe-{self.name}", daemon=True
        ).start()

    def close(self) -> None:
        if self._open.is_set():
            self._open.clear()
            logger.warning(
                "circuit %s closed after %.1f s", self.name, time.monotonic() - self.opened_at
            )

    def _probe_until_closed(self) -> None:
        while self._open.is_set():
            time.sleep(PROBE_INTERVAL)
            if self.probe is None:
                self.close()
                return
            try:
                self.probe()
            except Exception as exc:  # any failure of the probe means "still down"
                logger.debug("circuit %s: probe failed (%s)", self.name, exc)
            else:
                self.close()


class CircuitOpen(OperationalError):
    """A connection refused without trying: the database failed and has not answered since.
    An OperationalError, so everything that already turns a lost database into a 503 (or a
    4503 close) does so for this too."""


def _probe_database() -> None:
    """A connection of its own (never the pool's), a `SELECT 1`, closed again."""
    from django.db import connections

    wrapper = connections[DEFAULT_DB_ALIAS]
    settings_dict = {**wrapper.settings_dict}
    settings_dict["OPTIONS"] = {k: v for k, v in settings_dict["OPTIONS"].items() if k != "pool"}
    prober = type(wrapper)(settings_dict, alias="circuit-probe")
    raw = prober.get_new_connection(prober.get_connection_params())
    try:
        cursor = raw.cursor()
        cursor.execute("SELECT 1")
        cursor.fetchone()
    finally:
        raw.close()


def _drop_connection_pool() -> None:
    """Close the process's PostgreSQL pool so requests waiting in it fail now instead of after
    its timeout; the next connection after the circuit closes starts a fresh pool (the old one
    would back off between reconnection attempts for minutes after a long outage)."""
    try:
        from django.db.backends.postgresql.base import DatabaseWrapper
    except ImportError:  # no PostgreSQL driver installed: no pool either
        return
    pools: dict[str, Any] = getattr(DatabaseWrapper, "_connection_pools", {})
    pool = pools.pop(DEFAULT_DB_ALIAS, None)
    if pool is not None:
        # Not here: this may run in one of the pool's own threads, which close() waits for.
        threading.Thread(target=pool.close, kwargs={"timeout": 0}, daemon=True).start()


database = Circuit("database", probe=_probe_database, on_open=_drop_connection_pool)


def connection_lost(exc: BaseException, wrapper: Any) -> bool:
    """Whether a database error means the server is gone (not a bad query or a lock): the
    connection could not be made, or the one in use is closed or broken after the error."""
    if isinstance(exc, CircuitOpen):
        return False
    raw = getattr(wrapper, "connection", None)
    if raw is None:
        return False
    return bool(getattr(raw, "closed", False) or getattr(raw, "broken", False))


_original_connect = BaseDatabaseWrapper.connect


def _connect(self: BaseDatabaseWrapper) -> None:
    if self.alias == DEFAULT_DB_ALIAS and database.is_open:
        raise CircuitOpen("The database is unavailable (its circuit is open).")
    try:
        _original_connect(self)
    except Exception as exc:
        if self.alias == DEFAULT_DB_ALIAS and _is_connection_failure(self, exc):
            database.trip(f"connecting failed ({type(exc).__name__})")
        raise


def _is_connection_failure(wrapper: BaseDatabaseWrapper, exc: Exception) -> bool:
    # Raised inside ensure_connection's error wrapper: still the driver's own class here.
    driver_error = getattr(getattr(wrapper, "Database", None), "OperationalError", OperationalError)
    if type(exc).__name__ == "PoolTimeout":  # a busy pool, not a lost server
        return False
    if "locked" in str(exc):  # SQLite's busy writers, not a lost file
        return False
    return isinstance(exc, (driver_error, OperationalError)) and not isinstance(exc, CircuitOpen)


def install() -> None:
    """Route every connection of the default database through its circuit (AppConfig.ready)."""
    BaseDatabaseWrapper.connect = _connect  # type: ignore[method-assign]
