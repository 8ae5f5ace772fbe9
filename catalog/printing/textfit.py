"""Fit text into a box by measuring it with the PDF font metrics: wrap, then shrink until it fits.

The measurements are ReportLab's own (the standard Helvetica metrics the PDF uses), so what fits
here fits on paper; the HTML preview draws the same lines at the same size.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from reportlab.pdfbase.pdfmetrics import getFont, stringWidth

from catalog.printing import symbols
from catalog.printing.fonts import UNICODE_FONTS

PT_PER_MM = 72.0 / 25.4
LEADING = 1.18  # line height as a multiple of the font size
MIN_SIZE_PT = 3.0  # below this rules text is unreadable: boxes are sized so it never gets there
SIZE_STEP_PT = 0.25

# Characters the standard PDF fonts (WinAnsi) lack, mapped to their closest printable spelling.
_REPLACEMENTS = str.maketrans(
    {
        "\u2212": "-",
        "\u2010": "-",
        "\u2011": "-",
        "\u2192": "->",
        "\u2190": "<-",
        "\u00a0": " ",
        "\u2009": " ",
        "\u202f": " ",
        "\u2605": "*",
        "\u25cf": "\u2022",
    }
)


def printable(text: str, unicode: bool = False) -> str:
    """Text the standard PDF fonts can draw: known look-alikes replaced, anything else as '?'
    (kept as it is for a face printed with the Unicode fonts, catalog/printing/fonts.py)."""
    text = text.translate(_REPLACEMENTS)
    if unicode:
        return text
    return text.encode("cp1252", errors="replace").decode("cp1252")


def winansi(text: str) -> bool:
    """Whether the standard PDF fonts can print ``text`` (after the look-alike replacements)."""
    try:
        text.translate(_REPLACEMENTS).encode("cp1252")
    except UnicodeEncodeError:
        return False
    return True


@lru_cache(maxsize=16)
def _width_table(font: str) -> dict[str, float]:
    """Advance width of every WinAnsi character of a standard font, at size 1."""
    widths = getFont(font).widths
    table: dict[str, float] = {}
    for value in range(256):
        try:
            table[bytes([value]).decode("cp1252")] = widths[value] / 1000.0
        except UnicodeDecodeError:
            continue
    return table


def _symbol_runs(word: str) -> list[str]:
    """`word` cut where symbol glyphs start and end: "\ue61a:" -> ["\ue61a", ":"]."""
    runs: list[str] = []
    for char in word:
        if runs and symbols.is_glyph(char) == symbols.is_glyph(runs[-1][-1]):
            runs[-1] += char
        else:
            runs.append(char)
    return runs


@lru_cache(maxsize=65536)
def _unit_width(word: str, font: str) -> float:
    """The width of `word` at size 1, exactly as the PDF's font metrics give it; a symbol glyph
    is a disc of its own width (symbols.ADVANCE_EM)."""
    if any(symbols.is_glyph(char) for char in word):
        return sum(
            len(run) * symbols.ADVANCE_EM if symbols.is_glyph(run[0]) else _unit_width(run, font)
            for run in _symbol_runs(word)
        )
    if font in UNICODE_FONTS:
        return float(stringWidth(word, font, 1.0))
    table = _width_table(font)
    try:
        return sum(map(table.__getitem__, word))
    except KeyError:  # a character outside WinAnsi: let ReportLab measure its substitute
        return float(stringWidth(word, font, 1.0))


def symbol_runs(line: str) -> list[str]:
    """A line cut into runs of text and runs of symbol glyphs, in order."""
    return _symbol_runs(line) if line else []


def text_width(text: str, font: str, size: float) -> float:
    return _unit_width(text, font) * size


def _break_word(word: str, font: str, size: float, width: float) -> list[str]:
    """Split a word wider than the box into pieces that fit (long numbers, hyphen-free names)."""
    pieces: list[str] = []
    current = ""
    for char in word:
        if current and text_width(current + char, font, size) > width:
            pieces.append(current)
            current = char
        else:
            current += char
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, font: str, size: float, width: float) -> list[str]:
    """Greedy line breaking at spaces; explicit newlines start new paragraphs."""
    lines: list[str] = []
    space = text_width(" ", font, size)
    for paragraph in text.split("\n"):
        words = paragraph.split()
        if not words:
            lines.append("")
            continue
        current: list[str] = []
        current_width = 0.0
        for word in words:
            word_width = text_width(word, font, size)
            if word_width > width:
                if current:
                    lines.append(" ".join(current))
                pieces = _break_word(word, font, size, width)
                lines.extend(pieces[:-1])
                current, current_width = [pieces[-1]], text_width(pieces[-1], font, size)
                continue
            needed = word_width if not current else current_width + space + word_width
            if needed <= width:
                current.append(word)
                current_width = needed
            else:
                lines.append(" ".join(current))
                current, current_width = [word], word_width
        if current:
            lines.append(" ".join(current))
    return lines


@dataclass(frozen=True)
class FittedText:
    size: float  # points
    leading: float  # points
    lines: tuple[str, ...]

    @property
    def height(self) -> float:
        return self.leading * len(self.lines)


@lru_cache(maxsize=4096)
def fit_text(
    text: str, font: str, width_pt: float, height_pt: float, max_size: float, min_size: float
) -> FittedText:
    """The largest size (in SIZE_STEP_PT steps) at which the wrapped text fits the box.

    If even `min_size` is too big (a pathological text), keep shrinking below it rather than
    overflow or cut the text: a tiny rule is better than a wrong card.
    """
    size = max_size
    while True:
        lines = wrap(text, font, size, width_pt)
        leading = size * LEADING
        if leading * len(lines) <= height_pt or size <= 0.5:
            return FittedText(size=size, leading=leading, lines=tuple(lines))
        step = SIZE_STEP_PT if size > min_size else SIZE_STEP_PT / 2
        size = round(size - step, 3)


def fit_line(text: str, font: str, width_pt: float, max_size: float) -> float:
    """The size at which one line of text fits the width (names and type lines never wrap)."""
    width = text_width(text, font, max_size)
    if width <= width_pt or width == 0:
        return max_size
    return max_size * width_pt / width
