"""Writes to collections and decks. Each runs `full_clean()` before `save()` in one transaction,
and a list or file with a bad line writes nothing (LinesRejected names every bad line)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from catalog.decklists import Decklist, name_key, parse_decklist
from catalog.models import CardDefinition, Game, TokenDefinition
from catalog.printing.decklist_tokens import cards_by_name, name_suggestions
from collection.csvio import CsvRow, read_csv
from collection.errors import LineError, LinesRejected
from collection.models import (
    MAX_QUANTITY,
    CollectionItem,
    Deck,
    DeckEntry,
    DeckUnknown,
    Section,
    TablePin,
)
from tokensite.api import DomainError, NotFound

MAX_DECKLIST_CHARS = 50_000
MAX_DECK_LINES = 1000
ITEM_FIELDS = ("quantity", "set_code", "collector_number", "finish", "condition", "notes")


def _game(slug: str) -> Game:
    game = Game.objects.filter(pk=slug).first()
    if game is None:
        known = ", ".join(Game.objects.values_list("slug", flat=True))
        raise DomainError(
            _('Unknown game "%(game)s": use one of %(known)s.') % {"game": slug, "known": known},
            code="unknown_game",
        )
    return game


# --- Collection ---------------------------------------------------------------------------------


def _item_add(
    *,
    owner: User,
    card: CardDefinition | None,
    token: TokenDefinition | None,
    quantity: int,
    **fields: Any,
) -> CollectionItem:
    """Add copies; the same card or token in the same printing, finish and condition merges."""
    item = CollectionItem(owner=owner, card=card, token=token, quantity=quantity, **fields)
    item.full_clean(validate_constraints=False)
    # Lock the matching row so two adds at once sum their quantities instead of one losing.
    existing = (
        CollectionItem.objects.select_for_update()
        .filter(
            owner=owner,
            card=card,
            token=token,
            set_code=item.set_code,
            collector_number=item.collector_number,
            finish=item.finish,
            condition=item.condition,
        )
        .first()
    )
    if existing is None:
        item.full_clean()
        item.save()
        return item
    existing.quantity = min(MAX_QUANTITY, existing.quantity + quantity)
    if item.notes:
        existing.notes = item.notes
    existing.full_clean()
    existing.save()
    return existing


def collection_add(
    *,
    owner: User,
    card: CardDefinition | None = None,
    token: TokenDefinition | None = None,
    quantity: int = 1,
    **fields: Any,
) -> CollectionItem:
    if (card is None) == (token is None):
        raise DomainError(_("Give a card or a token (exactly one)."), code="invalid")
    unknown = set(fields) - set(ITEM_FIELDS)
    if unknown:
        raise DomainError(
            _("Unknown field(s): %(fields)s.") % {"fields": ", ".join(sorted(unknown))},
            code="invalid",
        )
    with transaction.atomic():
        return _item_add(owner=owner, card=card, token=token, quantity=quantity, **fields)


def collection_update(*, item: CollectionItem, **fields: Any) -> CollectionItem:
    unknown = set(fields) - set(ITEM_FIELDS)
    if unknown:
        raise DomainError(
            _("Unknown field(s): %(fields)s.") % {"fields": ", ".join(sorted(unknown))},
            code="invalid",
        )
    with transaction.atomic():
        for name, value in fields.items():
            setattr(item, name, value)
        item.full_clean()
        item.save()
    return item


def collection_delete(*, item: CollectionItem) -> None:
    item.delete()


def _rows_to_items(rows: list[CsvRow]) -> list[tuple[CsvRow, CardDefinition | None, Any]]:
    """Resolve each row's card or token, raising LinesRejected listing every row that fails."""
    token_ids = {row.id for row in rows if row.kind == "token"}
    card_ids = {row.id for row in rows if row.kind == "card" and row.id}
    tokens = {t.slug: t for t in TokenDefinition.objects.filter(slug__in=token_ids)}
    cards = {c.slug: c for c in CardDefinition.objects.filter(slug__in=card_ids)}
    by_game: dict[str, dict[str, CardDefinition]] = {}
    for game in {row.game for row in rows if row.kind == "card" and not row.id}:
        names = [row.name for row in rows if row.kind == "card" and not row.id and row.game == game]
        by_game[game] = cards_by_name(names, game)
    resolved: list[tuple[CsvRow, CardDefinition | None, Any]] = []
    errors: list[LineError] = []
    missing: list[CsvRow] = []
    for row in rows:
        if row.kind == "token":
            token = tokens.get(row.id)
            if token is None:
                errors.append(LineError(row.line, _('no token with id "%(id)s"') % {"id": row.id}))
            else:
                resolved.append((row, None, token))
            continue
        card = cards.get(row.id) if row.id else by_game.get(row.game, {}).get(name_key(row.name))
        if card is None:
            missing.append(row)
        else:
            resolved.append((row, card, None))
    for game in {row.game for row in missing}:
        wanted = [row for row in missing if row.game == game]
        suggestions = name_suggestions([row.name or row.id for row in wanted], game or None)
        for row in wanted:
            if row.id:
                text = _('no card with id "%(id)s"') % {"id": row.id}
            else:
                text = _('no card named "%(name)s" in %(game)s') % {"name": row.name, "game": game}
            errors.append(LineError(row.line, text, suggestions[row.name or row.id]))
    if errors:
        errors.sort(key=lambda error: error.line)
        raise LinesRejected(
            ngettext(
                "%(n)d line names nothing in the catalogue.",
                "%(n)d lines name nothing in the catalogue.",
                len(errors),
            )
            % {"n": len(errors)},
            errors,
        )
    return resolved


