"""Typed commands for the table ("3 treasure", "tap 4 soldier", "attack ben with 10 goblin"):
a phrase in the player's words becomes an action of the game's registry, or a question, or a
list of actions to choose from when it could mean several.

Nothing here is written per action. The verbs are the registry's labels and type words (in
the reader's language too: the caller passes them in a ``Vocabulary``); what follows the verb
fills the entry's parameters by their kind: numbers the integers (a number before a name is
how many of that stack), names the stack, seat and token parameters, a counter's name the
counter kind. Little words ("with", "to") say which stack parameter a name fills when an
action takes two ("block goblin with wolf"); without them the stacks go where the entry's
own conditions (``Applies``, attacking for an attacker) fit best.

Pure and standard library only: the table (stacks, seats, the catalogue's tokens) arrives as a
``Scene`` the caller builds. Messages are ``rules.text`` sentences, translated by the caller.
"""

from __future__ import annotations

import difflib
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from rules.command_words import NUMBER, Named, best_named, fold, word_matches, words
from rules.registry.game import Registry
from rules.registry.shared import BY
from rules.registry.vocabulary import (
    CONTROLLER,
    DEFENDER,
    INTEGER,
    OBJECT,
    PLAYER,
    SEAT,
    STACK,
    TEXT,
    TOKEN,
    ActionSpec,
    JsonDict,
    Param,
)
from rules.text import Text, msg

MAX_OPTIONS = 9  # an ambiguous phrase offers at most this many readings, by number
UNDO = "undo"


@dataclass(frozen=True)
class Vocabulary:
    """The words of one language (English is always added by the caller): ``verbs`` maps a
    phrase to an action type, ``UNDO`` or a question key; ``with_words`` mark the stack that
    acts ("attack with", "block with"), ``to_words`` the one acted on; ``fillers`` are said
    and ignored ("the", "token"); ``me`` names the speaker's seat."""

    verbs: tuple[tuple[str, str], ...]
    questions: tuple[tuple[str, str], ...] = ()
    with_words: frozenset[str] = frozenset()
    to_words: frozenset[str] = frozenset()
    fillers: frozenset[str] = frozenset()
    me: frozenset[str] = frozenset()


@dataclass(frozen=True)
class Scene:
    """What a phrase may name at this table, seen by the speaker (``speaker``: the seat they
    act for first). ``tokens`` finds catalogue tokens by a name, as the palette's search
    does; ``known_names`` are names to suggest from when nothing matches."""

    registry: Registry
    stacks: tuple[Named, ...]
    seats: tuple[Named, ...]
    speaker: int | None
    tokens: Callable[[str], Sequence[Named]] = lambda name: ()
    known_names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Action:
    """One action to send (``action``); ``special`` instead for undo and questions."""

    action: JsonDict | None = None
    special: str | None = None


@dataclass(frozen=True)
class Options:
    """The phrase could mean several actions: the player answers by number (1-based)."""

    actions: tuple[JsonDict, ...]


@dataclass(frozen=True)
class NotUnderstood:
    message: Text
    suggestions: tuple[str, ...] = ()


Result = Action | Options | NotUnderstood


# Parsing -------------------------------------------------------------------------------------


@dataclass
class _Group:
    """Words naming one thing, the number said before them (a count) and the little word that
    introduced them ("with", "to")."""

    words: list[str]
    count: int | None = None
    mark: str = ""


@dataclass
class _Said:
    groups: list[_Group] = field(default_factory=list)
    numbers: list[int] = field(default_factory=list)
    signed: list[bool] = field(default_factory=list)


def _split(rest: list[str], vocab: Vocabulary) -> _Said:
    said = _Said()
    mark = ""
    pending: int | None = None
    current: _Group | None = None
    for word in rest:
        if word in vocab.with_words or word in vocab.to_words:
            current = None
            if pending is not None:
                said.numbers.append(pending)
                said.signed.append(False)
                pending = None
            mark = "with" if word in vocab.with_words else "to"
            continue
        if word in vocab.fillers:
            continue
        if NUMBER.match(word):
            current = None
            if pending is not None:
                said.numbers.append(pending)
                said.signed.append(False)
                pending = None
            if word[0] in "+-":
                said.numbers.append(int(word))
                said.signed.append(True)
            else:
                pending = int(word)
            continue
        if current is None:
            current = _Group([], pending, mark)
            said.groups.append(current)
            pending, mark = None, ""
        current.words.append(word)
    if pending is not None:
        said.numbers.append(pending)
        said.signed.append(False)
    return said


