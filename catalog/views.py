"""Catalogue pages (htmx): browse with live search, token and card detail with a card-like tile.

htmx requests get the named partial, other requests the full page; every link is a real href."""

from __future__ import annotations

import json
import re
from typing import Any

from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, gettext_noop
from django.views.decorators.http import require_safe
from django_htmx.middleware import HtmxDetails

from catalog import selectors
from catalog.models import CardDefinition, Characteristics, Game, PrintedName, TokenDefinition

PAGE_SIZE = 48
KINDS = ("tokens", "cards")
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
    words = [*obj.supertypes, *(["Token"] if token else []), *obj.types]
    left = " ".join(gettext(word) for word in words)
    right = " ".join(obj.subtypes) or (" ".join(obj.tags) if game == "riftbound" else "")
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
    kind = request.GET.get("kind", "tokens")
    return {
        "kind": kind if kind in KINDS else "tokens",
        "q": request.GET.get("q", "").strip()[:100],
        "game": request.GET.get("game", ""),
        "type": request.GET.get("type", ""),
        "color": request.GET.get("color", ""),
        "predefined": request.GET.get("predefined", ""),
    }


@require_safe
def browse(request: HtmxHttpRequest) -> HttpResponse:
    params = _params(request)
    error = ""
    try:
        if params["kind"] == "cards":
            found: Any = selectors.card_list(
                game=params["game"], q=params["q"], type=params["type"], color=params["color"]
            )
        else:
            found = selectors.token_list(
                game=params["game"],
                predefined=params["predefined"],
                q=params["q"],
                type=params["type"],
                color=params["color"],
            )
    except ValidationError as exc:
        error = " ".join(exc.messages)
        found = TokenDefinition.objects.none()
    page = Paginator(found, PAGE_SIZE).get_page(request.GET.get("page"))
    is_token = params["kind"] == "tokens"
    shown = list(page.object_list)
    printed = selectors.printed_names(shown, get_language(), token=is_token)
    results = [
        {"obj": obj, "tile": tile(obj, obj.game_id, token=is_token, printed=printed.get(obj.pk))}
        for obj in shown
    ]
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "params": params,
        "page": page,
        "results": results,
        "error": error,
        "query": query.urlencode(),
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
    context = {
        "token": token,
        "payload": payload,
        "printed": printed,
        "tile": tile(token, token.game_id, token=True, printed=printed),
        "back_tile": tile(token.back, token.game_id, token=True) if back else None,
        "creators": selectors.token_creators(token),
        "printings": token.printings.all(),
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
        "relations": card.relations.all(),
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
    }
    return render(request, "catalog/card_detail.html", context)
