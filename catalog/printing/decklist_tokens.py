"""From a pasted decklist to the tokens its cards create, with suggested quantities.

Cards are matched by exact name, case-insensitively (CR 201.2); a double-faced card also matches
by its front face name. Names that match no card are listed back with close suggestions.

Two quantity policies share the matching and the creator relations: printing from a pasted list
sums the copies (`decklist_tokens`); a saved deck (collection app) suggests the largest single
event, multiplied by the deck's token doublers (`deck_tokens_needed`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from operator import or_

from django.db.models import Q, QuerySet
from django.db.models.functions import Lower
from django.utils.translation import gettext, gettext_noop

from catalog import suggest
from catalog.decklists import DecklistEntry, DecklistProblem, name_key, parse_decklist
from catalog.models import CardDefinition, TokenDefinition, TokenRelation
from catalog.printing import words
from catalog.riftbound_codes import CARD_CODE
from rules.effects import Effect, EffectError, parse_effects

MAX_LINES = 1000
MAX_SUGGESTED = 18  # two sheets of one token is plenty to start a game with
X_GUESS = 2  # "create X tokens": a typical X when the relation does not say
X_DECK = 3  # a deck's suggestion counts "x" as 3 (issue 10)
MAX_SUGGESTED_NAMES = suggest.MAX_NAMES
IGNORED_SECTIONS = {"maybeboard", "about"}
# The sections whose cards start in the game (MTG main deck and commander; every Riftbound
# section): their doublers multiply the deck's tokens. Sideboard and companion cards do not.
IN_PLAY_SECTIONS = {"main", "commander", "legend", "champion", "battlefields", "runes"}


@dataclass(frozen=True)
class NeededToken:
    token: str
    name: str
    cards: tuple[str, ...]  # card names, in decklist order
    suggested: int
    card_ids: tuple[str, ...] = ()  # card slugs, parallel to `cards`
    traits: str = ""  # what tells it from tokens of the same name: "4/4 · Red · Trample"


@dataclass(frozen=True)
class UnknownCard:
    line: int
    name: str
    suggestions: tuple[str, ...]


@dataclass(frozen=True)
class DecklistTokens:
    tokens: list[NeededToken] = field(default_factory=list)
    unknown: list[UnknownCard] = field(default_factory=list)
    problems: list[DecklistProblem] = field(default_factory=list)
    matched_cards: int = 0


COLOR_WORDS = {
    "W": gettext_noop("White"),
    "U": gettext_noop("Blue"),
    "B": gettext_noop("Black"),
    "R": gettext_noop("Red"),
    "G": gettext_noop("Green"),
}
TRAIT_TEXT_CHARS = 60


def token_traits(token: TokenDefinition) -> str:
    """P/T (or Might), colours, keywords and the start of its other text: what tells a token
    from others of the same name (many tokens share one, CR 111.4)."""
    parts: list[str] = []
    if token.power is not None and token.toughness is not None and token.power != "":
        parts.append(f"{token.power}/{token.toughness}")
    elif token.might is not None:
        parts.append(f"{gettext('Might')} {token.might}")
    colors = [gettext(COLOR_WORDS.get(c, c)) for c in token.colors or []]
    parts.append(", ".join(colors) if colors else gettext("Colorless"))
    keywords = [words.keyword(k) for k in token.keywords or []]
    if keywords:
        parts.append(", ".join(keywords))
    text = " ".join(str(token.text or "").split())
    for keyword in token.keywords or []:  # the keyword line, already said
        text = text.removeprefix(keyword).lstrip(" ,")
    if text:
        short = text[:TRAIT_TEXT_CHARS]
        parts.append(short + ("\u2026" if len(text) > TRAIT_TEXT_CHARS else ""))
    return " \u00b7 ".join(parts)


# Keywords that cast the card a second time from the graveyard (CR 702.34 flashback, 702.133
# jump-start, 702.81 retrace): its tokens come twice. Embalm, eternalize and encore (702.128,
# 702.129, 702.141) make their token from the graveyard too: the creator relations name it, so it
# is counted once, as any token.
CAST_AGAIN = re.compile(r"^\s*(Flashback|Jump-start|Retrace)\b", re.IGNORECASE | re.MULTILINE)


def uses(card: CardDefinition) -> int:
    """How many times one copy of the card makes its tokens: twice with flashback and its
    kin (cast from the hand, then from the graveyard), else once."""
    keywords = {k.lower() for k in card.keywords or []}
    again = keywords & {"flashback", "jump-start", "retrace"} or CAST_AGAIN.search(card.text or "")
    return 2 if again else 1


def tokens_per_event(count: str) -> int:
    """How many tokens one use of the card makes: "2" -> 2, "x=3" -> 3, "x" -> a guess."""
    count = count.strip().lower()
    if count.isdigit():
        return max(1, int(count))
    if count.startswith("x=") and count[2:].isdigit():
        return max(1, int(count[2:]))
    return X_GUESS


def cards_by_name(names: list[str], game: str | None) -> dict[str, CardDefinition]:
    """Cards by name key; a double-faced card ("Front // Back") is also found by its front.

    One indexed lookup on lower(name) (the CR 201.2 unique index) finds almost every name; only
    the keys it misses (double-faced fronts, non-ASCII case) take the slower LIKE scan."""
    keys = sorted({name_key(n) for n in names} | {name_key(n.split("//")[0]) for n in names})
    found: dict[str, CardDefinition] = {}

    def keep(cards: QuerySet[CardDefinition]) -> None:
        if game:
            cards = cards.filter(game_id=game)
        for card in cards.order_by("game_id", "pk"):
            found.setdefault(name_key(card.name), card)
            found.setdefault(name_key(card.name.split("//")[0]), card)

    for start in range(0, len(keys), 500):
        chunk = keys[start : start + 500]
        keep(CardDefinition.objects.annotate(lname=Lower("name")).filter(lname__in=chunk))
    missing = [key for key in keys if key not in found]
    if missing:  # double-faced cards by their front face: few rows, matched here
        keep(CardDefinition.objects.filter(name__contains=" // "))
    _cards_by_code([n for n in names if CARD_CODE.match(n.strip())], game, found)
    _legends_by_champion([key for key in keys if key not in found], game, found)
    # SQLite's lower() only folds ASCII: names with other letters take the iexact scan.
    missing = [key for key in keys if key not in found and not key.isascii()]
    for start in range(0, len(missing), 200):
        chunk = missing[start : start + 200]
        keep(CardDefinition.objects.filter(reduce(or_, (Q(name__iexact=key) for key in chunk))))
    return found


def _cards_by_code(codes: list[str], game: str | None, found: dict[str, CardDefinition]) -> None:
    """Cards named by a Riftbound card code ("OGN-007a", from a deck code), found by their
    printings' codes; a variant the catalogue lacks (a signed "s") finds the base printing."""
    for code in codes:
        code = code.strip()
        base = CARD_CODE.sub(r"\1-\2", code)
        cards = CardDefinition.objects.filter(
            Q(codes__icontains=f'"{code}"') | Q(codes__icontains=f'"{base}"')
        )
        if game:
            cards = cards.filter(game_id=game)
        matches = list(cards.order_by("pk")[:8])
        exact = [card for card in matches if code in (card.codes or [])]
        ranked = exact or [card for card in matches if base in (card.codes or [])]
        if ranked:
            found.setdefault(name_key(code), ranked[0])


