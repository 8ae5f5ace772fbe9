"""`Idempotency-Key` on actions and undo (API.md, second wave): a repeat of a request with the
same key (same user, same table) gets the first answer and changes nothing.

The answer is stored in the transaction of the write it answers, after the table row is locked,
so a repeat racing the first request waits for it and then finds its answer. Only answers to
writes are stored: a refused request changed nothing, so a repeat may simply run again.
Storage is bounded: answers expire after ``TTL``, each user keeps at most ``PER_TABLE`` per
table (the oldest go), and ``idempotent_answers_prune`` (a periodic job) deletes expired ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from play.models import IdempotentAnswer, Table
from play.table.selectors import AnyUser
from tokensite.api import DomainError

JsonDict = dict[str, Any]

TTL = timedelta(hours=24)
PER_TABLE = 100
MAX_KEY_LENGTH = 200
# Printable ASCII, without a space at either end (HTTP trims those, so the key would change
# on the way): the schema declares the same pattern.
KEY_PATTERN = r"^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$"


@dataclass(frozen=True)
class Idempotency:
    """A request's key and how to build the answer to keep (the caller's view of the result:
    with the state or only the delta)."""

    key: str
    answer: Callable[[Any], JsonDict]


@dataclass(frozen=True)
class Repeat:
    """The answer the first request with this key got."""

    answer: JsonDict


def parse_key(value: str | None) -> str | None:
    """The header's key; None without one. A key the storage can't hold is a 400."""
    if value is None:
        return None
    if len(value) > MAX_KEY_LENGTH or not re.fullmatch(KEY_PATTERN, value):
        raise DomainError(
            f"Idempotency-Key must be 1 to {MAX_KEY_LENGTH} printable ASCII characters.",
            code="invalid",
        )
    return value


def find_answer(table: Table, user: AnyUser, key: str) -> Repeat | None:
    if not isinstance(user, User):
        return None
    found = (
        IdempotentAnswer.objects.filter(
            table=table, user=user, key=key, created_at__gte=timezone.now() - TTL
        )
        .values_list("answer", flat=True)
        .first()
    )
    return None if found is None else Repeat(found)


def keep_answer(table: Table, user: AnyUser, key: str, answer: JsonDict) -> None:
    """Store the answer (replacing an expired one with the same key) and drop this user's
    oldest beyond ``PER_TABLE`` at this table."""
    if not isinstance(user, User):
        return
    IdempotentAnswer.objects.update_or_create(
        table=table, user=user, key=key, defaults={"answer": answer, "created_at": timezone.now()}
    )
    mine = IdempotentAnswer.objects.filter(table=table, user=user)
    old = mine.order_by("-created_at", "-pk").values_list("pk", flat=True)[PER_TABLE:]
    IdempotentAnswer.objects.filter(pk__in=list(old)).delete()


def idempotent_answers_prune() -> int:
    """Delete the answers past their time (play/tasks.py runs it); returns how many."""
    deleted, _ = IdempotentAnswer.objects.filter(created_at__lt=timezone.now() - TTL).delete()
    return deleted
