"""Playing tokens (176-184) and putting cards on the board.

A token is controlled by the controller of the creating effect unless the effect names another
player (179), and owned by the player who controlled that effect (180); the action's
``controller`` is that player (RULES.md D.1: "they play" makes the other player owner too),
unless ``owner`` names the effect's controller apart.
Units enter exhausted (143.4) and gear ready (149.1) unless the effect says otherwise (181.1).
"""

from __future__ import annotations

from typing import Any

from rules import params
from rules import registry as r
from rules.definitions import face_from_payload
from rules.effects import Effect
from rules.errors import IllegalAction, InvalidAction
from rules.registry import Param
from rules.riftbound import board, plays
from rules.riftbound.battlefields import create_battlefield
from rules.riftbound.board import BASE, BOARD
from rules.riftbound.predefined import predefined_token
from rules.riftbound.records import RiftboundContext, RiftboundObject, RiftboundState
from rules.stacks import check_count
from rules.state import MAX_COUNT, Face
from rules.text import msg, plural

JsonDict = dict[str, Any]

OWNER_PARAM = Param(
    "owner",
    r.SEAT,
    "The player whose effect creates the tokens: their owner (180), while `controller` controls "
    'them (179). E.g. {"controller": 1, "owner": 0}: Ann\'s effect makes a token Ben controls. '
    "Default: the controller.",
    refers=r.PLAYER,
    form=False,
)


def tags_name(tags: tuple[str, ...]) -> str:
    """A token named by nothing takes its tags' names (184 names tokens like "Recruit")."""
    return " ".join(tags) or "Token"


def definition_of(action: JsonDict) -> tuple[JsonDict, str | None]:
    """The embedded definition, or a predefined token (184.1-184.9) named by ``token``."""
    slug = action.get("token")
    definition = action.get("definition")
    if definition is None and isinstance(slug, str):
        definition = predefined_token(slug)
    if not isinstance(definition, dict):
        raise InvalidAction(msg("create_token needs a known 'token' or a 'definition'"))
    return definition, slug if isinstance(slug, str) else definition.get("id")


def face_of(definition: JsonDict, name: object = None) -> Face:
    data = dict(definition)
    if name is not None:
        if not isinstance(name, str) or not name:
            raise InvalidAction(msg("name must be a non-empty string"))
        data["name"] = name
    if not data.get("name"):
        data["name"] = tags_name(tuple(data.get("tags") or ()))
    return face_from_payload(data, tags_name)


def create_token(ctx: RiftboundContext, action: JsonDict) -> None:
    """Play ``count`` tokens (182.1.a) or add a battlefield token (439.2.b.4, 438)."""
    definition, slug = definition_of(action)
    face = face_of(definition, action.get("name"))
    seat = params.seat(ctx, action, "controller")
    count = check_count(action.get("count"))
    if face.has_type("Battlefield"):
        create_battlefield(ctx, action, face, slug, seat, count)
        return
    if not (face.has_type("Unit") or face.has_type("Gear")):
        raise InvalidAction(
            msg("only unit, gear and battlefield tokens can be played to the board")
        )
    play_token(ctx, action, face, slug, seat, count)


def play_token(
    ctx: RiftboundContext,
    action: JsonDict,
    face: Face,
    slug: object,
    seat: int,
    count: int,
    granted: tuple[str, ...] = (),
) -> RiftboundObject:
    """The token goes on the Chain pending (183, 354.2); its location and entry are checked
    before anything else happens, and an illegal play is undone (358.4); finalized, it resolves
    at once (337.1.c) and enters the board (359.2)."""
    plays.pending(ctx, face, seat, count)
    try:
        check_entry(ctx, action, face, seat)
    except IllegalAction as illegal:
        raise IllegalAction(
            plays.undone_text(illegal.detail, face.name), str(illegal.rule)
        ) from None
    count = extra_copies(ctx, face, seat, count)
    plays.finalized(ctx, face, seat, count)
    obj = enter(ctx, action, face, slug, seat, count, token=True, granted=granted)
    plays.token_played(ctx, obj)
    return obj


