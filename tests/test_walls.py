"""The walls between the apps, read from the source with ``ast`` (docs: DESIGN.md "Apps").

catalog is the base: it may use the pure rules kernel (rules) and nothing else of play;
play uses catalog only through its selectors and services; collection builds on both; the shared
web plumbing (parsers, renderers, the error format) lives in tokensite, which imports no app
except in the modules that wire the apps together (urls, asgi). No cycle at module level.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
APPS = ("catalog", "collection", "play", "tokensite")
COMPOSITION_ROOTS = {"tokensite/urls.py", "tokensite/asgi.py", "tokensite/settings.py"}


def _modules(app: str) -> list[Path]:
    return [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]


def _imports(path: Path, module_level_only: bool) -> list[str]:
    tree = ast.parse(path.read_text())
    nodes: list[ast.AST] = list(tree.body) if module_level_only else list(ast.walk(tree))
    found: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            # "from catalog import selectors" imports catalog.selectors
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


def _app_imports(app: str, module_level_only: bool = False) -> list[tuple[str, str]]:
    """(file, imported module) for every import of another app."""
    return [
        (str(path.relative_to(ROOT)), name)
        for path in _modules(app)
        for name in _imports(path, module_level_only)
        if name.split(".")[0] in APPS and name.split(".")[0] != app
    ]


def test_it_finds_imports_to_check() -> None:
    assert ("play/table/payloads.py", "catalog.selectors.token_payload") in _app_imports("play")


def _node(name: str) -> str:
    """The kernel (rules/) is the ground floor: it imports only the standard library."""
    return "rules" if name.startswith("rules") else name.split(".")[0]


def test_it_has_no_import_cycle_between_apps_at_module_level() -> None:
    edges: dict[str, set[str]] = {app: set() for app in (*APPS, "rules")}
    for app in APPS:
        for file, name in _app_imports(app, module_level_only=True):
            if file not in COMPOSITION_ROOTS:
                edges[app].add(_node(name))

    def reaches(start: str, goal: str, seen: frozenset[str] = frozenset()) -> bool:
        return any(
            nxt == goal or (nxt not in seen and reaches(nxt, goal, seen | {nxt}))
            for nxt in edges[start]
        )

    assert [app for app in edges if reaches(app, app)] == []
    assert edges["catalog"] <= {"rules", "tokensite"}


def test_it_lets_catalog_use_only_the_pure_kernel_of_play() -> None:
    leaks = [
        (file, name)
        for file, name in _app_imports("catalog")
        if name.startswith("play.") and not name.startswith("rules")
    ]
    assert leaks == []
    assert not [i for i in _app_imports("catalog") if i[1].startswith("collection")]


def test_it_lets_play_use_catalog_only_through_its_selectors_and_services() -> None:
    allowed = ("catalog.selectors", "catalog.services")
    leaks = [
        (file, name)
        for file, name in _app_imports("play")
        if name.startswith("catalog") and not name.startswith(allowed)
    ]
    assert leaks == []


def test_it_keeps_play_free_of_collection() -> None:
    """collection builds on tables (it starts them from decks), so play never imports it."""
    assert [i for i in _app_imports("play") if i[1].startswith("collection")] == []


def test_it_keeps_the_shared_web_plumbing_in_tokensite() -> None:
    from_play_api = [
        (file, name)
        for app in ("catalog", "collection", "tokensite")
        for file, name in _app_imports(app)
        if name.startswith("play.api")
    ]
    assert from_play_api == []
    plumbing = [
        (file, name) for file, name in _app_imports("tokensite") if file not in COMPOSITION_ROOTS
    ]
    assert plumbing == []


def test_it_keeps_the_kernel_on_the_standard_library() -> None:
    for path in (ROOT / "rules").rglob("*.py"):
        for name in _imports(path, module_level_only=False):
            top = name.split(".")[0]
            assert name.startswith("rules") or top in sys.stdlib_module_names, (path, name)


def test_it_names_no_path_of_a_build_machine() -> None:
    suffixes = {".py", ".html", ".md", ".js", ".css", ".toml", ".json", ".txt"}
    roots = [ROOT / d for d in (*APPS, "templates", "static", "docs", "tests", "bench")]
    files = [p for r in roots if r.exists() for p in r.rglob("*") if p.suffix in suffixes]
    files += [ROOT / "README.md", ROOT / "Makefile", ROOT / "pyproject.toml"]
    machine = ("/" + "work/", "/" + "root/")  # split so this file doesn't name them itself
    named = [str(p.relative_to(ROOT)) for p in files if any(m in p.read_text() for m in machine)]
    assert named == []
