"""Large print jobs in the background (jobs/services.py): the print page, the API and the admin
start them, follow their progress and download the PDF from the storage when it is made.

Small prints stay in the request (a few milliseconds of drawing). A print is made in the
background when it has many sheets or much uploaded art: each art file is read from the
storage, a network round trip on object storage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import asdict
from typing import Any

from django.conf import settings
from django.urls import reverse

from catalog.printing.jobs import PrintError, PrintJob, print_job
from catalog.printing.layout import PrintOptions, PrintOptionsError
from catalog.printing.pdf import render_sheets
from jobs.models import Job
from jobs.services import JobFailed, Report, job_save_output, job_start

KIND = "print_pdf"
TITLE = "Tokensite token proxies"


def print_is_large(job: PrintJob) -> bool:
    with_art = sum(1 for item in job.items if "art" in item.payload)
    return job.sheets > settings.PRINT_INLINE_MAX_SHEETS or with_art > settings.PRINT_INLINE_MAX_ART


def print_start(
    entries: Sequence[tuple[str, int]],
    options: PrintOptions,
    *,
    user: Any = None,
    unknown: Sequence[dict[str, Any]] = (),
    printings: Mapping[str, int] | None = None,
) -> Job:
    """Queue the PDF of a print already checked by `print_job` (the worker checks it again:
    the catalogue may change in between)."""
    params = {
        "entries": [[slug, count] for slug, count in entries],
        "options": asdict(options),
        "unknown": list(unknown),
        "printings": dict(printings or {}),
    }
    return job_start(KIND, user=user, params=params)


def run_print(job: Job, report: Report) -> dict[str, Any]:
    """params: {"entries": [[token, count]...], "options": PrintOptions fields, "unknown"}."""
    try:
        entries = [(str(slug), int(count)) for slug, count in job.params["entries"]]
        options = PrintOptions(**job.params["options"])
        printings = {str(k): int(v) for k, v in job.params.get("printings", {}).items()}
        made = print_job(entries, options, printings)
    except (PrintError, PrintOptionsError) as exc:
        raise JobFailed(exc.detail) from None
    except (KeyError, TypeError, ValueError):
        raise JobFailed("The print job's selection is not readable.") from None
    pages = len(made.pages)
    report(0.0, f"Drawing {pages} page{'s' if pages != 1 else ''}.")

    def progress(done: int, total: int) -> None:
        report(0.95 * done / total, f"Drawn {done} of {total} pages.")

    content = render_sheets(list(made.pages), made.layout, title=TITLE, progress=progress)
    report(0.95, "Saving the PDF.")
    job_save_output(job, "tokens.pdf", content)
    return {
        "copies": made.copies,
        "sheets": made.sheets,
        "pages": pages,
        "bytes": len(content),
        "unknown": job.params.get("unknown", []),
        "download": reverse("api-job-output", args=[job.pk]),
    }
