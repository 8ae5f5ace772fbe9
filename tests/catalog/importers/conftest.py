from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import SHARED_DATA


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """tests/conftest.py's fixture, session-scoped so the big file is imported once per module."""
    if not SHARED_DATA.is_dir():
        if os.environ.get("CI"):
            pytest.fail(f"{SHARED_DATA} is missing in CI")
        pytest.skip(f"{SHARED_DATA} not present (real data files are only beside the repo)")
    return SHARED_DATA


@pytest.fixture(scope="session")
def cockatrice_file(shared_data: Path) -> Path:
    return shared_data / "cockatrice_tokens.xml"
