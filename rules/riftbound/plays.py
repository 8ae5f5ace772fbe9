"""Playing as a process (349-359): tokens on the Chain, what each player played this turn, Legion.

Tokens are not cards, but they are played (350.2, 182.1.a): a token being played is a pending
item on the Chain and exists there (183, 354.2); a unit or gear token resolves as soon as it is
finalized (337.1.c) and enters the board (359.2). The whole play is checked before anything is
created, and an illegal play is undone (358.4): ``apply`` never mutates its input, so the token
never existed.

Each seat's plays this turn live in ``state.system["played"]`` (a list by seat of ``{"cards",
"tokens", "token_units", "card_ids"}``), cleared when the turn ends (317.2). Legion ("if you
have played another card this turn", 812.1.b.1) reads the cards only; "When you play a token
unit" (the ``when_you_play`` effect) counts each token played.
"""

from __future__ import annotations

from typing import Any

from rules.effects import Effect
from rules.riftbound import board
from rules.riftbound.board import BASE, BOARD, THIS_TURN_MIGHT
from rules.riftbound.records import RiftboundContext, RiftboundObject, RiftboundState
from rules.state import Face
from rules.text import msg, plural

JsonDict = dict[str, Any]


def _empty() -> JsonDict:
    return {"cards": 0, "tokens": 0, "token_units": 0, "card_ids": []}


def played(state: RiftboundState, seat: int) -> JsonDict:
    """What ``seat`` played this turn: counts of cards, tokens and token units (350)."""
    records = state.system.get("played") or []
    if seat < len(records):
        return dict(records[seat])
    return _empty()


def _record(state: RiftboundState, seat: int) -> JsonDict:
    records: list[JsonDict] = state.system.setdefault("played", [])
    while len(records) <= seat:
        records.append(_empty())
    return records[seat]


def end_turn(state: RiftboundState) -> None:
    """ "This turn" ends (317.2): the plays are forgotten and this-turn Might goes away."""
    state.system["played"] = []
    for obj in state.objects.values():
        obj.counters.pop(THIS_TURN_MIGHT, None)


def pending(ctx: RiftboundContext, face: Face, seat: int, count: int) -> None:
    """The token is put onto the Chain as a pending item: it exists there (183, 354.2)."""
    what = (
        plural("an {name} token", "{n} {name} tokens", n=count, name=face.name)
        if face.name[:1].upper() in "AEIOU"
        else plural("a {name} token", "{n} {name} tokens", n=count, name=face.name)
    )
    ctx.event(
        "token_pending",
        msg(
            "{seat} plays {what}: a pending item on the Chain (183, 354.2).",
            seat=ctx.state.seats[seat].name,
            what=what,
        ),
        "354.2",
        seat=seat,
        name=face.name,
        count=count,
    )


def undone_text(detail: str, name: str) -> str:
    return msg(
        "{detail} The play is undone and the {name} token never existed (358.4).",
        detail=detail,
        name=name,
    )


def finalized(ctx: RiftboundContext, face: Face, seat: int, count: int) -> None:
    """Checked and paid for, the token is finalized; units and gear resolve at once (337.1.c)."""
    text = (
        plural(
            "The {name} token is finalized and, being a gear, resolves immediately: it leaves "
            "the Chain and enters the board (359.1, 337.1.c, 359.2).",
            "The {n} {name} tokens are finalized and, being gear, resolve immediately: they leave "
            "the Chain and enter the board (359.1, 337.1.c, 359.2).",
            n=count,
            name=face.name,
        )
        if face.has_type("Gear")
        else plural(
            "The {name} token is finalized and, being a unit, resolves immediately: it leaves "
            "the Chain and enters the board (359.1, 337.1.c, 359.2).",
            "The {n} {name} tokens are finalized and, being units, resolve immediately: they leave "
            "the Chain and enter the board (359.1, 337.1.c, 359.2).",
            n=count,
            name=face.name,
        )
    )
    ctx.event(
        "token_finalized",
        text,
        "337.1.c",
        seat=seat,
        name=face.name,
        count=count,
    )


