"""The objects of a state as a copy-on-write table, so an action costs what it touches.

``GameState.clone`` shares every object record between the original and the copy; a record is
copied the first time the copy hands it out (``table[id]``, ``get``, ``values``, ``items``), so
``apply`` still never changes its input. The table remembers which ids an action touched (handed
out, added or removed): only those can have changed, which is what lets state-based actions and
stack merging look at them alone. Readers that change nothing use ``peek``/``peek_values``,
which hand out the shared records: never change what they return.

It also carries caches derived from the records (identity keys and the index of stacks by
identity, the static effect sources in table order, the stacks attached to something). They are
not part of the game state: a state loaded without them rebuilds them on its first action.
"""

from __future__ import annotations

import copy
import dataclasses
import weakref
from collections.abc import Hashable, Iterator
from dataclasses import MISSING
from typing import Any, TypeVar, overload

_Record = TypeVar("_Record")
# Any record type: the table copies records without reading them (rules/state.py keeps
# GameObject records in it), so it needs nothing of state.
_Object = TypeVar("_Object")
_Default = TypeVar("_Default")

_MUTABLE_FIELDS: dict[str, tuple[str, ...]] = {}


def _mutable_fields(record: object) -> tuple[str, ...]:
    """Fields built by a default factory are the mutable ones (dicts, lists)."""
    name = type(record).__qualname__ + type(record).__module__
    if name not in _MUTABLE_FIELDS:
        fields = dataclasses.fields(record)  # type: ignore[arg-type]
        _MUTABLE_FIELDS[name] = tuple(f.name for f in fields if f.default_factory is not MISSING)
    return _MUTABLE_FIELDS[name]


def _copy_value(value: Any) -> Any:
    """A counter or mana dict holds only ints: a flat copy is a full copy, and much cheaper."""
    if type(value) is dict and all(type(v) is int for v in value.values()):
        return dict(value)
    return copy.deepcopy(value)


def copy_record(record: _Record) -> _Record:
    """An independent copy of a record (what copy.copy does for a plain dataclass, without its
    generic __reduce_ex__ path, plus copies of its mutable fields)."""
    new = object.__new__(type(record))
    new.__dict__.update(record.__dict__)
    for name in _mutable_fields(record):
        setattr(new, name, _copy_value(getattr(record, name)))
    return new


class Caches:
    """What the kernel derives from the records, kept across actions (see module doc)."""

    __slots__ = ("attachers", "hosts", "index", "keys", "next_pos", "pos", "sources")

    def __init__(self) -> None:
        self.pos: dict[str, int] = {}
        """Each stack's place in table order (insertion order; new ids go at the end)."""
        self.next_pos = 0
        self.keys: dict[str, Hashable] = {}
        """Each stack's identity key (stacks.identity)."""
        self.index: dict[Hashable, tuple[str, ...]] = {}
        """Stacks by identity key, in table order: one, or full stacks and one more."""
        self.sources: list[str] = []
        """Phased-in battlefield objects with static effects, in table order."""
        self.attachers: set[str] = set()
        """Stacks attached to something."""
        self.hosts: frozenset[str] = frozenset()
        """Stacks something is attached to (never merged, stacks.identity)."""

    def fork(self) -> Caches:
        new = Caches()
        new.keys = dict(self.keys)
        new.index = dict(self.index)  # tuples: shared, never changed in place
        new.sources = list(self.sources)
        new.attachers = set(self.attachers)
        new.hosts = self.hosts
        new.pos = dict(self.pos)
        new.next_pos = self.next_pos
        return new


