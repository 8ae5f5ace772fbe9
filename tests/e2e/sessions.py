"""What several browser tests need: a browser context signed in as a user (the session cookie of
Django's test client), and a table owned by one user with actions already played."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext

from play.table import services

TIMEOUT = 10_000


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
