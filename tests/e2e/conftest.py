from __future__ import annotations

import os

import pytest

# Playwright's sync API runs an event loop in this thread; Django's ORM guard must allow it here.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture
def live_url(live_server) -> str:
    return str(live_server.url)


# The site's CSP has no 'unsafe-eval': wait with locators / expect(), not page.wait_for_function.
