"""Writing historical records: the origin of every record (a signal for single saves) and bulk
inserts that keep their history (the importers write in bulk)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.db import models
from simple_history.models import HistoricalRecords
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from catalog.history.origin import current

M = TypeVar("M", bound=models.Model)
BATCH = 500


def stamp_origin(sender: Any, history_instance: Any, **kwargs: Any) -> None:
    """pre_create_historical_record: say where the change came from (and who, for a job)."""
    request = getattr(HistoricalRecords.context, "request", None)
    here = current(request)
    history_instance.history_source = here.source
    history_instance.history_job = here.job
    if history_instance.history_user_id is None and here.user_id is not None:
        history_instance.history_user_id = here.user_id


def _stamp() -> tuple[Any, dict[str, Any]]:
    here = current(getattr(HistoricalRecords.context, "request", None))
    user = get_user_model().objects.filter(pk=here.user_id).first() if here.user_id else None
    request = getattr(HistoricalRecords.context, "request", None)
    if user is None and request is not None and request.user.is_authenticated:
        user = request.user
    return user, {"history_source": here.source, "history_job": here.job}


def bulk_update(model: type[M], objs: Sequence[M], fields: list[str]) -> int:
    """model.objects.bulk_update, with one historical record per row (the admin's actions on
    many records), stamped like a save. Returns how many rows."""
    user, attrs = _stamp()
    for start in range(0, len(objs), BATCH):
        bulk_update_with_history(
            list(objs[start : start + BATCH]),
            model,
            fields,
            batch_size=BATCH,
            default_user=user,
            custom_historical_attrs=attrs,
        )
    return len(objs)


def bulk_create(model: type[M], objs: Sequence[M], batch_size: int = BATCH) -> list[M]:
    """model.objects.bulk_create, with one historical record per row (for a model with
    history), stamped like a save."""
    if not objs:
        return []
    if not hasattr(model._meta, "simple_history_manager_attribute"):  # a model without history
        return model._default_manager.bulk_create(objs, batch_size=batch_size)
    user, attrs = _stamp()
    created: list[M] = []
    # A batch at a time: the historical rows of one batch only are in memory at once.
    for start in range(0, len(objs), batch_size):
        created += bulk_create_with_history(
            list(objs[start : start + batch_size]),
            model,
            batch_size=batch_size,
            default_user=user,
            custom_historical_attrs=attrs,
        )
    return created
