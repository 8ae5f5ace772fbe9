"""``make``: one card's token-making ability performed with the table as it is (CR 111.2, 603,
614, 701, 702, 707), from the effect data compiled from its rules text (``rules/mtg/oracle``).

X is counted from the table (107.3), the creation goes through the replacement effects like
``create_token`` (616.1), choices are asked the same way. Like paper, it neither pays nor checks
the ability's cost or timing. Triggered entries the kernel sees fire by themselves
(``rules/mtg/make_triggers.py``).
"""

from __future__ import annotations

from typing import Any

from rules.definitions import back_from_payload, face_from_payload
from rules.effects import TokenFilter
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import make_data, params
from rules.mtg.actions import adjust_life, attach
from rules.mtg.cards import create_copy, except_face
from rules.mtg.create import Batch, create_tokens, resolve_definition, token_name
from rules.mtg.keyword_actions import amass, populate
from rules.mtg.layers import compute_one, visible_face
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.status import name_of
from rules.stacks import split
from rules.state import Face
from rules.text import msg, plural

JsonDict = dict[str, Any]


class Source:
    """What makes the tokens: an object on the table, or a card that isn't on it (a paper
    player's) known by its definition."""

    def __init__(self, face: Face, seat: int, obj: MtgObject | None, payload: JsonDict | None):
        self.face = face
        self.seat = seat
        self.obj = obj
        self.payload = payload

    @property
    def name(self) -> str:
        return name_of(self.obj) if self.obj is not None else self.face.name


def make(ctx: MtgContext, action: JsonDict) -> None:
    """The action: ``object`` (a card on the table) or ``card`` with its embedded ``definition``
    and ``controller``; ``which`` entry of its makes; ``x`` when the table can't count X."""
    source = _source(ctx, action)
    entries = make_data.entries(source.face)
    index = _which(source, entries, action)
    entry = entries[index]
    if not entry.get("automated"):
        raise IllegalAction(
            msg(
                "{name}'s ability {index} isn't automated: its text wasn't understood, so the "
                "table can't do it; create its tokens by hand ({text})",
                name=source.name,
                index=index,
                text=entry.get("text") or "",
            ),
            "111.2",
        )
    make_data.check_entry(entry)
    if entry.get("when") == "replacement":
        raise IllegalAction(
            msg(
                "{name}'s ability {index} is a replacement effect: it applies by itself while "
                "the card is on the battlefield (CR 614.1)",
                name=source.name,
                index=index,
            ),
            "614.1",
        )
    x = action.get("x")
    if x is not None:
        x = params.integer(action, "x", minimum=0)
    ctx.event(
        "make",
        msg(
            "{seat} makes with {name}: {text} (CR 111.2)",
            seat=ctx.state.seat(source.seat).name,
            name=source.name,
            text=entry.get("text") or "",
        ),
        "111.2",
        which=index,
    )
    run(ctx, source, entry, x, action.get("of"))


def _source(ctx: MtgContext, action: JsonDict) -> Source:
    if action.get("object") is not None:
        obj, _count = params.target(ctx, action, on_battlefield=False)
        return Source(visible_face(obj), obj.controller, obj, None)
    payload = action.get("definition")
    if payload is None and isinstance(action.get("card"), dict):
        payload = action["card"]
    if not isinstance(payload, dict):
        raise InvalidAction(
            msg("make needs 'object' (a card on the table) or 'card' with its definition")
        )
    face = face_from_payload(payload, token_name)
    seat = params.seat(ctx, action, "controller", ctx.state.active_seat)
    return Source(face, seat, None, payload)


def _which(source: Source, entries: list[JsonDict], action: JsonDict) -> int:
    if not entries:
        raise IllegalAction(msg("{name} has no token-making ability", name=source.name), "111.2")
    if action.get("which") is not None:
        index = params.integer(action, "which", minimum=0)
        if index >= len(entries):
            raise InvalidAction(
                msg("{name} has no ability {index} in its makes", name=source.name, index=index)
            )
        return index
    usable = [i for i, e in enumerate(entries) if e.get("automated") and e["when"] != "replacement"]
    if len(usable) > 1:
        raise InvalidAction(
            msg(
                "{name} has {n} token-making abilities; say which (0-{last})",
                name=source.name,
                n=len(usable),
                last=len(entries) - 1,
            )
        )
    return usable[0] if usable else 0


