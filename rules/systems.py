"""The game-system plug-in protocol: what differs between MTG and Riftbound.

A system defines its zones, statuses and turn structure, its token creation semantics (naming,
owner and controller, how tokens enter), when tokens cease to exist (MTG: state-based action
704.5d; Riftbound: immediately, 183.1), its state-based checks and its action handlers. The kernel
(``rules.kernel``) only validates, dispatches, runs the system's checks and merges stacks;
a third game is a new module registered here, not edits everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from rules.errors import InvalidAction
from rules.presentation import Presentation
from rules.registry.game import Registry
from rules.registry.vocabulary import Handler
from rules.state import AnyState, GameObject, Seat
from rules.text import msg

JsonDict = dict[str, Any]


class GameSystem(Protocol):
    name: str
    zones: tuple[str, ...]
    steps: tuple[str, ...]
    handlers: Mapping[str, Handler]
    presentation: Presentation
    manual_actions: frozenset[str]
    registry: Registry
    views_read_other_stacks: bool
    """Whether the view of a stack may change when another stack changes for reasons other
    than an effect source (Riftbound: Legion, Deflect, Might at a battlefield); then a delta
    compares the whole views (``play/table/delta.py``)."""
    setup_options: tuple[str, ...]
    """The table options ``new_game`` reads beyond the players (MTG: starting life)."""

    @property
    def seat_record(self) -> type[Seat]:
        """The system's subclass of ``Seat``, with its own fields (for ``codec``)."""
        ...

    @property
    def object_record(self) -> type[GameObject]:
        """The system's subclass of ``GameObject``, with its own fields (for ``codec``)."""
        ...

    def new_game(self, setup: JsonDict) -> AnyState:
        """The initial state for ``setup`` (players, starting life, hand, library, ...)."""
        ...

    def token_name(self, subtypes: tuple[str, ...]) -> str:
        """The name of a token whose creating effect names none (MTG 111.4)."""
        ...

    def settle(self, ctx: Any) -> None:
        """Run the automatic checks after an action until the game is stable (MTG 704.3)."""
        ...

    def view(self, state: Any) -> JsonDict:
        """The API table state minus "id" and "version"."""
        ...

    def view_object(self, state: Any, obj: Any) -> JsonDict: ...

    def action_seat(self, state: Any, action: JsonDict) -> int | None:
        """Whose action this is, for permissions."""
        ...


_SYSTEMS: dict[str, GameSystem] = {}


def register(system: GameSystem) -> None:
    _SYSTEMS[system.name] = system


def all_systems() -> list[GameSystem]:
    return list(_SYSTEMS.values())


def get_system(game: object) -> GameSystem:
    system = _SYSTEMS.get(game) if isinstance(game, str) else None
    if system is None:
        raise InvalidAction(
            msg(
                "unknown game {game}; known: {systems}",
                game=repr(game),
                systems=", ".join(sorted(_SYSTEMS)),
            )
        )
    return system