def _verb_candidates(typed: list[str], vocab: Vocabulary) -> list[tuple[int, int, str]]:
    """(words the verb took, score, target) for each verb phrase the phrase starts with, best
    first: more words matched, then a match on the phrase's first word, then exact words."""
    found: dict[str, tuple[int, int, str]] = {}
    for phrase, target in vocab.verbs:
        verb = words(phrase)
        for start in range(len(verb)):
            n = 0
            exact = 0
            while (
                n < len(typed) and start + n < len(verb) and word_matches(typed[n], verb[start + n])
            ):
                exact += typed[n] == verb[start + n]
                n += 1
            if n:
                score = n * 100 + (50 if start == 0 else 0) + exact * 10
                if target not in found or found[target][1] < score:
                    found[target] = (n, score, target)
    return sorted(found.values(), key=lambda f: -f[1])


def parse(text: str, vocab: Vocabulary, scene: Scene, choice: int | None = None) -> Result:
    """The action (or undo, or question) ``text`` says; with ``choice`` (1-based), that one of
    the readings it offered."""
    typed = words(text)
    if not typed:
        return NotUnderstood(msg("Type a command, e.g. “3 treasure” or “tap 2 soldier”."))
    for phrase, key in vocab.questions:
        asked = words(phrase)
        if len(asked) == len(typed) and all(map(word_matches, typed, asked)):
            return Action(special=key)
    failure: NotUnderstood | None = None
    tried = False
    for taken, _score, target in _verb_candidates(typed, vocab):
        if target == UNDO:
            if taken == len(typed):
                return Action(special=target)
            continue
        spec = scene.registry.get(target)
        if spec is None:
            continue
        tried = True
        result = _fill(spec, typed[taken:], vocab, scene, choice)
        if not isinstance(result, NotUnderstood):
            return result
        failure = failure or result
    create = scene.registry.by_role("create")
    if create is not None and (not tried or NUMBER.match(typed[0])):
        # No verb: a count and a token's name make tokens ("3 treasure"), as the palette does.
        result = _fill(create, typed, vocab, scene, choice)
        if not isinstance(result, NotUnderstood) or NUMBER.match(typed[0]):
            return result
        if failure is None:
            unknown = _unknown(typed, vocab, scene)
            return NotUnderstood(unknown.message, unknown.suggestions + result.suggestions)
    return failure or _unknown(typed, vocab, scene)


def _unknown(typed: list[str], vocab: Vocabulary, scene: Scene) -> NotUnderstood:
    verbs = [phrase for phrase, _ in vocab.verbs]
    close = difflib.get_close_matches(typed[0], [w for v in verbs for w in words(v)], 3, 0.6)
    return NotUnderstood(
        msg("“{word}” is no command here.", word=typed[0]),
        tuple(dict.fromkeys(close)),
    )


def _stack_params(spec: ActionSpec) -> list[Param]:
    """The stack parameters a phrase may fill: the object, then the other required ones
    (block's attacker, attach's "to"); optional ones (a damage source) only by name."""
    found = [p for p in spec.params if p.kind == OBJECT and p.refers == STACK]
    return [p for p in found if p.name == "object" or p.required] or found[:1]


def _seat_params(spec: ActionSpec) -> list[Param]:
    """The seat parameters a player's name fills: required ones first, then those the forms
    ask, then the API's (a damage's player); never ``by`` (who chooses, Riftbound's Deflect)."""
    found = [
        p for p in spec.params if (p.refers == PLAYER or p.kind == DEFENDER) and p.name != BY.name
    ]
    return sorted(found, key=lambda p: (not p.required, not p.form))


def _int_params(spec: ActionSpec) -> list[Param]:
    return [p for p in spec.params if p.kind == INTEGER and p.name != "count"]


def _word_param(spec: ActionSpec, kinds: Sequence[str]) -> Param | None:
    """A free word that names a counter ("+1/+1", "poison"): a text parameter that is
    required or whose default is one of the game's counter kinds."""
    return next(
        (
            p
            for p in spec.params
            if p.kind == TEXT and p.refers is None and (p.required or p.default in kinds)
        ),
        None,
    )


def _token_param(spec: ActionSpec) -> Param | None:
    return next((p for p in spec.params if p.refers == TOKEN), None)


def _count_param(spec: ActionSpec) -> Param | None:
    return spec.param("count")


def _counter_kind(word: str, kinds: Sequence[str]) -> str | None:
    """A counter named by its name or its start ("+1" for "+1/+1")."""
    for kind in kinds:
        if word == fold(kind):
            return kind
    starts = [k for k in kinds if fold(k).split("/")[0] == word]
    return starts[0] if len(starts) == 1 else None


