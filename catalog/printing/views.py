"""Print pages: the basket and decklist form, the HTML preview, the PDF (large ones made in a
background job, catalog/printing/background.py) and the calibration page.

htmx requests get the named partial, other requests the full page (or a redirect after a POST).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST, require_safe
from django_htmx.middleware import HtmxDetails

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing import artfetch
from catalog.printing.background import KIND as PRINT_KIND
from catalog.printing.background import print_is_large, print_start
from catalog.printing.basket import (
    basket_add,
    basket_choose,
    basket_clear,
    basket_items,
    basket_printings,
    basket_set,
)
from catalog.printing.decklist_tokens import decklist_tokens
from catalog.printing.forms import DecklistForm, PrintOptionsForm
from catalog.printing.jobs import (
    MAX_COPIES,
    PrintError,
    PrintJob,
    job_pdf,
    print_job,
    shown_name,
)
from catalog.printing.layout import PrintOptionsError
from catalog.printing.pdf import render_calibration
from catalog.printing.preview import preview_pages
from catalog.printing.printshop import print_shop_zip
from catalog.selectors import definition_printed_names, token_list
from jobs.progress import job_progress
from jobs.selectors import job_visible, session_remember_job
from tokensite.api import DomainError

REFRESH_SECONDS = 2


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


def _count(value: str | None, default: int = 1) -> int | None:
    """A non-negative count from a form value, or None when it is not one."""
    if value is None or value.strip() == "":
        return default
    try:
        count = int(value)
    except ValueError:
        return None
    return count if 0 <= count <= MAX_COPIES else None


def _printing_row(printing: TokenPrinting, chosen: int | None) -> dict[str, Any]:
    """A printing the player may choose, with the address of its thumbnail (uploaded art, else
    the stored copy of its imported picture, fetched on first sight by `printing_art`)."""
    pictured = bool(printing.art or printing.art_crop_url or printing.picture_url)
    return {
        "id": printing.pk,
        "set_code": printing.set_code.upper(),
        "number": printing.collector_number,
        "artist": printing.artist,
        "thumb": reverse("print-printing-art", args=[printing.pk]) if pictured else None,
        "chosen": printing.pk == chosen,
    }


def _basket_rows(request: HtmxHttpRequest) -> list[dict[str, Any]]:
    """The basket's tokens; a token with several printings lists them for the player to choose
    the art it prints with (none chosen: the first with art, as jobs._art_for picks)."""
    items = basket_items(request.session)
    chosen = basket_printings(request.session)
    tokens = TokenDefinition.objects.filter(slug__in=[slug for slug, _ in items])
    by_slug = {token.slug: token for token in tokens.select_related("game")}
    printings: dict[str, list[TokenPrinting]] = {}
    for printing in TokenPrinting.objects.filter(token__slug__in=by_slug).select_related("token"):
        printings.setdefault(printing.token.slug, []).append(printing)
    printed = definition_printed_names(set(by_slug), get_language() or "en")
    return [
        {
            "slug": slug,
            "count": count,
            "token": by_slug[slug],
            "name": shown_name(
                {
                    "name": by_slug[slug].name,
                    "subtypes": by_slug[slug].subtypes,
                    "predefined": by_slug[slug].predefined,
                },
                printed.get(slug),
            ),
            "printings": [_printing_row(p, chosen.get(slug)) for p in printings.get(slug, [])],
            "chosen": chosen.get(slug),
        }
        for slug, count in items
        if slug in by_slug
    ]


def _page_context(request: HtmxHttpRequest, **extra: Any) -> dict[str, Any]:
    query = request.GET.get("q", "").strip()
    rows = _basket_rows(request)
    return {
        "rows": rows,
        "copies": sum(row["count"] for row in rows),
        "options_form": extra.pop("options_form", None) or PrintOptionsForm(),
        "decklist_form": extra.pop("decklist_form", None) or DecklistForm(),
        "query": query,
        "results": list(token_list(q=query)[:24]) if query else [],
        "max_copies": MAX_COPIES,
        **extra,
    }


def _partial(
    request: HtmxHttpRequest, name: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    template = f"print/index.html#{name}" if request.htmx else "print/index.html"
    return render(request, template, context, status=status)


def _add_table(request: HtmxHttpRequest, table_id: str) -> HttpResponse:
    """The tokens of a table are the tables' to read: their page puts them into the basket."""
    try:
        return redirect("play-print-tokens", table_id=uuid.UUID(table_id))
    except ValueError:
        messages.error(request, gettext("No such table."))
        return redirect("print-page")


