"""The rules kernel: pure Python, standard library only, deterministic (docs/internals.md 4).

``new_game``, ``apply``, ``view``, ``action_seat``, ``acting_seats``, ``registries`` (the
actions of each game, play/rules/registry.py), ``codec``; errors ``InvalidAction`` (400),
``IllegalAction`` (422, with the rule) and ``ChoicePending`` (409); ``MAX_COUNT``.
"""

from __future__ import annotations

from play.rules import codec
from play.rules.errors import ChoicePending, IllegalAction, InvalidAction, RulesError
from play.rules.kernel import (
    Outcome,
    acting_seats,
    action_seat,
    apply,
    new_game,
    registries,
    view,
)
from play.rules.mtg import system as _mtg  # registers the MTG game system
from play.rules.riftbound import system as _riftbound  # registers the Riftbound game system
from play.rules.state import MAX_COUNT, GameState

__all__ = [
    "MAX_COUNT",
    "ChoicePending",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "Outcome",
    "RulesError",
    "acting_seats",
    "action_seat",
    "apply",
    "codec",
    "new_game",
    "registries",
    "view",
]
del _mtg, _riftbound
