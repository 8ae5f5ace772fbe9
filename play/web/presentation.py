"""What the battlefield pages show, built in one place: the render context of each page and
partial, from the table's selectors, the catalogue's names and art in the reader's language, and
the board's presentation (board.py). The views (views.py) parse, call a service and render
what this module builds; nothing here writes.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.translation import get_language, gettext

import rules
from catalog import selectors as catalog
from catalog.selectors import name_apart, names_apart
from play.models import Table
from play.table import selectors, services
from play.table.commands import completions
from play.table.i18n import names_in_language
from play.table.selectors import AnyUser, TableAccess
from play.web import board, combat, palette
from play.web.catch_up import catch_up_announcement
from play.web.combat_summary import summary as combat_summary
from play.web.forms import COLORS, ability_label, batch_specs, panel_groups, table_controls
from play.web.invite import invite_links
from play.web.makes import offers as make_offers
from play.web.reader_names import reader_names
from play.web.shortcuts import RESERVED_KEYS, SHORTCUTS, shortcut_settings_for

LOG_ENTRIES = 40
QUICK_COUNTS = [(n, str(n)) for n in (1, 2, 3, 5, 10)]  # the palette's one-tap quantities
ROW_COUNTS = [n for n, _ in QUICK_COUNTS[:4]]  # on each token row (a phone's width holds four)
PALETTE_TOKENS = 16  # a search's tokens, then its cards: one list, tokens first
PALETTE_CARDS = 8


def stack_counts(count: int) -> list[tuple[int, str]]:
    """The object panel's one-tap "how many": 1 to 5 of the stack, and all of it."""
    chips = [(n, str(n)) for n in range(1, min(count, 5) + 1)]
    every = gettext("All %(n)d") % {"n": count}
    return [*chips, (count, every)] if count > 5 else chips


def palette_context(table: Table, user: Any) -> dict[str, Any]:
    quick: list[dict[str, Any]] = [
        dict(row)
        for row in catalog.token_list(game=table.game, predefined=True).values(
            "slug", "name", "subtypes"
        )
    ]
    roles = [t for t in quick if "Role" in (t["subtypes"] or [])]
    pinned = _pinned(table)
    _printed_names([*quick, *pinned])
    apart = names_apart({t["slug"]: t["shown"] for t in pinned})  # a deck's two Bird tokens
    for token in pinned:
        token["shown"] = apart[token["slug"]]
    create = table_controls(table.game)["create"]
    leaves = create.param("leaves_at") if create is not None else None
    memory = _printed_memory(palette.palette_memory(user=user, game=table.game))
    return {
        "quick": quick,
        "roles": roles,
        "colors": COLORS,
        "pinned": pinned,
        "leaves": leaves.options() if leaves is not None else [],
        "memory": memory,
        "common": _printed_chips(palette.palette_common(game=table.game, memory=memory)),
        "counts": QUICK_COUNTS,
        "row_counts": ROW_COUNTS,
    }


def _printed_names(tokens: list[dict[str, Any]]) -> None:
    """Each token's name as printed in the reader's language, where the catalogue has it
    (``shown``; the English name stays ``name``, a tap's title away)."""
    printed = catalog.definition_printed_names({t["slug"] for t in tokens}, get_language())
    for token in tokens:
        token["shown"] = printed.get(token["slug"], {}).get("name") or token["name"]


def _printed_chips(chips: list[palette.PaletteChip]) -> list[palette.PaletteChip]:
    """The palette's remembered and common tokens by their names printed in the reader's
    language, where the catalogue has them (the English name kept as ``english``)."""
    printed = catalog.definition_printed_names({c.slug for c in chips}, get_language())
    return [
        replace(c, name=printed[c.slug]["name"], english=c.name) if c.slug in printed else c
        for c in chips
    ]


def _printed_memory(memory: palette.PaletteMemory) -> palette.PaletteMemory:
    again = [memory.again] if memory.again is not None else []
    favourites, recent, again = (
        _printed_chips(chips) for chips in (memory.favourites, memory.recent, again)
    )
    apart = names_apart({c.slug: c.name for c in [*favourites, *recent, *again]})
    favourites, recent, again = (
        [replace(c, name=apart[c.slug]) for c in chips] for chips in (favourites, recent, again)
    )
    favourites.sort(key=lambda chip: chip.name)  # by the names the reader sees
    return palette.PaletteMemory(favourites, recent, again[0] if again else None)


def _pinned(table: Table) -> list[dict[str, Any]]:
    """The tokens of the deck the table was started from, in the deck's order ([] otherwise)."""
    slugs = selectors.table_pinned_tokens(table_id=table.id)
    names = dict(catalog.token_queryset().filter(slug__in=slugs).values_list("slug", "name"))
    return [{"slug": slug, "name": names[slug]} for slug in slugs if slug in names]


