"""Periodic cleanups of the table log (run by the job worker, see play/tasks.py): what neither
undo (inverses) nor replay (payloads) needs."""

from __future__ import annotations

from datetime import timedelta

from django.db.models import F, Max
from django.utils import timezone

from play.models import Action, Table


def checkpoints_prune(older_than_days: int) -> int:
    """Drop the checkpoints of tables idle for `older_than_days`, except each table's last.

    Checkpoints only bound how much of the log an undo replays; the log itself reproduces every
    state, so an old table keeps working (an undo far back replays from the start). Returns the
    number of checkpoints dropped.
    """
    cutoff = timezone.now() - timedelta(days=older_than_days)
    idle = Table.objects.filter(updated_at__lt=cutoff)
    latest = (
        Action.objects.filter(table__in=idle, checkpoint__isnull=False)
        .values("table")
        .annotate(last=Max("seq"))
    )
    dropped = 0
    for row in latest:
        dropped += Action.objects.filter(
            table_id=row["table"], checkpoint__isnull=False, seq__lt=row["last"]
        ).update(checkpoint=None)
    return dropped


def forward_patches_prune() -> int:
    """Drop the forward patches the stored states have made useless.

    A big table stores its whole state every so often (`Table.state_version`) and the entries
    in between keep forward patches to bring it up to date (play.table.selectors.current_state).
    Entries at or before `state_version` are already in the stored state: their patches are
    never read again. Inverses (undo) and payloads (replay) are kept. Returns the number of
    patches dropped.
    """
    dead = Action.objects.filter(forward__isnull=False, seq__lte=F("table__state_version"))
    return dead.update(forward=None)
