from __future__ import annotations

from catalog.printing.faces import card_faces
from catalog.printing.layout import COLUMNS, PrintOptions, sheet_layout
from catalog.printing.sheets import SheetPage, paginate
from tests.catalog.printing.payloads import incubator, token

SIDE_BY_SIDE = sheet_layout(PrintOptions(double_faced="side_by_side"))


def _slots(pages: list[SheetPage], side: str | None) -> list[list[int]]:
    return [sorted(c.slot for c in page.cards if c.face.side == side) for page in pages]


def test_side_by_side_keeps_each_pair_in_one_row() -> None:
    """A front in the last column used to put its back at the start of the next row, where it
    cannot be cut out and folded with its front."""
    prints = [card_faces(token()), *[card_faces(incubator())] * 4]
    pages = paginate(prints, SIDE_BY_SIDE)
    for page in pages:
        fronts = {c.slot for c in page.cards if c.face.side == "front"}
        backs = {c.slot for c in page.cards if c.face.side == "back"}
        assert backs == {slot + 1 for slot in fronts}
        assert all(slot % COLUMNS != COLUMNS - 1 for slot in fronts)
    # Treasure at 0, pairs at 1-2, 3-4, 6-7; the fourth pair goes to the next page.
    assert _slots(pages, "front") == [[1, 3, 6], [0]]
    assert _slots(pages, None) == [[0], []]


def test_side_by_side_fills_the_skipped_column_with_a_single_card() -> None:
    prints = [card_faces(incubator()), card_faces(incubator()), card_faces(token())]
    pages = paginate(prints, SIDE_BY_SIDE)
    assert len(pages) == 1
    assert _slots(pages, None) == [[2]]  # the column the second pair skipped
    assert _slots(pages, "front") == [[0, 3]]
