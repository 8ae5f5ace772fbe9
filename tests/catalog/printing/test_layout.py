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


def test_it_limits_bleed_to_half_the_gap_between_cards() -> None:
    layout = sheet_layout(PrintOptions(paper="a4", gap_mm=2, bleed_mm=3))
    middle = layout.slots[4]
    assert (middle.bleed_left, middle.bleed_right, middle.bleed_top) == (1, 1, 1)
    corner = layout.slots[0]
    assert (corner.bleed_left, corner.bleed_top, corner.bleed_right) == (3, 3, 1)


def test_it_drops_bleed_that_would_reach_into_the_margin() -> None:
    # Letter leaves 7.7 mm above and below the block; with 6 mm margins only 1.7 mm is free.
    layout = sheet_layout(PrintOptions(paper="letter", bleed_mm=3, margin_mm=6))
    assert layout.slots[0].bleed_top == pytest.approx(1.7)
    assert layout.slots[0].bleed_left == 3


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


def test_it_says_when_the_block_does_not_fit_the_paper() -> None:
    with pytest.raises(PrintOptionsError) as caught:
        sheet_layout(PrintOptions(paper="letter", gap_mm=5, scale_percent=105))
    assert caught.value.code == "layout_does_not_fit"


def test_it_warns_when_cut_marks_have_no_room() -> None:
    assert sheet_layout(PrintOptions()).warnings == []
    # A 3 mm gap with a 1.5 mm bleed leaves no paper beside the block inside 5 mm margins.
    crowded = sheet_layout(PrintOptions(gap_mm=3, bleed_mm=1.5))
    assert all(mark.x1 == mark.x2 for mark in crowded.cut_marks)
    assert crowded.warnings and "at the sides" in crowded.warnings[0]
    assert sheet_layout(PrintOptions(gap_mm=3, bleed_mm=1.5, cut_marks=False)).warnings == []
