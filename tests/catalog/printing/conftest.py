from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.utils import translation

from catalog.seed import load_seed
from tests.catalog.printing.fixtures import make_few_tokens


@pytest.fixture
def catalogue(db: None) -> None:
    """The project's seed catalogue: predefined and common tokens, cards with creator links."""
    load_seed()


@pytest.fixture
def few_tokens(db: None) -> None:
    make_few_tokens()


@pytest.fixture(autouse=True)
def english_after_each_test() -> Iterator[None]:
    """A request in Russian leaves its language active in the thread: the next test would
    print in Russian (test_pdf after test_languages did)."""
    yield
    translation.deactivate()
