"""Pages of a print job: which face goes in which slot, fronts and (for duplex) backs."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from catalog.printing.faces import CardFace, plain_back
from catalog.printing.layout import SheetLayout

Print = tuple[CardFace, CardFace | None]  # one physical card: front, and back if double-faced


@dataclass(frozen=True)
class PlacedCard:
    slot: int
    face: CardFace


@dataclass(frozen=True)
class SheetPage:
    number: int  # 1-based
    cards: tuple[PlacedCard, ...]
    back: bool  # a duplex back page: print it on the reverse of the page before


def _side_by_side(prints: Iterable[Print], columns: int, per_page: int) -> list[list[PlacedCard]]:
    """Each double-faced token as a front and back pair in one row (next to each other, so the
    pair can be cut out together and folded); single-faced cards fill the rest, including a
    last column a pair could not start in."""
    pages: list[list[PlacedCard]] = [[]]
    slot = 0
    holes: list[int] = []  # free slots of the current page that a single card can take
    for front, back in prints:
        if back is None and holes:
            pages[-1].append(PlacedCard(holes.pop(0), front))
            continue
        if back is not None and slot % columns == columns - 1:
            holes.append(slot)  # a pair never wraps onto the next row
            slot += 1
        if slot + (2 if back else 1) > per_page:
            pages.append([])
            slot, holes = 0, []
        pages[-1].append(PlacedCard(slot, front))
        if back is not None:
            pages[-1].append(PlacedCard(slot + 1, back))
        slot += 2 if back else 1
    return pages if pages[-1] else pages[:-1]


def with_backs(prints: list[Print], backs: str) -> list[Print]:
    """The backs the player asked for: none (fronts only), faces (a double-faced token's back
    face, as it comes) or plain (that, and a plain back behind every other card)."""
    if backs == "none":
        return [(front, None) for front, _ in prints]
    if backs == "plain":
        return [(front, back or plain_back(front)) for front, back in prints]
    return prints


def paginate(prints: list[Print], layout: SheetLayout) -> list[SheetPage]:
    """Fill 3 x 3 sheets in reading order.

    Duplex: every front page is followed by its back page, each back at the mirrored slot so that
    flipping the sheet on its long edge puts it behind its front. Single-faced cards leave their
    back slot empty; every front gets a back page (even an empty one) so the duplex order never
    shifts a back onto the wrong sheet.
    """
    prints = with_backs(prints, layout.options.backs)
    has_backs = any(back for _, back in prints)
    per_page = layout.per_page
    # Plain backs are the back of the sheet, so they are always duplex.
    side_by_side = layout.options.double_faced == "side_by_side" and layout.options.backs != "plain"
    if side_by_side or not has_backs:
        fronts = (
            _side_by_side(prints, layout.columns, per_page)
            if has_backs
            else [
                [
                    PlacedCard(i, front)
                    for i, (front, _) in enumerate(prints[start : start + per_page])
                ]
                for start in range(0, len(prints), per_page)
            ]
        )
        return [SheetPage(n, tuple(cards), False) for n, cards in enumerate(fronts, start=1)]
    pages: list[SheetPage] = []
    for start in range(0, len(prints), per_page):
        chunk = prints[start : start + per_page]
        fronts_placed = tuple(PlacedCard(i, front) for i, (front, _) in enumerate(chunk))
        backs_placed = tuple(
            PlacedCard(layout.mirrored_index(i), back)
            for i, (_, back) in enumerate(chunk)
            if back is not None
        )
        pages.append(SheetPage(len(pages) + 1, fronts_placed, False))
        pages.append(SheetPage(len(pages) + 1, backs_placed, True))
    return pages
