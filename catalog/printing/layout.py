"""Sheet geometry in millimetres: where each card, its bleed and the cut marks go on the paper.

One computation serves the PDF and the HTML print preview. Coordinates have their origin at the
bottom-left corner of the page with y going up (PDF convention); `Slot.top_mm` gives the distance
from the top edge for the HTML preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from tokensite.api import DomainError

CARD_WIDTH_MM = 63.0
CARD_HEIGHT_MM = 88.0
CORNER_RADIUS_MM = 3.0
COLUMNS = 3
ROWS = 3
PER_PAGE = COLUMNS * ROWS

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CORNERS = ("rounded", "square")
DOUBLE_FACED = ("duplex", "side_by_side")

GAP_RANGE = (0.0, 5.0)
BLEED_RANGE = (0.0, 3.0)
SCALE_RANGE = (90.0, 105.0)
MARGIN_RANGE = (0.0, 20.0)

CUT_MARK_OFFSET_MM = 1.0  # white space between the card (or its bleed) and a cut mark
CUT_MARK_LENGTH_MM = 5.0
CUT_MARK_MIN_MM = 1.5  # shorter than this is not worth printing


class PrintOptionsError(DomainError):
    status = 400
    code = "invalid_print_options"


@dataclass(frozen=True)
class PrintOptions:
    paper: str = "a4"
    gap_mm: float = 0.0
    bleed_mm: float = 0.0
    cut_marks: bool = True
    corners: str = "rounded"
    scale_percent: float = 100.0
    margin_mm: float = 5.0
    double_faced: str = "duplex"

    def validate(self) -> None:
        """Raise PrintOptionsError naming the first option out of range."""
        if self.paper not in PAPERS:
            raise PrintOptionsError(f"paper must be one of {', '.join(PAPERS)}.")
        if self.corners not in CORNERS:
            raise PrintOptionsError(f"corners must be one of {', '.join(CORNERS)}.")
        if self.double_faced not in DOUBLE_FACED:
            raise PrintOptionsError(f"double_faced must be one of {', '.join(DOUBLE_FACED)}.")
        for name, value, (low, high) in (
            ("gap_mm", self.gap_mm, GAP_RANGE),
            ("bleed_mm", self.bleed_mm, BLEED_RANGE),
            ("scale_percent", self.scale_percent, SCALE_RANGE),
            ("margin_mm", self.margin_mm, MARGIN_RANGE),
        ):
            if not (low <= value <= high):  # also rejects NaN
                raise PrintOptionsError(f"{name} must be between {low:g} and {high:g}.")


@dataclass(frozen=True)
class Slot:
    """One card position: the cut rectangle plus how far its bleed reaches on each side."""

    index: int
    row: int  # 0 = top row
    col: int  # 0 = left column
    x_mm: float
    y_mm: float
    width_mm: float
    height_mm: float
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float
    page_height_mm: float

    @property
    def top_mm(self) -> float:
        return self.page_height_mm - self.y_mm - self.height_mm

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        """(x, y, width, height) of the area the card's background covers, bleed included."""
        return (
            self.x_mm - self.bleed_left,
            self.y_mm - self.bleed_bottom,
            self.width_mm + self.bleed_left + self.bleed_right,
            self.height_mm + self.bleed_bottom + self.bleed_top,
        )


@dataclass(frozen=True)
class CutMark:
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class SheetLayout:
    options: PrintOptions
    page_width_mm: float
    page_height_mm: float
    card_width_mm: float
    card_height_mm: float
    scale: float
    corner_radius_mm: float
    slots: tuple[Slot, ...]
    cut_marks: tuple[CutMark, ...]

    @property
    def warnings(self) -> list[str]:
        """What the options asked for but the paper had no room for."""
        if not self.options.cut_marks:
            return []
        vertical = any(m.x1 == m.x2 for m in self.cut_marks)
        horizontal = any(m.y1 == m.y2 for m in self.cut_marks)
        missing = [
            side
            for side, ok in (("above and below", vertical), ("at the sides", horizontal))
            if not ok
        ]
        if not missing:
            return []
        return [
            f"No room for cut marks {' or '.join(missing)} within the page margins: "
            "lower the margins, the gap or the bleed to get them."
        ]

    def mirrored_index(self, index: int) -> int:
        """The slot behind `index` once the sheet is flipped on its long (vertical) edge."""
        row, col = divmod(index, COLUMNS)
        return row * COLUMNS + (COLUMNS - 1 - col)


def _edges(start: float, size: float, gap: float, count: int) -> list[tuple[float, float]]:
    return [(start + i * (size + gap), start + i * (size + gap) + size) for i in range(count)]


