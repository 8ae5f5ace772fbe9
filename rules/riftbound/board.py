"""The Riftbound board: locations, battlefields, and the current Might and keywords of units.

The board is each player's Base and the Battlefields (107); objects on it have zone "board" and a
``location`` ("base", meaning the controller's Base, or a battlefield id). Non-board zones (108)
hold no tokens: a token that arrives there ceases to exist at once (183.1).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from rules.effects import Effect, parse_effects
from rules.errors import IllegalAction, InvalidAction
from rules.riftbound.records import (
    RiftboundObject,
    RiftboundState,
    battlefield_name,
    battlefields,
)
from rules.text import msg

JsonDict = dict[str, Any]

BOARD = "board"
BASE = "base"
DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
RUNE_POOL_KEYS = ("energy", *DOMAINS)
PERMANENT_TYPES = ("Unit", "Gear")
NON_BOARD_ZONES = ("hand", "trash", "main_deck", "banishment", "champion")
THIS_TURN_MIGHT = "might_this_turn"
"""The counter holding "+N [M] this turn" from a ``when_you_play`` trigger; gone at the end of
the turn (317.2)."""
_DEFLECT = re.compile(r"^Deflect(?: (\d+))?$")


def is_unit(obj: RiftboundObject) -> bool:
    return obj.zone == BOARD and obj.face.has_type("Unit")


def units(state: RiftboundState) -> list[RiftboundObject]:
    return [o for o in state.objects.values() if is_unit(o)]


def battlefield(state: RiftboundState, battlefield_id: object) -> JsonDict:
    """The battlefield with this id, or InvalidAction."""
    for field in battlefields(state):
        if field["id"] == battlefield_id:
            return field
    known = ", ".join(b["id"] for b in battlefields(state))
    raise InvalidAction(
        msg(
            "there is no battlefield {battlefield_id}; known: {known}",
            battlefield_id=repr(battlefield_id),
            known=known,
        )
    )


def location_name(state: RiftboundState, location: str | None, seat: int) -> str:
    if location == BASE:
        return msg("{seat}'s base", seat=state.seats[seat].name)
    return battlefield_name(battlefield(state, location)) if location else msg("nowhere")


def players_present(state: RiftboundState, battlefield_id: str) -> set[int]:
    """Seats with units at a battlefield."""
    return {o.controller for o in units(state) if o.location == battlefield_id}


def contested_by(state: RiftboundState, field: JsonDict) -> int | None:
    """The player whose units applied Contested to a battlefield (187.3.a), or None when it
    isn't contested or the board doesn't tell.

    Only a unit of a player who doesn't control the battlefield contests it (187.3.a.1), and
    an uncontrolled battlefield that one player's units reach is theirs at the next Cleanup
    (187.4): so while the controller's units and one other player's are there, that other
    player applied it. Read from the board, it needs no record of its own (a table stored
    before keeps its replay)."""
    present = players_present(state, field["id"])
    others = present - {field["controller"]}
    if field["controller"] in present and len(others) == 1:
        return next(iter(others))
    return None


def is_crowded(state: RiftboundState, battlefield_id: str, seat: int) -> bool:
    """Whether units of 2 players other than ``seat`` are at the battlefield (444.2)."""
    return len(players_present(state, battlefield_id) - {seat}) >= 2


def check_not_crowded(state: RiftboundState, battlefield_id: str, seat: int) -> None:
    """Units can't go to a battlefield with units of 2 other players (444.2, 144.4.a.1)."""
    if is_crowded(state, battlefield_id, seat):
        name = battlefield_name(battlefield(state, battlefield_id))
        raise IllegalAction(
            msg("{name} already has units of two other players (444.2).", name=name), "444.2"
        )


def check_champion_zone(state: RiftboundState, seat: int, count: int) -> None:
    """A card goes to a Champion Zone only if no card is there already (108.3.c.1)."""
    taken = any(o.zone == "champion" and o.owner == seat for o in state.objects.values())
    if taken or count > 1:
        raise IllegalAction(
            msg("{seat}'s Champion Zone holds one card (108.3.c.1).", seat=state.seats[seat].name),
            "108.3.c.1",
        )


def check_play_location(
    state: RiftboundState, seat: int, location: object, is_gear: bool, permitted: bool = False
) -> str:
    """A valid location to play a permanent to: gear to the base, or a battlefield an effect
    permits (149.2); units to the base or a battlefield the player controls (355.2.a), or
    another one an effect permits (355.2.b)."""
    if location is None or location == BASE:
        return BASE
    field = battlefield(state, location)
    if is_gear and not permitted:
        raise IllegalAction(msg("Gear can only be played to a player's base (149.2)."), "149.2")
    if is_gear:
        # An effect says otherwise (149.2): unattached, it is recalled at the next Cleanup
        # (149.3), so it stays only if attached as it is played.
        return str(field["id"])
    if field["controller"] != seat and not permitted:
        raise IllegalAction(
            msg(
                "{seat} doesn't control {field}; units are played to their controller's base or a "
                "battlefield they control (355.2.a).",
                seat=state.seats[seat].name,
                field=battlefield_name(field),
            ),
            "355.2.a",
        )
    check_not_crowded(state, field["id"], seat)
    return str(field["id"])


