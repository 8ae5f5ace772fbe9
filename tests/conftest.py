from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from huey.contrib.djhuey import HUEY
from hypothesis import settings
from rest_framework.throttling import SimpleRateThrottle

# Property tests must not flake on a busy 2-core CI machine: no per-example deadline, and a
# fixed example sequence so a red run can be reproduced exactly.
settings.register_profile("tokensite", deadline=None, derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "tokensite"))

# Jobs run inline in tests, with or without REDIS_URL (the process topology test runs workers).
HUEY.immediate = True
# The suite makes thousands of API calls a minute from one address; throttling is tested on its
# own (tests/tokensite/test_throttling.py) with these rates put back.
API_RATES = dict(SimpleRateThrottle.THROTTLE_RATES)
SimpleRateThrottle.THROTTLE_RATES = {scope: None for scope in API_RATES}
# Parallel workers (and runs) sharing one Redis cache must not see each other's keys.
django_settings.CACHES["default"]["KEY_PREFIX"] = f"test-{os.getpid()}"


def pytest_configure(config: pytest.Config) -> None:
    """Pages in Russian need the compiled catalogues (`make test` builds them too; this covers
    a bare `pytest`): a no-op when every .mo is newer than its .po."""
    from tokensite.translations import compile_all

    compile_all()


ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = ROOT.parent / "shared" / "data"
ARTIFACTS = ROOT / "test-artifacts"


def chromium_path() -> str | None:
    return (
        os.environ.get("CHROMIUM") or shutil.which("chromium") or shutil.which("chromium-browser")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    # Hooks see every collected item, whichever conftest they live in: mark by path.
    e2e_dir = ROOT / "tests" / "e2e"
    for item in items:
        if e2e_dir in item.path.parents:
            item.add_marker(pytest.mark.e2e)
    # Browser tests last: Playwright's sync API leaves an event loop running in the worker's
    # main thread, where the tests after it could not call asyncio.run() or async_to_sync.
    # (xdist hands each worker its items in this order, so this holds with -n too.)
    items.sort(key=lambda item: "e2e" in item.keywords)
    if chromium_path():
        return
    if os.environ.get("REQUIRE_E2E") == "1":
        return  # the browser fixture fails loudly instead of skipping
    skip = pytest.mark.skip(
        reason="no Chromium: install Debian's package (apt-get install chromium) to run e2e tests"
    )
    for item in items:
        if "e2e" in item.keywords:
            item.add_marker(skip)


@pytest.fixture
def shared_data() -> Path:
    """The real data files beside the repository (SHARED_DATA) for importer tests: skipped on
    a user's machine, required in CI."""
    if not SHARED_DATA.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_DATA} is missing in CI")
        pytest.skip(f"{SHARED_DATA} not present (real data files are only beside the repo)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium driven by Playwright (no downloaded browser builds here)."""
    executable = chromium_path()
    if executable is None:
        pytest.fail("REQUIRE_E2E=1 but no Chromium found: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=executable,
            headless=True,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def artifacts_dir() -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture(autouse=True)
def closed_circuits() -> Iterator[None]:
    """A test that makes the database or Redis fail must not leave the next test answered 503
    (tokensite/circuit.py): every circuit is closed again after each test."""
    yield
    from tokensite import cache, circuit, views

    circuit.database.close()
    cache.circuit.close()
    views._last_found.update(dict.fromkeys(views._last_found, "ok"))


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A request or a sentence in Russian leaves its language active in the thread: the next
    test, whichever file it is in, would read Russian (test_board after test_printed_names)."""
    yield
    from django.utils import translation

    translation.deactivate()
