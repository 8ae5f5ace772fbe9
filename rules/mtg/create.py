"""Creating tokens (CR 111.2-111.13) through the replacement pipeline (614, 616).

A creation event is a tuple of batches (one per kind of token and the way it enters). Token
replacement effects rewrite the whole event (616.1); then each batch enters: 111.5 "can't enter",
"enters tapped", counters it enters with (doubled by counter effects, 122.6) and the Aura it
must be attached to (303.4f/g/i).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from rules.context import times
from rules.definitions import back_from_payload, face_from_payload
from rules.effects import Effect, is_kind
from rules.errors import InvalidAction
from rules.mtg import predefined
from rules.mtg.entering_attack import entering_attacker
from rules.mtg.enters import choose_as_enters
from rules.mtg.layers import compute_one, controls, visible_face
from rules.mtg.protection import protection_from
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.replacement import apply_in_order, instances, put_counters
from rules.stacks import split
from rules.state import MAX_COUNT, Face
from rules.text import joined, msg, plural, word

JsonDict = dict[str, Any]
TOKEN_KINDS = ("token_multiplier", "token_extra", "token_replace", "token_one_of_each")
LEAVES_AT = (
    "end_step:exile",
    "end_step:sacrifice",
    "end_of_combat:sacrifice",
    "end_of_combat:exile",
)
"""When a token leaves by a delayed trigger (603.7): mobilize and encore sacrifice at the next end
step (702.181a, 702.141a), decayed at end of combat (702.147a), myriad exiles at end of combat
(702.116a)."""


def token_name(subtypes: tuple[str, ...]) -> str:
    """A token's name when its creating effect names none: subtypes plus "Token" (CR 111.4)."""
    return " ".join([*subtypes, "Token"])


@dataclass(frozen=True)
class Batch:
    """``count`` identical tokens to create, with how they enter."""

    face: Face
    back: Face | None
    definition: str | None
    count: int
    tapped: bool | None = False
    """None: the effect doesn't say; with ``attacking`` that means tapped and attacking."""
    attacking: int | str | None = None
    counters: tuple[tuple[str, int], ...] = ()
    attach_to: str | None = None
    leaves_at: str | None = None
    copy_of: str | None = None
    transformed: bool = False
    must_attack: int | None = None
    granted: tuple[str, ...] = ()

    def matches(self, effect: Effect) -> bool:
        return effect.filter.matches(self.current.types, self.current.subtypes, True)

    @property
    def current(self) -> Face:
        return self.back if self.transformed and self.back is not None else self.face


Event = tuple[Batch, ...]


@dataclass(frozen=True)
class EnterTrigger:
    """Tokens that entered, waiting for "whenever ... enters" triggers (603.6a) to resolve
    after the state-based actions (rules/mtg/triggers.py)."""

    object: MtgObject
    count: int


def resolve_definition(
    slug: str | None, definition: object
) -> tuple[Face, Face | None, str | None]:
    """A definition payload, or a predefined token by slug (111.10), as faces."""
    payload = definition if definition is not None else predefined.predefined_token(slug or "")
    if payload is None:
        raise InvalidAction(msg("token {slug} needs an embedded definition", slug=repr(slug)))
    face = face_from_payload(payload, token_name)
    assert isinstance(payload, dict)
    return face, back_from_payload(payload, token_name), slug or payload.get("id")


def _normalize(batches: list[Batch]) -> Event:
    """Merge batches that differ only in count."""
    merged: dict[Batch, int] = {}
    for batch in batches:
        key = replace(batch, count=0)
        merged[key] = merged.get(key, 0) + batch.count
    return tuple(replace(key, count=n) for key, n in merged.items())


@lru_cache(maxsize=64)
def _one_of_each_faces(effect: Effect) -> tuple[tuple[Face, Face | None, str | None], ...]:
    return tuple(
        resolve_definition(s, d) for s, d in zip(effect.tokens, effect.definitions, strict=True)
    )


def _one_of_each_replaces(effect: Effect, batch: Batch) -> bool:
    """ "If you would create a Clue, Food, or Treasure token": a token of any of those kinds,
    whatever else it is (a copy of a Food Golem artifact creature is a Food token, 205.3g)."""
    kinds = {kind for face, _b, _s in _one_of_each_faces(effect) for kind in face.subtypes}
    return batch.matches(effect) and any(is_kind(batch.current.subtypes, k) for k in kinds)


def _applies(effect: Effect, event: Event) -> bool:
    if effect.kind == "token_one_of_each":
        return any(_one_of_each_replaces(effect, b) for b in event)
    return any(b.matches(effect) for b in event)


