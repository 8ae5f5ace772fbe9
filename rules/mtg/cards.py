"""The actions that bring objects into the game: ``create_token`` (111.2-111.10),
``create_copy`` (707, 111.5, 111.12), ``resolve_spell_copy`` (a permanent spell's copy becoming a
token, 111.13) and ``put_card`` (a nontoken card with its effects)."""

from __future__ import annotations

from dataclasses import replace

from rules.context import times
from rules.definitions import back_from_payload, face_from_payload
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.actions import attach
from rules.mtg.combat import parse_defender
from rules.mtg.create import (
    LEAVES_AT,
    NO_BATTLEFIELD_RULE,
    Batch,
    can_enchant,
    create_tokens,
    enter_as_token,
    entering_counters,
    enters_tapped,
    resolve_definition,
    token_name,
)
from rules.mtg.enters import choose_as_enters
from rules.mtg.layers import FACE_DOWN
from rules.mtg.make_data import MakeTrigger
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.typeline import CARD_TYPES
from rules.stacks import check_count
from rules.state import Face
from rules.text import joined, msg, plural, word

JsonDict = params.JsonDict

_TYPE_LINE_ORDER = {
    t: i
    for i, t in enumerate(
        ("Kindred", "Enchantment", "Artifact", "Land", "Creature", "Planeswalker", "Battle")
    )
}


def _entry(ctx: MtgContext, action: JsonDict) -> JsonDict:
    """How the tokens enter: tapped, attacking (a defending seat), with counters, leaving at."""
    counters = params.mapping(action, "counters")
    for kind, n in counters.items():
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidAction(
                msg("counters[{kind}] must be a non-negative integer", kind=repr(kind))
            )
    # "Enters with X counters" for X = 0 puts none, so nothing modifies putting them (122.6).
    counters = {kind: n for kind, n in counters.items() if n}
    attacking = action.get("attacking")
    defender: int | str | None = None
    if attacking is True:
        seats = ctx.state.seats
        active = ctx.state.active_seat
        opponents = [i for i in range(len(seats)) if i != active]
        if not opponents:
            raise IllegalAction(msg("there is no opponent to attack"), "508.4")
        defender = next((i for i in opponents if not seats[i].lost), opponents[0])
    elif isinstance(attacking, dict):
        defender = parse_defender(ctx, attacking, gone_ok=True)
    elif attacking is not None and attacking is not False:  # seat 0 == False in Python
        defender = params.seat(ctx, action, "attacking")
    attach_to = action.get("attach_to")
    if attach_to is not None and not isinstance(attach_to, str):
        raise InvalidAction(msg("attach_to must be an object id"))
    return {
        # None: not said; a token put onto the battlefield attacking is then tapped as well
        # ("tapped and attacking"), while tapped: false keeps it untapped (Brimaz's Cat).
        "tapped": params.flag(action, "tapped") if action.get("tapped") is not None else None,
        "attacking": defender,
        "counters": tuple(sorted(counters.items())),
        "attach_to": attach_to,
        "leaves_at": params.text(action, "leaves_at", LEAVES_AT),
    }


