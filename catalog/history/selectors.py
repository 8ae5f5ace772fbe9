"""Reading an import's change set: filtered, as the API's items, as CSV or JSON lines."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from typing import Any

from django.db.models import QuerySet

from catalog.history.models import ImportChange

ACTIONS = tuple(ImportChange.Action.values)
CSV_COLUMNS = ("kind", "id", "name", "action", "field", "old", "new", "problem")


def changes(job_id: Any, action: str | None = None) -> QuerySet[ImportChange]:
    found = ImportChange.objects.filter(job_id=job_id).order_by("id")
    return found.filter(action=action) if action else found


def change_counts(job_id: Any) -> dict[str, int]:
    counts = dict.fromkeys(ACTIONS, 0)
    for action in changes(job_id).values_list("action", flat=True).iterator(chunk_size=2000):
        counts[action] += 1
    return counts


def change_payload(change: ImportChange) -> dict[str, Any]:
    return {
        "kind": change.kind,
        "id": change.object_id,
        "name": change.name,
        "action": change.action,
        "fields": change.fields,
        "problem": change.problem or None,
    }


def _cell(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def csv_lines(found: QuerySet[ImportChange]) -> Iterator[str]:
    """One line per changed field (a record without fields: one line), header first."""
    buffer = io.StringIO()
    writer = csv.writer(buffer)

    def flush() -> str:
        text = buffer.getvalue()
        buffer.seek(0)
        buffer.truncate()
        return text

    writer.writerow(CSV_COLUMNS)
    yield flush()
    for change in found.iterator(chunk_size=1000):
        base = (change.kind, change.object_id, change.name, change.action)
        fields = change.fields or {"": [None, None]}
        for field, (old, new) in fields.items():
            writer.writerow((*base, field, _cell(old), _cell(new), change.problem))
        yield flush()


def json_lines(found: QuerySet[ImportChange]) -> Iterator[str]:
    """A JSON array, written an item at a time."""
    yield "["
    for n, change in enumerate(found.iterator(chunk_size=1000)):
        yield ("," if n else "") + "\n" + json.dumps(change_payload(change), ensure_ascii=False)
    yield "\n]\n"
