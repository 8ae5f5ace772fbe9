"""Dividing a stack's combat damage (CR 510.1c-d, 702.19b): described by data, answered by
amounts, validated, for a whole stack at once.

A stack of ``count`` identical creatures divides its damage; each of its creatures has its own
``each`` creatures of every stack it assigns to (a blocker stack of count * each blocking it).
Each creature assigns its own damage (510.1c-d), so an answer gives, per *group* of the stack's
creatures, what each creature of the group assigns:

    {"to": {"o7": [3, 1]}, "excess": 2}                 every creature alike
    {"groups": [{"count": 5, "to": {"o7": [2]}, "excess": 0},
                {"count": 3, "to": {"o7": [1, [1, 2]]}, "excess": 0}]}

A list names the nonzero amounts one creature assigns to its ``each`` creatures of that stack
(the others get 0): an integer for one creature, ``[amount, n]`` for n of them. So an answer's
size follows the groups and the distinct amounts, never the number of creatures: a million
Goblins cost what one does. An answer may name at most ``MAX_GROUPS`` groups and ``MAX_AMOUNTS``
list entries in all; beyond that it is refused (400), it is never cut short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.errors import IllegalAction, InvalidAction
from rules.text import msg, plural

MAX_GROUPS = 64
"""The most groups of one stack's creatures an answer may divide differently."""
MAX_AMOUNTS = 1024
"""The most amounts (list entries) an answer may give in all."""
SUGGESTIONS = 8
"""How many ready-made divisions a question offers as buttons; any other is answered by amounts."""

Runs = tuple[tuple[int, int], ...]
"""(amount, creatures) pairs, amounts decreasing and nonzero: one creature's share of a stack."""


@dataclass(frozen=True)
class Slot:
    """A stack the damage may go to: each dividing creature has ``each`` of its creatures."""

    target: str
    name: str
    each: int
    lethal: int
    """Lethal damage for one of its creatures (702.19b): toughness minus damage marked and
    damage other creatures already assigned in this step; 1 from deathtouch (702.2c)."""
    keeps: bool
    """Damage beyond lethal still does something (indestructible: it stays marked)."""


@dataclass(frozen=True)
class Group:
    count: int
    to: tuple[tuple[str, Runs], ...]
    excess: int
    """What each creature of the group assigns to the player, planeswalker or battle attacked."""

    def runs(self, target: str) -> Runs:
        return next((runs for t, runs in self.to if t == target), ())


@dataclass(frozen=True)
class Problem:
    source: str
    count: int
    power: int
    slots: tuple[Slot, ...]
    trample: bool
    """Excess may go to what the creature attacks (702.19b); false when it attacks nothing."""

    def total_lethal(self) -> int:
        return sum(s.each * s.lethal for s in self.slots)


def describe(problem: Problem, excess_to: Any) -> dict[str, Any]:
    """The question as data (the pending choice's ``amounts``)."""
    return {
        "source": problem.source,
        "count": problem.count,
        "power": problem.power,
        "to": [
            {"object": s.target, "name": s.name, "each": s.each, "lethal": s.lethal}
            for s in problem.slots
        ],
        "excess_to": excess_to if problem.trample else None,
        "max_groups": MAX_GROUPS,
        "max_amounts": MAX_AMOUNTS,
    }


def _cap(problem: Problem, slot: Slot) -> int:
    return problem.power if slot.keeps else slot.lethal


def must_ask(problem: Problem) -> bool:
    """Do divisions differ in what they do? Damage beyond lethal to a creature that dies anyway
    changes nothing; with trample and power enough, the excess goes to what is attacked unless
    the player says otherwise in advance (``Context.decide_amounts``)."""
    power = problem.power
    if sum(s.each for s in problem.slots) <= 1:
        return False  # 510.1c: exactly one creature blocking gets all of it
    if power >= problem.total_lethal() and (
        problem.trample or not any(s.keeps for s in problem.slots)
    ):
        return False
    live = [s for s in problem.slots if s.each and _cap(problem, s)]
    if power >= sum(s.each * _cap(problem, s) for s in live):
        return False
    if len(live) >= 2:
        return True  # moving one damage between two stacks changes what each is dealt
    k, c = live[0].each, _cap(problem, live[0])
    # Partitions of the power into at most k parts of at most c: one only in these cases.
    return not (power <= 1 or c == 1 or k == 1 or power >= k * c - 1)