def put_card(ctx: RiftboundContext, action: JsonDict) -> None:
    """Put a nontoken unit or gear card onto the board, as if played (349, 359.2), or a card
    into the trash, Banishment or its owner's Champion Zone (``zone``, 108). A spell card
    without ``zone`` is played: it goes to the trash (351.2). Either play counts as a card
    played this turn (350.1, Legion 812)."""
    definition = action.get("definition")
    if not isinstance(definition, dict):
        raise InvalidAction(msg("put_card needs a card 'definition'"))
    face = face_of(definition)
    seat = params.seat(ctx, action, "controller")
    slug = action.get("card") if isinstance(action.get("card"), str) else definition.get("id")
    count = check_count(action.get("count"))
    zone = params.text(action, "zone", (BOARD, "trash", "banishment", "champion")) or BOARD
    if face.has_type("Spell") and zone == BOARD:
        _play_spell(ctx, face, slug, seat)
        return
    if zone != BOARD:
        _put_aside(ctx, face, slug, seat, count, zone)
        return
    if not (face.has_type("Unit") or face.has_type("Gear")):
        raise InvalidAction(msg("put_card puts unit and gear cards onto the board"))
    obj = enter(ctx, action, face, slug, seat, count, token=False)
    plays.card_played(ctx, obj)


def _play_spell(ctx: RiftboundContext, face: Face, slug: object, seat: int) -> None:
    """A spell card is played (350.1): it counts as a card played this turn (Legion, 812) and
    goes to its owner's trash (351.2); its effect is carried out by hand."""
    obj = _new_card(ctx.state, face, slug, seat, 1, "trash")
    ctx.event(
        "spell_played",
        msg(
            "{seat} played {name}; once it has resolved it is in their trash (350.1, 351.2).",
            seat=ctx.state.seats[seat].name,
            name=face.name,
        ),
        "351.2",
        object=obj.id,
        seat=seat,
    )
    plays.card_played(ctx, obj)


def _put_aside(
    ctx: RiftboundContext, face: Face, slug: object, seat: int, count: int, zone: str
) -> None:
    if zone == "champion":
        board.check_champion_zone(ctx.state, seat, count)
    obj = _new_card(ctx.state, face, slug, seat, count, zone)
    ctx.event(
        "card_put",
        msg(
            "{seat} put {name} into their {zone} (108).",
            seat=ctx.state.seats[seat].name,
            name=face.name,
            zone=zone,
        ),
        "108",
        object=obj.id,
        count=count,
        zone=zone,
    )


def _new_card(
    state: RiftboundState, face: Face, slug: object, seat: int, count: int, zone: str
) -> RiftboundObject:
    """A stack of nontoken cards of ``seat`` in a zone other than the board."""
    obj = RiftboundObject(
        id=state.new_id(),
        count=count,
        zone=zone,
        owner=seat,
        controller=seat,
        token=False,
        face=face,
        definition=slug if isinstance(slug, str) else None,
        timestamp=state.new_timestamp(),
    )
    state.objects[obj.id] = obj
    return obj


def enter(
    ctx: RiftboundContext,
    action: JsonDict,
    face: Face,
    slug: object,
    seat: int,
    count: int,
    token: bool,
    granted: tuple[str, ...] = (),
) -> RiftboundObject:
    """A permanent enters the board at a valid location (355.2.a, 359.2.c/d), with the
    keywords the effect that plays it grants (181.3)."""
    state = ctx.state
    gear = face.has_type("Gear")
    permitted = params.flag(action, "permitted")
    location = board.check_play_location(state, seat, action.get("location"), gear, permitted)
    exhausted, rule = _entry_status(ctx, action, face, seat, token)
    # A token's owner is the player who controlled the effect that created it (180).
    owner = params.seat(ctx, action, "owner", seat) if token else seat
    obj = RiftboundObject(
        id=state.new_id(),
        count=count,
        zone=BOARD,
        owner=owner,
        controller=seat,
        token=token,
        face=face,
        definition=slug if isinstance(slug, str) else None,
        timestamp=state.new_timestamp(),
        exhausted=exhausted,
        location=location,
        granted=granted,
    )
    state.objects[obj.id] = obj
    where = board.location_name(state, location, seat)
    said = {
        (True, True): plural(
            "{seat} played {name} token to {where}; it entered exhausted ({rule}).",
            "{seat} played {n} {name} tokens to {where}; they entered exhausted ({rule}).",
            n=count,
            seat=state.seats[seat].name,
            name=face.name,
            where=where,
            rule=rule,
        ),
        (True, False): plural(
            "{seat} played {name} token to {where}; it entered ready ({rule}).",
            "{seat} played {n} {name} tokens to {where}; they entered ready ({rule}).",
            n=count,
            seat=state.seats[seat].name,
            name=face.name,
            where=where,
            rule=rule,
        ),
        (False, True): plural(
            "{seat} played {name} card to {where}; it entered exhausted ({rule}).",
            "{seat} played {n} {name} cards to {where}; they entered exhausted ({rule}).",
            n=count,
            seat=state.seats[seat].name,
            name=face.name,
            where=where,
            rule=rule,
        ),
        (False, False): plural(
            "{seat} played {name} card to {where}; it entered ready ({rule}).",
            "{seat} played {n} {name} cards to {where}; they entered ready ({rule}).",
            n=count,
            seat=state.seats[seat].name,
            name=face.name,
            where=where,
            rule=rule,
        ),
    }[(token, exhausted)]
    ctx.event(
        "token_created" if token else "card_put",
        said,
        rule,
        object=obj.id,
        count=count,
        location=location,
        exhausted=exhausted,
    )
    return obj