@require_safe
def print_page(request: HtmxHttpRequest) -> HttpResponse:
    """The basket, token search, decklist form and print options.

    `?token=<id>&count=<n>` adds a token (the catalogue's "Print this token" link);
    `?table=<id>` adds the tokens currently on a table the caller can see.
    """
    if request.GET.get("table") is not None:
        return _add_table(request, request.GET["table"])
    slug = request.GET.get("token")
    if slug is not None:
        count = _count(request.GET.get("count"))
        if count is None or count == 0:
            messages.error(request, gettext("The count must be a whole number from 1 to 999."))
            return redirect("print-page")
        try:
            unknown = basket_add(request.session, additions=[(slug, count)])
        except DomainError as exc:
            messages.error(request, exc.detail)
            return redirect("print-page")
        if unknown:
            messages.error(
                request,
                gettext("There is no token “%(token)s” in the catalogue.") % {"token": slug},
            )
        else:
            messages.success(
                request,
                gettext("Added %(count)s x %(token)s to the print basket.")
                % {"count": count, "token": slug},
            )
        return redirect("print-page")
    return render(request, "print/index.html", _page_context(request))


def _basket_changed(request: HtmxHttpRequest, error: str | None) -> HttpResponse:
    """After a basket change: the basket partial for htmx, else back to the page (PRG)."""
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("print-page")
    return _partial(
        request, "basket", _page_context(request, basket_error=error), 400 if error else 200
    )


@require_POST
def basket_update(request: HtmxHttpRequest) -> HttpResponse:
    """Change counts (count-<id> fields), remove one token (remove=<id>) or empty the basket."""
    error = None
    if request.POST.get("clear"):
        basket_clear(request.session)
    else:
        counts: dict[str, int] = {}
        for slug, _ in basket_items(request.session):
            count = _count(request.POST.get(f"count-{slug}"), default=-1)
            if count is None:
                error = "Counts must be whole numbers from 0 to 999."
            elif count >= 0:
                counts[slug] = count
        removed = request.POST.get("remove")
        if removed:
            counts[removed] = 0
        choices = _printing_choices(request)
        if choices is None:
            error = "A printing must be given by its id."
        if error is None:
            try:
                basket_choose(request.session, choices=choices or {})
                basket_set(request.session, counts=counts)
            except DomainError as exc:
                error = exc.detail
    return _basket_changed(request, error)


def _printing_choices(request: HtmxHttpRequest) -> dict[str, int | None] | None:
    """printing-<id> fields: a printing id, or "" for the default; None when one is not a
    number."""
    choices: dict[str, int | None] = {}
    for slug, _ in basket_items(request.session):
        value = request.POST.get(f"printing-{slug}")
        if value is None:
            continue
        if value == "":
            choices[slug] = None
        elif value.isdigit():
            choices[slug] = int(value)
        else:
            return None
    return choices


@require_POST
def basket_add_many(request: HtmxHttpRequest) -> HttpResponse:
    """Add several tokens at once (the decklist result): parallel `token` and `count` fields."""
    slugs = request.POST.getlist("token")
    counts = [_count(value) for value in request.POST.getlist("count")]
    error = None
    if len(slugs) != len(counts) or any(count is None for count in counts):
        error = "Each token needs a count from 0 to 999."
    else:
        try:
            unknown = basket_add(
                request.session,
                additions=[(slug, count or 0) for slug, count in zip(slugs, counts, strict=True)],
            )
            if unknown:
                error = f"Not in the catalogue: {', '.join(unknown)}."
        except DomainError as exc:
            error = exc.detail
    return _basket_changed(request, error)


@require_POST
def decklist(request: HtmxHttpRequest) -> HttpResponse:
    """The tokens a pasted decklist needs, with suggested counts and the unknown card names."""
    form = DecklistForm(request.POST)
    if not form.is_valid():
        return _partial(request, "decklist", _page_context(request, decklist_form=form), 400)
    result = decklist_tokens(form.cleaned_data["decklist"], game=form.cleaned_data["game"] or None)
    return _partial(request, "decklist", _page_context(request, decklist_form=form, result=result))


def _job(request: HtmxHttpRequest) -> tuple[PrintJob | None, PrintOptionsForm, str | None]:
    form = PrintOptionsForm(request.GET)
    if not form.is_valid():
        return None, form, "Some print options are out of range."
    try:
        items, chosen = basket_items(request.session), basket_printings(request.session)
        return print_job(items, form.options(), chosen), form, None
    except (PrintError, PrintOptionsError) as exc:
        return None, form, exc.detail