def run(ctx: MtgContext, source: Source, entry: JsonDict, x: int | None, of: object) -> None:
    """Perform an entry's steps, for each player who creates (the "you" of the ability unless
    it names others: "each opponent creates", "that player creates")."""
    effect = entry["effect"]
    for creator in _creators(ctx, source, effect.get("creator", "you")):
        for step in effect["steps"]:
            _step(ctx, source, creator, step, x, of)


def _creators(ctx: MtgContext, source: Source, creator: str) -> list[int]:
    state = ctx.state
    alive = [i for i, s in enumerate(state.seats) if not s.lost]
    if creator == "you":
        return [source.seat]
    if creator == "each_player":
        return alive
    if creator == "each_opponent":
        return [i for i in alive if i != source.seat]
    options = [f"{i}: {state.seat(i).name}" for i in alive]
    answer = ctx.decide(
        "make_creator",
        source.seat,
        msg("{name}: choose the player who creates the tokens", name=source.name),
        options,
        "111.2",
    )
    return [int(str(answer).split(":", 1)[0])]


def amount(ctx: MtgContext, source: Source, value: Any, x: int | None) -> int:
    """A fixed count, or X counted from the table (107.3) times the count per X."""
    if isinstance(value, int):
        return value
    spec = value["x"]
    times = int(value.get("times", 1))
    return count_x(ctx, source, spec, x) * times


def count_x(ctx: MtgContext, source: Source, spec: JsonDict, x: int | None) -> int:
    """What X is: the player's ``x`` when given, else counted from the table."""
    if x is not None:
        return x
    kind = spec["count"]
    state = ctx.state
    if kind == "hand":
        return state.seat(source.seat).hand
    if kind == "opponents":
        return sum(1 for i, s in enumerate(state.seats) if i != source.seat and not s.lost)
    if kind == "permanents":
        return _permanents(ctx, source, spec)
    raise InvalidAction(
        msg(
            "X is {words}: the table can't count it, so say it with 'x'",
            words=spec.get("words") or "X",
        )
    )


def _permanents(ctx: MtgContext, source: Source, spec: JsonDict) -> int:
    state = ctx.state
    wanted = TokenFilter(
        types=tuple(spec.get("types") or ()),
        subtypes=tuple(spec.get("subtypes") or ()),
        token=spec.get("token"),
    )
    whose = spec.get("whose", "you")
    total = 0
    for obj in on_battlefield(state):
        if whose == "you" and obj.controller != source.seat:
            continue
        if whose == "opponents" and obj.controller == source.seat:
            continue
        face = compute_one(state, obj).face
        if wanted.matches(face.types, face.subtypes, obj.token):
            total += obj.count
            if spec.get("other") and source.obj is not None and obj.id == source.obj.id:
                total -= 1  # "other": not the source itself
    if source.obj is None and whose != "opponents" and not spec.get("other"):
        # A card that isn't on the table (a paper player's Krenko) is on its player's
        # battlefield all the same: it counts itself as it would there.
        face = source.face
        total += wanted.matches(face.types, face.subtypes, False) and _is_permanent(face)
    return max(total, 0)


def _is_permanent(face: Face) -> bool:
    return bool(face.types) and not {"Instant", "Sorcery"} & set(face.types)


def _holds(ctx: MtgContext, source: Source, step: JsonDict) -> bool:
    """ "If you control six or more lands, ... instead" (614.1a): which of the two steps."""
    for name, wanted in (("only_if", True), ("unless", False)):
        condition = step.get(name)
        if condition is not None:
            met = count_x(ctx, source, condition["x"], None) >= condition["at_least"]
            if met != wanted:
                return False
    return True


