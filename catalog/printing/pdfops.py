"""PDF content-stream operators for boxes, lines and text, formatted directly.

ReportLab's canvas formats every number through a general routine; a sheet of cards emits
thousands of them, so the card drawing writes its operators here with plain f-strings (same PDF,
a fraction of the time) and hands them to `Canvas.addLiteral`.
"""

from __future__ import annotations

from functools import lru_cache

from catalog.printing.faces import RGB
from catalog.printing.textfit import text_width

CORNER = 0.4472  # ReportLab's Bezier factor for a quarter circle (control at r x (1 - 0.4472))


def num(value: float) -> str:
    """A PDF coordinate with two decimals: 1/100 of the unit, 10 micrometres in card millimetres
    and 3.5 micrometres in page points; shorter streams compress faster."""
    return f"{value:.2f}"


@lru_cache(maxsize=256)
def fill_color(rgb: RGB) -> str:
    return f"{num(rgb[0])} {num(rgb[1])} {num(rgb[2])} rg"


@lru_cache(maxsize=256)
def stroke_color(rgb: RGB) -> str:
    return f"{num(rgb[0])} {num(rgb[1])} {num(rgb[2])} RG"


@lru_cache(maxsize=4096)
def rect_path(x: float, y: float, w: float, h: float, radius: float = 0.0) -> str:
    """A closed rectangle path, with quarter-circle corners when `radius` > 0."""
    if radius <= 0:
        return f"{num(x)} {num(y)} {num(w)} {num(h)} re"
    r = min(radius, w / 2, h / 2)
    t = CORNER * r
    x1, y1 = x + w, y + h
    return " ".join(
        [
            f"{num(x + r)} {num(y)} m",
            f"{num(x1 - r)} {num(y)} l",
            f"{num(x1 - t)} {num(y)} {num(x1)} {num(y + t)} {num(x1)} {num(y + r)} c",
            f"{num(x1)} {num(y1 - r)} l",
            f"{num(x1)} {num(y1 - t)} {num(x1 - t)} {num(y1)} {num(x1 - r)} {num(y1)} c",
            f"{num(x + r)} {num(y1)} l",
            f"{num(x + t)} {num(y1)} {num(x)} {num(y1 - t)} {num(x)} {num(y1 - r)} c",
            f"{num(x)} {num(y + r)} l",
            f"{num(x)} {num(y + t)} {num(x + t)} {num(y)} {num(x + r)} {num(y)} c",
            "h",
        ]
    )


def _escape_table() -> dict[int, str]:
    table: dict[int, str] = {}
    for value in range(256):
        try:
            char = bytes([value]).decode("cp1252")
        except UnicodeDecodeError:
            continue  # five bytes cp1252 leaves undefined
        if 32 <= value < 127 and char not in "()\\":
            continue  # printable ASCII stays as it is
        table[ord(char)] = f"\\{value:03o}"
    return table


_ESCAPES = _escape_table()


@lru_cache(maxsize=8192)
def pdf_string(text: str) -> str:
    """A PDF literal string in WinAnsiEncoding (the standard fonts' encoding); `text` must be
    printable in cp1252 (see textfit.printable)."""
    return "(" + text.translate(_ESCAPES) + ")"


def text_op(
    font_ref: str, font: str, size: float, x: float, y: float, text: str, anchor: str
) -> str:
    """One line of text; `size` in the units of the current transformation."""
    if anchor != "start":
        width = text_width(text, font, size)
        x -= width / 2 if anchor == "middle" else width
    # Font sizes keep three decimals: rounding one up could widen a fitted line.
    return f"BT {font_ref} {size:.3f} Tf {num(x)} {num(y)} Td {pdf_string(text)} Tj ET"