def legion_effects(face: Face) -> list[Effect]:
    return [e for e in face.effects if e.kind == "legion"]


def legion_active(state: RiftboundState, obj: RiftboundObject) -> bool | None:
    """Whether the Legion text of ``obj`` is active: its controller finalized another card this
    turn (812.1.c, 812.2); tokens are not cards (350.2). None without Legion."""
    if not legion_effects(obj.face):
        return None
    record = played(state, obj.controller)
    itself = 1 if obj.id in record["card_ids"] else 0
    return bool(record["cards"] - itself > 0)


def card_played(ctx: RiftboundContext, obj: RiftboundObject) -> None:
    """A card was played (350.1); a card with Legion tells whether its Legion text is active,
    judged against the cards played before it (812.1.c)."""
    state = ctx.state
    record = _record(state, obj.controller)
    for effect in legion_effects(obj.face):
        active = record["cards"] > 0
        state_word = msg("active") if active else msg("not active")
        why = (
            plural(
                "{n} other card played this turn",
                "{n} other cards played this turn",
                n=record["cards"],
            )
            if active
            else msg("no other card played this turn; tokens are not cards (350.2)")
        )
        ctx.event(
            "legion",
            msg(
                "{name}: Legion is {state_word} ({why}; 812.1.c): {text}",
                name=obj.face.name,
                state_word=state_word,
                why=why,
                text=effect.text,
            ),
            "812.1.c",
            object=obj.id,
            active=active,
        )
    record["cards"] += obj.count
    record["card_ids"].append(obj.id)
    _triggers(ctx, obj, obj.count)


def token_played(ctx: RiftboundContext, obj: RiftboundObject) -> None:
    """Tokens were played (350.2): each one counts, and "when you play a token unit" triggers
    once for each (350.2)."""
    record = _record(ctx.state, obj.controller)
    record["tokens"] += obj.count
    if obj.face.has_type("Unit"):
        record["token_units"] += obj.count
    _triggers(ctx, obj, obj.count)


_TOLD_ONE_BY_ONE = 64


def _triggers(ctx: RiftboundContext, played_obj: RiftboundObject, count: int) -> None:
    """ "When you play [a filter]" abilities of the player's permanents (when_you_play)."""
    state = ctx.state
    for source in [o for o in state.objects.values() if o.zone == BOARD]:
        if source.id == played_obj.id:
            continue
        for effect in source.face.effects:
            if effect.kind != "when_you_play":
                continue
            location = source.location or BASE
            if not board.applies_to(effect, played_obj, location, source.controller):
                continue
            # Each trigger is told on its own; a huge stack's triggers resolve as one group.
            groups = [1] * count if count <= _TOLD_ONE_BY_ONE else [count]
            for group in groups:
                _trigger(ctx, source, effect, played_obj, group)


def _trigger(
    ctx: RiftboundContext,
    source: RiftboundObject,
    effect: Effect,
    played_obj: RiftboundObject,
    count: int,
) -> None:
    """The ability triggers once per object played (350.2); ``count`` identical triggers
    resolve as one group, so a stack of a billion costs what one does."""
    said: dict[str, Any] = {"n": count, "source": source.face.name, "played": played_obj.face.name}
    if effect.might:
        gained = effect.might * count
        source.counters[THIS_TURN_MIGHT] = source.counters.get(THIS_TURN_MIGHT, 0) + gained
        text = plural(
            "{source}'s play trigger resolves for {played}: +{gained} [M] this turn (350.2).",
            "{source}'s play trigger resolves {n} times for {played}: +{gained} [M] this turn "
            "(350.2).",
            gained=gained,
            **said,
        )
    else:
        text = plural(
            "{source}'s play trigger resolves for {played} (350.2).",
            "{source}'s play trigger resolves {n} times for {played} (350.2).",
            **said,
        )
    ctx.event(
        "play_triggered",
        text,
        "350.2",
        object=source.id,
        played=played_obj.id,
        might=effect.might,
    )
