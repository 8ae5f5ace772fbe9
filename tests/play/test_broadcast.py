"""A commit is answered at once whatever the channel layer does (play/live/broadcast.py)."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any

import pytest
from asgiref.sync import sync_to_async

from play.live import broadcast
from play.table import services
from tests.play.conftest import Cast, create_soldiers


class HungLayer:
    """An out-of-process layer whose sends never finish until released (Redis SIGSTOPped)."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        self.started.set()
        while not self.release.is_set():
            await asyncio.sleep(0.01)


@pytest.fixture(autouse=True)
def fresh_sender(monkeypatch: pytest.MonkeyPatch) -> None:
    """No pause left over from another test's failed send."""
    monkeypatch.setattr(broadcast._sender, "_paused_until", 0.0)


def wait_for(condition: Any, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.01)
    return False


@pytest.mark.django_db(transaction=True)
def test_a_hung_channel_layer_never_holds_a_commit(
    cast: Cast, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    layer = HungLayer()
    monkeypatch.setattr(broadcast, "get_channel_layer", lambda: layer)
    monkeypatch.setattr(broadcast, "SEND_TIMEOUT", 0.2)
    failed = broadcast.stats.failed
    try:
        result = services.table_apply_action(
            table_id=cast.table.id, user=cast.owner, expected_version=0, action=create_soldiers()
        )
        # Answered while the layer still holds the send: the commit never waited on it.
        assert result.version == 1
        assert layer.started.wait(5)
        assert not layer.release.is_set()
        # The send gives up after its bound, logged and counted, never raised.
        assert wait_for(lambda: broadcast.stats.failed == failed + 1)
        assert "channel layer send failed (TimeoutError)" in caplog.text
    finally:
        layer.release.set()


@pytest.mark.django_db(transaction=True)
def test_a_failing_channel_layer_is_counted_and_the_next_sends_wait_no_more(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[str] = []

    class DownLayer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            calls.append(group)
            raise ConnectionError("Connection refused")

    monkeypatch.setattr(broadcast, "get_channel_layer", DownLayer)
    monkeypatch.setattr(broadcast, "PAUSE_AFTER_FAILURE", 60)
    dropped = broadcast.stats.dropped
    for version in range(3):
        services.table_apply_action(
            table_id=cast.table.id,
            user=cast.owner,
            expected_version=version,
            action=create_soldiers(),
        )
    # The first send tried (and retried once on a fresh connection); the next ones were dropped
    # at once instead of waiting on a layer known to be down.
    assert wait_for(lambda: broadcast.stats.dropped == dropped + 2), (
        broadcast.stats,
        dropped,
        calls,
    )
    assert calls == [cast.table.group_name] * 2


class RecordingLayer:
    """An out-of-process layer (not the in-memory one): publish goes to the sender thread."""


@pytest.mark.parametrize("fails", [False, True])
def test_a_requests_broadcast_goes_out_after_its_answer(
    fails: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The acting player's answer is handed to the server first; a request that fails before
    answering still publishes what it committed."""
    events: list[str] = []
    monkeypatch.setattr(broadcast, "get_channel_layer", RecordingLayer)
    monkeypatch.setattr(
        broadcast._sender, "submit", lambda layer, group, message: events.append(f"{group} sent")
    )

    def view() -> None:  # a sync view in a worker thread, as under daphne
        broadcast.publish("table-1", {"type": "table.updated"})
        events.append("committed")
        if fails:
            raise RuntimeError("after the commit")

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        await sync_to_async(view)()
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"{}"})
        events.append("request over")

    async def send(message: dict[str, Any]) -> None:
        events.append(message["type"])

    async def scenario() -> None:
        await broadcast.after_response(app)({"type": "http"}, None, send)

    if fails:
        with pytest.raises(RuntimeError):
            asyncio.run(scenario())
        assert events == ["committed", "table-1 sent"]
    else:
        asyncio.run(scenario())
        assert events == [
            "committed",
            "http.response.start",
            "http.response.body",
            "table-1 sent",
            "request over",
        ]
    # Outside a request: at once.
    broadcast.publish("table-2", {"type": "table.updated"})
    assert events[-1] == "table-2 sent"
