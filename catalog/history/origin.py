"""Where a catalogue change comes from: the admin, the API or an import (with its job).

Every historical record carries `history_source` and `history_job` (the abstract base below).
A request is told apart by its path (simple-history's middleware keeps it); an import or a
revert runs inside `origin("import", job=...)`, which a background thread sets for itself.
Anything else (the seed loader, a management command) counts as an import without a job.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.utils.translation import gettext_lazy

SOURCES = ("admin", "api", "import")


@dataclass(frozen=True)
class Origin:
    source: str
    job: str | None = None
    user_id: int | None = None


_current: ContextVar[Origin | None] = ContextVar("catalog_history_origin", default=None)


@contextmanager
def origin(source: str, *, job: Any = None, user_id: int | None = None) -> Iterator[Origin]:
    if source not in SOURCES:
        raise ValueError(f"unknown history source {source!r}")
    here = Origin(source, str(job) if job else None, user_id)
    token = _current.set(here)
    try:
        yield here
    finally:
        _current.reset(token)


def current(request: Any = None) -> Origin:
    """The origin set by `origin()`, else the request's (API under /api/, else the admin),
    else an import without a job."""
    explicit = _current.get()
    if explicit is not None:
        return explicit
    if request is not None:
        path = getattr(request, "path", "") or ""
        return Origin("api" if path.startswith("/api/") else "admin")
    return Origin("import")


class HistoryOrigin(models.Model):
    """The fields every historical catalogue record adds to simple-history's own."""

    history_source = models.CharField(
        max_length=8, default="import", verbose_name=gettext_lazy("changed from")
    )
    history_job = models.UUIDField(
        null=True, blank=True, db_index=True, verbose_name=gettext_lazy("import job")
    )

    class Meta:
        abstract = True
