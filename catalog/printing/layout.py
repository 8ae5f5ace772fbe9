"""Sheet geometry in millimetres: where each card, its bleed and the cut marks go on the paper.

One computation serves the PDF and the HTML print preview. Coordinates have their origin at the
bottom-left corner of the page with y going up (PDF convention); `Slot.top_mm` gives the distance
from the top edge for the HTML preview.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from django.utils.translation import gettext

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
# none: fronts only; faces: the back face of a double-faced token; plain: that, and a plain back
# behind every other card.
BACKS = ("none", "plain", "faces")

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
    art: bool = True
    backs: str = "faces"

    def validate(self) -> None:
        """Raise PrintOptionsError naming the first option out of range."""
        if self.paper not in PAPERS:
            raise PrintOptionsError(f"paper must be one of {', '.join(PAPERS)}.")
        if self.backs not in BACKS:
            raise PrintOptionsError(f"backs must be one of {', '.join(BACKS)}.")
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
    columns: int = COLUMNS
    rows: int = ROWS
    gap_mm: float = 0.0  # the gap printed: at least twice the bleed

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def notes(self) -> list[str]:
        """What the sheet changed of the options by itself, said on the preview and the sheet."""
        said = []
        if self.gap_mm > self.options.gap_mm + 1e-9:
            said.append(
                gettext("Gap widened to %(gap)s mm: twice the bleed, so no bleed overlaps.")
                % {"gap": f"{self.gap_mm:g}"}
            )
        if self.per_page < PER_PAGE:
            said.append(
                gettext("%(n)s cards per page: the bleed and the cut marks need the room.")
                % {"n": self.per_page}
            )
        return said

    @property
    def warnings(self) -> list[str]:
        """Kept for the preview: the notes (cut marks are never dropped any more)."""
        return self.notes

    def mirrored_index(self, index: int) -> int:
        """The slot behind `index` once the sheet is flipped on its long (vertical) edge."""
        row, col = divmod(index, self.columns)
        return row * self.columns + (self.columns - 1 - col)


def _edges(start: float, size: float, gap: float, count: int) -> list[tuple[float, float]]:
    return [(start + i * (size + gap), start + i * (size + gap) + size) for i in range(count)]


def _cut_marks(
    xs: list[tuple[float, float]],
    ys: list[tuple[float, float]],
    bleed: float,
    page: tuple[float, float],
    margin: float,
) -> tuple[CutMark, ...]:
    """Short lines on the extension of every card edge, outside the block of cards and its bleed
    (the grid is chosen so that there is room for them on all four sides)."""
    width, height = page
    grid_left, grid_right = xs[0][0] - bleed, xs[-1][1] + bleed
    grid_bottom, grid_top = ys[0][0] - bleed, ys[-1][1] + bleed
    marks: list[CutMark] = []
    x_lines = sorted({round(x, 6) for pair in xs for x in pair})
    y_lines = sorted({round(y, 6) for pair in ys for y in pair})
    # (where the mark starts, +1 outward up/right or -1 down/left, free paper before the margin)
    vertical = ((grid_bottom - CUT_MARK_OFFSET_MM, -1), (grid_top + CUT_MARK_OFFSET_MM, 1))
    for start, direction in vertical:
        free = (start - margin) if direction < 0 else (height - margin - start)
        length = min(CUT_MARK_LENGTH_MM, free)
        marks.extend(CutMark(x, start, x, start + direction * length) for x in x_lines)
    horizontal = ((grid_left - CUT_MARK_OFFSET_MM, -1), (grid_right + CUT_MARK_OFFSET_MM, 1))
    for start, direction in horizontal:
        free = (start - margin) if direction < 0 else (width - margin - start)
        length = min(CUT_MARK_LENGTH_MM, free)
        marks.extend(CutMark(start, y, start + direction * length, y) for y in y_lines)
    return tuple(marks)


def _fitting(size: float, gap: float, border: float, usable: float, most: int) -> int:
    """How many cards of `size` fit in a row of `usable` mm, `border` on both ends."""
    count = most
    while count > 0 and count * size + (count - 1) * gap + 2 * border > usable + 1e-9:
        count -= 1
    return count


@lru_cache(maxsize=64)
def sheet_layout(options: PrintOptions) -> SheetLayout:
    """Centre a block of up to 3 x 3 cards on the paper, or say why not even one fits.

    Every card gets its full bleed on every edge; the gap between cards is widened to twice the
    bleed when it is narrower (so neighbouring bleeds never overlap), and with cut marks the
    block leaves room outside its bleed for marks on all four sides: a column or row fewer
    rather than marks lost.
    """
    options.validate()
    page_w, page_h = PAPERS[options.paper]
    scale = options.scale_percent / 100.0
    card_w, card_h = CARD_WIDTH_MM * scale, CARD_HEIGHT_MM * scale
    bleed, margin = options.bleed_mm, options.margin_mm
    gap = max(options.gap_mm, 2 * bleed)
    border = bleed + (CUT_MARK_OFFSET_MM + CUT_MARK_MIN_MM if options.cut_marks else 0.0)
    usable_w, usable_h = page_w - 2 * margin, page_h - 2 * margin
    columns = _fitting(card_w, gap, border, usable_w, COLUMNS)
    rows = _fitting(card_h, gap, border, usable_h, ROWS)
    if not columns or not rows:
        raise PrintOptionsError(
            f"A card of {card_w:.1f} x {card_h:.1f} mm with a {bleed:g} mm bleed and its cut "
            f"marks needs more than {options.paper} with {margin:g} mm margins leaves "
            f"({usable_w:.1f} x {usable_h:.1f} mm): lower the scale, bleed or margins.",
            code="layout_does_not_fit",
        )
    block_w = columns * card_w + (columns - 1) * gap
    block_h = rows * card_h + (rows - 1) * gap
    left = (page_w - block_w) / 2
    bottom = (page_h - block_h) / 2
    xs = _edges(left, card_w, gap, columns)
    ys = _edges(bottom, card_h, gap, rows)
    slots = []
    for index in range(columns * rows):
        row, col = divmod(index, columns)
        x0, _ = xs[col]
        y0, _ = ys[rows - 1 - row]
        slots.append(
            Slot(
                index=index,
                row=row,
                col=col,
                x_mm=x0,
                y_mm=y0,
                width_mm=card_w,
                height_mm=card_h,
                bleed_left=bleed,
                bleed_right=bleed,
                bleed_bottom=bleed,
                bleed_top=bleed,
                page_height_mm=page_h,
            )
        )
    marks: tuple[CutMark, ...] = ()
    if options.cut_marks:
        marks = _cut_marks(xs, ys, bleed, (page_w, page_h), margin)
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
        columns=columns,
        rows=rows,
        gap_mm=gap,
    )
