from __future__ import annotations

from typing import Any

import pytest

from rules import apply, new_game, view
from rules.state import AnyState


class Rift:
    """A Riftbound game driven by actions, as a test reads it: do this, then look."""

    def __init__(self, players: tuple[str, ...] = ("Ann", "Ben"), **setup: Any) -> None:
        self.state: AnyState = new_game("riftbound", {"players": list(players), **setup})
        self.events: list[dict[str, Any]] = []
        self.actions: list[dict[str, Any]] = []

    def do(self, type: str, **params: Any) -> list[dict[str, Any]]:
        action = {"type": type, **params}
        outcome = apply(self.state, action)
        self.actions.append(action)
        self.state = outcome.state
        self.events = outcome.events
        return outcome.events

    def create(self, token: str, controller: int = 0, **params: Any) -> list[dict[str, Any]]:
        return self.do("create_token", token=token, controller=controller, **params)

    def view(self) -> dict[str, Any]:
        return view(self.state)

    def obj(self, object_id: str) -> dict[str, Any]:
        found: dict[str, Any]
        [found] = [o for o in self.view()["objects"] if o["id"] == object_id]
        return found

    def field(self, battlefield_id: str) -> dict[str, Any]:
        found: dict[str, Any]
        [found] = [b for b in self.view()["battlefields"] if b["id"] == battlefield_id]
        return found

    def seat(self, index: int) -> dict[str, Any]:
        seat: dict[str, Any] = self.view()["seats"][index]
        return seat

    def count(self, name: str) -> int:
        return sum(o["count"] for o in self.view()["objects"] if o["name"] == name)

    def types(self) -> list[str]:
        return [e["type"] for e in self.events]


@pytest.fixture
def rift() -> Rift:
    return Rift()
