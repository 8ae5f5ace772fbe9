"""The create palette's memory per player: favourite and recent tokens, and "again".

Writes (`palette_token_used`, `palette_favourite_set`) and the read (`palette_memory`) of one
small model, `PaletteToken`; the table pages call them around a creation. Catalogue names come
from the catalogue, so a renamed token shows its new name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone

from catalog import selectors as catalog
from play.models import PaletteToken
from tokensite.api import DomainError

RECENT = 6
FAVOURITES = 12


@dataclass(frozen=True)
class PaletteChip:
    slug: str
    name: str
    favourite: bool
    count: int


@dataclass(frozen=True)
class PaletteMemory:
    favourites: list[PaletteChip]
    recent: list[PaletteChip]  # newest first, favourites left out (they have their own row)
    again: PaletteChip | None  # the last creation, with its count


def _authenticated(user: Any) -> bool:
    return bool(getattr(user, "is_authenticated", False))


def palette_token_used(*, user: Any, game: str, token: str, count: int) -> None:
    """Remember a creation from the palette: the token moves to the front of the recent ones
    and "again" repeats it with this count."""
    if not _authenticated(user):
        return
    PaletteToken.objects.update_or_create(
        user=user,
        game=game,
        token=token,
        defaults={"last_count": max(1, count), "used_at": timezone.now()},
    )


def palette_favourite_set(*, user: Any, game: str, token: str, favourite: bool) -> None:
    """Star or unstar a token of the catalogue for this player's palettes of ``game``."""
    if not _authenticated(user):
        raise DomainError("Log in to keep favourites.", code="not_authenticated")
    if not catalog.token_queryset().filter(slug=token, game_id=game).exists():
        raise DomainError("No such token in this game's catalogue.", code="invalid")
    with transaction.atomic():
        row, _ = PaletteToken.objects.select_for_update().get_or_create(
            user=user, game=game, token=token
        )
        row.favourite = favourite
        row.save(update_fields=["favourite"])


def palette_memory(*, user: Any, game: str) -> PaletteMemory:
    """The player's favourites (by name) and recent tokens (newest first) in ``game``."""
    if not _authenticated(user):
        return PaletteMemory([], [], None)
    mine = PaletteToken.objects.filter(user=user, game=game)
    starred = list(mine.filter(favourite=True).order_by("token")[:FAVOURITES])
    used_rows = list(mine.filter(used_at__isnull=False).order_by("-used_at")[: RECENT + FAVOURITES])
    slugs = {r.token for r in starred + used_rows}
    names = dict(catalog.token_queryset().filter(slug__in=slugs).values_list("slug", "name"))
    chips = {
        r.token: PaletteChip(r.token, names[r.token], r.favourite, r.last_count)
        for r in starred + used_rows
        if r.token in names
    }
    used = [chips[r.token] for r in used_rows if r.token in chips]
    favourites = sorted((chips[r.token] for r in starred if r.token in chips), key=lambda c: c.name)
    recent = [c for c in used if not c.favourite][:RECENT]
    return PaletteMemory(favourites, recent, used[0] if used else None)