def board_context(
    request: HttpRequest,
    table: Table,
    access: TableAccess,
    state: dict[str, Any] | None = None,
    said_since: int | None = None,
    log_entries: int = LOG_ENTRIES,
    **extra: Any,
) -> dict[str, Any]:
    """The page's context; `state` is the table state a write just returned, when there is one;
    `said_since` the version the page had (a poll's `known`): the actions since are all said."""
    state = state or selectors.table_state(table=table, access=access)
    entries = list(selectors.table_log(table=table, after=max(0, table.version - log_entries)))
    latest = max(entries, key=lambda entry: entry.seq, default=None)
    players = selectors.table_player_names(table=table)
    with names_in_language(reader_names(state, entries)):
        result_events = extra.get("result_events") or []
        seat_names = {s["seat"]: s["name"] for s in state["seats"]}
        # Combat damage is said in a line per player; its rule lines stay folded in the log.
        said_combat = [
            {"text": line, "rule": None} for line in combat_summary(result_events, seat_names)
        ]
        extra.setdefault(
            "result_lines", said_combat or [board.event_line(e) for e in result_events]
        )
        said = board.entry_announcement(latest, state, players) if latest else ""
        if said_since is not None and said_since < table.version - 1:
            missed = [entry for entry in entries if entry.seq > said_since]
            said = catch_up_announcement(
                missed, state, missed=table.version - said_since, players=players
            )
        log = board.log_groups(entries, state, players)
    return {
        # The latest action in a sentence (or, after a poll, each one since the page's version):
        # the live region says it when the board moves to its version (own answers, polling),
        # as the websocket's `said` does for patches.
        "said": said,
        "table": table,
        "state": state,
        "layout": board.layout(state, _art(state), _printed(state)),
        "log": log,
        "access": access,
        "spectate": request.GET.get("spectate", ""),
        "controls": table_controls(table.game),
        "batch": batch_specs(table.game),
        "can_undo": services.may_undo(table, access, request.user),
        "combat": combat.controls(
            table.game, access, lambda: selectors.current_state(table), _printed_objects
        ),
        "frame_fields": ",".join(board.FRAME_FIELDS),
        "act_url": reverse("play-act", args=[table.id]),  # once, not once per tile
        "grants": grants_signature(access),
        # The seats the viewer acts for, with their names: the page's controls outside the
        # board (the palette's "For") follow them when a seat changes hands (live-seats.js).
        "acts": json.dumps(
            [[s["seat"], s["name"]] for s in state["seats"] if s["seat"] in access.seats]
        ),
        **extra,
    }


def pile_page_context(
    request: HttpRequest, table: Table, access: TableAccess, query: Any
) -> dict[str, Any] | None:
    """The next page of one group of piles (``part=piles``: ``controller``, ``location``,
    ``start``) or of one long pile (``part=pile``: ``key``, ``start``), rendered as the board
    renders them; None for a malformed request."""
    state = selectors.table_state(table=table, access=access)
    start = _number(query.get("start"))
    if start is None:
        return None
    context: dict[str, Any] = {
        "table": table,
        "state": state,
        "access": access,
        "spectate": request.GET.get("spectate", ""),
        "controls": table_controls(table.game),
        "batch": batch_specs(table.game),
        "act_url": reverse("play-act", args=[table.id]),
    }
    loose, attached = board.board_objects(state)
    names = board.seat_names(state)
    if query.get("part") == "pile":
        key = str(query.get("key", ""))[:300]
        chosen = [o for o in loose if board.pile_key(o) == key]
        tiles, more = board.pile_tiles(
            chosen,
            table.game,
            attached,
            key,
            _art({"objects": chosen}),
            _printed_of(chosen),
            start=start,
            seat_names=names,
        )
        return {**context, "tiles": tiles, "more": more, "key": key}
    controller = _number(query.get("controller"))
    location = str(query.get("location", ""))[:64]
    if controller is None or not location:
        return None
    mine = board.group_objects(state, controller, location)
    piles, more = board.pile_page(
        mine,
        table.game,
        attached,
        _art({"objects": mine}),
        _printed_of(mine),
        start=start,
        seat_names=names,
    )
    group = {"number": controller, "location": location, "more": more}
    return {**context, "piles": piles, "group": group}


def _number(value: Any) -> int | None:
    text = str(value if value is not None else "")
    return int(text) if text.isdigit() and len(text) < 9 else None


