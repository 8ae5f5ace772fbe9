from __future__ import annotations

import asyncio
import functools
import os
import sys
import threading
from collections.abc import Callable, Coroutine
from typing import Any

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from play.models import Table
from play.table import services
from tests.play.conftest import Cast, create_soldiers, make_cast
from tokensite.api import DomainError
from tokensite.asgi import application

pytestmark = pytest.mark.django_db(transaction=True)

# A browser's handshake from the site's own pages: the Origin matches the Host it connects to.
BROWSER = [(b"host", b"testserver"), (b"origin", b"http://testserver")]


def run_async(test: Callable[[], Coroutine[Any, Any, None]]) -> Callable[[], None]:
    """Run an async test on an event loop in a thread of its own (no pytest-asyncio needed).

    A thread, because another test in this worker may have left a loop running here
    (Playwright's sync API does), and asgiref refuses to nest.
    """

    @functools.wraps(test)
    def runner() -> None:
        failures: list[BaseException] = []

        def target() -> None:
            try:
                asyncio.run(test())
            except BaseException as exc:  # re-raised in the test's own thread below
                failures.append(exc)

        thread = threading.Thread(target=target)
        thread.start()
        thread.join(timeout=120)
        assert not thread.is_alive(), "the async test did not finish in 120 s"
        if failures:
            raise failures[0]

    return runner


@sync_to_async
def session_headers(user: User) -> list[tuple[bytes, bytes]]:
    client = Client()
    client.force_login(user)
    cookie = f"sessionid={client.cookies['sessionid'].value}"
    return [(b"cookie", cookie.encode()), *BROWSER]


async def connect(cast: Cast, user: User | None, query: str = "") -> WebsocketCommunicator:
    headers = await session_headers(user) if user else list(BROWSER)
    path = f"/ws/tables/{cast.table.id}/{query}"
    return WebsocketCommunicator(application, path, headers=headers)


async def update_of(listener: WebsocketCommunicator, timeout: float = 5) -> dict[str, Any]:
    """The next `table.updated` message (heartbeats, tests/play/test_live.py, are skipped)."""
    while True:
        message = await listener.receive_json_from(timeout=timeout)
        if message["type"] != "table.heartbeat":
            return dict(message)


@sync_to_async
def act(cast: Cast, user: User, action: dict[str, Any]) -> services.ActionResult:
    version = Table.objects.get(pk=cast.table.pk).version
    return services.table_apply_action(
        table_id=cast.table.id, user=user, expected_version=version, action=action
    )


@run_async
async def test_every_listener_receives_the_new_version_after_a_commit() -> None:
    cast = await sync_to_async(make_cast)()
    listeners = [
        await connect(cast, cast.owner),
        await connect(cast, cast.player),
        await connect(cast, cast.spectator),
        await connect(cast, None, f"?spectate={cast.table.spectate_token}"),
    ]
    for listener in listeners:
        # The first handshake opens the process's database pool: on a busy machine (CI's
        # PostgreSQL pass) that takes longer than the communicator's default second.
        connected, _ = await listener.connect(timeout=10)
        assert connected
    result = await act(cast, cast.owner, create_soldiers(count=2))
    for listener in listeners:
        message = await update_of(listener)
        assert message == {
            "type": "table.updated",
            "version": 1,
            "events": result.events,
            "delta": result.delta,
            "said": message["said"],
        }
        assert message["said"].endswith("Soldier Token (x2).")  # the live region's sentence
        [soldiers] = message["delta"]["objects"]
        assert (soldiers["name"], soldiers["count"]) == ("Soldier Token", 2)
    await act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -1})
    for listener in listeners:
        message = await update_of(listener)
        assert message["version"] == 2
        assert message["delta"]["objects"] == []
        assert [(s["seat"], s["life"]) for s in message["delta"]["seats"]] == [(1, 19)]
        await listener.disconnect()


@run_async
async def test_a_mode_switch_reaches_every_listener_as_a_delta_of_the_table() -> None:
    cast = await sync_to_async(make_cast)()
    listener = await connect(cast, cast.player)
    connected, _ = await listener.connect(timeout=10)
    assert connected
    await sync_to_async(services.table_set_mode)(
        table_id=cast.table.id, user=cast.owner, mode="track"
    )
    message = await update_of(listener)
    assert message["version"] == 1 and message["delta"]["table"] == {"mode": "track"}
    assert [e["type"] for e in message["events"]] == ["mode_changed"]
    assert message["said"].endswith("switched the table to track only.")
    await listener.disconnect()


@run_async
async def test_it_refuses_outsiders_anonymous_users_and_wrong_tokens() -> None:
    cast = await sync_to_async(make_cast)()
    for user, query in (
        (cast.outsider, ""),
        (None, ""),
        (None, "?spectate=guess"),
        (None, "?spectate=%C3%A9t%C3%A9"),
        (None, f"?spectate={cast.table.invite_token}"),
    ):
        communicator = await connect(cast, user, query)
        connected, _ = await communicator.connect()
        assert not connected
        await communicator.disconnect()