def _legends_by_champion(
    keys: list[str], game: str | None, found: dict[str, CardDefinition]
) -> None:
    """Riftbound decklists name a Legend with its champion, "Viktor, Herald of the Arcane", where
    the card is "Herald of the Arcane" tagged Viktor: such keys find that Legend."""
    wanted = {key: key.split(", ", 1) for key in keys if ", " in key}
    if not wanted:
        return
    titles = sorted({title for _, title in wanted.values()})
    legends = CardDefinition.objects.annotate(lname=Lower("name")).filter(
        lname__in=titles, types__icontains='"Legend"'
    )
    if game:
        legends = legends.filter(game_id=game)
    for legend in legends.order_by("game_id", "pk"):
        tags = {name_key(tag) for tag in legend.tags or []}
        for key, (champion, title) in wanted.items():
            if name_key(legend.name) == title and champion in tags:
                found.setdefault(key, legend)


def name_suggestions(names: Iterable[str], game: str | None) -> dict[str, tuple[str, ...]]:
    """Up to three close catalogue names for each unknown name (catalog.suggest: an index
    shortlist scored by rapidfuzz), for the first MAX_SUGGESTED_NAMES names."""
    return suggest.card_suggestions(names, game)


def relations_by_card(cards: Iterable[CardDefinition]) -> dict[int, list[TokenRelation]]:
    """The creator relations of the cards, with their tokens, by card pk (token name order)."""
    relations = TokenRelation.objects.filter(card__in=list(cards)).select_related("token", "card")
    by_card: dict[int, list[TokenRelation]] = {}
    for relation in relations.order_by("token__name", "token__slug"):
        by_card.setdefault(relation.card_id, []).append(relation)
    return by_card


