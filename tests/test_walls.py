"""The walls between the apps, read from the source with ``ast`` (docs/DESIGN.md "Apps").

The project's modules stand on floors (FLOORS, lowest first): the pure rules kernel (rules), the
shared web plumbing (tokensite: parsers, renderers, the error format), the generic jobs, the
catalogue, then play's models, its table (writes, reads, concurrency), its live channel and its
pages and API, and collection, which builds on catalog and play. A module imports only its own
floor or floors below; only the composition modules (urls, asgi, settings, task discovery,
AppConfig.ready) wire floors together. No import circle between modules, at module level.
play uses catalog only through its selectors and services.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
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


# The floors of the house, lowest first. A module imports only modules on its own floor (of its
# own package) or on floors below; packages sharing a floor don't import each other.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("rules",),  # the pure kernel: standard library only
    ("tokensite",),  # shared plumbing: errors, parsers, renderers, channels, metrics
    ("jobs",),  # generic background jobs: apps name their runners in settings.JOB_KINDS
    ("catalog",),
    ("play",),  # play's models
    ("play.table",),  # a table's writes, reads and concurrency
    ("play.live",),  # the live channel: hears the table's changes through services.on_change
    ("play.web", "play.api"),  # the pages and the API, side by side over the same services
    ("collection",),  # decks and collections start tables
    ("composition",),  # wiring: urls, asgi, settings, task discovery, AppConfig.ready
)
RANK = {node: rank for rank, floor in enumerate(FLOORS) for node in floor}
PACKAGES = ("rules", *APPS, "jobs")
COMPOSITION = {"tokensite.urls", "tokensite.asgi", "tokensite.settings", "play.urls", "play.tasks"}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _project_modules() -> dict[str, Path]:
    return {
        _module_name(path): path
        for package in PACKAGES
        for path in (ROOT / package).rglob("*.py")
        if "migrations" not in path.parts
    }


MODULES = _project_modules()


def _resolve(name: str) -> str | None:
    """The project module an import names ("from rules import codec" is rules.codec, "from
    rules.codec import dump" is rules.codec); None outside the project."""
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def _outside_functions(node: ast.AST) -> Iterator[ast.AST]:
    """The nodes that run when the module is imported (class bodies do, function bodies don't)."""
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            yield child
            yield from _outside_functions(child)


def _module_imports(module: str, module_level_only: bool) -> set[str]:
    """The project modules `module` imports. Module level includes imports under `if` (such
    as TYPE_CHECKING) and `try`: a circle through type hints is a circle all the same."""
    path = MODULES[module]
    tree = ast.parse(path.read_text())
    nodes = list(_outside_functions(tree)) if module_level_only else list(ast.walk(tree))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []
    for node in nodes:
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*up, base] if base else up)
            names += [f"{base}.{alias.name}" for alias in node.names]
    return {found for found in map(_resolve, names) if found and found != module}


def _floor(module: str) -> str:
    if module in COMPOSITION or module.endswith(".apps"):
        return "composition"
    parts = module.split(".")
    if parts[0] == "play" and len(parts) > 1 and f"play.{parts[1]}" in RANK:
        return f"play.{parts[1]}"
    return parts[0]


def _graph(module_level_only: bool) -> dict[str, set[str]]:
    return {module: _module_imports(module, module_level_only) for module in MODULES}


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = [stack.pop()]
            while component[-1] != node:
                component.append(stack.pop())
            if len(component) > 1:
                found.append(sorted(component))

    for node in graph:
        if node not in index:
            visit(node)
    return found


def _arrows_up(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted(
        (module, imported)
        for module, imports in graph.items()
        for imported in imports
        if _floor(module) != _floor(imported) and RANK[_floor(module)] <= RANK[_floor(imported)]
    )


def test_it_draws_the_import_graph_it_checks() -> None:
    graph = _graph(module_level_only=True)
    assert "rules.state" in graph["rules.objects"] or "rules.objects" in graph["rules.state"]
    assert "play.table.services" in graph["play.web.views"]
    assert {_floor(m) for m in graph} == set(RANK)
    # A circle and an arrow up are found when there is one.
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _arrows_up({"play.table.services": {"play.web.board"}}) == [
        ("play.table.services", "play.web.board")
    ]


def test_it_has_no_import_circle_between_modules() -> None:
    assert _cycles(_graph(module_level_only=True)) == []


def test_it_has_no_import_from_a_lower_floor_up() -> None:
    """Imports inside functions count too: only the composition modules wire floors together."""
    assert _arrows_up(_graph(module_level_only=False)) == []


def test_it_keeps_jobs_free_of_the_apps_that_use_it() -> None:
    graph = _graph(module_level_only=False)
    jobs = [(m, i) for m in graph if m.startswith("jobs") for i in graph[m]]
    assert jobs and all(_floor(imported) in {"jobs", "tokensite"} for _, imported in jobs)


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