def _step(
    ctx: MtgContext, source: Source, seat: int, step: JsonDict, x: int | None, of: object
) -> None:
    if not _holds(ctx, source, step):
        return
    kind = step["do"]
    if kind == "create":
        _create(ctx, source, seat, step, x)
    elif kind == "copy":
        _copy(ctx, source, seat, step, x, of)
    elif kind == "amass":
        n = amount(ctx, source, step["amount"], x)
        amass(ctx, {"controller": seat, "amount": n, "subtype": step["subtype"]})
    elif kind == "life":
        _life(ctx, source, step)
    elif kind == "populate":
        for _ in range(amount(ctx, source, step.get("count", 1), x)):
            populate(ctx, {"controller": seat})
    else:
        _fabricate(ctx, source, seat, step)


def _life(ctx: MtgContext, source: Source, step: JsonDict) -> None:
    """A life total change that is part of the ability (119.3), for the players it names:
    relative to the ability's controller, a target chosen as it resolves."""
    state = ctx.state
    alive = [i for i, s in enumerate(state.seats) if not s.lost]
    who = step["who"]
    if who == "you":
        seats = [source.seat]
    elif who == "each_player":
        seats = alive
    elif who == "each_opponent":
        seats = [i for i in alive if i != source.seat]
    else:
        options = [
            f"{i}: {state.seat(i).name}"
            for i in alive
            if who == "target_player" or i != source.seat
        ]
        answer = ctx.decide(
            "life_target",
            source.seat,
            msg("{name}: choose the player whose life changes", name=source.name),
            options,
            "115.1",
        )
        seats = [int(str(answer).split(":", 1)[0])]
    for seat in seats:
        adjust_life(ctx, {"seat": seat, "amount": int(step["amount"])})


def _defender(ctx: MtgContext, seat: int) -> int | None:
    """The player tokens "put onto the battlefield attacking" attack: the first opponent
    (506.3, 508.4: the controller chooses; the table names the next seat)."""
    seats = ctx.state.seats
    opponents = [i for i in range(len(seats)) if i != seat and not seats[i].lost]
    return opponents[0] if opponents else None


def _create(ctx: MtgContext, source: Source, seat: int, step: JsonDict, x: int | None) -> None:
    count = amount(ctx, source, step.get("count", 1), x)
    definition = step.get("definition")
    if definition is not None and step.get("pt_x") is not None:
        value = count_x(ctx, source, step["pt_x"], x)
        definition = {
            **definition,
            **{k: str(value) for k in ("power", "toughness") if definition.get(k) == "X"},
        }
    if count <= 0:
        ctx.event("not_created", msg("X is 0, so no token is created (CR 107.3)"), "107.3")
        return
    face, back, slug = resolve_definition(step.get("token"), definition)
    counters = tuple(sorted((k, n) for k, n in (step.get("counters") or {}).items() if n > 0))
    attacking = _defender(ctx, seat) if step.get("attacking") else None
    batch = Batch(
        face,
        back,
        slug,
        count,
        tapped=bool(step.get("tapped")),
        attacking=attacking,
        counters=counters,
        leaves_at=step.get("leaves_at"),
        granted=("Haste",) if step.get("haste") else (),
    )
    created = create_tokens(ctx, seat, [batch])
    host = source.obj
    if step.get("equip_self") and created and host is not None and host.zone == "battlefield":
        # Living weapon: create, then attach, in one resolution (702.92a).
        attach(ctx, {"object": host.id, "to": created[0].id})


def _copy(
    ctx: MtgContext, source: Source, seat: int, step: JsonDict, x: int | None, of: object
) -> None:
    count = amount(ctx, source, step.get("count", 1), x)
    changes = dict(step.get("except") or {})
    if step.get("haste"):
        changes["haste"] = True
    entry = {
        "tapped": bool(step.get("tapped")),
        "leaves_at": step.get("leaves_at"),
    }
    if step.get("per_opponent"):
        _copies_per_opponent(ctx, source, seat, step, changes)
        return
    if step.get("attacking"):
        entry["attacking"] = True
    base: JsonDict = {"controller": seat, "count": count, "except": changes, **entry}
    if step["of"] == "self":
        if source.obj is not None:
            create_copy(ctx, {**base, "of": source.obj.id})
        else:
            create_copy(ctx, {**base, "definition": source.payload, "card": source.face.name})
        return
    host = source.obj.attached_to if source.obj is not None else None
    if step.get("of_attached") and host is not None and of is None:
        of = host  # "a copy of equipped creature" (Helm of the Host)
    create_copy(ctx, {**base, "of": _chosen_original(ctx, source, step["of"], of)})