def collection_import_csv(*, owner: User, text: str) -> int:
    """Add every row of a collection CSV (csvio.COLUMN_HELP); returns the copies added.
    One bad row and nothing is written: the error lists every bad row with its line."""
    rows, errors = read_csv(text)
    if not rows and not errors:
        raise LinesRejected(
            _("The file has no rows."), [LineError(2, _("no rows after the header"))]
        )
    try:
        resolved = _rows_to_items(rows)
    except LinesRejected as unknown:
        # Every bad line in one answer: unreadable rows and rows naming nothing alike.
        errors = sorted([*errors, *unknown.lines], key=lambda error: error.line)
    if errors:
        raise LinesRejected(
            ngettext(
                "%(n)d line of the file cannot be imported.",
                "%(n)d lines of the file cannot be imported.",
                len(errors),
            )
            % {"n": len(errors)},
            errors,
        )
    with transaction.atomic():
        for row, card, token in resolved:
            _item_add(
                owner=owner,
                card=card,
                token=token,
                quantity=row.quantity,
                set_code=row.set_code,
                collector_number=row.collector_number,
                finish=row.finish,
                condition=row.condition,
                notes=row.notes,
            )
    return sum(row.quantity for row in rows)


def collection_add_list(*, owner: User, game: str, text: str, finish: str = "normal") -> int:
    """Add the cards of a pasted list ("4 Name (SET) 123" lines, any decklist format); returns
    the copies added. Unknown names or unreadable lines reject the whole list."""
    _game(game)
    if len(text) > MAX_DECKLIST_CHARS:
        raise DomainError(
            _("The list is longer than %(most)d characters.") % {"most": MAX_DECKLIST_CHARS}
        )
    parsed = parse_decklist(text)
    errors = [LineError(p.line, f"{p.text}: {p.detail}") for p in parsed.problems]
    cards = cards_by_name([e.name for e in parsed.entries], game)
    unknown = [e for e in parsed.entries if name_key(e.name) not in cards]
    suggestions = name_suggestions([e.name for e in unknown], game)
    errors += [
        LineError(
            e.line,
            _('no card named "%(name)s" in %(game)s') % {"name": e.name, "game": game},
            suggestions[e.name],
        )
        for e in unknown
    ]
    if errors:
        errors.sort(key=lambda error: error.line)
        raise LinesRejected(
            ngettext(
                "%(n)d line of the list was not added.",
                "%(n)d lines of the list were not added.",
                len(errors),
            )
            % {"n": len(errors)},
            errors,
        )
    if not parsed.entries:
        raise DomainError(_("The list names no cards."), code="empty")
    with transaction.atomic():
        for entry in parsed.entries:
            _item_add(
                owner=owner,
                card=cards[name_key(entry.name)],
                token=None,
                quantity=entry.count,
                set_code=entry.set_code or "",
                collector_number=entry.collector_number or "",
                finish=finish,
            )
    return sum(entry.count for entry in parsed.entries)


# --- Decks --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _ParsedDeck:
    parsed: Decklist
    cards: dict[str, CardDefinition]
    suggestions: dict[str, tuple[str, ...]]