def create_token(ctx: MtgContext, action: JsonDict) -> None:
    """Create tokens from a definition (embedded by the tables service) or a predefined slug."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    count = check_count(action.get("count"))
    slug = action.get("token")
    if slug is not None and not isinstance(slug, str):
        raise InvalidAction(msg("token must be a token definition id"))
    face, back, definition = resolve_definition(slug, action.get("definition"))
    name = params.text(action, "name")
    if name:
        face = replace(face, name=name)  # 111.9: "create [name], a ..." names the token
    batch = Batch(face, back, definition, count, **_entry(ctx, action))
    created = create_tokens(ctx, controller, [batch])
    equipment = action.get("equip_with")
    if equipment is not None and created:
        # Living weapon, For Mirrodin!, job select: create, then attach, in one resolution, so
        # a 0/0 Germ isn't seen by state-based actions in between (704.4, 702.92a).
        attach(ctx, {"object": equipment, "to": created[0].id})


def _copiable(obj: MtgObject) -> tuple[Face, Face | None, bool]:
    """707.2: copiable values only; a face-down object copies as a nameless 2/2 and the copy is
    face up; a double-faced token copy enters with the same face up (707.8a)."""
    if obj.face_down:
        return FACE_DOWN, None, False
    return obj.face, obj.back, obj.transformed


def _except(face: Face, changes: JsonDict) -> Face:
    """707.9: modifications made as part of copying become copiable values."""
    allowed = {"haste", "legendary", "power", "toughness", "add_types", "colors", "mana_cost"}
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidAction(msg("unknown except keys {unknown}", unknown=sorted(unknown)))
    if changes.get("haste") and "Haste" not in face.keywords:
        face = replace(face, keywords=(*face.keywords, "Haste"))
    if changes.get("legendary") is False:
        face = replace(face, supertypes=tuple(s for s in face.supertypes if s != "Legendary"))
    if changes.get("legendary") is True and "Legendary" not in face.supertypes:
        face = replace(face, supertypes=("Legendary", *face.supertypes))
    if "power" in changes:
        face = replace(face, power=params.integer(changes, "power"))
    if "toughness" in changes:
        face = replace(face, toughness=params.integer(changes, "toughness"))
    if "power" in changes and "toughness" in changes:
        face = replace(face, pt_cda=False)  # "except it's 4/4" replaces a "*" (707.9b)
    added = changes.get("add_types") or []
    if not isinstance(added, list) or not all(isinstance(t, str) for t in added):
        raise InvalidAction(msg("except.add_types must be a list of type names"))
    types = (*face.types, *(t for t in added if t in CARD_TYPES and t not in face.types))
    if len(types) > len(face.types):
        # Printed in the usual type-line order: "Artifact Creature", "Enchantment Creature".
        types = tuple(sorted(types, key=lambda t: _TYPE_LINE_ORDER.get(t, len(_TYPE_LINE_ORDER))))
    subtypes = (*face.subtypes, *(t for t in added if t not in CARD_TYPES))
    face = replace(face, types=types, subtypes=subtypes)
    if "mana_cost" in changes:
        cost = changes["mana_cost"]
        if not isinstance(cost, str):
            raise InvalidAction(msg("except.mana_cost must be a mana cost string ('' for none)"))
        face = replace(face, mana_cost=cost)
    if "colors" in changes:
        colors = face_from_payload({"colors": changes["colors"]}, token_name).colors
        face = replace(face, colors=colors)
    return face


def except_face(face: Face, changes: JsonDict) -> Face:
    """A copy's face with the modifications made as part of copying (707.9)."""
    return _except(face, changes)


def create_copy(ctx: MtgContext, action: JsonDict) -> None:
    """Create token copies of an object or a card (707.2, 707.3: a copy of a copy copies the
    copiable values, exceptions included)."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    count = check_count(action.get("count"))
    of = action.get("of")
    if of is not None:
        source = ctx.state.objects.get(of) if isinstance(of, str) else None
        if source is None:
            ctx.event(
                "not_created",
                msg("{of} doesn't exist, so no token is created (CR 111.12)", of=of),
                "111.12",
            )
            return
        face, back, transformed = _copiable(source)
        copy_of = source.id
        definition = None if source.face_down else source.definition
    else:
        card = action.get("card")
        payload = action.get("definition")
        if payload is None:
            raise InvalidAction(msg("create_copy needs 'of' (an object) or a card 'definition'"))
        face = face_from_payload(payload, token_name)
        back = back_from_payload(payload, token_name)
        transformed, copy_of, definition = False, card if isinstance(card, str) else face.name, None
    changes = params.mapping(action, "except")
    if transformed and back is not None:
        back = _except(back, changes)
    else:
        face = _except(face, changes)
    up = back if transformed and back is not None else face
    if "Instant" in up.types or "Sorcery" in up.types:
        ctx.event(
            "not_created",
            msg(
                "A copy of {up} would be an instant or sorcery, so no token is created (CR 111.5)",
                up=up.name,
            ),
            "111.5",
        )
        return
    entry = _entry(ctx, action)
    batch = Batch(face, back, definition, count, copy_of=copy_of, transformed=transformed, **entry)
    create_tokens(ctx, controller, [batch])


def resolve_spell_copy(ctx: MtgContext, action: JsonDict) -> None:
    """A copy of a permanent spell resolves (707.10f: "copy target creature spell"): it becomes
    a token as it enters (111.13, 608.3f) with the characteristics of the spell, i.e. of the card
    ``definition`` with any ``except`` (707.9, 707.10). Its controller owns it (707.10, 111.2).
    It isn't created, so exactly ``count`` tokens enter, whatever Doubling Season says."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    count = check_count(action.get("count"))
    payload = action.get("definition")
    if payload is None:
        raise InvalidAction(
            msg(
                "resolve_spell_copy needs the spell's card 'definition' (embedded by the tables "
                "service from 'card')"
            )
        )
    face = _except(face_from_payload(payload, token_name), params.mapping(action, "except"))
    back = back_from_payload(payload, token_name)
    if "Instant" in face.types or "Sorcery" in face.types or not face.types:
        raise InvalidAction(
            msg(
                "{name} isn't a permanent spell; only a copy of a permanent spell becomes a token "
                "as it resolves (CR 111.13, 707.10f)",
                name=face.name or msg("That"),
            )
        )
    card = action.get("card")
    copy_of = card if isinstance(card, str) else face.name
    batch = Batch(face, back, None, count, copy_of=copy_of, **_entry(ctx, action))
    enter_as_token(ctx, controller, batch)