class ObjectTable(dict[str, _Object]):
    """``id -> GameObject`` in table order, copy-on-write (see module doc)."""

    def __init__(self, records: dict[str, _Object] | None = None) -> None:
        super().__init__(records or {})
        self._shared = False
        """False: every record is this table's own. True: only the ids in ``_own`` are."""
        self._own: set[str] = set()
        self.touched: set[str] = set()
        self.before: dict[str, _Object] = {}
        """The record each touched id had when the action began (absent for new ids)."""
        self.removed: set[str] = set()
        self.moved: set[str] = set()
        """Ids removed and inserted again in this action: now at the end of the table."""
        self.caches: Caches | None = None
        self.parent: weakref.ref[ObjectTable[_Object]] | None = None
        """The table this one was forked or patched from (weak: states don't keep their past)."""
        self.changes: frozenset[str] | None = None
        """Every id touched since the fork from ``parent`` (changed, added or removed), once
        settled; None when unknown. What changed is among these: a diff needn't walk the table."""

    def fork(self) -> ObjectTable[_Object]:
        """A table sharing every record with this one; from now on both copy before handing a
        record out."""
        self._shared, self._own = True, set()
        new = ObjectTable(self)
        new._shared = True
        new.parent = weakref.ref(self)
        # Records changed outside an action since the caches were made: rebuild them.
        new.caches = None if self.caches is None or self.touched else self.caches.fork()
        return new

    def patched(self, records: dict[str, _Object], changed: set[str]) -> ObjectTable[_Object]:
        """A table of ``records`` (this table with the stacks ``changed`` put, added or dropped,
        in table order) that keeps this table's caches: ``changed`` counts as touched, so the
        next ``stacks.merge_identical`` brings the caches up to date for those stacks alone."""
        # Both tables now share records: either copies one before changing it (as ``fork``).
        self._shared, self._own = True, set()
        new = ObjectTable(records)
        new._shared = True
        new.parent = weakref.ref(self)
        new.touched = set(changed)
        new.removed = {k for k in changed if not dict.__contains__(new, k)}
        if self.caches is not None and not self.touched:
            new.caches = self.caches.fork()
        return new

    def in_order(self, ids: set[str] | list[str]) -> list[str]:
        """The present ``ids`` in table order, without walking the table: ids the caches know by
        their place, the others (new in this action, or removed and inserted again) from the
        end of the table, where insertions go."""
        assert self.caches is not None
        pos = self.caches.pos
        present = [k for k in ids if dict.__contains__(self, k)]
        known = sorted(
            (k for k in present if k in pos and k not in self.moved), key=pos.__getitem__
        )
        new = {k for k in present if k not in pos or k in self.moved}
        if not new:
            return known
        tail: list[str] = []
        for key in reversed(dict.keys(self)):
            if key in new:
                tail.append(key)
                if len(tail) == len(new):
                    break
        return known + tail[::-1]

    def _owned(self, key: str) -> _Object:
        record = dict.__getitem__(self, key)
        if key not in self.touched:
            self.touched.add(key)
            self.before[key] = record
        if self._shared and key not in self._own:
            record = copy_record(record)
            dict.__setitem__(self, key, record)
            self._own.add(key)
        return record

    def __getitem__(self, key: str) -> _Object:
        return self._owned(key)

    @overload
    def get(self, key: str, default: None = None, /) -> _Object | None: ...
    @overload
    def get(self, key: str, default: _Object | _Default, /) -> _Object | _Default: ...
    def get(self, key: str, default: Any = None, /) -> Any:
        return self._owned(key) if dict.__contains__(self, key) else default

    def values(self) -> list[_Object]:  # type: ignore[override]
        return [self._owned(key) for key in dict.keys(self)]

    def items(self) -> list[tuple[str, _Object]]:  # type: ignore[override]
        return [(key, self._owned(key)) for key in dict.keys(self)]

    def __setitem__(self, key: str, record: _Object) -> None:
        if key not in self.touched:
            self.touched.add(key)
            if dict.__contains__(self, key):
                self.before[key] = dict.__getitem__(self, key)
        if key in self.removed:
            self.moved.add(key)
        self._own.add(key)
        dict.__setitem__(self, key, record)

    def __delitem__(self, key: str) -> None:
        if key not in self.touched:
            self.touched.add(key)
            self.before[key] = dict.__getitem__(self, key)
        self._own.discard(key)
        self.removed.add(key)
        dict.__delitem__(self, key)

    def pop(self, key: str, *default: Any) -> Any:
        if not dict.__contains__(self, key):
            return dict.pop(self, key, *default)
        record = self._owned(key)
        del self[key]
        return record

    def settled(self) -> None:
        """The action is over and the caches match the records: nothing is touched now."""
        self.changes = frozenset(self.touched) | (self.changes or frozenset())
        self.touched.clear()
        self.before.clear()
        self.removed.clear()
        self.moved.clear()

    def peek(self, key: str) -> _Object | None:
        """The record for reading only (possibly shared with other states)."""
        return dict.get(self, key)

    def peek_values(self) -> Iterator[_Object]:
        """Every record, for reading only (possibly shared with other states)."""
        return iter(dict.values(self))

    def __copy__(self) -> ObjectTable[_Object]:
        return self.fork()

    def __deepcopy__(self, memo: dict[int, Any]) -> ObjectTable[_Object]:
        return ObjectTable({k: copy.deepcopy(v, memo) for k, v in dict.items(self)})

    def __reduce__(self) -> Any:
        return (ObjectTable, (dict(dict.items(self)),))