@run_async
async def test_a_refused_action_broadcasts_nothing() -> None:
    cast = await sync_to_async(make_cast)()
    listener = await connect(cast, cast.owner)
    assert (await listener.connect())[0]
    assert (await listener.receive_json_from(timeout=5))["type"] == "table.heartbeat"
    with pytest.raises(DomainError):
        await act(cast, cast.owner, {"type": "tap", "object": "o404"})
    assert await listener.receive_nothing(timeout=0.3)
    listener.scope["user"] = AnonymousUser()
    await listener.send_json_to({"type": "ping"})
    assert await listener.receive_json_from(timeout=5) == {"type": "pong"}
    await listener.send_to(text_data="not json")
    assert await listener.receive_nothing(timeout=0.2)
    await listener.disconnect()


CROSS_PROCESS_SCRIPT = """
import django, sys
django.setup()
from django.contrib.auth.models import User
from play.table import services
services.table_apply_action(
    table_id=sys.argv[1], user=User.objects.get(username="owner"), expected_version=0,
    action={"type": "adjust_life", "seat": 0, "amount": -1},
)
"""


def database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@pytest.mark.skipif(
    not os.environ.get("REDIS_URL") or "postgres" not in os.environ.get("DATABASE_URL", ""),
    reason="needs REDIS_URL and PostgreSQL (CI's second pass): another process must see the DB",
)
@run_async
async def test_a_commit_in_another_process_reaches_this_listener_through_redis() -> None:
    cast = await sync_to_async(make_cast)()
    listener = await connect(cast, cast.spectator)
    assert (await listener.connect())[0]
    env = {**os.environ, "DATABASE_URL": await sync_to_async(database_url)()}
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CROSS_PROCESS_SCRIPT, str(cast.table.id), env=env
    )
    assert await process.wait() == 0
    message = await update_of(listener, timeout=10)
    assert (message["type"], message["version"]) == ("table.updated", 1)
    await listener.disconnect()


def _page(host: str, origin: str) -> list[tuple[bytes, bytes]]:
    return [(b"host", host.encode()), (b"origin", origin.encode())]


@run_async
async def test_a_script_without_origin_may_listen_but_a_foreign_origin_is_refused() -> None:
    """Browsers always send Origin: another site's is refused (cross-site websocket hijacking
    with the session cookie). Scripts send none and authenticate like anyone else."""
    cast = await sync_to_async(make_cast)()
    cookie = [h for h in await session_headers(cast.owner) if h[0] == b"cookie"]
    path = f"/ws/tables/{cast.table.id}/"
    cases: tuple[tuple[str, list[tuple[bytes, bytes]], bool], ...] = (
        (path, cookie, True),
        (f"{path}?spectate={cast.table.spectate_token}", [], True),
        (path, [], False),
        (f"{path}?spectate=guess", [], False),
        (path, [*cookie, (b"origin", b"https://evil.example")], False),
        # Scheme, host and port all count: another port on the same host is another site.
        (path, [*cookie, *_page("localhost:8000", "http://localhost:8000")], True),
        (path, [*cookie, *_page("localhost:8000", "http://localhost:9999")], False),
        (path, [*cookie, *_page("localhost:8000", "https://localhost:8000")], False),
        (path, [*cookie, *_page("localhost", "http://localhost:80")], True),
        (path, [*cookie, *_page("evil.example", "http://evil.example")], False),  # not allowed
        (path, [*cookie, (b"origin", b"http://testserver")], False),  # no Host to compare
    )
    for url, headers, accepted in cases:
        communicator = WebsocketCommunicator(application, url, headers=headers)
        connected, _ = await communicator.connect()
        assert connected is accepted, (url, headers)
        await communicator.disconnect()


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="needs REDIS_URL (CI's second pass)")
@run_async
async def test_an_idle_listener_outlives_the_redis_clients_default_read_timeout() -> None:
    """redis-py 8 gives reads a 5 s timeout by default; the layer's blocking receive waits
    longer than that when nobody acts, and that must not crash the consumer (1011)."""
    cast = await sync_to_async(make_cast)()
    listener = await connect(cast, cast.spectator)
    assert (await listener.connect())[0]
    await asyncio.sleep(7)
    await act(cast, cast.owner, create_soldiers())
    message = await update_of(listener, timeout=10)
    assert (message["type"], message["version"]) == ("table.updated", 1)
    await listener.disconnect()


@run_async
async def test_a_seat_changing_hands_tells_the_other_listeners_to_check_their_controls() -> None:
    cast = await sync_to_async(make_cast)()
    listener = await connect(cast, cast.owner)
    assert (await listener.connect())[0]
    assert (await listener.receive_json_from(timeout=5))["type"] == "table.heartbeat"

    @sync_to_async
    def ben_leaves() -> None:
        seat = cast.table.seats.get(number=1)
        seat.user = None
        seat.save()

    await ben_leaves()
    # The owner still has access (and now acts for seat 1 again): told, not closed.
    assert await update_of(listener) == {"type": "table.grants"}
    await listener.disconnect()
