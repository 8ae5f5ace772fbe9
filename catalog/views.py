"""Catalogue pages (htmx): browse with live search, token and card detail with a card-like tile.

htmx requests get the named partial, other requests the full page; every link is a real href."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.core.paginator import EmptyPage, PageNotAnInteger
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

from catalog import selectors
from catalog.makes_text import makes_rows
from catalog.models import CardDefinition, Characteristics, Game, PrintedName, TokenDefinition
from catalog.printing import words as card_words
from catalog.search import paging, suggest
from catalog.search.query import Query

PAGE_SIZE = 48
KINDS = ("all", "tokens", "cards")
SHOWN_RELATED = 3  # "made by" / "makes" names on a tile before "and N more"
# Shown translated (the page's {% translate %}); the values are the search's.
COLOR_FILTERS = [
    ("", gettext_noop("Any color")),
    ("W", gettext_noop("White")),
    ("U", gettext_noop("Blue")),
    ("B", gettext_noop("Black")),
    ("R", gettext_noop("Red")),
    ("G", gettext_noop("Green")),
    ("C", gettext_noop("Colorless")),
    ("M", gettext_noop("Multicolored")),
]
TYPE_FILTERS = [
    gettext_noop("Creature"),
    gettext_noop("Artifact"),
    gettext_noop("Enchantment"),
    gettext_noop("Land"),
    gettext_noop("Unit"),
    gettext_noop("Gear"),
    gettext_noop("Battlefield"),
]


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


_RB_ICON = re.compile(r":rb_(might|exhaust|energy_(\d+)|rune_(\w+?)):")


def _icon(match: re.Match[str]) -> str:
    if match.group(1) == "might":
        return "⚔"
    if match.group(1) == "exhaust":
        return "⟳"
    if match.group(2) is not None:
        return f"({match.group(2)})"
    return f"[{match.group(3).capitalize()}]"


def tile(
    obj: Characteristics, game: str, *, token: bool, printed: PrintedName | None = None
) -> dict[str, Any]:
    """What a card-like tile shows: frame by color identity, type line, text, P/T or Might; in
    the reader's language where the catalogue has the printed name (the English one kept)."""
    colors = list(obj.colors)
    if not colors:
        frame = "colorless"
    elif len(colors) > 1:
        frame = "gold"
    else:
        frame = colors[0].lower()
    right_words = list(obj.subtypes) or (list(obj.tags) if game == "riftbound" else [])
    if token:  # as the sheets print it: supertypes agree with the word for token
        left = card_words.type_line(obj.supertypes, obj.types, [])
        right = " ".join(card_words.subtype(word) for word in right_words)
    else:
        left = " ".join(gettext(word) for word in [*obj.supertypes, *obj.types])
        right = " ".join(right_words)
    if obj.power is not None or obj.toughness is not None:
        stats = f"{obj.power}/{obj.toughness}"
    elif obj.might is not None:
        stats = f"{obj.might} ⚔"
    else:
        stats = ""
    if isinstance(obj, TokenDefinition):
        art = selectors.token_art(obj)
    elif isinstance(obj, CardDefinition):
        art = selectors.card_art(obj)
    else:  # a back face: the front's printing shows the art
        art = {"images": {"art_crop": None}, "artist": None, "copyright": None}
    return {
        "name": printed.name if printed else obj.name,
        "english_name": obj.name if printed else "",
        "language": printed.language if printed else "en",
        "frame": frame,
        "game": game,
        "type_line": (printed and printed.type_line) or (f"{left} — {right}" if right else left),
        "text": _RB_ICON.sub(_icon, (printed and printed.text) or obj.text),
        "stats": stats,
        "colors": colors,
        "art": art["images"]["art_crop"],
        "artist": art["artist"],
        "copyright": art["copyright"],
    }


def _params(request: HttpRequest) -> dict[str, str]:
    kind = request.GET.get("kind", "all")
    return {
        "kind": kind if kind in KINDS else "all",
        "q": request.GET.get("q", "").strip()[:100],
        "game": request.GET.get("game", ""),
        "type": request.GET.get("type", ""),
        "color": request.GET.get("color", ""),
        "predefined": request.GET.get("predefined", ""),
    }


def _related_names(names: list[str]) -> str:
    shown = ", ".join(names[:SHOWN_RELATED])
    more = len(names) - SHOWN_RELATED
    if more <= 0:
        return shown
    return gettext("%(names)s and %(n)s more") % {"names": shown, "n": more}


def _result(kind: str, obj: Any, printed: PrintedName | None = None) -> dict[str, Any]:
    """A result tile with what links it to the other kind: the cards that make a token, the
    tokens a card makes (read for the whole page by the selectors)."""
    if kind == "token":
        related = [name for _, name in selectors.creators(obj)]
        label = gettext("Made by")
    else:
        related = [r.token.name for r in selectors.card_relations(obj)]
        label = gettext("Makes")
    return {
        "kind": kind,
        "obj": obj,
        "tile": tile(obj, obj.game_id, token=kind == "token", printed=printed),
        "related": f"{label} {_related_names(list(dict.fromkeys(related)))}" if related else "",
    }


