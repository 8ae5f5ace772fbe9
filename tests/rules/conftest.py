from __future__ import annotations

from typing import Any

import pytest

from rules import apply, new_game, view
from rules.state import AnyState

SOLDIER = {
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
}
GOBLIN = {
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}


def card(name: str, effects: list[dict[str, Any]], **fields: Any) -> dict[str, Any]:
    """A card definition payload as the catalogue embeds it into put_card."""
    return {"name": name, "types": ["Enchantment"], "effects": effects, **fields}


DOUBLING_SEASON = card(
    "Doubling Season",
    [{"kind": "token_multiplier", "factor": 2}, {"kind": "counter_multiplier", "factor": 2}],
)
ANOINTED_PROCESSION = card("Anointed Procession", [{"kind": "token_multiplier", "factor": 2}])
PARALLEL_LIVES = card("Parallel Lives", [{"kind": "token_multiplier", "factor": 2}])
PEREGRIN_TOOK = card(
    "Peregrin Took",
    [{"kind": "token_extra", "count": 1, "token": "mtg-food"}],
    types=["Creature"],
    supertypes=["Legendary"],
    subtypes=["Halfling", "Citizen"],
    power="2",
    toughness="3",
)
HARDENED_SCALES = card(
    "Hardened Scales", [{"kind": "counter_extra", "count": 1, "counter": "+1/+1"}]
)
INTANGIBLE_VIRTUE = card(
    "Intangible Virtue",
    [
        {
            "kind": "anthem",
            "power": 1,
            "toughness": 1,
            "keywords": ["Vigilance"],
            "filter": {"types": ["Creature"], "token": True},
        }
    ],
)


class Table:
    """A game driven by actions, as a test reads it: do this, then look."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Ben"), **setup: Any) -> None:
        self.state: AnyState = new_game("mtg", {"players": list(players), **setup})
        self.events: list[dict[str, Any]] = []

    def do(self, type: str, **params: Any) -> list[dict[str, Any]]:
        outcome = apply(self.state, {"type": type, **params})
        self.state = outcome.state
        self.events = outcome.events
        return outcome.events

    def choose(self, choice: Any) -> list[dict[str, Any]]:
        return self.do("choose", choice=choice)

    def view(self) -> dict[str, Any]:
        return view(self.state)

    def objects(
        self, name: str | None = None, zone: str | None = "battlefield"
    ) -> list[dict[str, Any]]:
        return [
            o
            for o in self.view()["objects"]
            if (name is None or o["name"] == name) and (zone is None or o["zone"] == zone)
        ]

    def count(self, name: str, zone: str | None = "battlefield") -> int:
        return sum(o["count"] for o in self.objects(name, zone))

    def one(self, name: str) -> dict[str, Any]:
        [obj] = self.objects(name)
        return obj

    def put(self, definition: dict[str, Any], controller: int = 0, **params: Any) -> str:
        self.do("put_card", controller=controller, definition=definition, **params)
        object_id: str = self.events[-1]["object"]
        return object_id

    def create(
        self, definition: dict[str, Any] | None = None, **params: Any
    ) -> list[dict[str, Any]]:
        if definition is not None:
            params["definition"] = definition
        params.setdefault("controller", 0)
        return self.do("create_token", **params)

    def seat(self, index: int) -> dict[str, Any]:
        seat: dict[str, Any] = self.view()["seats"][index]
        return seat

    def rules(self) -> list[str | None]:
        return [e["rule"] for e in self.events]


@pytest.fixture
def table() -> Table:
    return Table()