def _fill(
    spec: ActionSpec, rest: list[str], vocab: Vocabulary, scene: Scene, choice: int | None
) -> Result:
    said = _split(rest, vocab)
    action: JsonDict = {"type": spec.type}
    word_param = _word_param(spec, scene.registry.counter_kinds)
    # A counter's name said as a number ("+1") or a word ("poison").
    if word_param is not None:
        kinds = scene.registry.counter_kinds
        for i, (number, signed) in enumerate(zip(said.numbers, said.signed, strict=True)):
            kind = _counter_kind(f"{number:+d}", kinds) if signed else None
            if kind is not None:
                action[word_param.name] = kind
                del said.numbers[i], said.signed[i]
                break
        for group in list(said.groups):
            if len(group.words) == 1 and word_param.name not in action:
                kind = _counter_kind(group.words[0], kinds)
                if kind is not None or (
                    word_param.required and not _names_anything(group, scene, vocab)
                ):
                    action[word_param.name] = kind or group.words[0]
                    said.groups.remove(group)
                    if group.count is not None:
                        said.numbers.insert(0, group.count)
                        said.signed.insert(0, False)
    # Seats: names of players (or "me").
    seat_params = _seat_params(spec)
    for group in list(said.groups):
        seat = _seat_named(group, scene, vocab)
        if seat is None:
            continue
        param = next((p for p in seat_params if p.name not in action), None)
        if param is None:
            return NotUnderstood(msg("Too many players named for this action."))
        action[param.name] = seat
        said.groups.remove(group)
    # Integers in the entry's order.
    for param, number in zip(_int_params(spec), said.numbers, strict=False):
        action[param.name] = number
    if len(said.numbers) > len(_int_params(spec)):
        return NotUnderstood(msg("Too many numbers for “{action}”.", action=spec.label))
    readings: list[JsonDict] = []
    token_param = _token_param(spec)
    if token_param is not None:
        if len(said.groups) != 1:
            return NotUnderstood(msg("Say which token, e.g. “3 treasure”."))
        group = said.groups[0]
        found = scene.tokens(" ".join(group.words))
        if not found:
            return _no_such(group, scene, vocab)
        count = _count_param(spec)
        if group.count is not None and count is not None:
            action[count.name] = group.count
        seat_param = next((p for p in seat_params if p.name not in action), None)
        if seat_param is not None and scene.speaker is not None:
            action[seat_param.name] = scene.speaker
        readings = [{**action, token_param.name: t.ref} for t in found]
    else:
        stack_params = _stack_params(spec)
        if not stack_params and said.groups:
            return _no_such(said.groups[-1], scene, vocab)
        assigned = _assign(spec, stack_params, said.groups, vocab, scene)
        if isinstance(assigned, NotUnderstood):
            return assigned
        for param in seat_params:
            if param.required and param.name not in action and scene.speaker is not None:
                action[param.name] = scene.speaker
        readings = [{**action, **each} for each in assigned]
    missing = _missing(spec, readings[0] if readings else action)
    if missing is not None:
        return missing
    if len(readings) == 1:
        return Action(readings[0])
    if choice is not None:
        if 1 <= choice <= len(readings[:MAX_OPTIONS]):
            return Action(readings[choice - 1])
        return NotUnderstood(msg("Choose a number from 1 to {n}.", n=len(readings[:MAX_OPTIONS])))
    return Options(tuple(readings[:MAX_OPTIONS]))


def _missing(spec: ActionSpec, action: JsonDict) -> NotUnderstood | None:
    for param in spec.params:
        if param.required and param.name not in action and param.default is None:
            if param.refers == STACK:
                return NotUnderstood(
                    msg("Say which stack, e.g. “{example}”.", example=_example(spec))
                )
            if param.refers in (PLAYER,) or param.kind == SEAT:
                return NotUnderstood(msg("Say which player."))
            return NotUnderstood(msg("Say how much, e.g. “{example}”.", example=_example(spec)))
    return None


def _example(spec: ActionSpec) -> str:
    return f"{fold(spec.label)} 2 soldier" if spec.param("count") else fold(spec.label)


def _names_anything(group: _Group, scene: Scene, vocab: Vocabulary) -> bool:
    return bool(best_named(group.words, scene.stacks, vocab.fillers)) or (
        _seat_named(group, scene, vocab) is not None
    )


def _seat_named(group: _Group, scene: Scene, vocab: Vocabulary) -> int | None:
    if group.words and all(w in vocab.me for w in group.words):
        return scene.speaker
    found = best_named(group.words, scene.seats, frozenset())
    if len(found) == 1:
        return int(found[0].ref)
    return None


def _no_such(group: _Group, scene: Scene, vocab: Vocabulary) -> NotUnderstood:
    """Nothing is called so: the names closest to it ("did you mean"), compared without
    the words said and ignored ("Soldier" for "Soldier Token")."""
    name = " ".join(group.words)
    names = [n for s in scene.stacks for n in s.names] + list(scene.known_names)
    names += [n for s in scene.seats for n in s.names]
    by_fold: dict[str, str] = {}
    for each in names:
        by_fold.setdefault(fold(each), each)
        by_fold.setdefault(" ".join(w for w in words(each) if w not in vocab.fillers), each)
    close = difflib.get_close_matches(fold(name), list(by_fold), 3, 0.6)
    return NotUnderstood(
        msg("Nothing here is called “{name}”.", name=name),
        tuple(dict.fromkeys(by_fold[c] for c in close)),
    )