def _sources(state: RiftboundState) -> Iterator[tuple[Effect, int, str | None, int | None]]:
    """Every static effect on the board: (effect, instances, location, controller)."""
    for obj in state.objects.values():
        if obj.zone == BOARD:
            for effect in obj.face.effects:
                yield effect, obj.count, obj.location, obj.controller
    for field in battlefields(state):
        for effect in parse_effects(field.get("effects", [])):
            yield effect, 1, field["id"], field["controller"]


def battlefield_effects(state: RiftboundState, battlefield_id: str) -> list[Effect]:
    return parse_effects(battlefield(state, battlefield_id).get("effects", []))


def applies_to(
    effect: Effect, obj: RiftboundObject, location: str | None, controller: int | None
) -> bool:
    """Whether an effect controlled by ``controller`` at ``location`` affects ``obj``; a filter's
    subtypes are Riftbound tags."""
    if effect.whose == "you" and obj.controller != controller:
        return False
    if effect.whose == "opponents" and obj.controller == controller:
        return False
    if effect.here and obj.location != location:
        return False
    return effect.filter.matches(obj.face.types, obj.face.tags, obj.token)


def effects_of(
    state: RiftboundState, kind: str
) -> Iterator[tuple[Effect, int, str | None, int | None]]:
    return (source for source in _sources(state) if source[0].kind == kind)


def _anthems(state: RiftboundState, obj: RiftboundObject) -> Iterator[tuple[Effect, int]]:
    """The anthems that affect a unit on the board; "other" ones skip their own source."""
    if obj.zone != BOARD:
        return
    for obj_source in [o for o in state.objects.values() if o.zone == BOARD]:
        for effect in obj_source.face.effects:
            if effect.kind != "anthem" or (effect.others and obj_source.id == obj.id):
                continue
            if applies_to(effect, obj, obj_source.location, obj_source.controller):
                yield effect, obj_source.count
    for field in battlefields(state):
        for effect in parse_effects(field.get("effects", [])):
            if effect.kind == "anthem" and applies_to(
                effect, obj, field["id"], field["controller"]
            ):
                yield effect, 1


def might(state: RiftboundState, obj: RiftboundObject) -> int | None:
    """Printed Might, plus a buff (703), plus Might from effects such as "your token units have
    +1 [M]" (472.3, the arithmetic layer)."""
    if obj.face.might is None:
        return None
    total = obj.face.might + obj.counters.get("buff", 0) + obj.counters.get(THIS_TURN_MIGHT, 0)
    for effect, instances in _anthems(state, obj):
        total += effect.might * instances
    return total + sum(bonus * n for bonus, n in _might_bonuses(state, obj))


def attached_to(state: RiftboundState, obj: RiftboundObject) -> list[RiftboundObject]:
    """The cards attached to ``obj`` (434), for reading only."""
    return [o for o in state.objects.peek_values() if o.attached_to == obj.id and o.zone == BOARD]


def _might_bonuses(state: RiftboundState, obj: RiftboundObject) -> Iterator[tuple[int, int]]:
    """An attached card's Might Bonus (its Might) modulates the unit's Might (137.3, 434.1.d)."""
    for card in attached_to(state, obj):
        if card.face.might is not None:
            yield card.face.might, card.count


def carry_attached(state: RiftboundState, obj: RiftboundObject) -> None:
    """Cards attached to a unit are where it is (434.4, 151.2)."""
    for card in attached_to(state, obj):
        state.objects[card.id].location = obj.location


def keywords(state: RiftboundState, obj: RiftboundObject) -> list[str]:
    """Printed keywords, those the effect that played it granted (181.3), and those granted by
    effects on the board (472.2)."""
    granted = [*obj.face.keywords, *obj.granted]
    for effect, instances in _anthems(state, obj):
        granted.extend(list(effect.keywords) * instances)
    return obj.keywords_after_changes(granted)


def domains(obj: RiftboundObject) -> tuple[str, ...]:
    """The domains of an object: a token has none (182.2.b), so it never counts toward a
    domain; a card has those it prints (134.1)."""
    return () if obj.token else obj.face.colors


def deflect_value(state: RiftboundState, obj: RiftboundObject) -> int:
    """The summed Deflect Value of a unit (809.1.b.3: "Deflect" alone is 1; 809.2 sums them)."""
    total = 0
    for keyword in keywords(state, obj):
        match = _DEFLECT.match(keyword)
        if match:
            total += int(match.group(1) or 1)
    return total


def is_lethal(state: RiftboundState, obj: RiftboundObject) -> bool:
    """Nonzero damage equal to or above the unit's Might (143.2.a; below 0 counts as 0)."""
    current = might(state, obj)
    return is_unit(obj) and obj.damage > 0 and obj.damage >= max(current or 0, 0)