def _fill(power: int, slots: list[tuple[Slot, int]]) -> tuple[dict[str, Runs], int]:
    """Greedy: each creature of each slot in turn up to its cap; returns the runs and what is
    left over."""
    to: dict[str, Runs] = {}
    left = power
    for slot, cap in slots:
        if left <= 0 or cap <= 0:
            continue
        full = min(slot.each, left // cap)
        runs: list[tuple[int, int]] = [(cap, full)] if full else []
        left -= full * cap
        if full < slot.each and left > 0:
            runs.append((left, 1))
            left = 0
        if runs:
            to[slot.target] = tuple(runs)
    return to, left


def _group(count: int, to: dict[str, Runs], excess: int) -> Group:
    return Group(count, tuple(sorted((t, r) for t, r in to.items() if r)), excess)


def default(problem: Problem) -> tuple[Group, ...]:
    """Lethal damage to each creature in order, the rest to what is attacked (trample) or to the
    first creature (an unasked division's leftover changes nothing)."""
    slots = [(s, s.lethal) for s in problem.slots]
    to, left = _fill(problem.power, slots)
    excess = 0
    if left and problem.trample:
        excess = left
    elif left:
        first = next(s for s in problem.slots if s.each)
        runs = list(to.get(first.target, ()))
        amount, n = runs[0] if runs else (0, 0)
        rest = [(amount, n - 1)] if n > 1 else []
        to[first.target] = _normal([(amount + left, 1), *rest, *runs[1:]])
    return (_group(problem.count, to, excess),)


def suggestions(problem: Problem) -> list[dict[str, Any]]:
    """A few divisions to offer as buttons: lethal in turn starting from each stack, then all to
    one stack; a player divides any other way by amounts."""
    found: list[dict[str, Any]] = []
    n = len(problem.slots)
    orders = [problem.slots[i:] + problem.slots[:i] for i in range(n)]
    for order in orders:
        if len(found) >= SUGGESTIONS:
            break
        to, left = _fill(problem.power, [(s, _cap(problem, s)) for s in order])
        if left and not problem.trample:
            continue
        option = as_json(_group(problem.count, to, left))
        if option not in found:
            found.append(option)
    return found


def as_json(group: Group) -> dict[str, Any]:
    return {
        "to": {t: [a if n == 1 else [a, n] for a, n in runs] for t, runs in group.to},
        "excess": group.excess,
    }


def _normal(runs: list[tuple[int, int]]) -> Runs:
    merged: dict[int, int] = {}
    for amount, n in runs:
        if amount and n:
            merged[amount] = merged.get(amount, 0) + n
    return tuple(sorted(merged.items(), reverse=True))


def _integer(value: Any, what: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise InvalidAction(
            msg("{what} must be an integer of at least {minimum}", what=what, minimum=minimum)
        )
    return int(value)


def accept(problem: Problem, answer: Any) -> tuple[Group, ...]:
    """The answer as groups, or InvalidAction (its shape, 400) / IllegalAction (the rules, 422)."""
    if not isinstance(answer, dict):
        raise InvalidAction(msg("a division of combat damage is a JSON object"))
    if answer.get("source", problem.source) != problem.source:
        raise InvalidAction(msg("this division is of {source}'s damage", source=problem.source))
    if "groups" in answer:
        raw = answer["groups"]
        if not isinstance(raw, list) or not 1 <= len(raw) <= MAX_GROUPS:
            raise InvalidAction(
                msg("groups must be a list of 1 to {max_groups} groups", max_groups=MAX_GROUPS)
            )
    else:
        raw = [{**answer, "count": problem.count}]
    budget = [MAX_AMOUNTS]
    groups = [_accept_group(problem, g, budget) for g in raw]
    if sum(g.count for g in groups) != problem.count:
        raise InvalidAction(
            plural(
                "the groups' counts must add up to the {n} creature of the stack",
                "the groups' counts must add up to the {n} creatures of the stack",
                n=problem.count,
            )
        )
    merged: dict[tuple[Any, ...], int] = {}
    for g in groups:
        merged[(g.to, g.excess)] = merged.get((g.to, g.excess), 0) + g.count
    return tuple(Group(count, to, excess) for (to, excess), count in merged.items())


def _accept_group(problem: Problem, raw: Any, budget: list[int]) -> Group:
    if not isinstance(raw, dict) or not isinstance(raw.get("to", {}), dict):
        raise InvalidAction(
            msg('a group is {{"count": n, "to": {{stack id: [amounts]}}, "excess": n}}')
        )
    count = _integer(raw.get("count"), "a group's count", 1)
    excess = _integer(raw.get("excess", 0), "excess", 0)
    slots = {s.target: s for s in problem.slots}
    to: dict[str, Runs] = {}
    for target, amounts in raw.get("to", {}).items():
        slot = slots.get(target)
        if slot is None:
            raise InvalidAction(
                msg("{target} isn't a creature this damage can be assigned to", target=repr(target))
            )
        if not isinstance(amounts, list):
            raise InvalidAction(msg("the amounts for a stack are a list"))
        budget[0] -= len(amounts)
        if budget[0] < 0:
            raise InvalidAction(
                msg(
                    "a division may list at most {max_amounts} amounts; write [amount, n] for n "
                    "creatures dealt the same",
                    max_amounts=MAX_AMOUNTS,
                )
            )
        runs: list[tuple[int, int]] = []
        for entry in amounts:
            if isinstance(entry, list) and len(entry) == 2:
                runs.append((_integer(entry[0], "an amount", 0), _integer(entry[1], "n", 0)))
            else:
                runs.append((_integer(entry, "an amount", 0), 1))
        to[target] = _normal(runs)
        if sum(n for _a, n in to[target]) > slot.each:
            raise InvalidAction(
                msg(
                    "each dividing creature has only {each} of {slot} to assign to",
                    each=slot.each,
                    slot=slot.name,
                )
            )
    assigned = sum(a * n for runs in to.values() for a, n in runs) + excess
    if assigned != problem.power:
        raise IllegalAction(
            msg(
                "each creature assigns exactly its power, {power}; this division assigns "
                "{assigned} (CR 510.1a, 510.1e)",
                power=problem.power,
                assigned=assigned,
            ),
            "510.1e",
        )
    if excess:
        if not problem.trample:
            raise IllegalAction(
                msg(
                    "only an attacking creature with trample assigns damage to what it attacks "
                    "while blocked (CR 510.1c, 702.19b)"
                ),
                "510.1c",
            )
        for slot in problem.slots:
            lethal_ones = sum(n for a, n in to.get(slot.target, ()) if a >= slot.lethal)
            if slot.lethal and lethal_ones < slot.each:
                raise IllegalAction(
                    msg(
                        "with trample, damage goes to what is attacked only once every blocking "
                        "creature is assigned lethal damage; {slot} needs {lethal} (CR 702.19b)",
                        slot=slot.name,
                        lethal=slot.lethal,
                    ),
                    "702.19b",
                )
    return _group(count, to, excess)
