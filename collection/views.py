"""Collection and deck pages. htmx requests get the named partial, others the full page or a
redirect after a POST. Every page is the signed-in owner's only: another user's deck is a 404."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from catalog import selectors as catalog_selectors
from catalog.models import CardDefinition, TokenDefinition
from catalog.printing.jobs import MAX_COPIES
from catalog.search.query import Query
from collection import selectors, services
from collection.csvio import COLUMN_HELP
from collection.errors import LinesRejected
from collection.forms import (
    AddItemForm,
    BulkAddForm,
    CsvImportForm,
    DeckEditForm,
    DeckForm,
    ItemForm,
    StartTableForm,
)
from collection.models import Condition, Section
from tokensite.api import DomainError, NotFound

PAGE_SIZE = 100


def _user(request: HttpRequest) -> User:
    assert isinstance(request.user, User)  # login_required let only accounts through
    return request.user


def _deck_or_404(request: HttpRequest, deck_id: int) -> Any:
    try:
        return selectors.deck_get(owner=request.user, deck_id=deck_id)
    except NotFound:
        raise Http404("No such deck.") from None


def _search(request: HttpRequest) -> list[dict[str, Any]]:
    """Catalogue search results for "add to my collection": cards and tokens by name."""
    q = request.GET.get("search", "").strip()[:100]
    if not q:
        return []
    results: list[dict[str, Any]] = []
    query = Query(q)  # parsed once for both kinds
    try:
        cards = catalog_selectors.card_list(q=query)[:12]
        tokens = catalog_selectors.token_list(q=query)[:12]
    except ValidationError:
        return []
    results += [{"kind": "card", "obj": c} for c in cards]
    results += [{"kind": "token", "obj": t} for t in tokens]
    return results


def _collection_context(request: HttpRequest, **extra: Any) -> dict[str, Any]:
    game = request.GET.get("game", "")
    q = request.GET.get("q", "").strip()[:100]
    items = selectors.collection_items(owner=request.user, game=game or None, q=q or None)
    page = Paginator(items, PAGE_SIZE).get_page(request.GET.get("page"))
    return {
        "totals": selectors.collection_totals(owner=request.user),
        "page": page,
        "items": [(item, selectors.item_payload(item)) for item in page.object_list],
        "game": game,
        "games": catalog_selectors.game_slugs(),
        "q": q,
        "search": request.GET.get("search", "").strip()[:100],
        "results": _search(request),
        "bulk_form": extra.pop("bulk_form", None) or BulkAddForm(),
        "csv_form": extra.pop("csv_form", None) or CsvImportForm(),
        "columns": COLUMN_HELP,
        "conditions": Condition.choices,
        **extra,
    }


@login_required
@require_safe
def collection_page(request: HttpRequest) -> HttpResponse:
    """My cards and tokens: totals by game, the list, add from search, paste, CSV in and out."""
    context = _collection_context(request)
    if getattr(request, "htmx", False):
        partial = "search" if "search" in request.GET else "items"
        return render(request, f"collection/collection.html#{partial}", context)
    return render(request, "collection/collection.html", context)


@login_required
@require_POST
def collection_add(request: HttpRequest) -> HttpResponse:
    form = AddItemForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Choose a card or token and a quantity from 1 to 9999."))
        return redirect("collection-page")
    data = form.cleaned_data
    card = token = None
    if data["kind"] == "card":
        card = CardDefinition.objects.filter(slug=data["id"]).first()
    else:
        token = TokenDefinition.objects.filter(slug=data["id"]).first()
    found: Any = card or token
    if found is None:
        messages.error(request, gettext("“%(id)s” is not in the catalogue.") % {"id": data["id"]})
        return redirect("collection-page")
    services.collection_add(
        owner=_user(request),
        card=card,
        token=token,
        quantity=data["quantity"],
        finish=data["finish"],
    )
    messages.success(
        request,
        gettext("Added %(count)s x %(name)s.") % {"count": data["quantity"], "name": found.name},
    )
    return redirect("collection-page")


@login_required
@require_POST
def collection_item(request: HttpRequest, item_id: int) -> HttpResponse:
    """Change an item's quantity, printing, finish, condition or notes, or remove it."""
    try:
        item = selectors.collection_item_get(owner=request.user, item_id=item_id)
    except NotFound:
        raise Http404("No such item.") from None
    if "delete" in request.POST:
        services.collection_delete(item=item)
        messages.success(request, "Removed.")
        return redirect("collection-page")
    form = ItemForm(request.POST)
    if not form.is_valid():
        problems = "; ".join(f"{k}: {' '.join(str(m) for m in v)}" for k, v in form.errors.items())
        messages.error(request, f"Not saved: {problems}")
        return redirect("collection-page")
    try:
        services.collection_update(item=item, **form.cleaned_data)
    except ValidationError as exc:
        messages.error(request, "Not saved: " + " ".join(exc.messages))
    return redirect("collection-page")


def _rejected(request: HttpRequest, exc: LinesRejected, **forms: Any) -> HttpResponse:
    context = _collection_context(request, line_errors=exc.lines, lines_detail=exc.detail, **forms)
    return render(request, "collection/collection.html", context, status=400)


