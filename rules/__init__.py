"""The rules kernel: pure Python, standard library only, deterministic (docs/internals.md 4).

``new_game``, ``apply``, ``view``, ``action_seat``, ``acting_seats``, ``registries`` (the
actions of each game, rules/registry/), ``codec``; errors ``InvalidAction`` (400),
``IllegalAction`` (422, with the rule) and ``ChoicePending`` (409); ``MAX_COUNT``.
"""

from __future__ import annotations

from rules import codec
from rules.errors import ChoicePending, IllegalAction, InvalidAction, RulesError
from rules.kernel import (
    MODE,
    Outcome,
    acting_seats,
    action_seat,
    apply,
    new_game,
    registries,
    view,
)
from rules.mtg import system as _mtg  # registers the MTG game system
from rules.presentation import Presentation
from rules.riftbound import system as _riftbound  # registers the Riftbound game system
from rules.state import MAX_COUNT, TRACK, GameState
from rules.systems import get_system


def presentation(game: str) -> Presentation:
    """How ``game``'s own module says its tables are shown (``rules.presentation``)."""
    return get_system(game).presentation


__all__ = [
    "MAX_COUNT",
    "MODE",
    "TRACK",
    "ChoicePending",
    "GameState",
    "IllegalAction",
    "InvalidAction",
    "Outcome",
    "Presentation",
    "RulesError",
    "acting_seats",
    "action_seat",
    "apply",
    "codec",
    "get_system",
    "new_game",
    "presentation",
    "registries",
    "view",
]
del _mtg, _riftbound
