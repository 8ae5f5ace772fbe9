"""Card backs (none, plain, the token's back face) and the smallest type on a card (7 pt)."""

from __future__ import annotations

from typing import Any

import pytest

from catalog.printing import symbols
from catalog.printing.compose import REGULAR, Text, compose
from catalog.printing.faces import PLAIN_BACK, card_faces
from catalog.printing.layout import PrintOptions, sheet_layout
from catalog.printing.pdf import render_sheets
from catalog.printing.sheets import SheetPage, paginate
from tests.catalog.printing.payloads import goblin, incubator, token
from tests.catalog.printing.pdfprobe import reader
from tests.catalog.printing.test_compose import _catalogue_tokens


def _pages(backs: str, payloads: list[dict[str, Any]]) -> list[SheetPage]:
    layout = sheet_layout(PrintOptions(backs=backs))
    return paginate([card_faces(p) for p in payloads], layout)


def test_plain_backs_sit_behind_every_card_mirrored() -> None:
    pages = _pages("plain", [token(), goblin(), incubator()])
    assert [p.back for p in pages] == [False, True]
    front, back = pages
    layout = sheet_layout(PrintOptions(backs="plain"))
    behind = {placed.slot: placed.face for placed in back.cards}
    assert len(behind) == 3
    for placed in front.cards:
        face = behind[layout.mirrored_index(placed.slot)]
        # The incubator keeps its own back face; the others get the plain back.
        assert (face.side == "back") if placed.face.side == "front" else face.side == PLAIN_BACK
    data = render_sheets(pages, layout)
    assert reader(data).pages[1].extract_text().startswith("TokenToken")  # two plain backs


def test_no_backs_prints_fronts_only_and_faces_keeps_the_back_face() -> None:
    assert [p.back for p in _pages("none", [incubator()])] == [False]
    assert [p.back for p in _pages("faces", [incubator()])] == [False, True]
    assert [p.back for p in _pages("faces", [token()])] == [False]


def test_no_word_on_a_catalogue_token_is_smaller_than_7_pt() -> None:
    smallest: dict[str, float] = {}
    for payload in _catalogue_tokens():
        for face in filter(None, card_faces(payload)):
            for item in compose(face).primitives:
                if isinstance(item, Text) and item.font != symbols.FONT:
                    kind = "rules" if item.font == REGULAR else "labels"
                    smallest[kind] = min(smallest.get(kind, 99.0), item.size_pt)
    assert smallest["labels"] >= 7.0, smallest  # names, type lines, stats, footer notes
    assert smallest["rules"] >= 7.0, smallest


@pytest.mark.parametrize(
    "type_line", ["Legendary Snow Token Artifact Creature — Phyrexian Eldrazi Scion Warrior"]
)
def test_a_long_type_line_wraps_at_7_pt_rather_than_shrink(type_line: str) -> None:
    face, _ = card_faces(token(printed_type_line=type_line))
    lines = [
        i
        for i in compose(face).primitives
        if isinstance(i, Text) and len(i.text) > 1 and i.text in type_line
    ]
    assert len(lines) == 2 and all(line.size_pt == 7.0 for line in lines)
