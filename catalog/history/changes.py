"""An import's change set, made from its own historical records.

Inside the import's transaction (before a dry run rolls back), `ChangeSpool.collect()` reads the
records stamped with the job, compares each row's state before the job with its state after it,
and spools one line per record to a temporary file; what the file skipped is spooled as it is
read. After the transaction, `store()` copies the spool into ImportChange rows a batch at a
time, so neither step holds the whole change set in memory.
"""

from __future__ import annotations

import datetime
import functools
import json
import tempfile
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from django.db import models, reset_queries

from catalog.history.models import ImportChange
from catalog.importers.records import Skipped
from catalog.models import (
    CardDefinition,
    PrintedName,
    ReferenceCard,
    ReferenceRelation,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)
from jobs.models import Job

BATCH = 500
# Skips that mean the file and the catalogue disagree (a curator should look), not a record the
# importer leaves out by design (an art card, a second printing).
PROBLEM_REASONS = frozenset(
    {
        "token printing not in the catalogue",
        "printed name of nothing in the catalogue",
        "token not in the file",
        "token record without a type",
    }
)
LINKS = (
    ("token_id", TokenDefinition),
    ("card_id", CardDefinition),
    ("reference_id", ReferenceCard),
)
NOT_SHOWN = frozenset({"id", "folded"})  # the row's own key and values derived from others


@dataclass(frozen=True)
class Tracked:
    model: type[models.Model]
    kind: str  # the API's "kind"
    prefix: str = ""  # a back face's fields are its token's "back.<field>"


# In the order a change set lists them; a revert walks it backwards (links before what they link).
TRACKED = (
    Tracked(TokenDefinition, "token"),
    Tracked(TokenFace, "token", "back."),
    Tracked(TokenPrinting, "printing"),
    Tracked(CardDefinition, "card"),
    Tracked(ReferenceCard, "reference"),
    Tracked(TokenRelation, "relation"),
    Tracked(ReferenceRelation, "relation"),
    Tracked(PrintedName, "printed_name"),
)


def field_labels() -> dict[str, str]:
    """attname -> the field's verbose name (in the active language), for every model with
    history ("back." fields: the back face's)."""
    labels: dict[str, str] = {}
    for tracked in TRACKED:
        for field in tracked.model._meta.concrete_fields:
            label = str(field.verbose_name)
            labels.setdefault(f"{tracked.prefix}{field.attname}", label)
    return labels


def jsonable(value: Any) -> Any:
    if isinstance(value, uuid.UUID | Decimal):
        return str(value)
    if isinstance(value, datetime.datetime | datetime.date):
        return value.isoformat()
    return value


@functools.cache
def history_model(model: type[models.Model]) -> Any:
    """The historical model of `model` (reading `model.history` builds a manager each time)."""
    return model.history.model  # type: ignore[attr-defined]


@functools.cache
def tracked_fields(model: type[models.Model]) -> list[str]:
    return [f.attname for f in history_model(model).tracked_fields]


def field_diff(
    before: dict[str, Any] | None, after: dict[str, Any] | None, names: Iterable[str]
) -> dict[str, list[Any]]:
    """{field: [old, new]} of the fields that differ (a created row: its non-empty fields)."""
    diff = {}
    for name in names:
        if name in NOT_SHOWN:
            continue
        old = before.get(name) if before else None
        new = after.get(name) if after else None
        if old != new and (
            before is not None or after is None or new not in ("", [], {}, None, False)
        ):
            diff[name] = [jsonable(old), jsonable(new)]
    return diff


@dataclass
class Span:
    """One row's history around one job: its state before the job and after it."""

    object_pk: int
    before: dict[str, Any] | None  # None: the job created it
    after: dict[str, Any] | None  # None: the job deleted it
    later: bool  # changed by someone else after the job


def spans(model: type[models.Model], job: str) -> Iterator[list[Span]]:
    """The rows of `model` the job wrote, in batches."""
    history = history_model(model)
    names = tracked_fields(model)
    job_id = uuid.UUID(job)
    touched = (
        history.objects.filter(history_job=job_id)
        .order_by("id")
        .values_list("id", flat=True)
        .distinct()
    )
    chunk: list[int] = []
    for object_pk in touched.iterator(chunk_size=2000):
        chunk.append(object_pk)
        if len(chunk) == BATCH:
            yield list(_spans(history, names, chunk, job_id))
            chunk = []
    if chunk:
        yield list(_spans(history, names, chunk, job_id))


def _spans(history: Any, names: list[str], pks: list[int], job: uuid.UUID) -> Iterator[Span]:
    rows = (
        history.objects.filter(id__in=pks)
        .order_by("id", "history_id")
        .values(*names, "history_type", "history_job")
    )
    by_pk: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_pk.setdefault(row["id"], []).append(row)
    for pk in pks:
        records = by_pk.get(pk, [])
        mine = [i for i, r in enumerate(records) if r["history_job"] == job]
        if not mine:
            continue
        first, last = mine[0], mine[-1]
        opened = records[first]["history_type"] == "+"
        before = None if opened or first == 0 else records[first - 1]
        after = None if records[last]["history_type"] == "-" else records[last]
        yield Span(pk, before, after, later=last < len(records) - 1)


