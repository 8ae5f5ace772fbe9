from __future__ import annotations

from typing import Any

import pytest
from pypdf.generic import ContentStream

from catalog.printing.faces import card_faces
from catalog.printing.layout import PrintOptions, sheet_layout
from catalog.printing.pdf import render_calibration, render_sheets
from catalog.printing.sheets import paginate
from tests.catalog.printing.payloads import brush, goblin, incubator, recruit, token
from tests.catalog.printing.pdfprobe import Path, page_paths, page_size_mm, print_scaling, reader

A4_COLUMNS = (10.5, 73.5, 136.5)  # (210 - 3 x 63) / 2, then + 63
A4_ROWS = (192.5, 104.5, 16.5)  # from the bottom of the page, top row first: (297 - 3 x 88) / 2


def _pdf(payloads: list[dict[str, Any]], **options: Any) -> bytes:
    layout = sheet_layout(PrintOptions(**options))
    return render_sheets(paginate([card_faces(p) for p in payloads], layout), layout)


def _stroked(data: bytes, page: int = 0) -> list[Path]:
    """Stroked paths of card size or so: the card outlines (cut marks are single lines)."""
    return [p for p in page_paths(data, page) if p.op == "S" and p.x1 - p.x0 > 60]


def _cut_mark_lines(data: bytes) -> list[tuple[float, float, float, float]]:
    return [p.segments[0] for p in page_paths(data) if p.op == "S" and len(p.segments) == 1]


def test_it_draws_nine_card_outlines_exactly_where_the_a4_sheet_puts_them() -> None:
    data = _pdf([token()] * 9)
    width, height = page_size_mm(data)
    assert width == pytest.approx(210, abs=0.1) and height == pytest.approx(297, abs=0.1)
    outlines = _stroked(data)
    for row, y in enumerate(A4_ROWS):
        for col, x in enumerate(A4_COLUMNS):
            assert any(p.matches(x, y, 63, 88) for p in outlines), (row, col)
    assert len(outlines) == 9


def test_it_places_letter_cards_with_gap_and_scale() -> None:
    data = _pdf([goblin()] * 9, paper="letter", gap_mm=2, scale_percent=98, corners="square")
    width, height = page_size_mm(data)
    assert (round(width, 1), round(height, 1)) == (215.9, 279.4)
    w, h = 63 * 0.98, 88 * 0.98
    left = (215.9 - 3 * w - 4) / 2
    bottom = (279.4 - 3 * h - 4) / 2
    outlines = _stroked(data)
    for col in range(3):
        for row in range(3):
            x, y = left + col * (w + 2), bottom + row * (h + 2)
            assert any(p.matches(x, y, w, h) for p in outlines), (row, col)


def test_it_draws_cut_marks_on_the_card_edges_outside_the_cards() -> None:
    data = _pdf([token()] * 2)
    lines = _cut_mark_lines(data)
    verticals = {round(x1, 2) for x1, y1, x2, y2 in lines if abs(x1 - x2) < 1e-6}
    horizontals = {round(y1, 2) for x1, y1, x2, y2 in lines if abs(y1 - y2) < 1e-6}
    assert verticals == {10.5, 73.5, 136.5, 199.5}
    assert horizontals == {16.5, 104.5, 192.5, 280.5}
    for x1, y1, x2, y2 in lines:
        outside_x = max(x1, x2) <= 10.5 or min(x1, x2) >= 199.5
        outside_y = max(y1, y2) <= 16.5 or min(y1, y2) >= 280.5
        assert outside_x or outside_y
    assert len(lines) == 16
    assert not _cut_mark_lines(_pdf([token()], cut_marks=False))


def test_it_fills_the_bleed_beyond_the_cut_line() -> None:
    data = _pdf([goblin()], bleed_mm=3, gap_mm=2)
    fills = [p for p in page_paths(data) if p.op in ("f", "f*")]
    # A 3 mm bleed widens the gap to 6 mm and leaves two columns: x = (210 - 132) / 2 = 39,
    # y = (297 - 276) / 2 + 2 x 94 = 198.5; the full 3 mm bleed on all four edges.
    assert any(p.matches(39 - 3, 198.5 - 3, 63 + 6, 88 + 6) for p in fills)
    marks = _cut_mark_lines(data)
    assert any(y1 == y2 and x2 < 36 for x1, y1, x2, y2 in marks)  # left of the bleed
    assert any(y1 == y2 and x1 > 39 + 63 + 6 + 63 + 3 for x1, y1, x2, y2 in marks)  # right