def _apply(effect: Effect, event: Event) -> Event:
    matching = [b for b in event if b.matches(effect)]
    if effect.kind == "token_multiplier":
        return _normalize(
            [replace(b, count=b.count * effect.factor) if b in matching else b for b in event]
        )
    if effect.kind == "token_extra":
        first = matching[0]
        count = sum(b.count for b in matching) if effect.that_many else effect.count
        if effect.token is None and effect.definition is None:
            return _normalize([*event, replace(first, count=count)])
        face, back, slug = resolve_definition(effect.token, effect.definition)
        # The extra tokens have only their own characteristics (111.3), but everything else
        # the effect does to the tokens it creates applies to them too: tapped, attacking, the
        # counters they enter with, "sacrifice them at end step", "they gain haste".
        extra = replace(
            first,
            face=face,
            back=back,
            definition=slug,
            count=count,
            copy_of=None,
            transformed=False,
        )
        return _normalize([*event, extra])
    if effect.kind == "token_replace":
        face, back, slug = resolve_definition(effect.token, effect.definition)
        return _normalize(
            [
                replace(b, face=face, back=back, definition=slug, copy_of=None, transformed=False)
                if b in matching
                else b
                for b in event
            ]
        )
    # Each token of a named kind becomes one ordinary predefined token of each kind (111.10),
    # not a copy and without the extra characteristics it had; one that is two of the kinds at
    # once is still one token, replaced once.
    result: list[Batch] = []
    for batch in event:
        if _one_of_each_replaces(effect, batch):
            result.extend(
                replace(batch, face=f, back=bk, definition=s, copy_of=None, transformed=False)
                for f, bk, s in _one_of_each_faces(effect)
            )
        else:
            result.append(batch)
    return _normalize(result)


def _apply_many(effect: Effect, event: Event, times: int) -> Event | None:
    """N copies of "create those tokens plus N additional ..." (Xorn, Peregrin Took) add N times
    the extra tokens: the tokens they matched are still there after each (closed form)."""
    if effect.kind != "token_extra" or effect.that_many:
        return None
    return _apply(replace(effect, count=effect.count * times), event)


MAX_STACKS_PER_BATCH = 10
"""A batch past the per-stack maximum enters as up to this many full stacks."""
CEILING = MAX_COUNT * MAX_STACKS_PER_BATCH


def create_tokens(ctx: MtgContext, controller: int, batches: list[Batch]) -> list[MtgObject]:
    """Create tokens under ``controller``: that player owns them (111.2) and that player's
    replacement effects apply (616.1)."""
    state = ctx.state
    batches = [b for b in batches if not _aura_with_illegal_host(ctx, b)]
    if not batches:
        return []
    effects = instances(state, TOKEN_KINDS, controller)
    total = sum(b.count for b in batches)
    event = apply_in_order(
        ctx,
        controller,
        plural("creating {n} token", "creating {n} tokens", n=total),
        "tokens",
        _normalize(batches),
        effects,
        _applies,
        _apply,
        size=lambda batches: sum(batch.count for batch in batches),
        ceiling=CEILING,
        apply_many=_apply_many,
        final=_capped,
    )
    timestamp = state.new_timestamp()
    created = []
    for batch in event:
        for part in _stacks(ctx, batch):
            obj = _enter(ctx, controller, part, timestamp)
            if obj is not None:
                created.extend(choose_as_enters(ctx, obj))  # after creation replacements: 616.1g
    ctx.triggers.extend(EnterTrigger(replace(o), o.count) for o in created)
    return created


def _capped(event: Event) -> Event:
    """The event as it would be created (``_stacks``): each batch capped at CEILING."""
    return tuple(replace(b, count=min(b.count, CEILING)) for b in event)


def _stacks(ctx: MtgContext, batch: Batch) -> list[Batch]:
    """A batch as stacks of at most MAX_COUNT: past it, several full stacks; past
    MAX_STACKS_PER_BATCH of them, the count is capped there and the event says so (more than
    ten billion identical tokens change nothing a table can show)."""
    if batch.count <= MAX_COUNT:
        return [batch]
    count = min(batch.count, CEILING)
    name = batch.current.name or "tokens"
    if count < batch.count:
        ctx.event(
            "saturated",
            msg(
                "The replacement effects give {count:,} or more {name}; the table tracks at most "
                "{ceiling:,} identical tokens from one event ({max_stacks_per_batch} stacks of "
                "{max_count:,}), so {count2:,} are created (CR 616.1 result, capped)",
                count=batch.count,
                name=name,
                ceiling=CEILING,
                max_stacks_per_batch=MAX_STACKS_PER_BATCH,
                max_count=MAX_COUNT,
                count2=count,
            ),
            "616.1",
            wanted=batch.count,
            created=count,
        )
    full, rest = divmod(count, MAX_COUNT)
    return [replace(batch, count=MAX_COUNT)] * full + ([replace(batch, count=rest)] if rest else [])


