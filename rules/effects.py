"""Effects and abilities are data: a small closed vocabulary, parsed and validated here.

Static effects (``parse_effects``) live on cards and tokens on the battlefield: token and counter
replacement effects (CR 614, 616), anthems (613.4c), "enters tapped" (614.1d), "can't enter"
(111.5), Aura effects (Roles, 303.7), "sources with the chosen name can't be activated"
(Pithing Needle, 201.4, 602.5) and "As this enters, choose a color" (614.12). Activated
abilities (``parse_abilities``) are what ``activate`` uses: the predefined token abilities of
CR 111.10 and Riftbound 184.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.mana_cost import parse_mana_cost as parse_mana_cost
from rules.text import Text, msg

JsonDict = dict[str, Any]

WHOSE = ("you", "any", "opponents")
PER = (None, "enchantment_you_control")
MANA_COLORS = ("W", "U", "B", "R", "G", "C")
ADD_MANA_COLORS = ("any", *MANA_COLORS, "RG")
"""What ``add_mana`` adds: one color, "any" color, or one of two ("RG": "Add {R} or {G}", the
Heartwood token of 111.10x), the player choosing."""
DOMAINS = ("any", "Fury", "Calm", "Mind", "Body", "Chaos", "Order")
ADD_POWER_DOMAINS = (*DOMAINS, "C")
"""What an ``add_power`` ability adds: a domain, "any" ([A]) or "C" ([C], one Power of the
source's own domain, processed as [A] for a source with no domain or several: 135.2.e.6.b)."""
EFFECT_KINDS = (
    "token_multiplier",
    "token_extra",
    "token_replace",
    "token_one_of_each",
    "counter_multiplier",
    "counter_extra",
    "anthem",
    "enters_tapped",
    "cant_enter",
    "aura",
    "dies_drain",
    "enters_ready",
    "move_here_from_anywhere",
    "named_cant_activate",
    "as_enters_choose",
    "legion",
    "when_you_play",
    "cda_pt",
    "trigger_drain",
    "attack_cost",
    "block_cost",
    "dies_trigger_extra",
    "trigger_counters",
)
TRIGGER_EVENTS = ("dies", "enters")
"""What a ``trigger_drain`` watches: "whenever a [filter] dies" (700.4) or "enters" (603.6a)."""
CDA_COUNTS = ("permanents", "graveyard_cards", "graveyard_card_types")
"""What a "*" power/toughness counts (604.3): permanents on the battlefield or cards in
graveyards matching the filter, of "you", "opponents" or "any" player; or the card types among
those cards (Tarmogoyf: "the number of card types among cards in all graveyards")."""
CDA_SETS = ("both", "power", "toughness")
ENTRY_CHOICES = ("color",)
"""What "As this enters, choose a ..." can choose (614.12): only colors so far."""
ABILITY_KINDS = (
    "add_mana",
    "add_power",
    "gain_life",
    "draw",
    "scry_draw",
    "transform",
    "put_counter",
    "explore",
    "exile_top",
    "search_land",
    "empower_jace",
)


class EffectError(ValueError):
    """An effect or ability list that does not fit the vocabulary; names the index and field.
    ``text`` (the sentence) and ``problem`` are data (``msg``), told in the reader's language."""

    def __init__(self, index: int, field_name: str, problem: Text) -> None:
        told = {"index": index, "field": repr(field_name), "problem": problem}
        self.text = msg("effect {index}, field {field}: {problem}", **told)
        super().__init__(str(self.text))
        self.index = index
        self.field = field_name
        self.problem = problem


def is_kind(subtypes: Sequence[str], kind: str) -> bool:
    """Whether an object with ``subtypes`` is a ``kind`` (a Food token, a Goblin, an Aura): it
    has that subtype, whatever else it is (205.3a-h; 111.10: a token copy of an "Artifact Creature
    - Food Golem" is a Food token). Every rule and effect that names a kind asks this, never
    whether an object's subtypes equal a list."""
    return kind in subtypes


@dataclass(frozen=True)
class TokenFilter:
    """Which objects an effect cares about: every listed type and subtype must match."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    token: bool | None = None
    any_subtypes: tuple[str, ...] = ()
    """At least one of these must match too (Riftbound Brush: "Bird, Cat, Dog, ... units")."""

    def matches(self, types: Sequence[str], subtypes: Sequence[str], is_token: bool) -> bool:
        if self.token is not None and self.token != is_token:
            return False
        if self.any_subtypes and not any(is_kind(subtypes, k) for k in self.any_subtypes):
            return False
        return all(t in types for t in self.types) and all(
            is_kind(subtypes, k) for k in self.subtypes
        )

    def to_data(self) -> JsonDict | None:
        if not self.types and not self.subtypes and self.token is None and not self.any_subtypes:
            return None
        data: JsonDict = {"types": list(self.types), "subtypes": list(self.subtypes)}
        if self.token is not None:
            data["token"] = self.token
        if self.any_subtypes:
            data["any_subtypes"] = list(self.any_subtypes)
        return data


@dataclass(frozen=True)
class Effect:
    """One static effect. Fields a kind does not use keep their defaults."""

    kind: str
    whose: str = "you"
    filter: TokenFilter = field(default_factory=TokenFilter)
    factor: int = 1
    count: int = 0
    that_many: bool = False
    token: str | None = None
    definition: JsonDict | None = None
    tokens: tuple[str, ...] = ()
    definitions: tuple[JsonDict | None, ...] = ()
    counter: str | None = None
    power: int = 0
    toughness: int = 0
    keywords: tuple[str, ...] = ()
    set_base: bool = False
    per: str | None = None
    attack_counter_max_toughness: int | None = None
    amount: int = 0
    might: int = 0
    here: bool = False
    others: bool = False
    optional: bool = False
    once_each_turn: bool = False
    at_battlefield: bool = False
    choice: str | None = None
    text: str | None = None
    counts: str | None = None
    """cda_pt: what "*" counts (CDA_COUNTS)."""
    sets: str = "both"
    """cda_pt: which of power and toughness the count is ("*/*", "*/1+*": both)."""
    event: str | None = None
    """trigger_drain: the event it triggers on (TRIGGER_EVENTS)."""
    gain: int = 0
    """trigger_drain: life you gain per triggering object (``amount``: each opponent loses)."""
    target_player: bool = False
    """trigger_drain: "target player loses" (Blood Artist) instead of each opponent (115.1)."""
    attack_scry: int = 0
    """aura: "Whenever this creature attacks, scry N" (Sorcerer Role, 111.10n)."""
    only_effects: bool = False
    """A counter replacement worded "if an effect would put counters" (Doubling Season): it
    doesn't see counters put by wither or infect combat damage, which no effect puts (614.16)."""

    def __hash__(self) -> int:
        # Embedded definitions are dicts; hash the canonical JSON so faces can key stacks.
        return hash(json.dumps(self.to_data(), sort_keys=True))

    def to_data(self) -> JsonDict:
        """The canonical JSON form; ``parse_effects([e.to_data()]) == [e]``."""
        data: JsonDict = {"kind": self.kind, "whose": self.whose}
        filt = self.filter.to_data()
        if filt is not None:
            data["filter"] = filt
        for name in _FIELDS_BY_KIND[self.kind]:
            value = getattr(self, name)
            if name == "count" and self.that_many:
                value = "that_many"
            elif isinstance(value, tuple):
                value = list(value)
            elif name in _SAID_WHEN_SET and not value:
                continue  # said only when set, so older stored effects keep their form
            data[name] = value
        return data


@dataclass(frozen=True)
class Cost:
    """An activation cost (CR 602.1, 118): {T}, sacrifice this, mana, discarding cards.

    Riftbound uses the same fields: ``tap`` is [E] (exhaust) and ``sacrifice`` is "Kill this".
    """

    tap: bool = False
    sacrifice: bool = False
    mana: str = ""
    discard: int = 0

    def mana_parts(self) -> tuple[int, dict[str, int]]:
        """Generic amount and colored symbols of the mana cost."""
        return parse_mana_cost(self.mana)


@dataclass(frozen=True)
class AbilityEffect:
    kind: str
    color: str | None = None
    domain: str | None = None
    amount: int = 1
    restriction: str | None = None
    counter: str | None = None
    target: str | None = None
    scry: int = 0


@dataclass(frozen=True)
class Ability:
    """An activated ability (CR 602); ``mana`` abilities don't use the stack (605.3b)."""

    text: str
    cost: Cost
    effect: AbilityEffect
    mana: bool = False
    sorcery_speed: bool = False

    def to_data(self) -> JsonDict:
        effect: JsonDict = {"kind": self.effect.kind}
        for name in _ABILITY_FIELDS[self.effect.kind]:
            effect[name] = getattr(self.effect, name)
        cost: JsonDict = {}
        if self.cost.tap:
            cost["tap"] = True
        if self.cost.sacrifice:
            cost["sacrifice"] = True
        if self.cost.mana:
            cost["mana"] = self.cost.mana
        if self.cost.discard:
            cost["discard"] = self.cost.discard
        return {
            "text": self.text,
            "cost": cost,
            "effect": effect,
            "mana": self.mana,
            "sorcery_speed": self.sorcery_speed,
        }


_FIELDS_BY_KIND: dict[str, tuple[str, ...]] = {
    "token_multiplier": ("factor",),
    "token_extra": (
        "count",
        "token",
        "definition",
        "optional",
        "once_each_turn",
        "at_battlefield",
    ),
    "token_replace": ("token", "definition"),
    "token_one_of_each": ("tokens", "definitions"),
    "counter_multiplier": ("factor", "counter", "only_effects"),
    "counter_extra": ("count", "counter", "only_effects"),
    "anthem": ("power", "toughness", "keywords", "might", "here", "others"),
    "enters_tapped": (),
    "cant_enter": (),
    "aura": (
        "power",
        "toughness",
        "set_base",
        "keywords",
        "per",
        "attack_counter_max_toughness",
        "attack_scry",
    ),
    "dies_drain": ("amount",),
    "enters_ready": (),
    "move_here_from_anywhere": (),
    "named_cant_activate": (),
    "as_enters_choose": ("choice",),
    "legion": ("text",),
    "when_you_play": ("might",),
    "cda_pt": ("counts", "sets"),
    "trigger_drain": ("event", "amount", "gain", "target_player"),
    "dies_trigger_extra": (),
    "trigger_counters": ("event", "counter", "amount"),
    "attack_cost": ("amount",),
    "block_cost": ("amount",),
}
_SAID_WHEN_SET = frozenset({"only_effects", "attack_scry", "target_player"})
_ABILITY_FIELDS: dict[str, tuple[str, ...]] = {
    "add_mana": ("color", "amount", "restriction"),
    "add_power": ("domain", "amount"),
    "gain_life": ("amount",),
    "draw": ("amount",),
    "empower_jace": ("amount",),
    "scry_draw": ("scry", "amount"),
    "transform": (),
    "put_counter": ("counter", "amount", "target"),
    "explore": ("target",),
    "exile_top": (),
    "search_land": (),
}


class _Reader:
    """Typed access to one mapping, raising ``EffectError`` that names the index and field."""

    def __init__(self, index: int, data: object) -> None:
        if not isinstance(data, Mapping):
            raise EffectError(index, "*", msg("must be an object"))
        self.index = index
        self.data: Mapping[str, Any] = data

    def fail(self, name: str, problem: Text) -> EffectError:
        return EffectError(self.index, name, problem)

    def integer(self, name: str, default: int | None = None, minimum: int = 0) -> int:
        value: object = self.data.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(name, msg("must be an integer"))
        if value < minimum:
            raise self.fail(name, msg("must be at least {minimum}", minimum=minimum))
        return value

    def opt_int(self, name: str) -> int | None:
        return None if self.data.get(name) is None else self.integer(name, minimum=-(10**9))

    def flag(self, name: str, default: bool = False) -> bool:
        value = self.data.get(name, default)
        if not isinstance(value, bool):
            raise self.fail(name, msg("must be true or false"))
        return value

    def text(self, name: str, default: str | None = None) -> str:
        value = self.data.get(name, default)
        if not isinstance(value, str) or not value:
            raise self.fail(name, msg("must be a non-empty string"))
        return value

    def opt_text(self, name: str) -> str | None:
        return None if self.data.get(name) is None else self.text(name)

    def choice(self, name: str, options: Sequence[str | None], default: str | None) -> str | None:
        value = self.data.get(name, default)
        if value not in options:
            listed = ", ".join(str(o) for o in options)
            raise self.fail(name, msg("must be one of {options}", options=listed))
        return value  # type: ignore[no-any-return]

    def strings(self, name: str) -> tuple[str, ...]:
        value = self.data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise self.fail(name, msg("must be a list of non-empty strings"))
        return tuple(value)

    def definition(self, name: str) -> JsonDict | None:
        value = self.data.get(name)
        if value is not None and not isinstance(value, dict):
            raise self.fail(name, msg("must be a token definition object"))
        return value


def _filter(reader: _Reader) -> TokenFilter:
    data = reader.data.get("filter")
    if data is None:
        return TokenFilter()
    inner = _Reader(reader.index, data)
    token = inner.data.get("token")
    if token is not None and not isinstance(token, bool):
        raise reader.fail("filter.token", msg("must be true, false or absent"))
    unknown = set(inner.data) - {"types", "subtypes", "token", "any_subtypes"}
    if unknown:
        raise reader.fail("filter", msg("unknown keys {keys}", keys=sorted(unknown)))
    types, subtypes = inner.strings("types"), inner.strings("subtypes")
    any_subtypes = inner.strings("any_subtypes")
    return TokenFilter(types=types, subtypes=subtypes, token=token, any_subtypes=any_subtypes)


def _parse_effect(index: int, data: object) -> Effect:
    r = _Reader(index, data)
    kind = r.choice("kind", EFFECT_KINDS, None)
    assert kind is not None
    whose = r.choice("whose", WHOSE, "you")
    common: JsonDict = {"kind": kind, "whose": whose, "filter": _filter(r)}
    if kind in ("token_multiplier", "counter_multiplier"):
        common["factor"] = r.integer("factor", minimum=2)
    if kind in ("counter_multiplier", "counter_extra"):
        common["counter"] = r.opt_text("counter")
        common["only_effects"] = r.flag("only_effects")
    if kind == "token_extra":
        # Riftbound Zilean: "Once each turn, if you would play a token unit while I'm at a
        # battlefield, you may play that token and an additional copy of it instead" (371).
        common["optional"] = r.flag("optional")
        common["once_each_turn"] = r.flag("once_each_turn")
        common["at_battlefield"] = r.flag("at_battlefield")
        if r.data.get("count") == "that_many":
            common["that_many"] = True
        else:
            common["count"] = r.integer("count", minimum=1)
    if kind == "counter_extra":
        common["count"] = r.integer("count", minimum=1)
    if kind in ("token_extra", "token_replace"):
        common["token"] = r.opt_text("token") if kind == "token_extra" else r.text("token")
        common["definition"] = r.definition("definition")
    if kind == "token_one_of_each":
        common.update(_one_of_each(r))
    if kind in ("anthem", "aura"):
        common["power"] = r.integer("power", 0, minimum=-(10**9))
        common["toughness"] = r.integer("toughness", 0, minimum=-(10**9))
        common["keywords"] = r.strings("keywords")
    if kind == "anthem":
        common["might"] = r.integer("might", 0, minimum=-(10**9))
        common["here"] = r.flag("here")
        common["others"] = r.flag("others")
    if kind == "aura":
        common["set_base"] = r.flag("set_base")
        common["per"] = r.choice("per", PER, None)
        common["attack_counter_max_toughness"] = r.opt_int("attack_counter_max_toughness")
        common["attack_scry"] = r.integer("attack_scry", 0, minimum=0)
    if kind == "dies_drain":
        common["amount"] = r.integer("amount", minimum=1)
    if kind == "as_enters_choose":
        common["choice"] = r.choice("choice", ENTRY_CHOICES, None)
    if kind == "legion":
        # Riftbound Legion (812): "[Legion][>] Text" is active if its controller has played
        # another card this turn; ``text`` is the dependent ability.
        common["text"] = r.text("text")
    if kind in ("attack_cost", "block_cost"):
        # Ghostly Prison's cost to attack you (508.1h), per creature; a cost to block (509.1d).
        common["amount"] = r.integer("amount", minimum=1)
    if kind in ("trigger_drain", "trigger_counters"):
        # "Whenever a creature you control dies, each opponent loses 1 life and you gain 1
        # life" (Zulaport Cutthroat); "whenever a token enters" (603.6a) likewise; "put a +1/+1
        # counter on each creature you control" (Cathars' Crusade).
        common["event"] = r.choice("event", TRIGGER_EVENTS, None)
        common["amount"] = r.integer("amount", 0, minimum=0)
    if kind == "trigger_drain":
        common["gain"] = r.integer("gain", 0, minimum=0)
        common["target_player"] = r.flag("target_player")
    if kind == "trigger_counters":
        common["counter"] = r.text("counter", "+1/+1")
    if kind == "cda_pt":
        # "This creature's power and toughness are each equal to the number of creatures you
        # control" (604.3): the count is added to the printed number ("1+*" adds to 1).
        common["counts"] = r.choice("counts", CDA_COUNTS, None)
        common["sets"] = r.choice("sets", CDA_SETS, "both")
    if kind == "when_you_play":
        # Riftbound "When you play [filter], give me +N [M] this turn" (Lillia, 350.2).
        common["might"] = r.integer("might", 0, minimum=0)
    return Effect(**common)


def _one_of_each(r: _Reader) -> JsonDict:
    tokens = r.strings("tokens")
    if not tokens:
        raise r.fail("tokens", msg("must name at least one token"))
    definitions = r.data.get("definitions")
    if definitions is None:
        return {"tokens": tokens, "definitions": tuple(None for _ in tokens)}
    if not isinstance(definitions, list) or len(definitions) != len(tokens):
        raise r.fail("definitions", msg("must be a list as long as tokens"))
    if not all(d is None or isinstance(d, dict) for d in definitions):
        raise r.fail("definitions", msg("must hold token definition objects"))
    return {"tokens": tokens, "definitions": tuple(definitions)}


def parse_effects(data: object) -> list[Effect]:
    """Validate a JSON list of static effects (internals.md section 2)."""
    if not isinstance(data, list):
        raise EffectError(-1, "*", msg("effects must be a list"))
    return [_parse_effect(i, item) for i, item in enumerate(data)]


def _parse_cost(r: _Reader) -> Cost:
    data = r.data.get("cost", {})
    c = _Reader(r.index, data)
    unknown = set(c.data) - {"tap", "sacrifice", "mana", "discard"}
    if unknown:
        raise r.fail("cost", msg("unknown keys {keys}", keys=sorted(unknown)))
    mana = c.data.get("mana", "")
    if not isinstance(mana, str):
        raise r.fail("cost.mana", msg("must be a mana string such as {{2}}"))
    try:
        parse_mana_cost(mana)
    except ValueError:
        raise r.fail("cost.mana", msg("not a mana cost: {text}", text=repr(mana))) from None
    return Cost(c.flag("tap"), c.flag("sacrifice"), mana, c.integer("discard", 0))


_AMOUNT_KINDS = "add_mana add_power gain_life draw scry_draw put_counter empower_jace".split()


def _parse_ability_effect(r: _Reader) -> AbilityEffect:
    e = _Reader(r.index, r.data.get("effect"))
    kind = e.choice("kind", ABILITY_KINDS, None)
    assert kind is not None
    values: JsonDict = {"kind": kind}
    if kind == "add_mana":
        values["color"] = e.choice("color", ADD_MANA_COLORS, None)
        values["restriction"] = e.opt_text("restriction")
    if kind == "add_power":
        values["domain"] = e.choice("domain", ADD_POWER_DOMAINS, "any")
    if kind in _AMOUNT_KINDS:
        values["amount"] = e.integer("amount", 1, minimum=1)
    if kind == "scry_draw":
        values["scry"] = e.integer("scry", 1, minimum=1)
    if kind == "put_counter":
        values["counter"] = e.text("counter", "+1/+1")
    if kind in ("put_counter", "explore"):
        values["target"] = e.choice("target", ("creature", "creature_you_control"), "creature")
    return AbilityEffect(**values)


def parse_abilities(data: object) -> list[Ability]:
    """Validate a JSON list of activated abilities (internals.md section 1)."""
    if not isinstance(data, list):
        raise EffectError(-1, "*", msg("abilities must be a list"))
    abilities = []
    for index, item in enumerate(data):
        r = _Reader(index, item)
        abilities.append(
            Ability(
                text=r.text("text"),
                cost=_parse_cost(r),
                effect=_parse_ability_effect(r),
                mana=r.flag("mana"),
                sorcery_speed=r.flag("sorcery_speed"),
            )
        )
    return abilities