def decklist_tokens(text: str, *, game: str | None = None) -> DecklistTokens:
    """The tokens a decklist's cards create (TokenRelation), how many to print, what is unknown."""
    deck = parse_decklist(text)
    entries = [e for e in deck.entries if e.section not in IGNORED_SECTIONS][:MAX_LINES]
    cards = cards_by_name([e.name for e in entries], game)
    missing: list[DecklistEntry] = []
    matched: list[tuple[CardDefinition, int]] = []
    for entry in entries:
        card = cards.get(name_key(entry.name)) or cards.get(name_key(entry.name.split("//")[0]))
        if card is None:
            missing.append(entry)
        else:
            matched.append((card, entry.count))
    # One read of the catalogue's names for all the unknown lines, however many there are.
    close = name_suggestions((e.name for e in missing[:MAX_SUGGESTED_NAMES]), game)
    unknown = [UnknownCard(e.line, e.name, close.get(e.name, ())) for e in missing]
    by_card = relations_by_card(c for c, _ in matched)
    totals: dict[str, int] = {}
    names: dict[str, str] = {}
    traits: dict[str, str] = {}
    creators: dict[str, list[str]] = {}
    for card, copies in matched:
        for relation in by_card.get(card.pk, []):
            slug = relation.token.slug
            made = tokens_per_event(relation.count) * uses(card)
            totals[slug] = totals.get(slug, 0) + copies * made
            names[slug] = relation.token.name
            traits[slug] = token_traits(relation.token)
            if card.name not in creators.setdefault(slug, []):
                creators[slug].append(card.name)
    tokens = [
        NeededToken(
            slug,
            names[slug],
            tuple(creators[slug]),
            min(MAX_SUGGESTED, totals[slug]),
            traits=traits[slug],
        )
        for slug in totals
    ]
    return DecklistTokens(
        tokens=tokens,
        unknown=unknown,
        problems=list(deck.problems),
        matched_cards=len(matched),
    )


def _doublers(cards: Sequence[CardDefinition]) -> list[Effect]:
    """The `token_multiplier` effects of the distinct cards (a malformed effect list is skipped:
    the catalogue validates effects on save, so this only guards hand-edited rows)."""
    effects: list[Effect] = []
    for card in {card.pk: card for card in cards}.values():
        try:
            parsed = parse_effects(card.effects or [])
        except EffectError:
            continue
        effects.extend(e for e in parsed if e.kind == "token_multiplier")
    return effects


def token_multiplier(token: TokenDefinition, doublers: Sequence[Effect]) -> int:
    """How many tokens one created token becomes with these doublers in play (each applies once,
    CR 614.5): 2 for each doubler, 3 for Ojer Taq on creature tokens, as their filters say."""
    factor = 1
    for effect in doublers:
        if effect.filter.matches(token.types or [], token.subtypes or [], True):
            factor *= effect.factor
    return factor


def deck_tokens_needed(
    cards: Sequence[CardDefinition], *, in_play: Sequence[CardDefinition] | None = None
) -> list[NeededToken]:
    """The tokens a deck's cards create, each with its creators and a suggested physical count:
    the largest single creation over the deck's cards (a relation's "x" counts as 3, "x=N" as N)
    times the token doublers that apply to it (derived from `token_multiplier` effects) among
    `in_play`, the cards that start in the game (main deck, commander; all `cards` when not
    given): a doubler in the sideboard doubles nothing until it is sided in."""
    distinct = list({card.pk: card for card in cards}.values())
    by_card = relations_by_card(distinct)
    doublers = _doublers(distinct if in_play is None else in_play)
    best: dict[str, int] = {}
    tokens: dict[str, TokenDefinition] = {}
    creators: dict[str, dict[str, str]] = {}
    for card in distinct:
        for relation in by_card.get(card.pk, []):
            slug = relation.token.slug
            count = relation.count.strip().lower()
            per_event = X_DECK if count == "x" else tokens_per_event(count)
            # A flashback card's second batch joins the first on the battlefield.
            best[slug] = max(best.get(slug, 0), per_event * uses(card))
            tokens[slug] = relation.token
            creators.setdefault(slug, {}).setdefault(card.slug, card.name)
    return [
        NeededToken(
            token=slug,
            name=tokens[slug].name,
            cards=tuple(creators[slug].values()),
            suggested=best[slug] * token_multiplier(tokens[slug], doublers),
            card_ids=tuple(creators[slug]),
            traits=token_traits(tokens[slug]),
        )
        for slug in sorted(best, key=lambda slug: (tokens[slug].name, slug))
    ]