def enter_as_token(ctx: MtgContext, controller: int, batch: Batch) -> list[MtgObject]:
    """A copy of a permanent spell resolving becomes a token (111.13, 608.3f, 707.10f). It is
    not "created": token-creation replacement effects (Doubling Season, 616.1) and "whenever you
    create" triggers don't see it, so it is exactly ``batch.count`` tokens. What applies to a
    permanent entering still does: can't enter (111.5), enters tapped, the counters it enters
    with (122.6), the Aura's host (303.4i) and "as this enters" choices (614.12)."""
    obj = _enter(ctx, controller, batch, ctx.state.new_timestamp(), created=False)
    return [] if obj is None else choose_as_enters(ctx, obj)


def entering_counters(
    face: Face, counters: tuple[tuple[str, int], ...] = ()
) -> tuple[tuple[str, int], ...]:
    """The counters a permanent enters with: a planeswalker's printed loyalty (306.5b), unless
    the action names its loyalty counters itself, then those the action gives. Each goes through
    the counter replacements (122.6, 614.1c: Doubling Season doubles them)."""
    printed = face.loyalty
    if not printed or "Planeswalker" not in face.types or any(k == "loyalty" for k, _ in counters):
        return counters
    return (("loyalty", printed), *counters)


def _entry_effects(
    ctx: MtgContext, controller: int, face: Face, kind: str, token: bool = True
) -> list[Effect]:
    probe = MtgObject("?", 1, "battlefield", controller, controller, token, face)
    return [
        e
        for source in ctx.state.effect_sources()
        for e in source.current.effects
        if e.kind == kind
        and controls(source, e, probe)
        and e.filter.matches(face.types, face.subtypes, token)
    ]


def enters_tapped(ctx: MtgContext, controller: int, face: Face, token: bool) -> bool:
    """An "enters tapped" replacement effect (614.1d) applies to any permanent entering under
    ``controller``'s control, card or token, checked as it would exist there (614.12)."""
    return bool(_entry_effects(ctx, controller, face, "enters_tapped", token))


NO_BATTLEFIELD_RULE = {"Instant": "304.4", "Sorcery": "307.4"}
"""Instants and sorceries can't enter the battlefield; they stay in their previous zone."""


def _enter(
    ctx: MtgContext, controller: int, batch: Batch, timestamp: int, created: bool = True
) -> MtgObject | None:
    state = ctx.state
    seat_name = state.seat(controller).name
    face = batch.current
    outcome = "it isn't created" if created else "the copy doesn't enter and ceases to exist"
    spell_type = next((t for t in ("Instant", "Sorcery") if t in face.types), None)
    if spell_type is not None:
        rule = NO_BATTLEFIELD_RULE[spell_type]
        ctx.event(
            "not_created",
            msg(
                "{name} is an {spell_type}, and {spell_type}s can't enter the battlefield, so "
                "{outcome} (CR {rule}, 111.5)",
                name=face.name,
                spell_type=spell_type.lower(),
                outcome=outcome,
                rule=rule,
            ),
            rule,
        )
        return None
    if _entry_effects(ctx, controller, face, "cant_enter"):
        ctx.event(
            "not_created",
            msg(
                "{name} can't enter the battlefield, so {outcome} (CR 111.5)",
                name=face.name,
                outcome=outcome,
            ),
            "111.5",
        )
        return None
    attached_to = None
    if "Aura" in face.subtypes:
        attached_to = _aura_host(ctx, controller, batch)
        if attached_to is None:
            ctx.event(
                "not_created",
                msg(
                    "{name} has nothing it can legally enchant, so {outcome} (CR 303.4g, 303.4i)",
                    name=face.name,
                    outcome=outcome,
                ),
                "303.4i",
            )
            return None
    attacking = entering_attacker(ctx, controller, face, batch.attacking)
    tapped = bool(batch.tapped) or bool(_entry_effects(ctx, controller, face, "enters_tapped"))
    if batch.tapped is None and batch.attacking is not None:
        tapped = True
    obj = MtgObject(
        id=state.new_id(),
        count=batch.count,
        zone="battlefield",
        owner=controller,
        controller=controller,
        token=True,
        face=batch.face,
        back=batch.back,
        definition=batch.definition,
        copy_of=batch.copy_of,
        tapped=tapped,
        transformed=batch.transformed,
        attached_to=attached_to,
        leaves_at=batch.leaves_at,
        attacking=attacking,
        timestamp=timestamp,
        must_attack=batch.must_attack,
        granted=batch.granted,
    )
    for kind, amount in entering_counters(face, batch.counters):
        put_counters(ctx, obj, kind, amount, as_token=True)
    state.objects[obj.id] = obj
    counters = joined(
        [
            plural(", with {n} {kind} counter", ", with {n} {kind} counters", n=n, kind=word(k))
            for k, n in obj.counters.items()
        ]
    )
    # A copy of a face-down permanent has no name (707.2, 708.2a): say what it is instead.
    shown = face.name or msg("a nameless token (a copy of a face-down permanent, CR 707.2)")
    if created:
        ctx.event(
            "token_created",
            msg(
                "{seat} created {what}{counters} (CR 111.2)",
                seat=seat_name,
                what=times(obj.count, shown),
                counters=counters,
            ),
            "111.2",
            object=obj.id,
            count=obj.count,
        )
    else:
        became = plural(
            "copy of the {name} spell resolved and became a token",
            "{n} copies of the {name} spell resolved and became {n} tokens",
            n=obj.count,
            name=shown,
        )
        ctx.event(
            "spell_copy_resolved",
            msg(
                "{seat_name}'s {became}{counters}; not created, so no token-creation replacement "
                "effect or trigger applies (CR 111.13, 608.3f)",
                seat_name=seat_name,
                became=became,
                counters=counters,
            ),
            "111.13",
            object=obj.id,
            count=obj.count,
        )
    return obj