def _printed_of(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return _printed({"objects": objects})


def urgent_text(context: dict[str, Any]) -> str:
    """What needs the player now, as the board's ``data-urgent`` says it: a pending choice
    (the same words as the template's)."""
    choice = context["layout"]["choice"]
    if not choice:
        return ""
    return gettext("%(name)s must choose: %(prompt)s") % {
        "name": choice["seat_name"],
        "prompt": choice["prompt"],
    }


def _definitions(state: dict[str, Any]) -> set[str]:
    return {str(o["definition"]) for o in state["objects"] if o.get("definition")}


def grants_signature(access: TableAccess) -> str:
    """What the viewer may do here, in a word the page keeps ("owner:0.1"): a poll that sends
    it back gets the board again when a seat was taken, left or changed, though the table's
    version didn't move (live seats)."""
    return f"{access.role}:{'.'.join(str(s) for s in sorted(access.seats))}"


def _printed_objects(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return _printed({"objects": objects})


def _art(state: dict[str, Any]) -> dict[str, Any]:
    """Catalogue art of the stacks' definitions (uploaded first, else imported)."""
    slugs = _definitions(state)
    return catalog.definition_art(slugs) if slugs else {}


def _printed(state: dict[str, Any]) -> dict[str, Any]:
    """The stacks' definitions' names as printed in the reader's language (board.stack_name)."""
    return dict(catalog.definition_printed_names(_definitions(state), get_language()))


def table_page_context(request: HttpRequest, table: Table, access: TableAccess) -> dict[str, Any]:
    """The whole table page: the board, the token palette and the keyboard shortcuts."""
    state = selectors.table_state(table=table, access=access)
    return board_context(
        request,
        table,
        access,
        state,
        invite=invite_links(request, state.get("links") or {}),
        palette=palette_context(table, request.user),
        shortcuts=SHORTCUTS,
        shortcut_settings=shortcut_settings_for(user=request.user),
        shortcut_reserved="".join(sorted(RESERVED_KEYS)),
        command_words=completions(table.game),
    )


def lobby_tables(user: AnyUser) -> list[dict[str, Any]]:
    """The lobby's list: the user's latest 50 tables, each with its game's short title."""
    return [
        {**summary, "game_title": board.presentation(summary["game"]).short_title}
        for summary in (
            selectors.table_summary(table, user)
            for table in selectors.table_list_for_user(user=user)[:50]
        )
    ]


def object_panel_context(
    request: HttpRequest, table: Table, access: TableAccess, object_id: str
) -> dict[str, Any] | None:
    """Every action on one stack, with its tile and one-tap counts; None when the stack is
    gone (it left the battlefield or merged)."""
    context = board_context(request, table, access, palette=palette_context(table, request.user))
    found = [o for o in context["state"]["objects"] if o["id"] == object_id]
    if not found:
        return None
    obj = {
        **found[0],
        "abilities": [{**a, "label": ability_label(a["text"])} for a in found[0]["abilities"]],
    }
    context.update(
        obj=obj,
        tile=board.tile(
            obj,
            table.game,
            [],
            _art({"objects": [obj]}),
            _printed({"objects": [obj]}),
            board.seat_names(context["state"]),
        ),
        panel=panel_groups(table.game, obj, context["state"], access.seats),
        count_label=(
            gettext("How many creatures") if "Creature" in obj["types"] else gettext("How many")
        ),
        stack_counts=stack_counts(obj["count"]),
        domains=rules.presentation(table.game).ability_domains,
        make_rows=_object_makes(table, access, obj),
    )
    return context


def palette_memory_context(table: Table, user: Any, *, oob: bool = False) -> dict[str, Any]:
    """The palette's favourites and recent tokens (and, ``oob``, the "again" form)."""
    return {
        "table": table,
        "palette": palette_context(table, user),
        "controls": table_controls(table.game),
        "state": {"version": table.version},
        "oob": oob,
    }


def palette_search_context(table: Table, access: TableAccess, q: str) -> dict[str, Any]:
    """Tokens and cards of the table's game matching `q` (one search, tokens first), by their
    names printed in the reader's language, as buttons of the token palette."""
    tokens: list[Any] = []
    cards: list[Any] = []
    if q:
        tokens = list(catalog.token_list(game=table.game, q=q)[:PALETTE_TOKENS])
        cards = list(catalog.card_list(game=table.game, q=q)[:PALETTE_CARDS])
    for found, is_token in ((tokens, True), (cards, False)):
        printed = catalog.printed_names(found, get_language(), token=is_token)
        for obj in found:
            obj.shown = printed[obj.pk].name if obj.pk in printed else obj.name
    name_apart(tokens)
    _offer_makes(table, access, cards)
    return {
        "tokens": tokens,
        "cards": cards,
        "q": q,
        "table": table,
        "controls": table_controls(table.game),
    }


def _object_makes(table: Table, access: TableAccess, obj: dict[str, Any]) -> list[Any]:
    """The stack's token-making entries with one-tap rows for its controller: worded from the
    catalogue card it is (tokens and counts), else from the table's own summary."""
    if not obj.get("makes") or obj["controller"] not in access.seats:
        return []
    card = catalog.card_queryset().filter(slug=obj.get("definition") or "").first()
    entries = list(card.makes) if card is not None and card.makes else list(obj["makes"])
    return make_offers(table.game, selectors.current_state(table), entries, {"object": obj["id"]})


def _offer_makes(table: Table, access: TableAccess, cards: list[Any]) -> None:
    """Each found card's token-making entries (`make_rows`), counted for the first seat the
    reader acts for: a paper player's Krenko makes its Goblins from the palette."""
    makers = [card for card in cards if card.makes]
    for card in cards:
        card.make_rows = []
    if not makers:
        return
    seat = min(access.seats) if access.seats else None
    state = selectors.current_state(table) if seat is not None else None
    for card in makers:
        action = {"card": card.slug, "controller": seat}
        card.make_rows = make_offers(table.game, state, list(card.makes), action)
