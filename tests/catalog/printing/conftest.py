from __future__ import annotations

import pytest

from catalog.seed import load_seed
from tests.catalog.printing.fixtures import make_few_tokens


@pytest.fixture
def catalogue(db: None) -> None:
    """The project's seed catalogue: predefined and common tokens, cards with creator links."""
    load_seed()


@pytest.fixture
def few_tokens(db: None) -> None:
    make_few_tokens()