def _parse_deck(text: str, game: str) -> _ParsedDeck:
    if len(text) > MAX_DECKLIST_CHARS:
        raise DomainError(
            _("The decklist is longer than %(most)d characters.") % {"most": MAX_DECKLIST_CHARS}
        )
    parsed = parse_decklist(text)
    if len(parsed.entries) > MAX_DECK_LINES:
        raise DomainError(
            _("The decklist has more than %(most)d card lines.") % {"most": MAX_DECK_LINES}
        )
    cards = cards_by_name([e.name for e in parsed.entries], game)
    unknown = [e.name for e in parsed.entries if _card_for(e.name, cards) is None]
    return _ParsedDeck(parsed, cards, name_suggestions(unknown, game))


def _card_for(name: str, cards: dict[str, CardDefinition]) -> CardDefinition | None:
    """Exact name (case ignored, CR 201.2); a double-faced card also by its front face."""
    return cards.get(name_key(name)) or cards.get(name_key(name.split("//")[0]))


def _write_lines(deck: Deck, parsed: _ParsedDeck) -> None:
    """Replace the deck's entries and unknown lines with the parsed list's."""
    deck.entries.all().delete()
    deck.unknown.all().delete()
    entries: list[DeckEntry] = []
    unknown: list[DeckUnknown] = []
    for e in parsed.parsed.entries:
        section = e.section if e.section in Section.values else Section.MAIN
        card = _card_for(e.name, parsed.cards)
        if card is None:
            suggestions = list(parsed.suggestions.get(e.name, ()))
            unknown.append(
                DeckUnknown(
                    deck=deck,
                    line=e.line,
                    name=e.name[:300],
                    count=e.count,
                    section=section,
                    suggestions=suggestions,
                )
            )
            continue
        entries.append(
            DeckEntry(
                deck=deck,
                card=card,
                count=e.count,
                section=section,
                line=e.line,
                set_code=(e.set_code or "")[:16],
                collector_number=(e.collector_number or "")[:16],
            )
        )
    for problem in parsed.parsed.problems:
        unknown.append(
            DeckUnknown(
                deck=deck, line=problem.line, name=problem.text[:300], problem=problem.detail[:300]
            )
        )
    for row in [*entries, *unknown]:
        row.full_clean(exclude=["deck", "card"])  # both come from the database
    DeckEntry.objects.bulk_create(entries)
    DeckUnknown.objects.bulk_create(unknown)


def deck_create(*, owner: User, game: str, decklist: str, name: str = "") -> Deck:
    """A deck from a pasted list; names the catalogue lacks are kept as unknown lines with
    suggestions (never dropped)."""
    game_row = _game(game)
    parsed = _parse_deck(decklist, game)
    deck = Deck(
        owner=owner,
        game=game_row,
        name=(name.strip() or parsed.parsed.name or "Untitled deck")[:120],
        decklist=decklist,
    )
    with transaction.atomic():
        deck.full_clean()
        deck.save()
        _write_lines(deck, parsed)
    return deck


def deck_update(*, deck: Deck, name: str | None = None, decklist: str | None = None) -> Deck:
    """Rename, and/or replace the list (re-parsed and re-matched)."""
    parsed = _parse_deck(decklist, deck.game_id) if decklist is not None else None
    with transaction.atomic():
        locked = Deck.objects.select_for_update().get(pk=deck.pk)
        if name is not None:
            locked.name = name.strip()
        if decklist is not None:
            locked.decklist = decklist
        locked.full_clean()
        locked.save()
        if parsed is not None:
            _write_lines(locked, parsed)
    return locked


def deck_delete(*, deck: Deck) -> None:
    deck.delete()


def table_start_from_deck(
    *, deck: Deck, owner: User, name: str, players: list[str], tokens: list[str]
) -> Any:
    """A new table (play.table.services.table_create), the deck's tokens pinned in the palette."""
    from play.table.services import table_create

    known = set(TokenDefinition.objects.filter(slug__in=tokens).values_list("slug", flat=True))
    missing = [slug for slug in tokens if slug not in known]
    if missing:
        raise NotFound(_("Not in the catalogue: %(names)s.") % {"names": ", ".join(missing)})
    options: dict[str, Any] = {}
    if deck.game_id == "mtg" and deck.entries.filter(section=Section.COMMANDER).exists():
        options["starting_life"] = 40  # Commander (CR 903.7)
    with transaction.atomic():
        table = table_create(
            owner=owner, game=deck.game_id, name=name, players=players, options=options
        )
        pin = TablePin(table=table, deck=deck, tokens=list(dict.fromkeys(tokens)))
        pin.full_clean(exclude=["tokens"])  # checked above; [] (a deck making no tokens) is fine
        pin.save()
    return table