def _search(params: dict[str, str], query: Query) -> tuple[paging.Results, tuple[int, bool]]:
    """The results of the chosen kind, and how many of the other kind match too (a hint:
    counted up to a cap, with whether the count is exact)."""
    filters: dict[str, Any] = {k: params[k] for k in ("game", "type", "color")}
    filters["q"] = query
    if params["kind"] == "all":
        return selectors.search_all(**filters, predefined=params["predefined"]), (0, True)
    found: paging.Results
    if params["kind"] == "cards":
        found = selectors.card_results(**filters)
        others: Any = selectors.token_list(**filters, made_by=True) if params["q"] else None
    else:
        found = paging.Queried(selectors.token_list(**filters, predefined=params["predefined"]))
        others = selectors.card_list(**filters) if params["q"] else None
    also = paging.capped_count(others, paging.COUNT_CAP) if others is not None else (0, True)
    return found, also


def _page(found: paging.Results, value: str | None) -> paging.CappedPage:
    """Paginator.get_page's leniency: page 1 for a number that is not one, the last page (when
    it is known) for one past the end."""
    try:
        return paging.page_of(found, paging.page_number(value), PAGE_SIZE)
    except PageNotAnInteger:
        return paging.page_of(found, 1, PAGE_SIZE)
    except EmptyPage:
        first = paging.page_of(found, 1, PAGE_SIZE)
        if first.paginator.count_exact and first.paginator.num_pages > 1:
            return paging.page_of(found, first.paginator.num_pages, PAGE_SIZE)
        return first


@require_safe
def browse(request: HtmxHttpRequest) -> HttpResponse:
    params = _params(request)
    search = Query(params["q"])  # one parse for every part of the page
    error = ""
    try:
        found, (also, also_exact) = _search(params, search)
    except ValidationError as exc:
        error = " ".join(exc.messages)
        found, (also, also_exact) = paging.Queried(TokenDefinition.objects.none()), (0, True)
    page = _page(found, request.GET.get("page"))
    did_you_mean = (
        suggest.did_you_mean(params["q"], params["game"] or None)
        if not error and page.paginator.count == 0 and search.is_plain
        else []
    )
    if params["kind"] == "all":
        pairs = list(page.object_list)
    else:
        kind = "card" if params["kind"] == "cards" else "token"
        pairs = [(kind, obj) for obj in page.object_list]
    selectors.attach_creators([obj for kind, obj in pairs if kind == "token"])
    # Names as printed in the reader's language, where the catalogue has them.
    language = get_language()
    printed = {
        kind: selectors.printed_names(
            [obj for k, obj in pairs if k == kind], language, token=kind == "token"
        )
        for kind in ("token", "card")
    }
    results = [_result(kind, obj, printed[kind].get(obj.pk)) for kind, obj in pairs]
    query = request.GET.copy()
    query.pop("page", None)
    other = request.GET.copy()
    other.pop("page", None)
    other["kind"] = "tokens" if params["kind"] == "cards" else "cards"
    context = {
        "params": params,
        "page": page,
        "results": results,
        "error": error,
        "query": query.urlencode(),
        "also": also,
        "also_exact": also_exact,
        "did_you_mean": did_you_mean,
        "also_kind": other["kind"],
        "also_query": other.urlencode(),
        "noun": {"all": "result", "cards": "card", "tokens": "token"}[params["kind"]],
        "games": Game.objects.all(),
        "colors": COLOR_FILTERS,
        "types": TYPE_FILTERS,
    }
    template = "catalog/browse.html#results" if request.htmx else "catalog/browse.html"
    # htmx only swaps 2xx responses: the partial shows the error; a plain GET gets a 400 page.
    return render(request, template, context, status=400 if error and not request.htmx else 200)


@require_safe
def token_detail(request: HttpRequest, slug: str) -> HttpResponse:
    token = selectors.token_queryset().filter(slug=slug).first()
    if token is None:
        raise Http404("No such token.")
    payload = selectors.token_to_payload(token)
    back = payload["back"]
    printed = selectors.printed_names([token], get_language(), token=True).get(token.pk)
    creators, creator_count = selectors.token_creators(token)
    context = {
        "token": token,
        "payload": payload,
        "printed": printed,
        "tile": tile(token, token.game_id, token=True, printed=printed),
        "back_tile": tile(token.back, token.game_id, token=True) if back else None,
        "creators": creators,
        "creator_count": creator_count,
        "printings": selectors.token_printings(token),
    }
    return render(request, "catalog/token_detail.html", context)


@require_safe
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    card: CardDefinition | None = selectors.card_queryset().filter(slug=slug).first()
    if card is None:
        raise Http404("No such card.")
    printed = selectors.printed_names([card], get_language(), token=False).get(card.pk)
    context = {
        "card": card,
        "printed": printed,
        "tile": tile(card, card.game_id, token=False, printed=printed),
        "relations": selectors.card_relations(card),
        "effects": [
            {
                "kind": effect.get("kind"),
                "details": ", ".join(
                    f"{key}: {json.dumps(value, ensure_ascii=False)}"
                    for key, value in effect.items()
                    if key != "kind"
                ),
            }
            for effect in card.effects
        ],
        "makes": makes_rows(card.makes),
    }
    return render(request, "catalog/card_detail.html", context)
