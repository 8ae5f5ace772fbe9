"""Characteristics after continuous effects (CR 613): face-down values (708.2a), abilities granted
by Auras, anthems and resolved effects (layer 6) and power/toughness in layers 7b and 7c with
timestamps.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, replace

from rules.effects import Effect
from rules.mtg.records import MtgObject, MtgState, on_battlefield
from rules.mtg.typeline import CARD_TYPES  # the card types (205.2a)
from rules.state import Face

FACE_DOWN = Face(name="", types=("Creature",), power=2, toughness=2)
"""A face-down permanent: a 2/2 creature with no text, name, subtypes or mana cost (708.2a)."""

_PT_COUNTER = re.compile(r"^([+-]\d+)/([+-]\d+)$")

StaticSource = tuple[MtgObject, Effect, int]
"""A source, one of its static effects and how many objects apply it (a stack's count, or the
sum over a controller's stacks with the same anthem)."""


@dataclass(frozen=True)
class Computed:
    face: Face
    power: int | None
    toughness: int | None
    base_power: int | None
    base_toughness: int | None
    keywords: tuple[str, ...]
    pt_unknown: bool = False
    """The base P/T comes from a "*" the kernel doesn't evaluate (604.3) and nothing set it."""

    @property
    def is_creature(self) -> bool:
        return "Creature" in self.face.types

    def has(self, keyword: str) -> bool:
        return any(k.lower() == keyword.lower() for k in self.keywords)


def visible_face(obj: MtgObject) -> Face:
    """The characteristics an object has before layers 6 and 7: face-down values or the face up,
    with the subtypes resolved effects added (layer 4, 613.1d)."""
    if obj.face_down:
        return FACE_DOWN
    face = obj.current
    if obj.attached_to is not None and _reconfigured(face):
        # 702.151b: an Equipment with reconfigure attached to a creature stops being a creature
        # until it becomes unattached (layer 4).
        face = replace(face, types=tuple(t for t in face.types if t != "Creature"))
    if obj.added_subtypes:
        added = tuple(t for t in obj.added_subtypes if t not in face.subtypes)
        face = replace(face, subtypes=(*face.subtypes, *added))
    return face


def _reconfigured(face: Face) -> bool:
    return "Equipment" in face.subtypes and any(
        k.lower().startswith("reconfigure") for k in face.keywords
    )


def static_sources(state: MtgState) -> list[StaticSource]:
    """Static effects of phased-in permanents on the battlefield (face-down ones have none).

    Identical anthems of one controller are summed once here (N stacks add N times their
    counts), so each object then meets each distinct anthem once, not every stack of it. An
    "other creatures" anthem stays per stack: its own stack is counted apart (613.4c)."""
    found: list[StaticSource] = []
    anthems: dict[tuple[int, Effect], int] = {}
    for obj in state.effect_sources():
        for effect in obj.current.effects:
            if effect.kind != "anthem" or effect.others:
                found.append((obj, effect, obj.count))
                continue
            key = (obj.controller, effect)
            at = anthems.get(key)
            if at is None:
                anthems[key] = len(found)
                found.append((obj, effect, obj.count))
            else:
                first, _effect, times = found[at]
                found[at] = (first, effect, times + obj.count)
    return found


def counter_pt(counters: dict[str, int]) -> tuple[int, int]:
    """+X/+Y and -X/-Y counters (CR 122.1a) as a total P/T change."""
    power = toughness = 0
    for kind, amount in counters.items():
        match = _PT_COUNTER.match(kind)
        if match:
            power += int(match.group(1)) * amount
            toughness += int(match.group(2)) * amount
    return power, toughness


def controls(source: MtgObject, effect: Effect, obj: MtgObject) -> bool:
    """Whether ``effect`` reaches ``obj`` by controller ("you", "any", "opponents")."""
    if effect.whose == "any":
        return True
    same = source.controller == obj.controller
    return same if effect.whose == "you" else not same


def enchantments_controlled(state: MtgState, seat: int) -> int:
    return sum(
        o.count
        for o in on_battlefield(state)
        if o.controller == seat and "Enchantment" in visible_face(o).types
    )


def compute(state: MtgState, obj: MtgObject, sources: list[StaticSource]) -> Computed:
    """Apply layers 6 and 7a-7c to one object (a stack: every object in it is the same)."""
    face = visible_face(obj)
    keywords = list(face.keywords)
    keywords.extend(k for k in obj.granted if k not in keywords)
    base: list[tuple[int, int, int]] = [
        (p.timestamp, p.power, p.toughness) for p in obj.pumps if p.set_base
    ]
    power_mod, toughness_mod = counter_pt(obj.counters)
    for pump in obj.pumps:
        if not pump.set_base:
            power_mod += pump.power
            toughness_mod += pump.toughness
    on_battlefield = obj.zone == "battlefield" and not obj.phased_out
    for source, effect, times in sources if on_battlefield else []:
        if effect.kind == "aura" and source.attached_to == obj.id:
            if effect.set_base:
                base.append((source.timestamp, effect.power, effect.toughness))
            else:
                each = enchantments_controlled(state, source.controller) if effect.per else 1
                power_mod += effect.power * each * times
                toughness_mod += effect.toughness * each * times
            _grant(keywords, effect.keywords, times)
        elif effect.kind == "anthem" and _anthem_reaches(source, effect, obj, face):
            if effect.others and source.id == obj.id:
                # "Other creatures you control": each object of the stack is buffed by the
                # other objects of its stack, never by itself.
                times -= 1
                if times == 0:
                    continue
            power_mod += effect.power * times
            toughness_mod += effect.toughness * times
            _grant(keywords, effect.keywords, times)
    keywords = obj.keywords_after_changes(keywords)
    cda = _cda(state, obj, face) if face.pt_cda else None
    return _power_toughness(face, base, power_mod, toughness_mod, tuple(keywords), cda)


def _cda(state: MtgState, obj: MtgObject, face: Face) -> tuple[int, int] | None:
    """Layer 7a (613.4a): a "*" the effect vocabulary can say (a ``cda_pt`` effect) counts now;
    the count is added to the printed part ("1+*"). None: the kernel can't evaluate it."""
    for effect in face.effects:
        if effect.kind != "cda_pt":
            continue
        if effect.counts in ("graveyard_cards", "graveyard_card_types"):
            pool = [o for o in state.objects.values() if o.zone == "graveyard" and not o.token]
        else:
            pool = on_battlefield(state)
        counted = [
            o
            for o in pool
            if (
                effect.whose == "any"
                or ((o.owner if o.zone == "graveyard" else o.controller) == obj.controller)
                == (effect.whose == "you")
            )
            and effect.filter.matches(visible_face(o).types, visible_face(o).subtypes, o.token)
        ]
        if effect.counts == "graveyard_card_types":
            # Card types (205.2a) only: supertypes and subtypes don't count.
            n = len({t for o in counted for t in visible_face(o).types if t in CARD_TYPES})
        else:
            n = sum(o.count for o in counted)
        power = n if effect.sets in ("both", "power") else 0
        toughness = n if effect.sets in ("both", "toughness") else 0
        return power, toughness
    return None


WARD_LISTED = 64
"""Up to this many ward instances from one source are listed one by one; more are one entry
"Ward {1} (xN)" (a stack of a billion sources must not build a billion-long list)."""


def _grant(keywords: list[str], granted: tuple[str, ...], times: int) -> None:
    """Layer 6. Repeated static keywords are redundant (e.g. flying, 702.9c), but every instance
    of a triggered ability triggers (603.2), so ward (702.21a) is added once per source."""
    for keyword in granted:
        if keyword.lower().startswith("ward"):
            many = [keyword] * times if times <= WARD_LISTED else [f"{keyword} (x{times})"]
            keywords.extend(many)
        elif keyword not in keywords:
            keywords.append(keyword)


def _anthem_reaches(source: MtgObject, effect: Effect, obj: MtgObject, face: Face) -> bool:
    return controls(source, effect, obj) and effect.filter.matches(
        face.types, face.subtypes, obj.token
    )


def _power_toughness(
    face: Face,
    base: list[tuple[int, int, int]],
    power_mod: int,
    toughness_mod: int,
    keywords: tuple[str, ...],
    cda: tuple[int, int] | None = None,
) -> Computed:
    """7a: a characteristic-defining "*" (604.3); 7b: the latest base-setting effect wins (613.7
    timestamps); 7c: add the modifications. A "*" nothing evaluates or sets has no value: power
    and toughness are None (never a made-up 0) until a player sets them (set_pt)."""
    if "Creature" not in face.types and face.power is None:
        return Computed(face, None, None, None, None, keywords)
    base_power, base_toughness = face.power or 0, face.toughness or 0
    if cda is not None:
        base_power, base_toughness = base_power + cda[0], base_toughness + cda[1]
    for _stamp, power, toughness in sorted(base):
        base_power, base_toughness = power, toughness
    if face.pt_cda and cda is None and not base:
        return Computed(face, None, None, None, None, keywords, pt_unknown=True)
    return Computed(
        face,
        base_power + power_mod,
        base_toughness + toughness_mod,
        base_power,
        base_toughness,
        keywords,
    )


# The static effects of a state that a read holds still (``sources_held``), so that asking
# every object's characteristics costs one walk of the sources, not one per object.
_HELD: ContextVar[tuple[MtgState, list[StaticSource]] | None] = ContextVar("_HELD", default=None)


@contextmanager
def sources_held(state: MtgState) -> Iterator[None]:
    """For a read of many objects of one state that nothing changes meanwhile (the board's
    offers): the static effects found once."""
    token = _HELD.set((state, static_sources(state)))
    try:
        yield
    finally:
        _HELD.reset(token)


def compute_one(state: MtgState, obj: MtgObject) -> Computed:
    held = _HELD.get()
    if held is not None and held[0] is state:
        return compute(state, obj, held[1])
    return compute(state, obj, static_sources(state))
