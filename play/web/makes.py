"""What a card makes, offered at a table: one row per entry of its `makes`, with how many tokens
one tap makes there now ("{T}: X 1/1 Goblins, X = the number of Goblins you control → 7").

The count is the kernel's own: the `make` action run on a copy of the table's state (X counted
from the board, replacement effects applied), never committed. Entries the table does by itself
(`fires`) or cannot do (not understood, or a replacement effect) are shown without a button.
"""

from __future__ import annotations

from typing import Any

import rules
from catalog.selectors import makes_how as how
from catalog.selectors import makes_line
from play.table.payloads import action_embed_definitions
from tokensite.api import DomainError

JsonDict = dict[str, Any]
MAKE = "make"


def _tappable(entry: JsonDict) -> bool:
    return (
        bool(entry.get("automated")) and entry.get("when") != "replacement" and not entry.get("own")
    )


def made_now(state: Any, payload: JsonDict) -> int | None:
    """How many tokens the action would create on this state now; None when it asks a choice
    first or is refused."""
    try:
        outcome = rules.apply(state, payload)
    except (rules.RulesError, DomainError, ValueError, TypeError, KeyError):
        return None
    events = list(outcome.events)
    if any(e.get("type") == "choice_required" for e in events):
        return None
    return sum(int(e.get("count") or 0) for e in events if e.get("type") == "token_created")


def offers(game: str, state: Any, entries: list[JsonDict], action: JsonDict) -> list[JsonDict]:
    """Rows for `entries`; `action` names the card ({"object": id} or {"card": slug,
    "controller": seat}) and is completed with `which` per entry."""
    if rules.registries().get(game) is None or rules.registries()[game].get(MAKE) is None:
        return []
    rows = []
    embedded: JsonDict | None = None
    for which, entry in enumerate(entries):
        row: JsonDict = {"type": MAKE, "which": which, "how": how(entry), "tap": _tappable(entry)}
        made = None
        if row["tap"] and state is not None:
            if embedded is None:
                try:
                    embedded = action_embed_definitions(game, {"type": MAKE, **action})
                except DomainError:
                    embedded = {}
            if embedded:
                made = made_now(state, {**embedded, "which": which})
        row["line"] = makes_line(entry, made)
        row["made"] = made
        rows.append(row)
    return rows