def _aura_with_illegal_host(ctx: MtgContext, batch: Batch) -> bool:
    """303.4i: an Aura token to be created attached to something it can't legally enchant (or
    to nothing that exists) isn't created at all, so no creation event exists for replacement
    effects (614, 616.1) or triggers to see; the rest of the effect still happens."""
    face = batch.current
    if "Aura" not in face.subtypes or batch.attach_to is None:
        return False
    host = ctx.state.objects.get(batch.attach_to)
    if host is not None and can_enchant(ctx, face, host):
        return False
    reason = msg("doesn't exist") if host is None else msg("can't legally be enchanted by it")
    shield = (
        None
        if host is None
        else protection_from(compute_one(ctx.state, host).keywords, face, host.chosen_color)
    )
    if host is not None and shield is not None:
        reason = msg("has {shield} (CR 702.16c)", shield=word(shield.lower()))
    what = (
        batch.attach_to
        if host is None
        else (visible_face(host).name or msg("a face-down permanent"))
    )
    ctx.event(
        "not_created",
        msg(
            "{name} would be created attached to {what}, which {reason}, so it isn't created (CR "
            "303.4i)",
            name=face.name,
            what=what,
            reason=reason,
        ),
        "303.4i",
        token=face.name,
        attach_to=batch.attach_to,
    )
    return True


def _aura_host(ctx: MtgContext, controller: int, batch: Batch) -> str | None:
    """What an Aura token enters attached to: the named object if it can legally enchant it
    (303.4i), else the controller's choice among legal ones (303.4f); None if nothing (303.4g)."""
    state = ctx.state
    legal = [o for o in on_battlefield(state) if can_enchant(ctx, batch.current, o)]
    if batch.attach_to is not None:
        target = state.objects.get(batch.attach_to)
        if target is None or target not in legal:
            return None
    elif legal:
        chosen = ctx.decide(
            "aura_host",
            controller,
            msg("Choose what {current} enchants (CR 303.4f)", current=batch.current.name),
            [o.id for o in legal],
            "303.4f",
        )
        target = state.objects[chosen]
    else:
        return None
    return split(state, target, 1).id


def can_enchant(ctx: MtgContext, aura: Face, obj: MtgObject) -> bool:
    """Whether ``aura`` can legally enchant ``obj`` (303.4): enchant creature (702.5) for Roles,
    other Auras any permanent here; never a permanent with protection from the Aura (702.16c,
    702.16j: protection from everything)."""
    if obj.zone != "battlefield" or obj.phased_out or "Aura" in obj.current.subtypes:
        return False
    computed = compute_one(ctx.state, obj)
    if protection_from(computed.keywords, aura, obj.chosen_color) is not None:
        return False
    if any(k.lower() == "enchant creature" for k in aura.keywords):
        return computed.is_creature
    return True


def can_equip(ctx: MtgContext, equipment: Face, obj: MtgObject) -> bool:
    """Equipment attaches only to a creature (301.5a) without protection from it (702.16d)."""
    computed = compute_one(ctx.state, obj)
    if not computed.is_creature:
        return False
    return protection_from(computed.keywords, equipment, obj.chosen_color) is None
