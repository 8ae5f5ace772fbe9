"""play's periodic cleanups on the huey queue (its consumer discovers every app's `tasks`)."""

from __future__ import annotations

from django.conf import settings
from huey import crontab
from huey.contrib.djhuey import db_periodic_task

from play.table.idempotency import idempotent_answers_prune
from play.table.maintenance import checkpoints_prune, forward_patches_prune
from play.web.guests import guests_prune


@db_periodic_task(crontab(minute="37", hour="3"))
def prune_checkpoints() -> None:
    checkpoints_prune(settings.CHECKPOINT_RETENTION_DAYS)
    forward_patches_prune()


@db_periodic_task(crontab(minute="47"))
def prune_guests_and_idempotency_keys() -> None:
    """Hourly: idle guests go with their tables, and answers kept for `Idempotency-Key`
    repeats past their 24 hours."""
    guests_prune(settings.GUEST_RETENTION_DAYS)
    idempotent_answers_prune()


__all__ = ["prune_checkpoints", "prune_guests_and_idempotency_keys"]
