"""Data files that ship inside the kernel's packages (package data in pyproject.toml), read with
importlib.resources so they are found in a checkout, a wheel or a zip alike."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def load_json(package: str, name: str) -> Any:
    """The JSON file `name` (a path inside `package`, e.g. "data/predefined_tokens.json")."""
    return json.loads(resources.files(package).joinpath(name).read_text(encoding="utf-8"))
