"""What several browser tests need: a browser context signed in as a user (the session cookie of
Django's test client), and a table owned by one user with actions already played."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext

from play.table import services

TIMEOUT = 10_000

# The live server's database is SQLite in memory, and pytest-django hands its one connection to
# every request thread (and this test thread): a page's poll reading play_table while another
# request writes it fails at once with "database table is locked" (SQLITE_LOCKED, which waits
# for no busy timeout): the poll is a 503, the write a 409 "Another action on this table is in
# progress" and the player's action is lost. Production's connections are one per thread on a
# WAL file or PostgreSQL, where readers never block the writer: this is the test server's
# alone. Its requests take turns (conftest.py); a test writing through the services while
# pages poll takes the same turn (``server_turn``).
server_turn = threading.RLock()


class OneRequestAtATime:
    """A WSGI app whose requests run one after another, body included (a streamed body reads
    the database as it is sent)."""

    def __init__(self, app: Callable[..., Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        with server_turn:
            result = self.app(environ, start_response)
            try:
                return [b"".join(result)]
            finally:
                close = getattr(result, "close", None)
                if close is not None:
                    close()


def signed_in(
    browser: Browser,
    live_url: str,
    user: User | None,
    viewport: dict[str, int],
    locale: str = "en",
    **options: Any,
) -> BrowserContext:
    """A browser context of ``viewport`` preferring ``locale``; signed in as ``user`` unless None
    (a visitor). ``options`` go to Playwright's ``new_context`` (accept_downloads, ...)."""
    context = browser.new_context(viewport=viewport, locale=locale, **options)  # type: ignore[arg-type]
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"]
        context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_url}])
    context.set_default_timeout(TIMEOUT)
    return context


def viewport_of(width: int) -> dict[str, int]:
    """A phone's height below 600 px of width, a desktop's above."""
    return {"width": width, "height": 812 if width < 600 else 900}


def table_with(owner: User, *actions: dict[str, Any]) -> str:
    """A two-seat table "Friday" (Ann, Ben) of ``owner``, with ``actions`` played in order."""
    table = services.table_create(owner=owner, game="mtg", name="Friday", players=["Ann", "Ben"])
    for version, action in enumerate(actions):
        services.table_apply_action(
            table_id=table.id, user=owner, expected_version=version, action=action
        )
    return str(table.id)


def main_pages(table_id: str, deck_id: int) -> dict[str, str]:
    """The site's main pages by name (paths), with a table and a deck of the test's."""
    return {
        "home": "/",
        "catalogue": "/catalog/",
        "token": "/catalog/tokens/mtg-treasure/",
        "card": "/catalog/cards/mtg-doubling-season/",
        "table": f"/play/{table_id}/",
        "lobby": "/play/",
        "decks": "/decks/",
        "deck": f"/decks/{deck_id}/",
        "collection": "/collection/",
        "print": "/print/",
    }