def _fits(spec: ActionSpec, param: Param, view: Mapping[str, Any], speaker: int | None) -> int:
    """How well a stack suits a parameter (higher is better): the object must be one the
    action applies to and, for the controller's own actions, the speaker's; an attacker to
    block is attacking, someone else's."""
    score = 0
    if param.name == "object":
        if spec.applies is not None and spec.applies.matches(view):
            score += 2
        if spec.actor.kind == CONTROLLER and view.get("controller") == speaker:
            score += 1
    if param.offered_by == "attackers_against":
        score += 2 if view.get("attacking") else 0
        score += 1 if view.get("controller") != speaker else 0
    return score


def _assign(
    spec: ActionSpec,
    params: list[Param],
    groups: list[_Group],
    vocab: Vocabulary,
    scene: Scene,
) -> list[JsonDict] | NotUnderstood:
    """Every best reading of the groups as the stack parameters (and the count)."""
    if not groups:
        return [{}]
    groups = _split_names(groups, scene, vocab)
    if len(groups) > len(params):
        return NotUnderstood(msg("Too many names for “{action}”.", action=spec.label))
    matches: list[list[Named]] = []
    for group in groups:
        found = best_named(group.words, scene.stacks, vocab.fillers)
        if not found:
            return _no_such(group, scene, vocab)
        matches.append(found)
    best: list[tuple[int, JsonDict]] = []
    for order in itertools.permutations(params, len(groups)):
        if not _marks_fit(order, groups):
            continue
        for picks in itertools.product(*matches):
            if len({p.ref for p in picks}) < len(picks):
                continue
            score = sum(
                _fits(spec, param, pick.view, scene.speaker)
                # A stack smaller than the count said is not the one meant ("8 goblin").
                - (3 if group.count and pick.view.get("count", group.count) < group.count else 0)
                for param, pick, group in zip(order, picks, groups, strict=True)
            )
            reading: JsonDict = {
                param.name: pick.ref for param, pick in zip(order, picks, strict=True)
            }
            for param, group in zip(order, groups, strict=True):
                if param.name == "object" and group.count is not None and spec.param("count"):
                    reading["count"] = group.count
            best.append((score, reading))
    if not best:
        return NotUnderstood(msg("Say which stack, e.g. “{example}”.", example=_example(spec)))
    top = max(score for score, _ in best)
    readings = [reading for score, reading in best if score == top]
    return list({repr(sorted(r.items())): r for r in readings}.values())


def _split_names(groups: list[_Group], scene: Scene, vocab: Vocabulary) -> list[_Group]:
    """Two names said one after the other ("block goblin wolf"): a group no stack is called
    is read as two when each part names a stack."""
    found: list[_Group] = []
    for group in groups:
        if best_named(group.words, scene.stacks, vocab.fillers):
            found.append(group)
            continue
        for cut in range(1, len(group.words)):
            head, tail = group.words[:cut], group.words[cut:]
            if best_named(head, scene.stacks, vocab.fillers) and best_named(
                tail, scene.stacks, vocab.fillers
            ):
                found += [_Group(head, group.count, group.mark), _Group(tail)]
                break
        else:
            found.append(group)
    return found


def _marks_fit(order: Sequence[Param], groups: Sequence[_Group]) -> bool:
    """ "with" names the object (what acts: "attack with 10 goblin", "block goblin with
    wolf"); "to" another stack parameter when there is one ("attach aura to wolf"), else the
    object ("damage 3 to wolf")."""
    for param, group in zip(order, groups, strict=True):
        if group.mark == "with" and param.name != "object":
            return False
        if group.mark == "to" and param.name == "object" and len(order) > 1:
            return False
    return True


def type_words(action_type: str) -> str:
    """ "pass_turn" -> "Pass turn": how the log titles an entry, a verb phrase too."""
    text = action_type.replace("_", " ")
    return text[:1].upper() + text[1:]


def verbs_of(
    registry: Registry, translate: Callable[[str], str] = str
) -> tuple[tuple[str, str], ...]:
    """Every action of ``registry`` by its label and its type in words, in English and as
    ``translate`` gives them (the reader's language): "tap", "add counters", "deal damage",
    "damage", "next step", "life"... ``choose`` and the owner's switch are left out (a
    choice is answered by number, the switch is the owner's button)."""
    found: dict[str, str] = {}
    for spec in registry:
        if spec.role in ("answer", "mode"):
            continue
        for phrase in (spec.label, type_words(spec.type)):
            for said in (phrase, translate(phrase)):
                found.setdefault(fold(said), spec.type)
    return tuple(found.items())
