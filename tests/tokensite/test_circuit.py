"""The circuit breakers (tokensite/circuit.py): a failed connect opens the database circuit, an
open circuit is answered at once (503 JSON or page, 4503 handshake, /healthz names it), and a
probe that reaches the dependency again closes it."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.db import DEFAULT_DB_ALIAS, connections
from django.test import Client

from tests.play.test_consumers import run_async
from tokensite import circuit
from tokensite.asgi import application


def _wait_closed(breaker: circuit.Circuit, seconds: float = 2.0) -> float:
    started = time.monotonic()
    while breaker.is_open:
        assert time.monotonic() - started < seconds, "the circuit stayed open"
        time.sleep(0.02)
    return time.monotonic() - started


@pytest.fixture
def database_away(monkeypatch: pytest.MonkeyPatch) -> dict[str, bool]:
    """The database circuit's probe fails until the test sets "back"; then it really probes."""
    state = {"back": False}

    def probe() -> None:
        if not state["back"]:
            raise ConnectionRefusedError("still away")
        circuit._probe_database()

    monkeypatch.setattr(circuit.database, "probe", probe)
    return state


@pytest.mark.django_db(transaction=True)
def test_an_open_circuit_is_answered_at_once_and_closes_when_the_database_answers(
    database_away: dict[str, bool],
) -> None:
    circuit.database.trip("a test")
    client = Client()
    api = client.get("/api/v1/tokens/")
    assert api.status_code == 503
    assert api.json() == {
        "error": "unavailable",
        "detail": "The service is briefly unavailable; retry shortly.",
        "rule": None,
    }
    assert api["Retry-After"] == str(circuit.RETRY_AFTER_SECONDS)
    page = client.get("/catalog/")
    assert page.status_code == 503
    assert page["Content-Type"].startswith("text/html")
    health = client.get("/healthz")
    assert health.status_code == 503 and health.json()["database"] == "error"

    database_away["back"] = True
    _wait_closed(circuit.database)  # the probe reaches the test database
    assert client.get("/api/v1/tokens/").status_code == 200
    assert client.get("/healthz").json()["database"] == "ok"


@pytest.mark.django_db(transaction=True)
def test_a_failed_connect_opens_the_circuit_and_later_connects_fail_without_trying(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    attempts = []
    # The running driver's own class (sqlite3's or psycopg's), as a real failed connect raises.
    driver_error = connections[DEFAULT_DB_ALIAS].Database.OperationalError  # type: ignore[attr-defined]

    def refused(self: Any) -> None:
        attempts.append(self.alias)
        raise driver_error("unable to open database file")

    monkeypatch.setattr(circuit, "_original_connect", refused)
    monkeypatch.setattr(circuit, "_probe_database", lambda: refused(connections["default"]))
    monkeypatch.setattr(circuit.database, "probe", circuit._probe_database)
    wrapper = connections.create_connection(DEFAULT_DB_ALIAS)
    with pytest.raises(Exception, match="unable to open"):
        wrapper.ensure_connection()
    assert circuit.database.is_open
    before = len(attempts)
    with pytest.raises(circuit.CircuitOpen):
        wrapper.ensure_connection()
    assert len(attempts) - before <= 1  # only the background probe may have tried meanwhile
    wrapper.close()


@pytest.mark.django_db(transaction=True)
def test_a_locked_sqlite_database_does_not_open_the_circuit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def locked(self: Any) -> None:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(circuit, "_original_connect", locked)
    wrapper = connections.create_connection(DEFAULT_DB_ALIAS)
    with pytest.raises(Exception, match="locked"):
        wrapper.ensure_connection()
    assert not circuit.database.is_open


def test_a_circuit_probes_in_the_background_until_its_dependency_answers() -> None:
    answering = {"now": False}

    def probe() -> None:
        if not answering["now"]:
            raise ConnectionError("still down")

    breaker = circuit.Circuit("test", probe=probe)
    breaker.trip("a test")
    breaker.trip("a second failure")  # one trip, one probe thread
    assert breaker.trips == 1
    time.sleep(3 * circuit.PROBE_INTERVAL)
    assert breaker.is_open
    answering["now"] = True
    assert _wait_closed(breaker, seconds=1.0) <= 2 * circuit.PROBE_INTERVAL + 0.5


@pytest.mark.django_db(transaction=True)
def test_a_handshake_while_the_database_is_away_closes_4503(
    database_away: dict[str, bool],
) -> None:
    circuit.database.trip("a test")
    _handshake()


@run_async
async def _handshake() -> None:
    communicator = WebsocketCommunicator(
        application, "/ws/tables/00000000-0000-0000-0000-000000000000/"
    )
    started = time.perf_counter()
    connected, _ = await communicator.connect()
    assert connected
    assert (await communicator.receive_output())["code"] == 4503
    assert time.perf_counter() - started < 1
    await communicator.disconnect()
