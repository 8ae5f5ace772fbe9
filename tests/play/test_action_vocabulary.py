"""Issue 15's measure of one action vocabulary: an action type's name is written in at most two
non-test source files (its registry entry and, where it must say it, its handler)."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

import rules

ROOT = Path(__file__).resolve().parents[2]
SKIPPED = {".venv", "tests", "bench", "migrations", "node_modules", "staticfiles", "docs", ".git"}
# Where a registry entry names its type: the first argument of these calls.
ENTRY_CALLS = {"ActionSpec", "_object_action"}
# Literals that happen to spell an action type but mean something else there: a cost, an
# ability effect, a card layout, a step, a pending choice's kind, a status.
HOMONYMS = {
    ("transform", "rules/effects.py"): "an ability's effect kind",
    ("tap", "rules/effects.py"): "a cost",
    ("sacrifice", "rules/effects.py"): "a cost",
    ("target", "rules/effects.py"): "an effect's target field",
    ("empower_jace", "rules/effects.py"): "an ability's effect kind (701.71a)",
    ("empower_jace", "rules/mtg/abilities.py"): "an ability's effect kind (701.71a)",
    ("target", "rules/mtg/params.py"): "the reader function target()",
    ("sacrifice", "rules/mtg/turn.py"): "how a delayed trigger makes a token leave",
    ("ready", "rules/riftbound/create.py"): "the ready status, in the log",
    ("buff", "play/web/board.py"): "the buff counter",
    ("transform", "catalog/exporters/native.py"): "a token relation field",
    ("attach", "catalog/exporters/native.py"): "a token relation field",
    ("transform", "catalog/services.py"): "a token relation field",
    ("attach", "catalog/services.py"): "a token relation field",
    ("transform", "catalog/selectors.py"): "a token relation field",
    ("attach", "catalog/selectors.py"): "a token relation field",
    ("attach", "catalog/exporters/cockatrice.py"): "Cockatrice's `related attach` attribute",
    ("transform", "catalog/importers/records.py"): "a word of a card's text",
    ("exhaust", "catalog/views.py"): "the Riftbound exhaust symbol",
    ("target", "rules/mtg/make_data.py"): "what a compiled copy copies (707.2)",
    ("target", "rules/mtg/oracle/phrases.py"): "what a compiled copy copies (707.2)",
    ("amass", "rules/mtg/make.py"): "a step of a compiled token-making ability",
    ("populate", "rules/mtg/make.py"): "a step of a compiled token-making ability",
    ("amass", "rules/mtg/make_data.py"): "a step of a compiled token-making ability",
    ("populate", "rules/mtg/make_data.py"): "a step of a compiled token-making ability",
    ("exile", "play/web/i18n.py"): "the exile zone",
    ("exile", "rules/mtg/cards.py"): "the exile zone",
    ("exile", "rules/mtg/turn.py"): "the exile zone, where a delayed trigger sends a token",
    ("exile", "rules/mtg/zones.py"): "the exile zone",
}


def action_types() -> set[str]:
    return {spec.type for registry in rules.registries().values() for spec in registry}


def _source_files() -> list[Path]:
    return [
        path
        for path in ROOT.rglob("*")
        if path.suffix in (".py", ".html", ".js")
        and not SKIPPED & set(path.relative_to(ROOT).parts)
    ]


def _python_names(text: str, names: set[str]) -> set[str]:
    """Literals in places where a string names an action type: not a dict key (unless the dict
    is a table keyed by types), a subscript, a call's argument or the value of a key
    other than "type" (those are fields, costs, counter kinds...), except the first argument of
    a registry entry."""
    tree = ast.parse(text)
    ignored: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict):
            keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
            # A table keyed by action types (handlers, serializers) names them; a record whose
            # field happens to spell one ("damage": obj.damage, a cost {"tap": True}) doesn't.
            by_type = len([k for k in keys if k in names]) * 2 > len(node.keys) and not any(
                isinstance(v, ast.Constant) for v in node.values
            )
            for key, value in zip(node.keys, node.values, strict=True):
                if not by_type:
                    ignored.add(id(key))
                if not (isinstance(key, ast.Constant) and key.value == "type"):
                    ignored.add(id(value))
        elif isinstance(node, ast.Subscript):
            ignored.add(id(node.slice))
        elif isinstance(node, ast.Call):
            callee = (
                node.func.attr
                if isinstance(node.func, ast.Attribute)
                else getattr(node.func, "id", "")
            )
            arguments = [*node.args, *(k.value for k in node.keywords)]
            for index, argument in enumerate(arguments):
                if not (callee in ENTRY_CALLS and index == 0):
                    ignored.add(id(argument))
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and node.value in names
        and id(node) not in ignored
    }


TEMPLATE_TYPE = re.compile(r'name="(?:type|pick)"\s+value="([a-z_]+)')


def _template_names(text: str, names: set[str]) -> set[str]:
    found = set(TEMPLATE_TYPE.findall(text))
    found |= set(re.findall(r"""["']([a-z_]+)(?::|["'])""", text)) & {n for n in names if "_" in n}
    return found & names


def files_naming_each_type() -> dict[str, set[str]]:
    names = action_types()
    found: dict[str, set[str]] = defaultdict(set)
    for path in _source_files():
        relative = path.relative_to(ROOT).as_posix()
        text = path.read_text()
        named = _python_names(text, names) if path.suffix == ".py" else _template_names(text, names)
        for name in named:
            if (name, relative) not in HOMONYMS:
                found[name].add(relative)
    return found


def test_it_names_each_action_type_in_at_most_two_source_files() -> None:
    too_many = {
        name: sorted(files) for name, files in files_naming_each_type().items() if len(files) > 2
    }
    assert too_many == {}


def test_each_homonym_it_allows_is_still_there() -> None:
    """A homonym that no longer occurs is dropped from the list, so the list can't hide one."""
    names = action_types()
    for name, relative in HOMONYMS:
        text = (ROOT / relative).read_text()
        assert name in _python_names(text, names), (name, relative)


def test_its_detector_sees_a_type_restated_in_a_comparison_and_in_a_template() -> None:
    """The count can fail: a handler comparing the type, or a button posting it, is counted."""
    names = action_types()
    assert _python_names('if action["type"] in ("tap", "untap"):\n    pass\n', names) == {
        "tap",
        "untap",
    }
    assert _python_names('{"type": "pump", "power": 1}', names) == {"pump"}
    assert _python_names('{"kill": actions.kill, "tap": status.tap}', names) == {"kill", "tap"}
    assert _python_names('{"damage": obj.damage, "id": obj.id, "zone": z}', names) == set()
    assert _python_names('obj["damage"] + params.flag(action, "ready")', names) == set()
    button = '<button name="type" value="sacrifice">Sacrifice</button>'
    assert _template_names(button, names) == {"sacrifice"}
    assert _template_names('<button name="pick" value="create_token:x">', names) == {"create_token"}
