"""The three ways an action can fail (compare python-chess: invalid, illegal, ambiguous)."""

from __future__ import annotations

from typing import Any

from rules.text import message_data


class RulesError(Exception):
    """Base of kernel errors; ``detail`` is a sentence for the player."""

    rule: str | None = None

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = str(detail)
        self.message = message_data(detail)
        """The sentence as data (``rules.text``), when it was made with ``msg``."""


class InvalidAction(RulesError):
    """The action is malformed: unknown type, missing or wrong parameter, unknown object (400)."""


class IllegalAction(RulesError):
    """The action is well formed but the rules forbid it now; ``rule`` names the rule (422)."""

    def __init__(self, detail: str, rule: str) -> None:
        super().__init__(detail)
        self.rule = rule


class ChoicePending(RulesError):
    """A player must answer ``pending_choice`` with ``choose`` before anything else (409)."""


class NeedChoice(Exception):
    """Raised inside an action when a player must decide; ``apply`` turns it into a pending
    choice in the returned state."""

    def __init__(
        self,
        kind: str,
        seat: int,
        prompt: str,
        options: list[Any],
        rule: str | None = None,
        amounts: dict[str, Any] | None = None,
        refers: list[str | None] | None = None,
    ) -> None:
        super().__init__(prompt)
        self.message = message_data(prompt)
        self.rule = rule
        self.refers = refers
        self.kind = kind
        self.seat = seat
        self.prompt = prompt
        self.options = options
        self.amounts = amounts