def put_card(ctx: MtgContext, action: JsonDict) -> None:
    """Put nontoken cards into a zone; on the battlefield their effects apply (internals.md 2)."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    count = check_count(action.get("count"))
    zone = params.text(action, "zone", ("battlefield", "graveyard", "exile", "hand", "library"))
    zone = zone or "battlefield"
    payload = action.get("definition")
    if payload is None:
        raise InvalidAction(
            msg("put_card needs the card 'definition' (embedded by the tables service)")
        )
    face = face_from_payload(payload, token_name)
    back = back_from_payload(payload, token_name)
    card = action.get("card")
    seat = ctx.state.seat(controller)
    host = action.get("attach_to")
    spell_type = next((t for t in ("Instant", "Sorcery") if t in face.types), None)
    if zone == "battlefield" and spell_type is not None:
        rule = NO_BATTLEFIELD_RULE[spell_type]
        raise IllegalAction(
            msg(
                "{name} is an {spell_type}; {spell_type}s can't enter the battlefield, it stays "
                "in its previous zone (CR {rule})",
                name=face.name,
                spell_type=spell_type.lower(),
                rule=rule,
            ),
            rule,
        )
    if host is not None and zone == "battlefield" and "Aura" in face.subtypes:
        target = ctx.get(host)
        if not can_enchant(ctx, face, target):
            # 303.4i: the Aura stays where it was; nothing enters the battlefield.
            raise IllegalAction(
                msg(
                    "{name} can't legally enchant {target}, so it doesn't enter the battlefield "
                    "(CR 303.4i)",
                    name=face.name,
                    target=target.current.name or target.id,
                ),
                "303.4i",
            )
    hosts: dict[str, int] = {}
    if host is None and zone == "battlefield" and "Aura" in face.subtypes:
        hosts = _aura_card_hosts(ctx, controller, face, count)
    if zone in ("hand", "library"):
        setattr(seat, zone, getattr(seat, zone) + count)
        ctx.event(
            "card_put",
            plural(
                "{seat} put {n} card into their {zone} (CR 400.1)",
                "{seat} put {n} cards into their {zone} (CR 400.1)",
                n=count,
                seat=seat.name,
                zone=word(zone),
            ),
            "400.1",
            seat=controller,
        )
        return
    chosen = _chosen_name(face, action) if zone == "battlefield" else None
    obj = MtgObject(
        id=ctx.state.new_id(),
        count=count,
        zone=zone,
        owner=controller,
        controller=controller,
        token=False,
        face=face,
        back=back,
        definition=card if isinstance(card, str) else None,
        tapped=params.flag(action, "tapped")
        or (zone == "battlefield" and enters_tapped(ctx, controller, face, token=False)),
        timestamp=ctx.state.new_timestamp(),
        chosen_name=chosen,
    )
    if zone == "battlefield":
        for kind, amount in entering_counters(face):  # 306.5b, through 122.6/614.1c
            put_counters(ctx, obj, kind, amount, as_token=False)
        ctx.triggers.append(MakeTrigger(obj.id, count))  # "when ... enters" (603.6a)
    ctx.state.objects[obj.id] = obj
    where = (
        msg("onto the battlefield")
        if zone == "battlefield"
        else msg("into {zone}", zone=word(zone))
    )
    counters = joined(
        [
            plural(
                ", with {n} {kind} counter (CR 306.5b)",
                ", with {n} {kind} counters (CR 306.5b)",
                n=n,
                kind=word(k),
            )
            for k, n in obj.counters.items()
        ]
    )
    rule = "110.1" if zone == "battlefield" else "400.1"
    ctx.event(
        "card_put",
        msg(
            "{seat} put {stack} {where}{counters} (CR {rule})",
            seat=seat.name,
            stack=times(count, face.name),
            where=where,
            counters=counters,
            rule=rule,
        ),
        rule,
        object=obj.id,
        count=count,
    )
    if host is not None and zone == "battlefield":
        # An Aura or Equipment card put onto the battlefield attached (303.4f, 701.3a).
        attach(ctx, {"object": obj.id, "to": host})
    for chosen_host, many in hosts.items():
        # 303.4f: the player chose what each Aura enchants as it entered.
        attach(ctx, {"object": obj.id, "to": chosen_host, "count": many})  # splits them off
    if chosen is not None:
        ctx.event(
            "name_chosen",
            msg(
                "As {name} entered, {seat} chose the card name {chosen} (CR 201.4)",
                name=face.name,
                seat=seat.name,
                chosen=chosen,
            ),
            "201.4",
            object=obj.id,
            name=chosen,
        )
    if zone == "battlefield":
        choose_as_enters(ctx, obj)


SEPARATE_CHOICES = 64
"""At most this many objects of one action each get a choice of their own; more is refused
before any work, unless every choice is the same."""


def _aura_card_hosts(ctx: MtgContext, controller: int, face: Face, count: int) -> dict[str, int]:
    """An Aura card put onto the battlefield by an effect that doesn't say what it enchants:
    its controller chooses a legal object as it enters (303.4f), one choice per Aura; with
    nothing it could legally enchant, it stays in its previous zone (303.4g), so the action is
    refused rather than the Aura entering unattached."""
    legal = [o.id for o in on_battlefield(ctx.state) if can_enchant(ctx, face, o)]
    if not legal:
        raise IllegalAction(
            msg(
                "{name} has nothing it can legally enchant, so it stays in its previous zone and "
                "doesn't enter the battlefield (CR 303.4g)",
                name=face.name,
            ),
            "303.4g",
        )
    if len(legal) == 1:
        return {legal[0]: count}  # no choice to make: all of them enchant it
    if count > SEPARATE_CHOICES:
        raise IllegalAction(
            msg(
                "Each of the {count} {name} chooses what it enchants as it enters (CR 303.4f); "
                "put at most {separate_choices} at once when there is a choice",
                count=count,
                name=face.name,
                separate_choices=SEPARATE_CHOICES,
            ),
            "303.4f",
        )
    hosts: dict[str, int] = {}
    for _ in range(count):
        chosen = ctx.decide(
            "aura_host",
            controller,
            msg("Choose what {name} enchants (CR 303.4f)", name=face.name),
            legal,
            "303.4f",
        )
        hosts[chosen] = hosts.get(chosen, 0) + 1
    return hosts


TOKEN_NAME_SUFFIX = " token"


def _chosen_name(face: Face, action: JsonDict) -> str | None:
    """ "As this enters, choose a card name" (Pithing Needle): ``choices.name``. Only card names
    may be chosen, never a token's name such as "Treasure Token" (201.4, 111.4); the tables
    service checks the name against the catalogue's cards as well."""
    if not any(e.kind == "named_cant_activate" for e in face.effects):
        return None
    name = params.mapping(action, "choices").get("name")
    if not isinstance(name, str) or not name.strip():
        raise InvalidAction(
            msg(
                'As {name} enters, choose a card name: choices {{"name": "..."}} (CR 201.4)',
                name=face.name,
            )
        )
    name = " ".join(name.split())
    if name.casefold().endswith(TOKEN_NAME_SUFFIX) or name.casefold() == "token":
        raise IllegalAction(
            msg(
                "{name} is the name of a token, not of a card; a player may not choose the name "
                "of a token unless it's also the name of a card (CR 201.4, 111.4)",
                name=repr(name),
            ),
            "201.4",
        )
    if "//" in name:
        raise IllegalAction(
            msg("choose the name of one half of a split card, not both (CR 201.4b)"), "201.4b"
        )
    return name


def put_land(ctx: MtgContext, seat: int, name: str, count: int) -> None:
    """Lander: a basic land card from the library onto the battlefield tapped (111.10u)."""
    if count == 0:
        ctx.event("searched", msg("The library is empty; nothing was found (CR 701.23)"), "701.23")
        return
    face = Face(name=name, supertypes=("Basic",), types=("Land",))
    obj = MtgObject(
        id=ctx.state.new_id(),
        count=count,
        zone="battlefield",
        owner=seat,
        controller=seat,
        token=False,
        face=face,
        tapped=True,
        timestamp=ctx.state.new_timestamp(),
    )
    ctx.state.objects[obj.id] = obj
    ctx.triggers.append(MakeTrigger(obj.id, count))  # landfall sees it (603.6a)
    ctx.event(
        "searched",
        msg(
            "{seat} put {stack} onto the battlefield tapped (CR 111.10u)",
            seat=ctx.state.seat(seat).name,
            stack=times(count, name),
        ),
        "111.10u",
        object=obj.id,
        count=count,
    )
