"""How players are named to each other. An account goes by its username; a guest
(play/web/guests.py) has only a generated one ("guest-3f9a…"), so it goes by the seat it plays:
the seat it claimed, or, for a guest who started the table, the first seat nobody claimed (the
one it plays from).
The log, conflict messages, announcements and seat lists all ask here."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from play.models import Seat


def is_guest_user(user: Any) -> bool:
    """Whether ``user`` plays as a guest (select_related("…guest") saves the query)."""
    return user is not None and hasattr(user, "guest")


def player_names(seats: Iterable[Seat], owner: Any) -> dict[int, str]:
    """The name each user at a table goes by, by user id (seats with their users loaded)."""
    seats = list(seats)
    names = {
        seat.user_id: seat.name if is_guest_user(seat.user) else seat.user.get_username()
        for seat in seats
        if seat.user is not None and seat.user_id is not None
    }
    if owner is not None and owner.pk not in names:
        free = [s.name for s in sorted(seats, key=lambda s: s.number) if s.user_id is None]
        guest_name = free[0] if free else _("A guest")
        names[owner.pk] = guest_name if is_guest_user(owner) else owner.get_username()
    return names


def shown_name(user: Any, names: Mapping[int, str]) -> str | None:
    """The name of ``user`` (None for nobody), from ``player_names`` when it is at the table."""
    if user is None:
        return None
    found = names.get(user.pk)
    if found is not None:
        return found
    return _("A guest") if is_guest_user(user) else str(user.get_username())
