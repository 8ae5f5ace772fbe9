"""How a game system is shown to people: names, the zones and stats a page shows. Data only (no
HTML): the page templates read it, so they never test which game a table plays. Each system builds
one ``Presentation`` in its own package. The controls a page offers come from the game's action
registry (``rules/registry/``), not from here."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

JsonDict = dict[str, Any]


@dataclass(frozen=True)
class Stat:
    """A number shown beside a seat's name; ``adjustable`` makes it a -/+ counter (the registry's
    "life" control)."""

    label: str
    key: str
    adjustable: bool = False
    hide_zero: bool = False


@dataclass(frozen=True)
class Toggle:
    """The status a tile's quick button flips (MTG tapped, Riftbound exhausted), as a field of the
    object and a word ("12 tapped")."""

    key: str
    word: str
    up_word: str = ""
    """The badge of an object whose status is off, when the game shows one (Riftbound "ready")."""


@dataclass(frozen=True)
class Input:
    """A field of a form: ``kind`` is "check", "number", "text", "select" or "location" (the
    home zone and the battlefields of the table)."""

    name: str
    label: str
    kind: str
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    """A longer name for screen readers, when the label alone is terse."""


@dataclass(frozen=True)
class Presentation:
    title: str
    short_title: str
    step_names: Mapping[str, str]
    board_zone: str
    home_title: str
    """The heading over a seat's own permanents ("" when the board has one zone)."""
    stats: tuple[Stat, ...]
    pool_key: str
    pool_label: str
    pool_order: tuple[str, ...]
    toggle: Toggle
    create_inputs: tuple[Input, ...]
    """What the token palette asks beyond the token and how many."""
    custom_inputs: tuple[Input, ...]
    """The characteristics of a custom token the game has beyond name, types and colors."""
    custom_hidden: Mapping[str, str]
    ability_domains: tuple[str, ...] = ()
    """What an ability cost of any domain ("[A]") is paid with, when the game has domains."""
    leaves_at: Mapping[str, str] = field(default_factory=dict)
    """When a token leaves by a delayed trigger, in words."""
    status_badges: Callable[[JsonDict], list[str]] = lambda obj: []
    """The game's own status badges of an object (API shape), first on a tile."""
    player_counters: tuple[str, ...] = ()
    """Counter kinds every seat shows with one-tap -/+ (the registry's "player_counters"
    control); other kinds a player has show too."""
    designations: tuple[tuple[str, str], ...] = ()
    """Designations a player can be given with one tap (the registry's "designation" control),
    with what it says: ("monarch", "becomes the monarch")."""
    combat: Callable[[Any, int], JsonDict] | None = None
    """What a seat may declare in combat now, from the kernel state (MTG:
    ``rules.mtg.declaring.offers``): the board's one-tap attack and block controls."""
    options: Mapping[str, Callable[[JsonDict, int], list[tuple[str, str]]]] = field(
        default_factory=dict
    )
    """What a form may pick for a parameter naming one of these (``Param.offered_by``), from the
    table's state (API shape) for a seat: (value, label) pairs."""
