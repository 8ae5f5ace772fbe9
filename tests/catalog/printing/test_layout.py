from __future__ import annotations

import math

import pytest

from catalog.printing.layout import PrintOptions, PrintOptionsError, sheet_layout


def test_it_centres_nine_cards_on_a4() -> None:
    layout = sheet_layout(PrintOptions(paper="a4"))
    assert (layout.page_width_mm, layout.page_height_mm) == (210.0, 297.0)
    first, last = layout.slots[0], layout.slots[8]
    assert (first.x_mm, first.top_mm, first.width_mm, first.height_mm) == (10.5, 16.5, 63, 88)
    assert (last.x_mm, last.y_mm) == (136.5, 16.5)


def test_it_spaces_cards_by_the_gap_and_scales_them() -> None:
    layout = sheet_layout(PrintOptions(paper="letter", gap_mm=2, scale_percent=98))
    card_w, card_h = 63 * 0.98, 88 * 0.98
    assert layout.slots[1].x_mm - layout.slots[0].x_mm == pytest.approx(card_w + 2)
    assert layout.slots[0].y_mm - layout.slots[3].y_mm == pytest.approx(card_h + 2)
    assert layout.slots[0].x_mm == pytest.approx((215.9 - 3 * card_w - 4) / 2)


def test_it_gives_every_card_its_full_bleed_and_widens_the_gap_to_twice_it() -> None:
    layout = sheet_layout(PrintOptions(paper="a4", gap_mm=2, bleed_mm=3))
    assert layout.gap_mm == 6
    for slot in layout.slots:
        assert (slot.bleed_left, slot.bleed_right, slot.bleed_top, slot.bleed_bottom) == (3,) * 4
    left, right = layout.slots[0], layout.slots[1]
    assert right.x_mm - (left.x_mm + left.width_mm) == pytest.approx(6)
    assert any("6 mm" in note for note in layout.notes)


def test_it_prints_fewer_cards_rather_than_lose_cut_marks() -> None:
    # 3 x 63 + 2 x 4 = 197 mm of cards, + 2 x (2 + 1 + 1.5) mm for the bleed and the marks, is
    # more than the 200 mm A4 leaves inside 5 mm margins: two columns.
    layout = sheet_layout(PrintOptions(paper="a4", gap_mm=2, bleed_mm=2))
    assert (layout.columns, layout.rows, layout.per_page) == (2, 3, 6)
    assert any("6 cards per page" in note for note in layout.notes)
    sides = {
        "left": any(
            m.y1 == m.y2 and max(m.x1, m.x2) < layout.slots[0].x_mm for m in layout.cut_marks
        ),
        "right": any(
            m.y1 == m.y2 and min(m.x1, m.x2) > layout.slots[1].x_mm + 63 for m in layout.cut_marks
        ),
        "top": any(
            m.x1 == m.x2 and min(m.y1, m.y2) > layout.slots[0].y_mm + 88 for m in layout.cut_marks
        ),
        "bottom": any(
            m.x1 == m.x2 and max(m.y1, m.y2) < layout.slots[-1].y_mm for m in layout.cut_marks
        ),
    }
    assert all(sides.values()), sides
    # 189 + 6 + 2 x 1.5 = 198 mm fits without marks; the marks' 2 x 2.5 mm more do not.
    assert sheet_layout(PrintOptions(gap_mm=3, bleed_mm=1.5, cut_marks=False)).per_page == 9
    assert sheet_layout(PrintOptions(gap_mm=3, bleed_mm=1.5)).per_page == 6


def test_it_mirrors_slots_for_long_edge_duplex() -> None:
    layout = sheet_layout(PrintOptions())
    assert [layout.mirrored_index(i) for i in range(9)] == [2, 1, 0, 5, 4, 3, 8, 7, 6]
    front, back = layout.slots[0], layout.slots[layout.mirrored_index(0)]
    assert front.x_mm == pytest.approx(210 - back.x_mm - back.width_mm)


def test_it_puts_cut_marks_outside_the_cards() -> None:
    layout = sheet_layout(PrintOptions(paper="a4"))
    for mark in layout.cut_marks:
        for slot in layout.slots:
            inside_x = slot.x_mm < min(mark.x1, mark.x2) + 1e-9 and max(mark.x1, mark.x2) <= (
                slot.x_mm + slot.width_mm
            )
            inside_y = slot.y_mm <= min(mark.y1, mark.y2) and max(mark.y1, mark.y2) <= (
                slot.y_mm + slot.height_mm
            )
            assert not (inside_x and inside_y)
    assert len(layout.cut_marks) == 16  # 4 vertical lines x 2 ends + 4 horizontal x 2 ends
    assert not sheet_layout(PrintOptions(cut_marks=False)).cut_marks


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (PrintOptions(paper="a3"), "paper"),
        (PrintOptions(gap_mm=6), "gap_mm"),
        (PrintOptions(bleed_mm=-1), "bleed_mm"),
        (PrintOptions(scale_percent=150), "scale_percent"),
        (PrintOptions(scale_percent=math.nan), "scale_percent"),
        (PrintOptions(corners="oval"), "corners"),
        (PrintOptions(double_faced="fold"), "double_faced"),
        (PrintOptions(margin_mm=40), "margin_mm"),
    ],
)
def test_it_rejects_absurd_options(options: PrintOptions, message: str) -> None:
    with pytest.raises(PrintOptionsError, match=message):
        sheet_layout(options)


def test_it_keeps_two_by_two_with_the_widest_margins_bleed_and_scale() -> None:
    layout = sheet_layout(PrintOptions(paper="letter", margin_mm=20, scale_percent=105, bleed_mm=3))
    assert (layout.columns, layout.rows) == (2, 2)


def test_it_has_no_notes_when_it_changes_nothing() -> None:
    assert sheet_layout(PrintOptions()).notes == []
    assert sheet_layout(PrintOptions(gap_mm=3, bleed_mm=1.5, cut_marks=False)).notes == []
