"""Reads from the catalogue: definition payloads for the rules kernel (docs/internals.md section 1)
and the list/search queries behind the API and the browse pages."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import (
    Case,
    Exists,
    IntegerField,
    Min,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Value,
    When,
)
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower
from django.urls import reverse
from django.utils.translation import gettext

from catalog import makes_text
from catalog.makers import effects as makers_effects
from catalog.makers import public as makers_public
from catalog.models import (
    CardDefinition,
    Characteristics,
    Game,
    PrintedName,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
    effect_token_slugs,
)
from catalog.printing import artfetch, words
from catalog.search import index, paging, rank, terms
from catalog.search.query import Kind, Query, as_query

# A token's short label, told apart from its look-alikes, is a read of the catalogue: play shows
# it through here (tests/test_walls.py).
from catalog.token_labels import labels_apart as labels_apart
from catalog.token_labels import name_apart as name_apart
from catalog.token_labels import names_apart as names_apart
from catalog.token_labels import token_label as token_label

JsonDict = dict[str, Any]
COLORLESS = "C"
# What a `color` filter names: a color or a Riftbound domain (has it), C colorless, M multicolored.
HUES = ("W", "U", "B", "R", "G", "Fury", "Calm", "Mind", "Body", "Chaos", "Order")
COLOR_FILTERS = (*HUES, COLORLESS, "M")


def characteristics(obj: Characteristics) -> JsonDict:
    return {
        "name": obj.name,
        "supertypes": list(obj.supertypes),
        "types": list(obj.types),
        "subtypes": list(obj.subtypes),
        "colors": list(obj.colors),
        "power": obj.power,
        "toughness": obj.toughness,
        "might": obj.might,
        "tags": list(obj.tags),
        "keywords": list(obj.keywords),
        "text": obj.text,
    }


def face_payload(face: TokenFace) -> JsonDict:
    return {**characteristics(face), "abilities": face.abilities, "effects": face.effects}


def _back(token: TokenDefinition) -> TokenFace | None:
    try:
        return token.back
    except TokenFace.DoesNotExist:
        return None


def token_to_payload(token: TokenDefinition, *, created_by: bool = True) -> JsonDict:
    """The token definition payload (API token shape + abilities, effects, back)."""
    back = _back(token)
    payload: JsonDict = {
        "id": token.slug,
        "game": token.game_id,
        **characteristics(token),
        "predefined": token.predefined,
        "rule": token.rule or None,
        "abilities": token.abilities,
        "effects": token.effects,
        "back": face_payload(back) if back is not None else None,
        "incomplete": token.incomplete,
    }
    if created_by:
        payload["created_by"] = [slug for slug, _ in creators(token)]
    return payload


def attach_creators(tokens: list[TokenDefinition]) -> None:
    """Read the cards that make each of `tokens` as values, in one query by card name, for
    `creators` (a Treasure is made by thousands of cards: no model instances for them)."""
    by_id = {token.pk: token for token in tokens}
    for token in tokens:
        token.creator_cards = []  # type: ignore[attr-defined]
    if not by_id:
        return
    found = (
        TokenRelation.objects.filter(token_id__in=by_id)
        .order_by("card__name", "card_id")
        .values_list("token_id", "card__slug", "card__name")
    )
    for token_id, slug, name in found:
        by_id[token_id].creator_cards.append((slug, name))  # type: ignore[attr-defined]


def creators(token: TokenDefinition) -> list[tuple[str, str]]:
    """(slug, name) of the cards that make `token`, by name: as `attach_creators` read them for
    a page of tokens, or read now for this one."""
    if not hasattr(token, "creator_cards"):
        attach_creators([token])
    return list(token.creator_cards)  # type: ignore[attr-defined]


def game_slugs() -> list[str]:
    """The games of the catalogue, for choosing one ("mtg", "riftbound")."""
    return list(Game.objects.order_by("slug").values_list("slug", flat=True))


def printed_names(objs: list[Any], language: str, *, token: bool) -> dict[int, PrintedName]:
    """The names printed in ``language`` of these cards or tokens, by their pk (none in
    English: the catalogue's own names are the English ones)."""
    if language == "en" or not objs:
        return {}
    column = "token_id" if token else "card_id"
    found = PrintedName.objects.filter(language=language, **{f"{column}__in": [o.pk for o in objs]})
    return {getattr(p, column): p for p in found}


# A relation's own columns: with the other side's slug and name, all a list shows of it (a
# Treasure is made by thousands of cards, whose texts and JSON lists a page never reads).
RELATION_FIELDS = (
    "card_id",
    "token_id",
    "count",
    "attach",
    "transform",
    "exclude_from_create_all",
    "persistent",
    "facedown",
)


# Prefetched lists go to plain attributes (`to_attr`): Django's default gives every row a
# related manager and a filtered queryset of its own (50 per page, about 0.8 ms of 15).
def _printings() -> QuerySet[TokenPrinting]:
    return TokenPrinting.objects.order_by("pk")


def token_queryset() -> QuerySet[TokenDefinition]:
    """Tokens with their back faces and printings (`token_printings`); the cards that make
    them are read for a whole page at once (`attach_creators`)."""
    return TokenDefinition.objects.select_related("back", "game").prefetch_related(
        Prefetch("printings", queryset=_printings(), to_attr="printing_list"),
    )


def token_printings(token: TokenDefinition) -> list[TokenPrinting]:
    """A token's printings, oldest first: as `token_queryset` read them, else read now."""
    found = getattr(token, "printing_list", None)
    return found if found is not None else list(_printings().filter(token=token))


# The copyright line shown beside imported art, as the image sources ask (Scryfall's terms:
# the artist and the copyright line).
COPYRIGHT = {"mtg": "™ & © Wizards of the Coast", "riftbound": "© Riot Games"}


def _art(art_crop: str | None, normal: str | None, artist: str | None, game: str) -> JsonDict:
    shown = bool(art_crop or normal)
    return {
        "images": {"art_crop": art_crop or None, "normal": normal or None},
        "artist": artist or None,
        "copyright": COPYRIGHT.get(game) if shown else None,
    }


def token_art(token: TokenDefinition) -> JsonDict:
    """Uploaded art first (its storage's URL: works on any Django storage), else an imported
    picture: the site's stored copy where printing fetched one, else hot-linked from its
    source. The credit is always that of the printing the picture comes from, so a picture
    whose import names its artist goes before one whose import doesn't (some sources give
    pictures without artists)."""
    printings = token_printings(token)
    for printing in printings:
        if printing.art:
            url = printing.art.url
            return _art(url, url, printing.artist, token.game_id)
    pictured = [p for p in printings if p.art_crop_url or p.picture_url]
    credited = [p for p in pictured if p.artist]
    for printing in credited or pictured:
        art_crop, normal = _stored(printing.art_crop_url), _stored(printing.picture_url)
        return _art(art_crop, normal, printing.artist, token.game_id)
    return _art(None, None, None, token.game_id)


def _stored(url: str) -> str:
    """This site's copy of an imported picture at tile size, where printing has stored one
    (catalog/printing/artfetch.py); else the picture's own address, hot-linked."""
    name = artfetch.stored_copy(url)
    return reverse("media", args=[name]) if name is not None else url


def token_type_line(supertypes: list[str], types: list[str], subtypes: list[str]) -> str:
    """A token's type line in the reader's language as the proxy sheets print it (the word for
    token and its agreeing supertypes from the translation catalogue, catalog/printing/words.py).
    """
    return words.type_line(supertypes, types, subtypes)


def card_art(card: CardDefinition) -> JsonDict:
    return _art(card.art_crop_url, card.image_url, card.artist, card.game_id)


def token_api_payload(token: TokenDefinition) -> JsonDict:
    """The API's token: the definition payload with its art (`images`, `artist`). The art stays
    out of the definition payload the battlefield logs with every action."""
    art = token_art(token)
    return {**token_to_payload(token), "images": art["images"], "artist": art["artist"]}


def token_api(slug: str) -> JsonDict | None:
    token = token_queryset().filter(slug=slug).first()
    return token_api_payload(token) if token is not None else None


def card_api_payload(card: CardDefinition) -> JsonDict:
    art = card_art(card)
    payload = card_to_payload(card, inline=False)
    return {**payload, "images": art["images"], "artist": art["artist"]}


def token_payload(slug: str) -> JsonDict | None:
    token = token_queryset().filter(slug=slug).first()
    return token_to_payload(token) if token is not None else None


def _inline_definitions(effects: list[JsonDict]) -> list[JsonDict]:
    """Resolve every token slug an effect names into an inline payload, so the kernel needs no
    database (internals.md section 1)."""
    slugs = effect_token_slugs(effects)
    found = {
        t.slug: token_to_payload(t, created_by=False)
        for t in token_queryset().filter(slug__in=slugs)
    }
    inlined = []
    for effect in effects:
        effect = dict(effect)
        if isinstance(effect.get("token"), str):
            effect["definition"] = found.get(effect["token"])
        if isinstance(effect.get("tokens"), list):
            effect["definitions"] = [found.get(slug) for slug in effect["tokens"]]
        inlined.append(effect)
    return inlined


def relation_to_data(relation: TokenRelation) -> JsonDict:
    return {
        "token": relation.token.slug,
        "count": relation.count,
        "attach": relation.attach,
        "transform": relation.transform,
        "exclude_from_create_all": relation.exclude_from_create_all,
        "persistent": relation.persistent,
        "facedown": relation.facedown,
    }


def card_to_payload(card: CardDefinition, *, inline: bool = True) -> JsonDict:
    """The card definition payload (API card shape); `inline` resolves effect token slugs."""
    effects = makers_effects(card)
    return {
        "id": card.slug,
        "game": card.game_id,
        **characteristics(card),
        "mana_cost": card.mana_cost,
        "loyalty": card.loyalty,
        "creates": [relation_to_data(r) for r in card_relations(card)],
        "effects": _inline_definitions(effects) if inline else effects,
        # The kernel's payload keeps each entry's effect (what `make` performs); the API shows
        # what it makes without it.
        "makes": list(card.makes) if inline else makers_public(card.makes),
        "incomplete": card.incomplete,
    }


def _relations() -> QuerySet[TokenRelation]:
    return (
        TokenRelation.objects.select_related("token")
        .only(*RELATION_FIELDS, "token__slug", "token__name")
        .order_by("token__name", "token__slug")
    )


def card_queryset() -> QuerySet[CardDefinition]:
    """Cards with the tokens they make (`card_relations`)."""
    # No join of the games: lists show the game's key (`game_id`), and a join would make
    # PostgreSQL carry it through the sort of every match (5 ms of 20 at 100,000 cards).
    return CardDefinition.objects.prefetch_related(
        Prefetch("relations", queryset=_relations(), to_attr="relation_list")
    )


def card_relations(card: CardDefinition) -> list[TokenRelation]:
    """The tokens a card makes, by token name: as `card_queryset` read them, else read now."""
    found = getattr(card, "relation_list", None)
    return found if found is not None else list(_relations().filter(card=card))


def makes_line(entry: JsonDict, made: int | None = None) -> str:
    """One entry of a card's `makes` in words ("{T}: X 1/1 Goblins, X = ... → 7")."""
    return makes_text.makes_line(entry, made)


def makes_how(entry: JsonDict) -> str:
    """How the table performs it: by itself, one tap, by hand."""
    return makes_text.how(entry)


def card_payload(slug: str) -> JsonDict | None:
    card = card_queryset().filter(slug=slug).first()
    return card_to_payload(card) if card is not None else None


def card_by_name(game: str, name: str) -> CardDefinition | None:
    """Cards are unique by name within a game (CR 201.2); case is ignored."""
    return CardDefinition.objects.filter(game_id=game, name__iexact=name.strip()).first()


def card_name_choice(game: str, name: str) -> str | None:
    """The card name a "choose a card name" effect may take, spelled as the catalogue spells
    it, or None. Only names of cards count; tokens are not cards, so "Treasure Token" is never
    one (CR 201.4). A split card's half may be chosen on its own (201.4b, 709.4a)."""
    wanted = " ".join(name.split())
    if not wanted:
        return None
    card = card_by_name(game, wanted)
    if card is not None:
        return card.name
    halves = CardDefinition.objects.filter(game_id=game).filter(
        Q(name__istartswith=f"{wanted} //") | Q(name__iendswith=f"// {wanted}")
    )
    for split in halves.order_by("name"):
        for half in split.name.split("//"):
            if half.strip().casefold() == wanted.casefold():
                return half.strip()
    return None


def _parse_bool(value: str | None, field: str) -> bool | None:
    if value is None or value == "":
        return None
    lowered = value.lower()
    if lowered in ("true", "1", "yes"):
        return True
    if lowered in ("false", "0", "no"):
        return False
    raise ValidationError({field: gettext("“%(value)s” is not true or false.") % {"value": value}})


def _json_list_has(field: str, value: str) -> Q:
    # JSON text match: works on SQLite and PostgreSQL alike (`contains` doesn't on SQLite).
    return Q(**{f"{field}__icontains": f'"{value}"'})


def _filtered(
    queryset: QuerySet[Any],
    *,
    game: str | None,
    q: Query,
    type: str | None,
    color: str | None,
    made_by: bool = False,
    narrowed: bool = True,
) -> QuerySet[Any]:
    if game:
        if not Game.objects.filter(pk=game).exists():
            raise ValidationError(
                {"game": gettext("Unknown game “%(game)s”: use mtg or riftbound.") % {"game": game}}
            )
        queryset = queryset.filter(game_id=game)
    if type:
        type = type.strip()
        queryset = queryset.filter(
            _json_list_has("types", type)
            | _json_list_has("subtypes", type)
            | _json_list_has("supertypes", type)
        )
    if color:
        queryset = _color_filter(queryset, color.strip())
    if q.text:
        kind: Kind = "tokens" if queryset.model is TokenDefinition else "cards"
        direct = q.q(kind, narrowed=narrowed)
        words = q.plain_words
        if made_by and kind == "tokens" and q.is_plain:
            # A name search also finds what the named cards make: "Young Pyromancer" finds
            # its Elemental, ranked after every token matching by its own name.
            queryset = queryset.filter(direct | Q(pk__in=_made_by_cards(q, game)))
            rank_others = [When(direct, then=Value(2))]
        else:
            queryset = queryset.filter(direct)
            rank_others = []
        if not words:
            return queryset.order_by("game_id", Lower("name"), "slug")
        queryset = queryset.annotate(
            match_rank=Case(
                When(name__iexact=words, then=Value(0)),
                When(name__istartswith=words, then=Value(1)),
                *rank_others,
                default=Value(3 if rank_others else 2),
                output_field=IntegerField(),
            )
        )
        return queryset.order_by("match_rank", Lower("name"), "slug")
    # "game_id" orders as "game" does (a game's key is its slug, and games order by slug)
    # without joining the games, so the database may walk the name index (`card_walk`).
    return queryset.order_by("game_id", Lower("name"), "slug")


def _made_by_cards(q: Query, game: str | None) -> list[int]:
    """The tokens made by the cards matching `q`: read once (at most every token), so the
    token query does not run the card search again for each token."""
    # The conditions alone: each relation probes its one card by id, which costs less than the
    # index's candidates for a broad search (every goblin card read to find a few makers).
    cards = CardDefinition.objects.filter(q.q("cards", narrowed=False))
    if game:
        cards = cards.filter(game_id=game)
    # Driven by the relations (a few per token-making card), each probing its card, rather than
    # by every card the search matches (10,000 for "goblin").
    made = TokenRelation.objects.filter(Exists(cards.filter(pk=OuterRef("card_id")))).values_list(
        "token_id", flat=True
    )
    return list(made.distinct().order_by())


def _color_filter(queryset: QuerySet[Any], color: str) -> QuerySet[Any]:
    """`W`..`G` or a Riftbound domain: has that color; `C`: colorless; `M`: multicolored."""
    normalized = color.upper() if len(color) == 1 else color.capitalize()
    if normalized == COLORLESS:
        return queryset.filter(colors=[])
    if normalized == "M":
        return queryset.filter(colors__icontains=",")
    if normalized not in HUES:
        raise ValidationError(
            {
                "color": gettext(
                    "Unknown color “%(color)s”: use W, U, B, R, G, C (colorless), M or a domain."
                )
                % {"color": color}
            }
        )
    return queryset.filter(_json_list_has("colors", normalized))


def token_list(
    *,
    game: str | None = None,
    predefined: str | bool | None = None,
    q: str | Query | None = None,
    type: str | None = None,
    color: str | None = None,
    made_by: bool = False,
) -> QuerySet[TokenDefinition]:
    """Tokens matching the filters; with `q`, exact name matches first, then prefix matches;
    `made_by`: a name search also finds the tokens the cards of that name make (last).

    Raises ValidationError (per parameter) on an unknown game, color or boolean."""
    query = as_query(q)
    queryset = token_queryset()
    flag = predefined if isinstance(predefined, bool) else _parse_bool(predefined, "predefined")
    if flag is not None:
        queryset = queryset.filter(predefined=flag)
    found = _filtered(queryset, game=game, q=query, type=type, color=color, made_by=made_by)
    if not query.text:
        # Without a search, the rules-defined tokens (Treasure, Food, Recruit...) come first.
        found = found.order_by("game", "-predefined", Lower("name"), "slug")
    return found


def card_list(
    *,
    game: str | None = None,
    q: str | Query | None = None,
    type: str | None = None,
    color: str | None = None,
) -> QuerySet[CardDefinition]:
    return _filtered(card_queryset(), game=game, q=as_query(q), type=type, color=color)


# How many cards a walk reads at most (`card_walk`): a search matching more than about one card
# in WALK_ROWS / 51 gets its first pages from the walk, one matching fewer is sorted cheaply.
WALK_ROWS = 1000


def card_walk(
    *,
    game: str | None = None,
    q: str | Query | None = None,
    type: str | None = None,
    color: str | None = None,
) -> QuerySet[CardDefinition] | None:
    """`card_list`'s search over a bounded walk of the cards in its order, or None when no walk
    applies. A broad search ("goblin": 10,000 cards) sorts every match to show 50; the walk reads
    only the first WALK_ROWS cards in the index order of (lowercased name, game), the order the
    results are in, so its matches are the results' first ones: when the walk finds a page it is
    the page (`paging.page_of`), and when it finds less the whole search runs as before.

    - No name words: results in (game, name) order; the walk reads the first game's cards by
      name (no match of a later game comes before them).
    - Name words (ASCII): results ranked exact name, name prefix, then the rest; the walk reads
      the names starting with the words (the first two ranks, in name order: a range of the
      lowercased-name index) where that range is exactly those ranks (`index.prefix_walk`:
      SQLite always; PostgreSQL with a bytewise collation, unless a card's name folds
      differently under UPPER and LOWER, as the long s does).
    """
    if not settings.SEARCH_USE_WALK:
        return None
    query = as_query(q)
    words = query.plain_words
    # Only the cards whose names start with the words (the ranks before the rest).
    walked = CardDefinition.objects.order_by()
    if words:
        if not words.isascii() or words[-1] == "\x7f":
            return None
        if not index.prefix_walk(connection, words):
            return None
        low = words.lower()
        in_range = {"folded__gte": low, "folded__lt": low[:-1] + chr(ord(low[-1]) + 1)}
        walked = walked.alias(folded=Lower("name")).filter(**in_range)
    else:
        first = CardDefinition.objects.aggregate(first=Min("game_id"))["first"]
        if first is None:
            return None
        walked = walked.filter(game_id=first)
    # Ordered as the index is, so the database reads it rather than scan the table.
    last = walked.order_by(Lower("name"), "game_id").values_list("pk")[WALK_ROWS - 1 : WALK_ROWS]
    if not list(last):
        return None  # all of it fits in a walk: the search itself reads no more
    if words and query.only_name_words and not (game or type or color):
        # Every name in the range starts with the words, so every card there matches: the
        # range itself is the walk, read only as far as the page (`card_name_order`).
        ranged = card_queryset().alias(folded=Lower("name")).filter(**in_range)
        return ranged.order_by("folded", "slug")
    prefix = walked.order_by(Lower("name"), "slug").values("pk")
    found = _filtered(card_queryset(), game=game, q=query, type=type, color=color, narrowed=False)
    if words:
        found = found.filter(name__istartswith=words)
    walk: Any = prefix[:WALK_ROWS]
    if connection.vendor == "postgresql":
        # As an array: PostgreSQL would otherwise join the walk to every match of the
        # conditions' own indexes (hash semi-join over 20,000 rows, 80 ms; this way 4.5 ms).
        sql, params = walk.query.sql_with_params()
        walk = RawSQL(f"SELECT unnest(ARRAY({sql}))", params)
    return found.filter(pk__in=walk)


def card_results(**filters: Any) -> paging.Results:
    """`card_list` as pageable results: read in rank order from a ranked index where one
    drives the search (`rank.RankWalk`), else walked when it can be (`card_walk`), read
    by ids first when the database sorts every match (`paging.by_ids`). A search that requires
    a power, toughness or mana value few cards have is read from that card index alone: every
    match is among those few ("t:creature pow>=9": none of 66,000 creatures, which a walk
    would read through)."""
    makes = filters.pop("makes", None)
    if makes:
        # The token makers are a few thousand of the cards: filtered by their indexed status.
        return paging.Queried(card_list(**filters).filter(makes_filter(makes)))
    query = as_query(filters.get("q"))
    filters = {**filters, "q": query}
    if _rare_number(query):
        game, type, color = filters.get("game"), filters.get("type"), filters.get("color")
        # The conditions alone, without the full-text candidates, so the database drives the
        # search from the number's index.
        return paging.Queried(
            _filtered(card_queryset(), game=game, q=query, type=type, color=color, narrowed=False)
        )
    ranked = _rank_walk(filters)
    if ranked is not None:
        return ranked
    return paging.Queried(card_list(**filters), card_walk(**filters), _sorted_rows(query))


MAKES_FILTERS = {
    # Every entry understood (the table does it, or one `make` does).
    "automated": ("fires", "one_tap"),
    # Some entry left to the players (text the compiler does not read).
    "manual": ("manual",),
    # Makes tokens at all.
    "any": ("fires", "one_tap", "manual"),
}


def makes_filter(value: str) -> Q:
    """`?makes=automated|manual|any` as a condition on the stored status."""
    statuses = MAKES_FILTERS.get(value.strip().lower())
    if statuses is None:
        raise ValidationError({"makes": f"“{value}” is not one of automated, manual, any."})
    return Q(makes_status__in=statuses)


# A required number matched by at most this many cards drives the search (`card_results`).
RARE_NUMBER = 256


def _rare_number(q: Query) -> bool:
    """Whether a comparison `q` requires ("pow>=9") holds for at most RARE_NUMBER cards,
    counted through its index (reading at most RARE_NUMBER + 1 entries)."""
    for condition in q.required_numbers():
        found = CardDefinition.objects.filter(condition).order_by().values("pk")
        if found[: RARE_NUMBER + 1].count() <= RARE_NUMBER:
            return True
    return False


def _rank_walk(filters: dict[str, Any]) -> rank.RankWalk | None:
    """A card search without name words, read from the ranked index of this database (SQLite's
    ranked full-text table, PostgreSQL's term index) when it can drive it and every card is
    ranked."""
    q: Query = filters["q"]
    if not q.text or q.plain_words or not rank.everything_ranked(connection):
        return None
    narrow = q.narrow()
    batch: rank.Batch | None = None
    if connection.vendor == "sqlite":
        match = index.ranked_match(narrow)
        batch = rank.fts_batches(match) if match else None
    elif connection.vendor == "postgresql":
        family = terms.driving_family(narrow)
        batch = terms.batches(family) if family else None
    if batch is None:
        return None
    game, type, color = filters.get("game"), filters.get("type"), filters.get("color")
    matching = _filtered(card_queryset(), game=game, q=q, type=type, color=color, narrowed=False)
    # The search as its own indexes answer it: built only if the walk hands over to it.
    return rank.RankWalk(
        batch, matching, lambda: card_list(game=game, q=q, type=type, color=color), card_queryset
    )


def _sorted_rows(q: Query) -> Callable[[], QuerySet[CardDefinition]] | None:
    """Where a card search's page sorts every match (the search index drives it; name searches
    mostly get theirs from a walk), the queryset its rows come from."""
    if q.plain_words or not q.indexed():
        return None
    return card_queryset


MAX_CREATORS_SHOWN = 200  # a Treasure is made by thousands of cards


def token_creators(token: TokenDefinition) -> tuple[list[TokenRelation], int]:
    """The first cards that make `token` by name, and how many make it."""
    relations = TokenRelation.objects.filter(token=token)
    shown = relations.select_related("card").order_by("card__name")[:MAX_CREATORS_SHOWN]
    return list(shown), relations.count()


class Combined:
    """Tokens, then cards, as one result list paged by `catalog.search.paging`: a page reads each
    kind only for the part of it the page shows. The tokens' ids are read first (a few
    thousand at most: their number is where the cards start), the cards counted up to a cap."""

    def __init__(self, tokens: QuerySet[TokenDefinition], cards: paging.Results):
        self.cards = cards  # `card_results`: walked, or from a ranked index, where it can be
        # One run of the token search gives their number and each page's ids; the rows then
        # come by id, without its conditions again.
        self.token_ids = list(tokens.values_list("pk", flat=True))
        self.token_count = len(self.token_ids)

    def tokens(self, start: int, stop: int) -> list[TokenDefinition]:
        return paging.in_order(token_queryset(), self.token_ids[start:stop])

    def walked(self, start: int, stop: int) -> list[tuple[str, Any]] | None:
        if stop <= self.token_count:
            return None  # tokens only: a few thousand at most, read as they are
        first, last = max(start - self.token_count, 0), stop - self.token_count
        cards = self.cards.walked(first, last)
        if cards is None:
            return None
        tokens = self.tokens(start, self.token_count)
        return [("token", t) for t in tokens] + [("card", c) for c in cards]

    def capped_count(self, cap: int) -> tuple[int, bool]:
        cards, exact = self.cards.capped_count(max(cap - self.token_count, 0))
        return self.token_count + cards, exact

    def __getitem__(self, part: slice) -> list[tuple[str, Any]]:
        start, stop = part.start or 0, part.stop
        found: list[tuple[str, Any]] = []
        if start < self.token_count:
            found += [("token", t) for t in self.tokens(start, min(stop, self.token_count))]
        if stop > self.token_count:
            first, last = max(start - self.token_count, 0), stop - self.token_count
            found += [("card", c) for c in self.cards[first:last]]
        return found


def search_all(
    *,
    game: str | None = None,
    q: str | Query | None = None,
    type: str | None = None,
    color: str | None = None,
    predefined: str | bool | None = None,
) -> Combined:
    """Tokens (with those the named cards make) and cards matching the same search, one list."""
    q = as_query(q)
    tokens = token_list(game=game, q=q, type=type, color=color, predefined=predefined, made_by=True)
    flag = predefined if isinstance(predefined, bool) else _parse_bool(predefined, "predefined")
    if flag:  # rules-defined tokens only: no card is one
        return Combined(tokens, paging.Queried(CardDefinition.objects.none()))
    return Combined(tokens, card_results(game=game, q=q, type=type, color=color))


def definition_printed_names(slugs: set[str], language: str) -> dict[str, JsonDict]:
    """What the tokens and cards named by ``slugs`` print in ``language`` (name, type line,
    text), with the English characteristics they translate, by slug: the palette and proxy
    sheets show them; the battlefield only where a stack still has the English words
    (play.web.board.printed_face). English has none: the catalogue's own words are the English."""
    if language == "en" or not slugs:
        return {}
    found = PrintedName.objects.filter(language=language).filter(
        Q(token__slug__in=slugs) | Q(card__slug__in=slugs)
    )
    names: dict[str, JsonDict] = {}
    for printed in found.select_related("token", "card"):
        definition = printed.token or printed.card
        if definition is None:
            continue
        names[definition.slug] = {
            "name": printed.name,
            "type_line": printed.type_line,
            "text": printed.text,
            "english": {
                "name": definition.name,
                "types": [definition.supertypes, definition.types, definition.subtypes],
                "text": definition.text,
            },
        }
    return names


def definition_art(slugs: set[str]) -> dict[str, JsonDict]:
    """The art of the tokens and cards named by ``slugs`` (what the battlefield's stacks were
    made from), by slug: `{"images", "artist", "copyright"}`, only for those that have art."""
    found: dict[str, JsonDict] = {}
    printings = Prefetch("printings", queryset=_printings(), to_attr="printing_list")
    for token in TokenDefinition.objects.filter(slug__in=slugs).prefetch_related(printings):
        found[token.slug] = token_art(token)
    for card in CardDefinition.objects.filter(slug__in=slugs - set(found)):
        found[card.slug] = card_art(card)
    return {slug: art for slug, art in found.items() if art["images"]["art_crop"]}
