"""Catalogue imports as background jobs (jobs/runner.py): the admin's Import page and
`POST /api/v1/imports/` start them; a worker reads the uploaded file from the storage."""

from __future__ import annotations

import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from django.conf import settings

from catalog.history.changes import ChangeSpool
from catalog.history.origin import origin
from catalog.importers.fetch import BULK_TYPES, bulk_file_url, download
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.importers.scryfall_search import QUERIES, fetch_makers
from catalog.importers.summary import ImportSummary
from jobs.models import Job
from jobs.progress import Report
from jobs.runner import JobFailed

KIND = "catalog_import"
FETCH_KIND = "catalog_fetch"
MAKERS_KIND = "catalog_fetch_makers"


def summary_result(summary: ImportSummary) -> dict[str, Any]:
    """An import summary as JSON, in the shapes the admin's summary template reads."""
    return {
        "source": summary.source,
        "dry_run": summary.dry_run,
        "seconds": round(summary.seconds, 3),
        "changes": summary.changes(),
        "rows": summary.rows(),
        "reference_counts": summary.reference_counts(),
        "skip_counts": summary.skip_counts(),
        "examples": [
            {"location": s.location, "name": s.name, "reason": s.reason} for s in summary.examples
        ],
    }


def run_import(job: Job, report: Report) -> dict[str, Any]:
    """params: {"format", "dry_run", "name"}; job.file: the upload. The parsers read a local
    file, so the stored upload is copied to this machine's temporary folder first."""
    fmt = str(job.params.get("format", ""))
    dry_run = bool(job.params.get("dry_run", False))
    name = str(job.params.get("name", "upload"))
    if not job.file:
        raise JobFailed("The job has no file to import.")
    spool = ChangeSpool(job)
    try:
        with origin("import", job=job.pk, user_id=job.created_by_id):
            summary = _import(job, fmt, dry_run, name, report, spool)
    except JobFailed as exc:
        spool.failed(str(exc))
        spool.store()  # the problem, listed with what the dry run skipped before it
        _discard(job)  # a bad file is not kept for an apply that cannot succeed
        raise
    except BaseException:
        spool.discard()
        raise
    report(1.0, "Keeping the list of changes.")
    spool.store()
    if not dry_run:  # applied: the upload is not needed any more
        _discard(job)
    return summary_result(summary)


def _discard(job: Job) -> None:
    job.file.delete(save=False)
    Job.objects.filter(pk=job.pk).update(file="")


def _import(
    job: Job, fmt: str, dry_run: bool, name: str, report: Report, spool: ChangeSpool
) -> ImportSummary:
    size = job.file.size
    with tempfile.TemporaryDirectory(prefix="tokensite-import-") as folder:
        local = Path(folder) / "upload"
        report(0.0, f"Copying {name} ({size / 1e6:.1f} MB) from storage.")
        with job.file.open("rb") as source, local.open("wb") as out:
            shutil.copyfileobj(source, out, 1 << 20)
        report(0.05, f"Reading {name}.")

        def progress(done: int, total: int) -> None:
            fraction = done / total if total else 1.0
            report(0.1 + 0.9 * fraction, f"Writing {done} of {total} records.")

        try:
            return import_file(fmt, local, dry_run=dry_run, progress=progress, watch=spool)
        except ImportFailed as exc:
            raise JobFailed(f"{name}: {exc} (nothing was written)") from None


def run_fetch(job: Job, report: Report) -> dict[str, Any]:
    """params: {"bulk"}: download that Scryfall bulk file through the bulk-data API (the address
    is settings.CATALOG_FETCH_API, never the client's) and import it, as `fetch_catalog` does."""
    bulk = str(job.params.get("bulk", "oracle_cards"))
    if bulk not in BULK_TYPES:
        raise JobFailed(f"Unknown bulk file “{bulk}”: use one of {', '.join(BULK_TYPES)}.")
    api = settings.CATALOG_FETCH_API
    with tempfile.TemporaryDirectory(prefix="tokensite-fetch-") as folder:

        def downloaded(done: int, total: int) -> None:
            report(
                0.05 + 0.45 * done / total, f"Downloaded {done / 1e6:.0f} of {total / 1e6:.0f} MB."
            )

        def written(done: int, total: int) -> None:
            fraction = done / total if total else 1.0
            report(0.5 + 0.5 * fraction, f"Writing {done} of {total} records.")

        try:
            report(0.0, f"Asking {api} for the {bulk} bulk file.")
            url = bulk_file_url(api, bulk)
            report(0.05, f"Downloading {url}.")
            path = download(url, Path(folder), downloaded)
            report(0.5, "Reading the bulk file.")
            spool = ChangeSpool(job)
            try:
                with origin("import", job=job.pk, user_id=job.created_by_id):
                    summary = import_file("scryfall", path, progress=written, watch=spool)
            finally:
                spool.store()
        except ImportFailed as exc:
            raise JobFailed(f"Scryfall {bulk}: {exc} (nothing was written)") from None
    return summary_result(summary)


def run_fetch_makers(job: Job, report: Report) -> dict[str, Any]:
    """params: {"api"?: address (the command's --api-base; else settings.CATALOG_FETCH_API),
    "console"?: print a progress line (the command running it in its own process)}. Every
    token and every token maker, page by page (catalog/importers/scryfall_search.py). Progress
    also goes to the job's row, which the admin's job page reads from any process: the imports
    commit page by page, so the row is never inside a long transaction."""
    api = str(job.params.get("api") or settings.CATALOG_FETCH_API)
    console = bool(job.params.get("console"))
    labels = [label for label, _ in QUERIES]
    started = time.monotonic()

    def progress(label: str, done: int, expected: int, cards: int) -> None:
        part = labels.index(label) if label in labels else 0
        fraction = (part + done / max(expected, 1)) / len(labels)
        detail = f"Scryfall {label}: page {done} of about {expected} ({cards} cards so far)."
        report(fraction, detail)
        Job.objects.filter(pk=job.pk).update(progress=fraction, detail=detail[:500])
        if console:
            elapsed = time.monotonic() - started
            sys.stdout.write(f"fetch_tokens: {fraction:4.0%} {detail} {elapsed:.0f} s\n")
            sys.stdout.flush()

    try:
        report(0.0, f"Asking {api} for every token and every card that makes one.")
        with origin("import", job=job.pk, user_id=job.created_by_id):
            fetched = fetch_makers(api, progress=progress)
    except ImportFailed as exc:
        raise JobFailed(
            f"Scryfall: {exc}. What was fetched before stays; fetch again later "
            "(python manage.py fetch_tokens)."
        ) from None
    return {
        **summary_result(fetched.summary),
        "pages": fetched.pages,
        "cards_read": fetched.cards,
        "api": api,
    }