def _chosen_original(ctx: MtgContext, source: Source, which: str, of: object) -> str:
    """What a "copy of target creature / of a card exiled with it / of equipped creature" copies:
    the action's ``of``, else the player's choice among the objects on the table (707.2)."""
    state = ctx.state
    if of is not None:
        return ctx.get(of).id
    own = source.obj.id if source.obj is not None else None
    options = [
        o.id
        for o in state.objects.values()
        if o.id != own and (o.zone == "battlefield" or which == "other")
    ]
    if not options:
        raise IllegalAction(msg("There is nothing on the table to copy (CR 707.2)"), "707.2")
    return str(
        ctx.decide(
            "make_copy_of",
            source.seat,
            msg("{name}: choose what the token copies (CR 707.2)", name=source.name),
            options,
            "707.2",
        )
    )


def _copies_per_opponent(
    ctx: MtgContext, source: Source, seat: int, step: JsonDict, changes: JsonDict
) -> None:
    """Encore (702.141a): one hasty copy per opponent, attacking that opponent if able,
    sacrificed at the next end step; myriad (702.116a): one per opponent other than the defending
    player, tapped and attacking that player, exiled at end of combat."""
    state = ctx.state
    defending = source.obj.attacking if source.obj is not None else None
    opponents = [
        i
        for i, s in enumerate(state.seats)
        if i != seat and not s.lost and not (step.get("exclude_defending") and i == defending)
    ]
    face, back = _own_face(source)
    face = except_face(face, changes)
    definition = source.obj.definition if source.obj is not None else None
    copy_of = definition or face.name
    batches = [
        Batch(
            face,
            back,
            definition,
            1,
            tapped=bool(step.get("tapped")),
            attacking=opponent if step.get("attacking") else None,
            leaves_at=step.get("leaves_at"),
            copy_of=copy_of,
            must_attack=opponent if step.get("must_attack") else None,
            granted=("Haste",) if step.get("haste") else (),
        )
        for opponent in opponents
    ]
    if not batches:
        ctx.event("not_created", msg("There is no opponent to copy it for, so no token is created"))
        return
    create_tokens(ctx, seat, batches)


def _own_face(source: Source) -> tuple[Face, Face | None]:
    if source.obj is not None:
        return source.obj.face, source.obj.back
    assert source.payload is not None
    return source.face, back_from_payload(source.payload, token_name)


def _fabricate(ctx: MtgContext, source: Source, seat: int, step: JsonDict) -> None:
    """702.123a: "put N +1/+1 counters on it or create N 1/1 colorless Servo artifact creature
    tokens"; the counters only when it is on the battlefield."""
    n = amount(ctx, source, step["amount"], None)
    host = source.obj
    options = ["servos"]
    if host is not None and host.zone == "battlefield":
        options.insert(0, "counters")
    choice = ctx.decide(
        "fabricate",
        seat,
        plural(
            "Fabricate {n}: put {n} +1/+1 counter on {name} or create {n} Servo (CR 702.123a)",
            "Fabricate {n}: put {n} +1/+1 counters on {name} or create {n} Servos (CR 702.123a)",
            n=n,
            name=source.name,
        ),
        options,
        "702.123a",
    )
    if choice == "counters" and host is not None:
        one = split(ctx.state, host, 1)
        put = put_counters(ctx, one, "+1/+1", n, as_token=one.token)
        ctx.event(
            "counters_added",
            plural(
                "Fabricate: put {n} +1/+1 counter on {name} (CR 702.123a)",
                "Fabricate: put {n} +1/+1 counters on {name} (CR 702.123a)",
                n=put,
                name=name_of(one),
            ),
            "702.123a",
            object=one.id,
            kind="+1/+1",
            amount=put,
        )
        return
    face = face_from_payload(step["definition"], token_name)
    create_tokens(ctx, seat, [Batch(face, None, None, n)])
