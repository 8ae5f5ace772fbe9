"""Writes of tokens' art for curators: uploaded files for several tokens at once, or a
printing's linked picture stored as the token's own art (fetched from the allowed hosts only,
`catalog.printing.artfetch`). Uploaded art goes on the token's "upload" printing, made when it
has none, so the imported printings (and what a re-import writes to them) stay as they came."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.core.files.base import ContentFile, File
from django.utils.translation import gettext

from catalog.models import TokenDefinition, TokenPrinting, validate_art
from catalog.printing import artfetch

UPLOAD_SOURCE = "upload"
FETCH_BUDGET_SECONDS = 30.0  # one request's fetches; the rest are reported, not waited for


def _upload_printing(token: TokenDefinition) -> TokenPrinting:
    printing = TokenPrinting.objects.filter(token=token, source=UPLOAD_SOURCE).first()
    return printing or TokenPrinting(token=token, source=UPLOAD_SOURCE)


def _store(token: TokenDefinition, upload: File[Any], artist: str) -> None:
    printing = _upload_printing(token)
    if artist:
        printing.artist = artist
    name = upload.name or f"{token.slug}.jpg"
    printing.art.save(f"{token.slug}-{name.rsplit('/', 1)[-1]}", upload, save=False)
    printing.full_clean()
    printing.save()


def upload_art(
    tokens: Mapping[int, TokenDefinition],
    files: Mapping[int, File[Any]],
    artists: Mapping[int, str],
    user: Any | None = None,
) -> dict[int, list[str]]:
    """Check every file first, then store them all; {token pk: messages} when any is refused
    (then nothing is stored: the caller's transaction is rolled back)."""
    errors: dict[int, list[str]] = {}
    for pk, upload in files.items():
        try:
            validate_art(upload)
        except ValidationError as exc:
            errors[pk] = list(exc.messages)
    if errors:
        return errors
    for pk, upload in files.items():
        _store(tokens[pk], upload, artists.get(pk, ""))
    return {}


@dataclass
class FetchReport:
    done: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)


def _picture(token: TokenDefinition) -> TokenPrinting | None:
    """The printing whose picture the token shows (`selectors.token_art`'s choice)."""
    printings = list(token.printings.all())
    if any(p.art for p in printings):
        return None
    pictured = [p for p in printings if p.art_crop_url or p.picture_url]
    credited = [p for p in pictured if p.artist]
    chosen = credited or pictured
    return chosen[0] if chosen else None


def art_from_printing(tokens: list[TokenDefinition]) -> FetchReport:
    """Store each token's linked picture as its own art; what cannot be had is reported."""
    report = FetchReport()
    budget = artfetch.Budget(FETCH_BUDGET_SECONDS)
    for token in tokens:
        if any(p.art for p in token.printings.all()):
            report.failed.append((token.name, gettext("it has uploaded art already")))
            continue
        printing = _picture(token)
        if printing is None:
            report.failed.append((token.name, gettext("no printing has a picture")))
            continue
        url = printing.art_crop_url or printing.picture_url
        if budget.left() <= 0:
            report.failed.append((token.name, gettext("out of time: run the action again")))
            continue
        try:
            data = artfetch.download(url, timeout=min(artfetch.TIMEOUT_SECONDS, budget.left()))
            upload = ContentFile(data, name=url.rsplit("/", 1)[-1].split("?", 1)[0] or "art.jpg")
            validate_art(upload)
        except artfetch.ArtFetchError as exc:
            report.failed.append(
                (token.name, gettext("the picture could not be fetched: %(why)s") % {"why": exc})
            )
            continue
        except ValidationError as exc:
            report.failed.append((token.name, " ".join(exc.messages)))
            continue
        printing.art.save(f"{token.slug}-{upload.name}", upload, save=True)
        report.done.append(token.name)
    return report
