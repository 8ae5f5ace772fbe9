"""The search package is layered: each module imports only the modules below it (no circle)."""

from __future__ import annotations

import ast
from pathlib import Path

import catalog.search

# Lowest first.
LAYERS = [
    "expressions",
    "paging",
    "vendor",
    "index",
    "rank",
    "terms",
    "query",
    "suggest",
    "schema",
]


def _imported(module: str) -> set[str]:
    path = Path(catalog.search.__file__).parent / f"{module}.py"
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module == "catalog.search":
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("catalog.search."):
            found.add((node.module or "").rsplit(".", 1)[1])
        elif isinstance(node, ast.Import):
            found |= {
                alias.name.rsplit(".", 1)[1]
                for alias in node.names
                if alias.name.startswith("catalog.search.")
            }
    return found


def test_every_module_of_the_package_is_in_a_layer() -> None:
    modules = {path.stem for path in Path(catalog.search.__file__).parent.glob("*.py")}
    assert modules - {"__init__"} == set(LAYERS)


def test_each_module_imports_only_lower_ones() -> None:
    for position, module in enumerate(LAYERS):
        assert _imported(module) <= set(LAYERS[:position]), module
