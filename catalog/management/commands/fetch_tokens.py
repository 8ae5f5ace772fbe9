"""`python manage.py fetch_tokens [--first-start] [--api-base URL]`: every token (with its art)
and every card that makes one, from Scryfall's search API, as a background job (its page in the
admin follows it).

`make run` starts it with `--first-start` beside the server: it fetches once, when the network
answers and no earlier fetch finished; offline it keeps the seed and says how to fetch later.
On the embedded default the job runs in this command's own process (printing a progress line);
with REDIS_URL it is queued for the worker (the container's migrate step).
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser
from django.utils import timezone

from catalog.importers.scryfall_search import reachable
from catalog.jobs import MAKERS_KIND
from catalog.models import CardDefinition, TokenDefinition
from jobs.models import Job
from jobs.services import job_start

# A fetch "running" for longer was cut short (a stopped `make run`): a first start tries again.
STALE_AFTER = timedelta(hours=2)


class Command(BaseCommand):
    help = (
        "Fetch every token and every card that makes one from Scryfall's API (a background job; "
        "what is fetched stays if it stops)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--first-start",
            action="store_true",
            help="Only if no fetch finished before and none is running; offline, say so and "
            "stop (exit status 0).",
        )
        parser.add_argument(
            "--api-base",
            default=None,
            help="Scryfall API address (default: the CATALOG_FETCH_API setting).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        api = options["api_base"] or settings.CATALOG_FETCH_API
        if options["first_start"] and not self._first(api):
            return
        params: dict[str, Any] = {"console": True}
        if options["api_base"]:
            params["api"] = api
        job = job_start(MAKERS_KIND, params=params)
        where = f"/admin/jobs/job/{job.pk}/change/"
        if job.status == Job.Status.QUEUED:
            self.stdout.write(
                f"fetch_tokens: queued as job {job.pk}; the admin follows it: {where}"
            )
        elif job.status == Job.Status.DONE:
            result = job.result or {}
            self.stdout.write(
                f"fetch_tokens: done, {result.get('pages', 0)} pages, "
                f"{result.get('cards_read', 0)} cards read; the catalogue has "
                f"{TokenDefinition.objects.count()} tokens and {CardDefinition.objects.count()} "
                f"cards ({where})."
            )
        else:
            self.stderr.write(f"fetch_tokens: {job.detail} ({where})")

    def _first(self, api: str) -> bool:
        """Whether a first start should fetch now; says why not."""
        fetches = Job.objects.filter(kind=MAKERS_KIND)
        done = fetches.filter(status=Job.Status.DONE).order_by("-finished_at").first()
        if done is not None:
            self.stdout.write(
                f"fetch_tokens: the token catalogue was fetched on {done.finished_at:%Y-%m-%d}; "
                "`python manage.py fetch_tokens` fetches it again."
            )
            return False
        cutoff = timezone.now() - STALE_AFTER
        active = fetches.filter(status__in=(Job.Status.QUEUED, Job.Status.RUNNING))
        if active.filter(created_at__gte=cutoff).exists():
            self.stdout.write("fetch_tokens: a fetch is already under way (see the admin's jobs).")
            return False
        active.update(status=Job.Status.FAILED, detail="Cut short (the server stopped).")
        why = reachable(api)
        if why is not None:
            self.stdout.write(
                f"fetch_tokens: offline ({why}). The catalogue keeps its seed "
                f"({TokenDefinition.objects.count()} tokens, {CardDefinition.objects.count()} "
                "cards). Fetch every token later with: python manage.py fetch_tokens"
            )
            return False
        return True
