"""Print jobs: from token ids and counts (or a decklist) to laid-out pages and a PDF.

Reads the catalogue through `catalog.selectors`; everything below that works on plain payloads.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import get_language, gettext, ngettext

from catalog.models import TokenPrinting
from catalog.printing import artfetch, words
from catalog.printing.faces import card_faces
from catalog.printing.layout import PER_PAGE, PrintOptions, SheetLayout, sheet_layout
from catalog.printing.pdf import render_sheets
from catalog.printing.sheets import Print, SheetPage, paginate
from catalog.selectors import definition_printed_names, token_payload
from tokensite.api import DomainError

MAX_COPIES = 999  # 111 A4 sheets: more than any table needs, small enough to draw in a second
MAX_ITEMS = 200


class PrintError(DomainError):
    status = 400
    code = "invalid_print_request"


@dataclass(frozen=True)
class JobItem:
    token: str
    count: int
    payload: dict[str, Any]


@dataclass(frozen=True)
class PrintJob:
    items: tuple[JobItem, ...]
    layout: SheetLayout
    pages: tuple[SheetPage, ...]

    @property
    def copies(self) -> int:
        return sum(item.count for item in self.items)

    @property
    def sheets(self) -> int:
        """Sheets of paper: a duplex back page is printed on the same sheet as its front."""
        return sum(1 for page in self.pages if not page.back)


@dataclass(frozen=True)
class Art:
    name: str  # in the default storage
    artist: str


def _stored(printing: TokenPrinting) -> bool:
    try:
        return bool(printing.art.storage.exists(printing.art.name))
    except OSError:
        return False


def _art(printing: TokenPrinting, budget: artfetch.Budget) -> Art | None:
    """A printing's uploaded art (if its file exists), else its imported picture fetched into the
    storage: the art alone where the source has it, else the whole picture."""
    if printing.art and _stored(printing):
        return Art(printing.art.name, printing.artist)
    for url in (printing.art_crop_url, printing.picture_url):
        if url:
            name = artfetch.fetched_art(url, budget)
            if name is not None:
                return Art(name, printing.artist)
    return None


def _art_for(slugs: Sequence[str], chosen: Mapping[str, int]) -> dict[str, Art]:
    """Each token's art: the printing the player chose, else the first with uploaded art, else
    the first whose picture can be fetched. Tokens without any print without art."""
    found: dict[str, Art] = {}
    budget = artfetch.Budget()
    printings = TokenPrinting.objects.filter(token__slug__in=slugs).select_related("token")
    by_token: dict[str, list[TokenPrinting]] = {}
    for printing in printings.order_by("pk"):
        by_token.setdefault(printing.token.slug, []).append(printing)
    for slug, candidates in by_token.items():
        choice = [p for p in candidates if p.pk == chosen.get(slug)]
        uploaded = [p for p in candidates if p.art]
        for printing in (*choice, *uploaded, *candidates):
            art = _art(printing, budget)
            if art is not None:
                found[slug] = art
                break
    return found


def validate_counts(entries: Sequence[tuple[str, int]]) -> None:
    if not entries:
        raise PrintError("Nothing to print: add at least one token.", code="empty_selection")
    if len(entries) > MAX_ITEMS:
        raise PrintError(f"At most {MAX_ITEMS} different tokens per print.", code="too_many_items")
    for slug, count in entries:
        if count < 1:
            raise PrintError(f"The count of {slug} must be at least 1.", code="invalid_count")
    total = sum(count for _, count in entries)
    if total > MAX_COPIES:
        raise PrintError(
            f"{total} copies requested; at most {MAX_COPIES} per print "
            f"({-(-MAX_COPIES // PER_PAGE)} sheets).",
            code="too_many_copies",
        )


def print_job(
    entries: Sequence[tuple[str, int]],
    options: PrintOptions,
    printings: Mapping[str, int] | None = None,
) -> PrintJob:
    """Check the selection and options, load the tokens and lay out the pages; `printings` names
    the printing (its id) whose art a token prints with, where the player chose one.

    Raises PrintError (empty selection, unknown ids, too many copies) or PrintOptionsError.
    """
    merged: dict[str, int] = {}
    for slug, count in entries:
        merged[slug] = merged.get(slug, 0) + count
    validate_counts(list(merged.items()))
    layout = sheet_layout(options)
    payloads = {slug: token_payload(slug) for slug in merged}
    unknown = [slug for slug, payload in payloads.items() if payload is None]
    if unknown:
        raise PrintError(
            ngettext("Unknown token id: %(ids)s.", "Unknown token ids: %(ids)s.", len(unknown))
            % {"ids": ", ".join(sorted(unknown)[:20])},
            code="unknown_token",
        )
    art = _art_for(list(merged), printings or {}) if options.art else {}
    printed = definition_printed_names(set(merged), get_language())
    items: list[JobItem] = []
    prints: list[Print] = []
    for slug, count in merged.items():
        payload = payloads[slug]
        assert payload is not None
        if slug in art:
            payload = {**payload, "art": art[slug].name, "artist": art[slug].artist}
        payload = {**payload, "name": shown_name(payload, printed.get(slug))}
        if slug in printed:  # the type line and text as printed in the reader's language
            found = printed[slug]
            payload["printed_type_line"] = found["type_line"]
            payload["text"] = found["text"] or payload.get("text", "")
        items.append(JobItem(slug, count, payload))
        prints.extend([card_faces(payload)] * count)
    return PrintJob(tuple(items), layout, tuple(paginate(prints, layout)))


def shown_name(payload: Mapping[str, Any], printed: Mapping[str, Any] | None) -> str:
    """A token's name on a sheet (and in the basket): as printed in the reader's language, else
    made of its translated subtypes where they all are (not for predefined tokens), else its
    own. `printed`: its entry of catalog.selectors.definition_printed_names."""
    if printed is not None:
        return str(printed["name"])
    if not (get_language() or "en").startswith("en") and not payload.get("predefined"):
        return words.translated_name(payload.get("subtypes") or []) or str(payload["name"])
    return str(payload["name"])


def job_pdf(job: PrintJob) -> bytes:
    return render_sheets(list(job.pages), job.layout, title=gettext("Tokensite token proxies"))