@login_required
@require_POST
def collection_bulk(request: HttpRequest) -> HttpResponse:
    """Add a pasted list; one unknown name and nothing is added (errors per line)."""
    form = BulkAddForm(request.POST)
    if not form.is_valid():
        context = _collection_context(request, bulk_form=form)
        return render(request, "collection/collection.html", context, status=400)
    data = form.cleaned_data
    try:
        added = services.collection_add_list(
            owner=_user(request), game=data["game"], text=data["list"], finish=data["finish"]
        )
    except LinesRejected as exc:
        return _rejected(request, exc, bulk_form=form)
    except DomainError as exc:
        form.add_error("list", exc.detail)
        context = _collection_context(request, bulk_form=form)
        return render(request, "collection/collection.html", context, status=400)
    messages.success(request, f"Added {added} card{'s' if added != 1 else ''}.")
    return redirect("collection-page")


@login_required
@require_POST
def collection_import(request: HttpRequest) -> HttpResponse:
    """Import a CSV (columns documented on the page); a bad line and nothing is written."""
    form = CsvImportForm(request.POST, request.FILES)
    if not form.is_valid():
        context = _collection_context(request, csv_form=form)
        return render(request, "collection/collection.html", context, status=400)
    try:
        added = services.collection_import_csv(owner=_user(request), text=form.cleaned_data["file"])
    except LinesRejected as exc:
        return _rejected(request, exc)
    messages.success(request, f"Imported {added} copies.")
    return redirect("collection-page")


@login_required
@require_safe
def collection_export(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(selectors.collection_csv(owner=request.user), content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="collection.csv"'
    return response


@login_required
@require_http_methods(["GET", "HEAD", "POST"])
def decks_page(request: HttpRequest) -> HttpResponse:
    """My decks, and a new one from a pasted list or an MTGO .dek file."""
    form = DeckForm(request.POST or None, request.FILES or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            try:
                deck = services.deck_create(
                    owner=_user(request),
                    game=data["game"],
                    decklist=data["decklist"],
                    name=data["name"],
                )
            except DomainError as exc:
                form.add_error("decklist", exc.detail)
            else:
                return redirect("deck-page", deck_id=deck.pk)
        status = 400
    decks = [selectors.deck_summary(d) for d in selectors.deck_list(owner=request.user)]
    return render(request, "collection/decks.html", {"form": form, "decks": decks}, status=status)


def _deck_context(request: HttpRequest, deck: Any, **extra: Any) -> dict[str, Any]:
    payload = selectors.deck_payload(deck, owner=request.user)
    labels = dict(Section.choices)
    sections: dict[str, list[dict[str, Any]]] = {}
    for card in payload["cards"]:
        sections.setdefault(labels.get(card["section"], card["section"]), []).append(card)
    missing = [t for t in payload["tokens_needed"] if t["missing"]]
    return {
        "deck": deck,
        "payload": payload,
        "sections": sections,
        "card_total": sum(card["count"] for card in payload["cards"]),
        "to_print": [(t["token"], min(t["missing"], MAX_COPIES)) for t in missing],
        "edit_form": extra.pop("edit_form", None)
        or DeckEditForm(initial={"name": deck.name, "decklist": deck.decklist}),
        "table_form": extra.pop("table_form", None)
        or StartTableForm(initial={"players": _user(request).get_username()}),
        **extra,
    }


@login_required
@require_safe
def deck_page(request: HttpRequest, deck_id: int) -> HttpResponse:
    """The list by section, unknown names with suggestions, and the tokens the deck needs."""
    deck = _deck_or_404(request, deck_id)
    context = _deck_context(request, deck)
    if getattr(request, "htmx", False):
        return render(request, "collection/deck.html#tokens", context)
    return render(request, "collection/deck.html", context)


@login_required
@require_POST
def deck_edit(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck_or_404(request, deck_id)
    form = DeckEditForm(request.POST)
    if form.is_valid():
        try:
            services.deck_update(deck=deck, **form.cleaned_data)
        except (DomainError, ValidationError) as exc:
            detail = exc.detail if isinstance(exc, DomainError) else " ".join(exc.messages)
            form.add_error(None, detail)
        else:
            messages.success(request, "Deck saved.")
            return redirect("deck-page", deck_id=deck.pk)
    context = _deck_context(request, deck, edit_form=form)
    return render(request, "collection/deck.html", context, status=400)


@login_required
@require_POST
def deck_delete(request: HttpRequest, deck_id: int) -> HttpResponse:
    deck = _deck_or_404(request, deck_id)
    services.deck_delete(deck=deck)
    messages.success(request, f"Deleted {deck.name}.")
    return redirect("decks-page")


@login_required
@require_POST
def deck_start_table(request: HttpRequest, deck_id: int) -> HttpResponse:
    """A new table with the deck's tokens pinned in the battlefield palette."""
    deck = _deck_or_404(request, deck_id)
    form = StartTableForm(request.POST)
    if form.is_valid():
        tokens = [t["token"] for t in selectors.deck_tokens(deck, owner=request.user)]
        try:
            table = services.table_start_from_deck(
                deck=deck,
                owner=_user(request),
                name=form.cleaned_data["name"],
                players=form.cleaned_data["players"],
                tokens=tokens,
            )
        except DomainError as exc:
            form.add_error(None, exc.detail)
        else:
            try:
                return redirect(reverse("play-table", args=[table.id]))
            except NoReverseMatch:  # the battlefield pages are not installed
                messages.success(request, f"Table {table.id} started with the tokens pinned.")
                return redirect("deck-page", deck_id=deck.pk)
    context = _deck_context(request, deck, table_form=form)
    return render(request, "collection/deck.html", context, status=400)
