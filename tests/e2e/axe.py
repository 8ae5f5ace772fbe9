"""axe-core (from the axe-playwright-python package, a locked dev dependency) run in a page.

`violations(page)` injects axe through the DevTools protocol (the site's CSP allows no injected
<script>) and runs the WCAG 2.x A and AA rules. Without the package the tests skip, unless
REQUIRE_E2E=1 (CI), where they fail: the checks must run there.
"""

from __future__ import annotations

import os
from functools import cache
from importlib import resources
from typing import Any

import pytest
from playwright.sync_api import Page

WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# Experimental rules outside WCAG that the "experimental" tag would bring in.
EXPERIMENTAL_OFF = [
    "css-orientation-lock",
    "focus-order-semantics",
    "hidden-content",
    "p-as-heading",
    "table-fake-caption",
    "td-has-header",
]


@cache
def _source() -> str:
    try:
        return (resources.files("axe_playwright_python") / "axe.min.js").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError):
        if os.environ.get("REQUIRE_E2E") == "1":
            raise
        pytest.skip("axe-core is not installed (make install-dev installs axe-playwright-python)")


def violations(page: Page, *, include: str | None = None) -> list[dict[str, Any]]:
    """axe's violations of every impact on the page as it is now (or inside `include`)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_source())
    options = {
        "runOnly": {"type": "tag", "values": [*WCAG_TAGS, "experimental"]},
        # Of the experimental rules, only the name that must contain the visible label (2.5.3).
        "rules": {rule: {"enabled": False} for rule in EXPERIMENTAL_OFF}
        | {"label-content-name-mismatch": {"enabled": True}},
        "resultTypes": ["violations"],
    }
    result: dict[str, Any] = page.evaluate(
        "([context, options]) => axe.run(context || document, options)", [include, options]
    )
    found = list(result["violations"])
    duplicated = page.evaluate(
        """() => { const seen = new Set(), twice = new Set();
            document.querySelectorAll('[id]').forEach(el => {
              (seen.has(el.id) ? twice : seen).add(el.id); });
            return [...twice]; }"""
    )
    if duplicated:  # WCAG 2.2 dropped 4.1.1 and axe its rule; a label still needs one target
        nodes = [{"target": [f"#{i}"], "failureSummary": "id used twice"} for i in duplicated]
        found.append({"id": "duplicate-id", "impact": "serious", "nodes": nodes})
    return found


def describe(found: list[dict[str, Any]]) -> str:
    """The violations as lines a failing test prints: rule, impact, where, why."""
    lines = []
    for violation in found:
        for node in violation["nodes"][:5]:
            lines.append(
                f"{violation['id']} ({violation['impact']}): {node['target']} "
                f"{node.get('failureSummary', '').splitlines()[-1:]}"
            )
    return "\n".join(lines)