class Names:
    """Names and slugs of the definitions a batch of linked rows points at."""

    def __init__(self) -> None:
        self.cache: dict[tuple[type[models.Model], int], tuple[str, str]] = {}

    def load(self, model: type[models.Model], pks: Iterable[Any]) -> None:
        if len(self.cache) > 20 * BATCH:  # bounded: a long change set forgets as it goes
            self.cache.clear()
        wanted = {int(pk) for pk in pks if pk is not None} - {
            p for m, p in self.cache if m is model
        }
        rows = model._default_manager.filter(pk__in=wanted).values_list("pk", "name", "slug")
        for pk, name, slug in rows:
            self.cache[(model, pk)] = (str(name), str(slug))

    def of(self, model: type[models.Model], pk: Any) -> tuple[str, str]:
        if pk is None:
            return "", ""
        key = (model, int(pk))
        if key not in self.cache:
            row = model._default_manager.filter(pk=pk).values_list("name", "slug").first()
            self.cache[key] = (str(row[0]), str(row[1])) if row else (f"#{pk}", str(pk))
        return self.cache[key]


def describe(tracked: Tracked, state: dict[str, Any], names: Names) -> tuple[str, str]:
    """(id, name) of a row as the change set shows it: slugs for definitions, else the row's
    number, and a name in words."""
    model = tracked.model
    if model in (TokenDefinition, CardDefinition, ReferenceCard):
        return str(state["slug"]), str(state["name"])
    if model is TokenFace:
        token_name, slug = names.of(TokenDefinition, state["token_id"])
        return slug, f"{token_name} // {state['name']}"
    if model is TokenPrinting:
        token_name, _ = names.of(TokenDefinition, state["token_id"])
        where = f"{state['set_code']} {state['collector_number']}".strip()
        return str(state["id"]), f"{token_name} ({where})" if where else token_name
    if model in (TokenRelation, ReferenceRelation):
        card, _ = names.of(CardDefinition, state["card_id"])
        target_model = TokenDefinition if model is TokenRelation else ReferenceCard
        target_field = "token_id" if model is TokenRelation else "reference_id"
        target, _ = names.of(target_model, state[target_field])
        return str(state["id"]), f"{card} → {target}"
    return str(state["id"]), f"{state['name']} ({state['language']})"


def span_change(tracked: Tracked, span: Span, names: Names) -> dict[str, Any] | None:
    state = span.after or span.before
    if state is None:
        return None
    fields = field_diff(span.before, span.after, tracked_fields(tracked.model))
    if tracked.prefix:
        fields = {f"{tracked.prefix}{name}": value for name, value in fields.items()}
    if span.before is None:
        action = ImportChange.Action.DELETE if span.after is None else ImportChange.Action.CREATE
    else:
        action = ImportChange.Action.DELETE if span.after is None else ImportChange.Action.UPDATE
    if action == ImportChange.Action.UPDATE and not fields:
        return None
    object_id, name = describe(tracked, state, names)
    return {
        "kind": tracked.kind,
        "object_id": object_id,
        "name": name,
        "action": str(action),
        "fields": fields,
    }


class ChangeSpool:
    """What an import job writes and skips, spooled to a temporary file (the importer's
    `watch`: `skipped()` as it reads, `written()` inside its transaction)."""

    def __init__(self, job: Job) -> None:
        self.job = job
        handle = tempfile.NamedTemporaryFile(
            "w", encoding="utf-8", suffix=".jsonl", prefix="tokensite-changes-", delete=False
        )
        self.path = Path(handle.name)
        self.out = handle

    def _line(self, change: dict[str, Any]) -> None:
        self.out.write(json.dumps(change, ensure_ascii=False) + "\n")

    def skipped(self, skipped: Skipped) -> None:
        problem = skipped.reason in PROBLEM_REASONS
        self._line(
            {
                "kind": "record",
                "object_id": skipped.location[:160],
                "name": skipped.name,
                "action": "problem" if problem else "skip",
                "fields": {},
                "problem": skipped.reason,
            }
        )

    def kept(self, kind: str, object_id: str, name: str, how: str) -> None:
        """One line per record kept as it is, as it is read: never held in memory."""
        self._line(
            {"kind": kind, "object_id": object_id, "name": name, "action": how, "fields": {}}
        )

    def failed(self, message: str, location: str = "") -> None:
        """The record the import stopped at (nothing was written)."""
        self._line(
            {
                "kind": "record",
                "object_id": location[:160],
                "name": "",
                "action": "problem",
                "fields": {},
                "problem": message,
            }
        )

    def written(self) -> None:
        names = Names()
        for tracked in TRACKED:
            for batch in spans(tracked.model, str(self.job.pk)):
                states = [s.after or s.before or {} for s in batch]
                for field, model in LINKS:
                    names.load(model, (state.get(field) for state in states))
                for span in batch:
                    change = span_change(tracked, span, names)
                    if change is not None:
                        self._line(change)
                reset_queries()  # DEBUG's query log would keep 9,000 queries' SQL (`make run`)

    def store(self) -> int:
        """Copy the spool into the job's ImportChange rows (replacing any earlier ones)."""
        self.out.close()
        ImportChange.objects.filter(job=self.job).delete()
        stored = 0
        try:
            with self.path.open(encoding="utf-8") as lines:
                batch = []
                for line in lines:
                    row = json.loads(line)
                    batch.append(
                        ImportChange(
                            job=self.job,
                            kind=row["kind"],
                            object_id=row["object_id"][:160],
                            name=row["name"][:400],
                            action=row["action"],
                            fields=row["fields"],
                            problem=row.get("problem") or "",
                        )
                    )
                    if len(batch) == BATCH:
                        ImportChange.objects.bulk_create(batch)
                        stored += len(batch)
                        batch = []
                        reset_queries()  # an insert's SQL holds its 500 rows' values
                ImportChange.objects.bulk_create(batch)
                stored += len(batch)
        finally:
            self.path.unlink(missing_ok=True)
        return stored

    def discard(self) -> None:
        self.out.close()
        self.path.unlink(missing_ok=True)