def check_entry(ctx: RiftboundContext, action: JsonDict, face: Face, seat: int) -> None:
    """Refuse a bad location or ``ready`` before any player is asked anything."""
    if action.get("ready") is not None and not isinstance(action.get("ready"), bool):
        raise InvalidAction(msg("ready must be true or false"))
    gear, permitted = face.has_type("Gear"), params.flag(action, "permitted")
    board.check_play_location(ctx.state, seat, action.get("location"), gear, permitted)


def _entry_status(
    ctx: RiftboundContext, action: JsonDict, face: Face, seat: int, token: bool
) -> tuple[bool, str]:
    """Exhausted or ready, and the rule that says so.

    Units enter exhausted (143.4), gear ready (149.1); the creating effect may say otherwise
    (181.1); "your tokens enter ready" (Renata Glasc) is a replacement effect (367). When the
    effect says exhausted and such an effect applies, the owner orders them (372): the last
    one applied wins.
    """
    default_ready = face.has_type("Gear")
    check_entry(ctx, action, face, seat)
    ready = action.get("ready")
    probe = RiftboundObject("probe", 1, BOARD, seat, seat, token, face, location=BASE)
    makes_ready = [
        effect
        for effect, _, location, controller in board.effects_of(ctx.state, "enters_ready")
        if board.applies_to(effect, probe, location, controller)
    ]
    if not makes_ready:
        if ready is None:
            return not default_ready, "149.1" if default_ready else "143.4"
        return not ready, "181.1"
    if ready is False:
        last = ctx.decide(
            "replacement_order",
            seat,
            msg(
                "The effect plays {name} exhausted, but your tokens enter ready: which applies "
                "last (372)?",
                name=face.name,
            ),
            ["exhausted", "ready"],
            "372",
        )
        return last == "exhausted", "372"
    return False, "367"


def extra_copies(ctx: RiftboundContext, face: Face, seat: int, count: int) -> int:
    """ "Play that token and an additional copy of it instead" (Zilean, 371): the copy inherits
    how the token enters (375)."""
    state = ctx.state
    probe = RiftboundObject("probe", 1, BOARD, seat, seat, True, face, location=BASE)
    for source in [o for o in state.objects.values() if o.zone == BOARD]:
        for index, effect in enumerate(source.face.effects):
            if effect.kind != "token_extra" or effect.token is not None:
                continue
            if not _extra_applies(ctx, effect, index, source, probe):
                continue
            key = f"{source.id}:{index}"
            if effect.optional and not ctx.decide(
                "optional_replacement",
                source.controller,
                msg(
                    "{name}: play {name2} and an additional copy of it instead (371)?",
                    name=source.face.name,
                    name2=face.name,
                ),
                [True, False],
                "371",
            ):
                continue
            if effect.once_each_turn:
                state.system.setdefault("used_this_turn", []).append(key)
            count += effect.count
    if count > MAX_COUNT:
        raise InvalidAction(
            msg("a stack would hold more than {max_count} objects", max_count=MAX_COUNT)
        )
    return count


def _extra_applies(
    ctx: RiftboundContext,
    effect: Effect,
    index: int,
    source: RiftboundObject,
    probe: RiftboundObject,
) -> bool:
    if not board.applies_to(effect, probe, source.location, source.controller):
        return False
    if effect.at_battlefield and source.location == BASE:
        return False
    used = ctx.state.system.get("used_this_turn", [])
    return not (effect.once_each_turn and f"{source.id}:{index}" in used)
