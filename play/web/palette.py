"""The create palette's memory per player: favourite and recent tokens, and "again".

Writes (`palette_token_used`, `palette_favourite_set`, `palette_tokens_merge`) and the read
(`palette_memory`) of one small model, `PaletteToken`; the table pages call them around a
creation, and a guest who signs up or logs in brings theirs along (play/web/guests.py). Catalogue
names come from the catalogue, so a renamed token shows its new name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from catalog import selectors as catalog
from play.models import PaletteToken
from tokensite.api import DomainError

RECENT = 6
FAVOURITES = 12
ROWS = 4  # token rows with one-tap counts the palette opens with, the common ones filling up
COMMON = {
    # The tokens most games make (Treasure first): a first visit offers them with their counts.
    "mtg": ("mtg-treasure", "mtg-clue", "mtg-food", "mtg-blood"),
    "riftbound": ("rb-recruit", "rb-sprite", "rb-gold", "rb-mech"),
}


@dataclass(frozen=True)
class PaletteChip:
    slug: str
    name: str
    favourite: bool
    count: int
    english: str = ""
    """The English name when ``name`` is the one printed in the reader's language (a title)."""


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
        raise DomainError(gettext("Log in to keep favourites."), code="not_authenticated")
    if not catalog.token_queryset().filter(slug=token, game_id=game).exists():
        raise DomainError(gettext("No such token in this game's catalogue."), code="invalid")
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


def palette_tokens_merge(*, source: Any, target: Any) -> int:
    """Give ``source``'s favourite and recent tokens to ``target`` (a guest signing up or
    logging in): a token both have stays one row, starred if either starred it, with the later
    use and that use's count. Run inside the caller's transaction; returns how many rows moved
    or merged."""
    theirs = {
        (row.game, row.token): row
        for row in PaletteToken.objects.select_for_update().filter(user=target)
    }
    mine = list(PaletteToken.objects.filter(user=source))
    for row in mine:
        kept = theirs.get((row.game, row.token))
        if kept is None:
            continue
        kept.favourite = kept.favourite or row.favourite
        if row.used_at is not None and (kept.used_at is None or row.used_at > kept.used_at):
            kept.used_at, kept.last_count = row.used_at, row.last_count
        kept.save(update_fields=["favourite", "used_at", "last_count"])
        row.delete()
    moved = [row.pk for row in mine if (row.game, row.token) not in theirs]
    PaletteToken.objects.filter(pk__in=moved).update(user=target)
    return len(mine)


def palette_common(*, game: str, memory: PaletteMemory) -> list[PaletteChip]:
    """The common tokens of ``game`` the player's favourites and recent tokens leave room for
    (``ROWS`` rows in all), in the catalogue: each a row of one-tap counts on the palette."""
    known = {c.slug for c in memory.favourites + memory.recent}
    room = ROWS - len(known)
    wanted = [slug for slug in COMMON.get(game, ()) if slug not in known][: max(room, 0)]
    names = dict(catalog.token_queryset().filter(slug__in=wanted).values_list("slug", "name"))
    return [PaletteChip(slug, names[slug], False, 1) for slug in wanted if slug in names]