def test_it_asks_viewers_to_print_at_actual_size() -> None:
    assert print_scaling(_pdf([token()])) == "/None"


def test_it_prints_the_card_texts() -> None:
    text = reader(_pdf([token(), goblin(), recruit()])).pages[0].extract_text()
    for expected in ("Treasure Token", "Sacrifice this token", "Goblin Token", "1/1", "Might 1"):
        assert expected in text


def test_it_puts_duplex_backs_behind_their_fronts() -> None:
    data = _pdf([token(), incubator()])
    pdf = reader(data)
    assert len(pdf.pages) == 2
    assert "Incubator Token" in pdf.pages[0].extract_text()
    back_outlines = _stroked(data, 1)
    # The incubator is in the middle column of the top row; flipped on the long edge it stays
    # in the middle column.
    assert len(back_outlines) == 1 and back_outlines[0].matches(73.5, 192.5, 63, 88)
    assert "Phyrexian Token" in pdf.pages[1].extract_text()


def test_it_puts_double_faces_side_by_side_when_asked() -> None:
    pdf = reader(_pdf([incubator()] * 5, double_faced="side_by_side"))
    assert len(pdf.pages) == 2  # 3 pairs per page (one per row); a pair never splits
    assert pdf.pages[0].extract_text().count("Phyrexian Token") == 3


def test_it_turns_battlefields_landscape_inside_the_portrait_slot() -> None:
    data = _pdf([brush()])
    assert _stroked(data)[0].matches(10.5, 192.5, 63, 88)
    assert "Brush" in reader(data).pages[0].extract_text()


def test_it_makes_a_calibration_page_with_a_100_mm_ruler_and_a_card() -> None:
    data = render_calibration(PrintOptions(paper="letter"))
    assert tuple(round(v, 1) for v in page_size_mm(data)) == (215.9, 279.4)
    paths = page_paths(data)
    card = [p for p in paths if p.op == "S" and abs(p.x1 - p.x0 - 63) < 0.1]
    assert card and abs(card[0].y1 - card[0].y0 - 88) < 0.1
    rulers = [s for p in paths for s in p.segments if abs(abs(s[2] - s[0]) - 100) < 0.05]
    assert rulers  # the horizontal ruler's base line is 100 mm long
    assert print_scaling(data) == "/None"


def test_the_calibration_correction_starts_from_the_current_scale() -> None:
    """The ruler is drawn at the chosen scale: measuring M mm means scale x 100 / M."""
    text = reader(render_calibration(PrintOptions(scale_percent=102))).pages[0].extract_text()
    assert "102 x 100 / M %" in text
    assert "98 mm -> 104.1 %" in text


def test_it_colours_the_rule_reference_to_stand_out_on_a_black_frame() -> None:
    data = _pdf([token(colors=["B"], text="Flying")])  # no symbols: drawn in the page itself
    pdf = reader(data)
    operations = ContentStream(pdf.pages[0].get_contents(), pdf).operations
    fill = None
    note_fill = None
    for args, op in operations:
        if op == b"rg":
            fill = tuple(round(float(v), 2) for v in args)
        elif op == b"Tj" and b"Predefined token" in bytes(args[0].original_bytes):
            note_fill = fill
    assert note_fill is not None and min(note_fill) > 0.9  # light text, not dark ink


@pytest.mark.parametrize("scale", [100.0, 98.0, 104.5])
def test_it_scales_the_faces_exactly_with_the_card(scale: float) -> None:
    data = _pdf([token(), brush()], scale_percent=scale)
    pdf = reader(data)
    operations = ContentStream(pdf.pages[0].get_contents(), pdf).operations
    matrices = [[float(v) for v in args] for args, op in operations if op == b"cm"]
    placements = [m for m in matrices if m[:4] != [1, 0, 0, 1]]  # not ReportLab's identity
    expected = 72 / 25.4 * scale / 100
    portrait, landscape = placements[0], placements[1]
    assert portrait[0] == pytest.approx(expected, abs=1e-5) and portrait[3] == portrait[0]
    # The battlefield is turned a quarter: (0, s, -s, 0) with the same exact scale.
    assert landscape[1] == pytest.approx(expected, abs=1e-5) and landscape[2] == -landscape[1]