def _cut_marks(
    xs: list[tuple[float, float]],
    ys: list[tuple[float, float]],
    outer: tuple[float, float, float, float],
    page: tuple[float, float],
    margin: float,
) -> tuple[CutMark, ...]:
    """Short lines on the extension of every card edge, outside the block of cards and its bleed."""
    left_bleed, right_bleed, bottom_bleed, top_bleed = outer
    width, height = page
    grid_left, grid_right = xs[0][0] - left_bleed, xs[-1][1] + right_bleed
    grid_bottom, grid_top = ys[0][0] - bottom_bleed, ys[-1][1] + top_bleed
    marks: list[CutMark] = []
    x_lines = sorted({round(x, 6) for pair in xs for x in pair})
    y_lines = sorted({round(y, 6) for pair in ys for y in pair})
    # (where the mark starts, +1 outward up/right or -1 down/left, free paper before the margin)
    vertical = ((grid_bottom - CUT_MARK_OFFSET_MM, -1), (grid_top + CUT_MARK_OFFSET_MM, 1))
    for start, direction in vertical:
        free = (start - margin) if direction < 0 else (height - margin - start)
        length = min(CUT_MARK_LENGTH_MM, free)
        if length >= CUT_MARK_MIN_MM:
            marks.extend(CutMark(x, start, x, start + direction * length) for x in x_lines)
    horizontal = ((grid_left - CUT_MARK_OFFSET_MM, -1), (grid_right + CUT_MARK_OFFSET_MM, 1))
    for start, direction in horizontal:
        free = (start - margin) if direction < 0 else (width - margin - start)
        length = min(CUT_MARK_LENGTH_MM, free)
        if length >= CUT_MARK_MIN_MM:
            marks.extend(CutMark(start, y, start + direction * length, y) for y in y_lines)
    return tuple(marks)


@lru_cache(maxsize=64)
def sheet_layout(options: PrintOptions) -> SheetLayout:
    """Centre a 3 x 3 block of cards on the paper, or say why it does not fit."""
    options.validate()
    page_w, page_h = PAPERS[options.paper]
    scale = options.scale_percent / 100.0
    card_w, card_h = CARD_WIDTH_MM * scale, CARD_HEIGHT_MM * scale
    gap, margin = options.gap_mm, options.margin_mm
    block_w = COLUMNS * card_w + (COLUMNS - 1) * gap
    block_h = ROWS * card_h + (ROWS - 1) * gap
    usable_w, usable_h = page_w - 2 * margin, page_h - 2 * margin
    if block_w > usable_w + 1e-9 or block_h > usable_h + 1e-9:
        raise PrintOptionsError(
            f"3 x 3 cards of {card_w:.1f} x {card_h:.1f} mm with a {gap:g} mm gap need "
            f"{block_w:.1f} x {block_h:.1f} mm, but {options.paper} with {margin:g} mm margins "
            f"leaves {usable_w:.1f} x {usable_h:.1f} mm: lower the scale, gap or margins.",
            code="layout_does_not_fit",
        )
    left = (page_w - block_w) / 2
    bottom = (page_h - block_h) / 2
    xs = _edges(left, card_w, gap, COLUMNS)
    ys = _edges(bottom, card_h, gap, ROWS)
    # Bleed only where it fits: half the gap between cards, the free paper inside the margins
    # outside them. A bleed wider than that would print over a neighbour or off the printable area.
    inner = min(options.bleed_mm, gap / 2)
    outer_x = max(0.0, min(options.bleed_mm, left - margin))
    outer_y = max(0.0, min(options.bleed_mm, bottom - margin))
    slots = []
    for index in range(PER_PAGE):
        row, col = divmod(index, COLUMNS)
        x0, _ = xs[col]
        y0, _ = ys[ROWS - 1 - row]
        slots.append(
            Slot(
                index=index,
                row=row,
                col=col,
                x_mm=x0,
                y_mm=y0,
                width_mm=card_w,
                height_mm=card_h,
                bleed_left=outer_x if col == 0 else inner,
                bleed_right=outer_x if col == COLUMNS - 1 else inner,
                bleed_bottom=outer_y if row == ROWS - 1 else inner,
                bleed_top=outer_y if row == 0 else inner,
                page_height_mm=page_h,
            )
        )
    marks: tuple[CutMark, ...] = ()
    if options.cut_marks:
        marks = _cut_marks(xs, ys, (outer_x, outer_x, outer_y, outer_y), (page_w, page_h), margin)
    return SheetLayout(
        options=options,
        page_width_mm=page_w,
        page_height_mm=page_h,
        card_width_mm=card_w,
        card_height_mm=card_h,
        scale=scale,
        corner_radius_mm=CORNER_RADIUS_MM * scale if options.corners == "rounded" else 0.0,
        slots=tuple(slots),
        cut_marks=marks,
    )
