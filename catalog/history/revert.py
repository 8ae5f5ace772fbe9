"""Reverting an applied import in one action (a background job of its own).

The import's change set is its historical records (stamped with its job): rows it created are
deleted, rows it changed or deleted get back the state they had before it. A row changed again
after the import (a curator's edit, a later import) is left as it is and reported. Everything in
one transaction; the revert's own records carry the revert job, so it shows in the history too.
"""

from __future__ import annotations

from typing import Any

from django.db import models, reset_queries, transaction
from django.db.models import ProtectedError
from django.utils.translation import gettext

from catalog import makers
from catalog.history.changes import TRACKED, Names, describe, spans, tracked_fields
from catalog.history.origin import origin
from catalog.models import Game
from jobs.models import Job
from jobs.progress import Report
from jobs.runner import JobFailed

KIND = "catalog_revert"
IMPORT_KINDS = ("catalog_import", "catalog_fetch", "catalog_fetch_makers")
REPORTED = 50  # the kept rows listed in the result (all are counted)


class NotRevertible(Exception):
    """An import that cannot be reverted, with the reason for people."""


def revert_of(job: Job) -> Job | None:
    """The revert job started for `job` (queued, running or done), if any."""
    return (
        Job.objects.filter(kind=KIND, params__import=str(job.pk))
        .exclude(status=Job.Status.FAILED)
        .first()
    )


def check_revertible(job: Job) -> None:
    if job.kind not in IMPORT_KINDS:
        raise NotRevertible(gettext("Only catalogue imports can be reverted."))
    if job.params.get("dry_run"):
        raise NotRevertible(gettext("A dry run wrote nothing: there is nothing to revert."))
    if job.status != Job.Status.DONE:
        raise NotRevertible(gettext("Only a finished import can be reverted."))
    if revert_of(job) is not None:
        raise NotRevertible(gettext("This import is reverted already (or being reverted)."))


def _restore(model: type[models.Model], pk: int, obj: Any, state: dict[str, Any]) -> None:
    """Put back `state` (a historical record's values) on the row, or recreate it."""
    if obj is None:
        obj = model(pk=pk)
    for name in tracked_fields(model):
        setattr(obj, name, state[name])
    obj.save()


def _delete(model: type[models.Model], pks: list[int]) -> set[int]:
    """Delete these rows together (one cascade collection for the batch); returns those that
    cannot go (protected: in someone's collection), which stay."""
    if not pks:
        return set()
    try:
        with transaction.atomic():
            model._default_manager.filter(pk__in=pks).delete()
        return set()
    except ProtectedError:
        kept = set()
        for obj in model._default_manager.filter(pk__in=pks):
            try:
                with transaction.atomic():
                    obj.delete()
            except ProtectedError:
                kept.add(obj.pk)
        return kept


def revert_import(job: Job, *, report: Report | None = None) -> dict[str, Any]:
    """Undo what `job` wrote; returns counts and the rows left as they are."""
    removed = restored = 0
    kept: list[dict[str, str]] = []
    kept_count = 0
    names = Names()
    with transaction.atomic():
        for step, tracked in enumerate(reversed(TRACKED)):
            if report is not None:
                report(step / len(TRACKED), f"Reverting {tracked.model._meta.verbose_name_plural}.")
            model = tracked.model
            for batch in spans(model, str(job.pk)):
                rows = model._default_manager.in_bulk([s.object_pk for s in batch])
                created = [s.object_pk for s in batch if not s.later and s.before is None]
                in_use = _delete(model, [pk for pk in created if pk in rows])
                removed += len([pk for pk in created if pk in rows]) - len(in_use)
                for span in batch:
                    obj = rows.get(span.object_pk)
                    reason = ""
                    if span.later:
                        reason = "changed since the import"
                    elif span.object_pk in in_use:
                        reason = "in use (someone's collection)"
                    elif span.before is not None:
                        _restore(model, span.object_pk, obj, span.before)
                        restored += 1
                    if reason:
                        kept_count += 1
                        if len(kept) < REPORTED:
                            state = span.after or span.before or {}
                            object_id, name = describe(tracked, state, names)
                            kept.append(
                                {"kind": tracked.kind, "id": object_id, "name": name, "why": reason}
                            )
                reset_queries()  # DEBUG's query log would keep each batch's deletes and restores
        for game in Game.objects.values_list("slug", flat=True):
            makers.relink(game)  # the cards' tokens, some of them gone
    return {
        "import": str(job.pk),
        "removed": removed,
        "restored": restored,
        "kept": kept,
        "kept_count": kept_count,
    }


def run_revert(job: Job, report: Report) -> dict[str, Any]:
    """params: {"import": the applied import's job id}."""
    target = Job.objects.filter(pk=job.params.get("import")).first()
    if target is None:
        raise JobFailed("The import to revert is not there any more.")
    if target.kind not in IMPORT_KINDS or target.params.get("dry_run"):
        raise JobFailed("Only an applied catalogue import can be reverted.")
    with origin("import", job=job.pk, user_id=job.created_by_id):
        return revert_import(target, report=report)


def revert_start(job: Job, user: Any) -> Job:
    """Queue the revert of an applied import (NotRevertible says why it cannot be)."""
    from jobs.services import job_start

    check_revertible(job)
    return job_start(KIND, user=user, params={"import": str(job.pk)})
