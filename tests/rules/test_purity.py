from __future__ import annotations

import ast
import sys
from pathlib import Path

import rules

KERNEL = Path(rules.__file__).parent
FORBIDDEN_FOR_DETERMINISM = {"random", "time", "datetime", "uuid", "secrets", "os"}


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_it_imports_only_the_standard_library_and_itself() -> None:
    for path in KERNEL.rglob("*.py"):
        for name in _imports(path):
            top = name.split(".")[0]
            own = name == "rules" or name.startswith("rules.")
            assert own or top in sys.stdlib_module_names, f"{path.name} imports {name}"


def test_it_uses_no_clock_randomness_or_uuid() -> None:
    for path in KERNEL.rglob("*.py"):
        for name in _imports(path):
            assert name.split(".")[0] not in FORBIDDEN_FOR_DETERMINISM, f"{path.name}: {name}"


def test_its_modules_stay_under_about_500_lines() -> None:
    for path in KERNEL.rglob("*.py"):
        assert len(path.read_text().splitlines()) <= 550, path.name