@require_safe
def preview(request: HtmxHttpRequest) -> HttpResponse:
    """The sheets as they will print: same layout computation as the PDF, drawn in SVG."""
    job, form, error = _job(request)
    context: dict[str, Any] = {"options_form": form, "error": error, "job": job}
    if job is not None:
        context["faces"], context["pages"] = preview_pages(job)
        context["pdf_url"] = f"{reverse('print-pdf')}?{request.GET.urlencode()}"
    return render(request, "print/preview.html", context, status=400 if error else 200)


@require_safe
def pdf(request: HtmxHttpRequest) -> HttpResponse:
    """The PDF of the basket; a large print offers to make it in the background instead."""
    job, form, error = _job(request)
    if job is None:
        return render(
            request, "print/preview.html", {"options_form": form, "error": error}, status=400
        )
    if print_is_large(job):
        start_url = f"{reverse('print-job-start')}?{request.GET.urlencode()}"
        return render(request, "print/job.html", {"print": job, "start_url": start_url})
    response = HttpResponse(job_pdf(job), content_type="application/pdf")
    response["Content-Disposition"] = 'attachment; filename="tokens.pdf"'
    return response


@require_safe
def print_shop(request: HtmxHttpRequest) -> HttpResponse:
    """The basket for an online print shop: one 300 dpi PNG per card with bleed, and counts."""
    job, form, error = _job(request)
    if job is None:
        return render(
            request, "print/preview.html", {"options_form": form, "error": error}, status=400
        )
    response = HttpResponse(print_shop_zip(job), content_type="application/zip")
    response["Content-Disposition"] = 'attachment; filename="tokens-print-shop.zip"'
    return response


THUMB_BUDGET_SECONDS = 5.0  # one thumbnail's fetch; the page shows the set code without it


@require_safe
def printing_art(request: HtmxHttpRequest, printing_id: int) -> HttpResponse:
    """A printing's picture at tile size, from this site: its uploaded art, else the stored copy
    of its imported picture, fetched now (from ART_FETCH_HOSTS only) if it is not stored yet."""
    printing = get_object_or_404(TokenPrinting, pk=printing_id)
    if printing.art:
        return redirect(reverse("media", args=[printing.art.name]))
    for url in (printing.art_crop_url, printing.picture_url):
        if url and artfetch.fetched_art(url, artfetch.Budget(THUMB_BUDGET_SECONDS)):
            name = artfetch.stored_copy(url)
            if name is not None:
                return redirect(reverse("media", args=[name]))
    raise Http404("This printing has no picture that can be shown.")


@require_safe
def calibration(request: HtmxHttpRequest) -> HttpResponse:
    """A ruler and a card outline, to check that the printer prints at 100 %."""
    form = PrintOptionsForm(request.GET)
    if not form.is_valid():
        context = {"options_form": form, "error": "Some print options are out of range."}
        return render(request, "print/preview.html", context, status=400)
    response = HttpResponse(render_calibration(form.options()), content_type="application/pdf")
    response["Content-Disposition"] = 'inline; filename="calibration.pdf"'
    return response


@require_POST
def print_job_start(request: HtmxHttpRequest) -> HttpResponse:
    """Make the basket's PDF in the background (options in the query, as for the PDF link)."""
    job, form, error = _job(request)
    if job is None:
        return render(
            request, "print/preview.html", {"options_form": form, "error": error}, status=400
        )
    entries = [(item.token, item.count) for item in job.items]
    chosen = basket_printings(request.session)
    started = print_start(entries, job.layout.options, user=request.user, printings=chosen)
    session_remember_job(request.session, started)
    return redirect("print-job", job_id=started.pk)


@require_safe
def print_job_page(request: HtmxHttpRequest, job_id: uuid.UUID) -> HttpResponse:
    """A background print: its progress (the page refreshes itself), then the download link."""
    started = job_visible(request.user, request.session, job_id)
    if started is None or started.kind != PRINT_KIND:
        raise Http404("No such print job.")
    progress, detail = job_progress(started)
    context = {
        "started": started,
        "progress": progress,
        "detail": detail,
        "refresh": None if started.finished else REFRESH_SECONDS,
        "download_url": reverse("api-job-output", args=[started.pk]) if started.output else None,
    }
    return render(request, "print/job.html", context)
