"""Playing without an account: a guest is a user with no usable password,
signed in for this browser session only (`Guest` marks it), so every permission, the API's
session auth and the table websocket treat it like any player.

Signing up or logging in keeps what the guest had: `carry_over` is read before Django's
`login` (which empties the session of another user) and `settle_after_login` moves the guest's
tables, seats and log entries to the account and finishes a seat picked on an invite page
before signing up. Bounds against abuse: a client address starts at most `GUESTS_PER_HOUR`
guests, a guest owns at most `GUEST_TABLES` tables, and idle guests are deleted with their
tables by a periodic job (`guests_prune`).
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import login
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max, Q
from django.http import HttpRequest
from django.utils import timezone

from play.models import Action, Guest, IdempotentAnswer, Seat, Spectator, Table
from play.table import services
from play.web import palette
from tokensite.api import DomainError
from tokensite.clientip import client_ip

GUEST_TABLES = 5
GUESTS_PER_HOUR = 20
GUEST_IDLE_DAYS = 14  # the default of settings.GUEST_RETENTION_DAYS
PENDING_SEAT = "play_pending_seat"
"""Session key: the seat an anonymous visitor picked on an invite page, taken once they have
signed up or logged in: {"invite": token, "seat": n}."""


class TooManyGuests(DomainError):
    status = 429
    code = "throttled"


def is_guest(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False)) and (
        Guest.objects.filter(user_id=user.pk).exists()
    )


def _throttle(request: HttpRequest) -> None:
    """At most GUESTS_PER_HOUR new guests from one client address (the cache counts)."""
    key = f"guests:{client_ip(request)}"
    cache.add(key, 0, timeout=3600)
    try:
        started = cache.incr(key)
    except ValueError:  # the entry expired between add and incr
        cache.set(key, 1, timeout=3600)
        started = 1
    if started > GUESTS_PER_HOUR:
        raise TooManyGuests(
            "Too many guest tables from your address this hour; sign up, or try again later."
        )


def guest_start(request: HttpRequest) -> User:
    """A new guest, signed in for this session (throttled per client address)."""
    _throttle(request)
    with transaction.atomic():
        user = User(username=f"guest-{secrets.token_hex(5)}")
        user.set_unusable_password()
        user.save()
        Guest.objects.create(user=user)
    # Named: django-axes adds a second backend, which only checks lockouts.
    login(request, user, backend="django.contrib.auth.backends.ModelBackend")
    return user


def guest_table_create(*, request: HttpRequest, **fields: Any) -> Table:
    """A table for whoever asks: an account, this session's guest, or a new guest. A guest owns
    at most GUEST_TABLES tables."""
    user = request.user
    if not user.is_authenticated:
        user = guest_start(request)
    elif is_guest(user) and Table.objects.filter(owner_id=user.pk).count() >= GUEST_TABLES:
        raise TooManyGuests(
            f"A guest keeps at most {GUEST_TABLES} tables; sign up to keep more "
            "(your tables come with you)."
        )
    assert isinstance(user, User)
    return services.table_create(owner=user, **fields)


@dataclass(frozen=True)
class CarriedOver:
    """What a session had before signing in: its guest and a seat picked on an invite page."""

    guest: User | None
    pending_seat: dict[str, Any] | None


def carry_over(request: HttpRequest) -> CarriedOver:
    user = request.user
    guest = user if isinstance(user, User) and is_guest(user) else None
    pending = request.session.get(PENDING_SEAT)
    return CarriedOver(guest, pending if isinstance(pending, dict) else None)


def settle_after_login(request: HttpRequest, account: User, carried: CarriedOver) -> None:
    """Move the guest's tables to the account and take the seat picked before signing in."""
    if carried.guest is not None and carried.guest.pk != account.pk:
        guest_claim(guest=carried.guest, account=account)
    request.session.pop(PENDING_SEAT, None)
    pending = carried.pending_seat
    if pending is not None:
        try:
            services.table_join(user=account, invite=str(pending["invite"]), seat=pending["seat"])
        except (DomainError, KeyError, TypeError):
            pass  # taken meanwhile or no longer valid: the invite page shows what is left


def guest_claim(*, guest: User, account: User) -> int:
    """Give the guest's tables, seats, spectating, log entries and palette (favourite and recent
    tokens, merged with the account's) to the account, then delete the guest. A seat at a table
    where the account already sits is freed (one seat per user). Returns how many tables the
    account received."""
    with transaction.atomic():
        if not Guest.objects.filter(user=guest).exists():
            return 0
        moved = Table.objects.filter(owner=guest).update(owner=account)
        seated = Seat.objects.filter(user=account).values("table_id")
        Seat.objects.filter(user=guest, table_id__in=seated).update(user=None)
        Seat.objects.filter(user=guest).update(user=account)
        watching = Spectator.objects.filter(user=account).values("table_id")
        Spectator.objects.filter(user=guest, table_id__in=watching).delete()
        Spectator.objects.filter(user=guest).update(user=account)
        Action.objects.filter(actor=guest).update(actor=account)
        palette.palette_tokens_merge(source=guest, target=account)
        IdempotentAnswer.objects.filter(user=guest).delete()
        guest.delete()
    return moved


def guests_prune(idle_days: int = GUEST_IDLE_DAYS) -> int:
    """Delete guests idle for ``idle_days`` (no table of theirs changed since), with their
    tables; their seats at others' tables are freed. Returns how many guests went."""
    cutoff = timezone.now() - timedelta(days=idle_days)
    idle = list(
        Guest.objects.filter(created_at__lt=cutoff)
        .annotate(last=Max("user__owned_tables__updated_at"))
        .filter(Q(last__isnull=True) | Q(last__lt=cutoff))
        .values_list("user_id", flat=True)
    )
    User.objects.filter(pk__in=idle).delete()
    return len(idle)
