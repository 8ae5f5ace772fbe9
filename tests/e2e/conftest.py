from __future__ import annotations

import os
from typing import Any

import pytest
from django.core.servers.basehttp import ThreadedWSGIServer
from django.test.testcases import LiveServerThread

from tests.e2e.sessions import OneRequestAtATime

# Playwright's sync API runs an event loop in this thread; Django's ORM guard must allow it here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


class TakingTurns(ThreadedWSGIServer):
    """The live server, a thread per connection as before, each request taking its turn on
    the shared in-memory database (tests/e2e/sessions.py ``server_turn`` says why: two pages
    polling made 1 action in 60 a 409 and a poll in 20 a 503)."""

    def set_app(self, application: Any) -> None:
        super().set_app(OneRequestAtATime(application))


LiveServerThread.server_class = TakingTurns  # type: ignore[attr-defined]  # not in django-stubs


@pytest.fixture
def live_url(live_server) -> str:
    return str(live_server.url)


# The site's CSP has no 'unsafe-eval': wait with locators / expect(), not page.wait_for_function.
