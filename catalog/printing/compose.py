"""The drawing of one card face as a short list of primitives in card millimetres.

Both renderers (the PDF in `pdf.py`, the SVG print preview) draw these same primitives, so the
preview shows exactly the lines and font sizes the PDF prints. Origin: the card's bottom-left
corner, y up; a portrait face is 63 x 88, a landscape face (Riftbound battlefields) 88 x 63.
The sheet transform scales and rotates it into its slot.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from catalog.printing import fonts, symbols
from catalog.printing.faces import PLAIN_BACK, RGB, CardFace, side_label
from catalog.printing.layout import CARD_HEIGHT_MM, CARD_WIDTH_MM
from catalog.printing.textfit import (
    PT_PER_MM,
    FittedText,
    fit_line,
    fit_text,
    symbol_runs,
    text_width,
    wrap,
)

REGULAR = "Helvetica"
BOLD = "Helvetica-Bold"
ITALIC = "Helvetica-Oblique"

INK: RGB = (0.08, 0.08, 0.08)
PANEL: RGB = (0.97, 0.96, 0.93)
LINE_MM = 0.2
BORDER_MM = 3.0
NAME_BAR_MM = 7.0
TYPE_BAR_MM = 6.5
FOOTER_MM = 12.0  # the band under the text box: rule reference and P/T / Might box
TEXT_PADDING_MM = 1.5
RULES_MAX_PT = 9.0
RULES_MIN_PT = 7.0
ROOMY_BELOW_PT = 7.0  # smaller than this and the art shrinks to give the rules text more room
MIN_TYPE_PT = 7.0  # no printed word smaller where there is any way to avoid it
BAR_LEADING = 1.05
STATS_W_MM, STATS_H_MM = 14.0, 6.5


@dataclass(frozen=True)
class Box:
    x: float
    y: float
    w: float
    h: float
    fill: RGB | None
    stroke: RGB | None = INK
    radius: float = 0.0


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # baseline
    text: str
    font: str
    size_pt: float
    anchor: str = "start"  # "start", "middle", "end"
    color: RGB = INK

    @property
    def size_mm(self) -> float:
        return self.size_pt / PT_PER_MM


@dataclass(frozen=True)
class Picture:
    x: float
    y: float
    w: float
    h: float
    name: str  # the art's name in the default storage (never a local path: it may be remote)


Primitive = Box | Text | Picture


@dataclass(frozen=True)
class ComposedFace:
    width: float
    height: float
    primitives: tuple[Primitive, ...]
    rules: FittedText
    rules_box: Box  # the area the rules text must stay inside (padding excluded)


def tint(rgb: RGB, amount: float) -> RGB:
    """Mix a colour with white (amount 1 = white)."""
    return (
        rgb[0] + (1 - rgb[0]) * amount,
        rgb[1] + (1 - rgb[1]) * amount,
        rgb[2] + (1 - rgb[2]) * amount,
    )


def shade(rgb: RGB, amount: float) -> RGB:
    """Mix a colour with black (amount 1 = black)."""
    return (rgb[0] * (1 - amount), rgb[1] * (1 - amount), rgb[2] * (1 - amount))


def _luminance(rgb: RGB) -> float:
    """Relative luminance (WCAG 2), for choosing legible text on a frame colour."""

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def text_on(background: RGB) -> RGB:
    """INK or PANEL, whichever contrasts more with `background` (text printed on the frame)."""
    bg = _luminance(background)
    ink = (bg + 0.05) / (_luminance(INK) + 0.05)
    panel = (_luminance(PANEL) + 0.05) / (bg + 0.05)
    return INK if ink >= panel else PANEL


@dataclass(frozen=True)
class FontSet:
    regular: str
    bold: str
    italic: str


STANDARD = FontSet(REGULAR, BOLD, ITALIC)


def font_set(face: CardFace) -> FontSet:
    """The standard fonts (WinAnsi), or the Unicode ones for a face that needs them."""
    if not face.unicode:
        return STANDARD
    return FontSet(*fonts.register())


def _fit_rules(text: str, width: float, height: float, regular: str = REGULAR) -> FittedText:
    return fit_text(
        text,
        regular,
        round((width - 2 * TEXT_PADDING_MM) * PT_PER_MM, 3),
        round((height - 2 * TEXT_PADDING_MM) * PT_PER_MM, 3),
        RULES_MAX_PT,
        RULES_MIN_PT,
    )


def _bar(
    x: float, y: float, w: float, h: float, text: str, font: str, max_pt: float
) -> list[Box | Text]:
    """A name or type bar: one line, or two at MIN_TYPE_PT rather than one smaller."""
    width_pt = (w - 4) * PT_PER_MM
    size = fit_line(text, font, width_pt, max_pt)
    lines = [text]
    if size < MIN_TYPE_PT:
        wrapped = wrap(text, font, MIN_TYPE_PT, width_pt)
        if len(wrapped) == 2 and MIN_TYPE_PT * BAR_LEADING * 2 <= h * PT_PER_MM:
            lines, size = wrapped, MIN_TYPE_PT
    leading = size * BAR_LEADING / PT_PER_MM
    first = y + h / 2 + (len(lines) - 1) * leading / 2 - size / PT_PER_MM * 0.35
    parts: list[Box | Text] = [Box(x, y, w, h, PANEL, radius=1.2)]
    parts.extend(Text(x + 2, first - i * leading, line, font, size) for i, line in enumerate(lines))
    return parts


def _line(x: float, baseline: float, line: str, font: str, size: float) -> list[Box | Text]:
    """One line of rules text: its words as text, its symbols as a disc with the glyph."""
    parts: list[Box | Text] = []
    em = size / PT_PER_MM
    for run in symbol_runs(line):
        if not symbols.is_glyph(run[0]):
            parts.append(Text(x, baseline, run, font, size))
            x += text_width(run, font, size) / PT_PER_MM
            continue
        for glyph in run:
            d = symbols.DISC_EM * em
            centre = x + symbols.ADVANCE_EM * em / 2
            bottom = baseline - 0.2 * em
            parts.append(Box(centre - d / 2, bottom, d, d, symbols.disc(glyph), None, d / 2))
            glyph_pt = size * symbols.GLYPH_EM
            glyph_base = bottom + d / 2 - glyph_pt / PT_PER_MM * 0.36
            parts.append(Text(centre, glyph_base, glyph, symbols.FONT, glyph_pt, "middle"))
            x += symbols.ADVANCE_EM * em
    return parts


def _rules(box: Box, fitted: FittedText, regular: str = REGULAR) -> list[Box | Text]:
    inner_h = (box.h - 2 * TEXT_PADDING_MM) * PT_PER_MM
    top = box.y + box.h - TEXT_PADDING_MM - (inner_h - fitted.height) / 2 / PT_PER_MM
    x = box.x + TEXT_PADDING_MM
    texts: list[Box | Text] = []
    for i, line in enumerate(fitted.lines):
        baseline = top - (fitted.size * 0.9 + i * fitted.leading) / PT_PER_MM
        texts.extend(_line(x, baseline, line, regular, fitted.size))
    return texts


def _footer(face: CardFace, width: float) -> list[Box | Text]:
    parts: list[Box | Text] = []
    fonts_ = font_set(face)
    notes = [n for n in (face.credit, face.rule_ref, side_label(face)) if n]
    note_width = width - 2 * BORDER_MM - (STATS_W_MM + 1 if face.stats else 0)
    if notes:
        note = " \u00b7 ".join(notes)
        size = fit_line(note, fonts_.italic, note_width * PT_PER_MM, MIN_TYPE_PT)
        lines = [note]
        if size < MIN_TYPE_PT:  # two lines at the smallest size rather than one smaller
            wrapped = wrap(note, fonts_.italic, MIN_TYPE_PT, note_width * PT_PER_MM)
            if len(wrapped) == 2:
                lines, size = wrapped, MIN_TYPE_PT
        # Printed on the frame itself: dark ink would vanish on a black or dark frame.
        ink = text_on(face.frame.rgb)
        step = size * BAR_LEADING / PT_PER_MM
        for i, line in enumerate(lines):
            y = 6.0 + (len(lines) - 1) * step / 2 - i * step
            parts.append(Text(BORDER_MM + 0.5, y, line, fonts_.italic, size, color=ink))
    if face.stats:
        label = f"{face.stats_label} {face.stats}" if face.stats_label else face.stats
        x = width - BORDER_MM - STATS_W_MM
        size = fit_line(label, fonts_.bold, (STATS_W_MM - 2) * PT_PER_MM, 10.0)
        parts.append(Box(x, 3.5, STATS_W_MM, STATS_H_MM, PANEL, radius=1.5))
        baseline = 3.5 + STATS_H_MM / 2 - size / PT_PER_MM * 0.35
        parts.append(Text(x + STATS_W_MM / 2, baseline, label, fonts_.bold, size, "middle"))
    return parts


def _art(face: CardFace, box: Box) -> list[Primitive]:
    if face.art:
        return [
            Picture(box.x, box.y, box.w, box.h, face.art),
            Box(box.x, box.y, box.w, box.h, None),
        ]
    light = tint(face.frame.rgb, 0.55)
    initial = face.name[:1].upper()
    size = min(box.h * 0.6, 16.0) * PT_PER_MM
    centre_y = box.y + box.h / 2 - size / PT_PER_MM * 0.35
    return [
        Box(box.x, box.y, box.w, box.h, light),
        Text(box.x + box.w / 2, centre_y, initial, font_set(face).bold, size, "middle"),
    ]


def _portrait(face: CardFace) -> ComposedFace:
    w, h = CARD_WIDTH_MM, CARD_HEIGHT_MM
    inner_w = w - 2 * BORDER_MM
    name_y = h - BORDER_MM - NAME_BAR_MM
    text_box_w = inner_w - 2
    art_h = 29.0
    type_y = name_y - 1 - art_h - 1 - TYPE_BAR_MM
    f = font_set(face)
    rules = _fit_rules(face.text, text_box_w, type_y - 1 - FOOTER_MM, f.regular)
    if rules.size < ROOMY_BELOW_PT and not face.art:
        art_h = 10.0
        type_y = name_y - 1 - art_h - 1 - TYPE_BAR_MM
        rules = _fit_rules(face.text, text_box_w, type_y - 1 - FOOTER_MM, f.regular)
    text_box = Box(BORDER_MM + 1, FOOTER_MM, text_box_w, type_y - 1 - FOOTER_MM, PANEL)
    art_box = Box(BORDER_MM + 1, type_y + TYPE_BAR_MM + 1, text_box_w, art_h, None)
    parts: list[Primitive] = [
        *_bar(BORDER_MM, name_y, inner_w, NAME_BAR_MM, face.name, f.bold, 9.5),
        *_art(face, art_box),
        *_bar(BORDER_MM, type_y, inner_w, TYPE_BAR_MM, face.type_line, f.bold, 7.5),
        text_box,
        *_rules(text_box, rules, f.regular),
        *_footer(face, w),
    ]
    return ComposedFace(w, h, tuple(parts), rules, text_box)


def _landscape(face: CardFace) -> ComposedFace:
    w, h = CARD_HEIGHT_MM, CARD_WIDTH_MM
    inner_w = w - 2 * BORDER_MM
    name_y = h - BORDER_MM - NAME_BAR_MM
    type_y = name_y - 1 - TYPE_BAR_MM
    box_h = type_y - 1 - FOOTER_MM
    f = font_set(face)
    parts: list[Primitive] = [
        *_bar(BORDER_MM, name_y, inner_w, NAME_BAR_MM, face.name, f.bold, 9.5),
        *_bar(BORDER_MM, type_y, inner_w, TYPE_BAR_MM, face.type_line, f.bold, 7.5),
    ]
    text_x, text_w = BORDER_MM + 1, inner_w - 2
    if face.art:
        art_w = inner_w * 0.4
        parts.extend(_art(face, Box(BORDER_MM + 1, FOOTER_MM, art_w, box_h, None)))
        text_x, text_w = BORDER_MM + 2 + art_w, inner_w - 3 - art_w
    text_box = Box(text_x, FOOTER_MM, text_w, box_h, PANEL)
    rules = _fit_rules(face.text, text_w, box_h, f.regular)
    parts.extend([text_box, *_rules(text_box, rules, f.regular), *_footer(face, w)])
    return ComposedFace(w, h, tuple(parts), rules, text_box)


def _plain_back(face: CardFace) -> ComposedFace:
    """A plain card back: the frame, one panel and the word for token in its middle."""
    w, h = CARD_WIDTH_MM, CARD_HEIGHT_MM
    inner = Box(BORDER_MM + 1, BORDER_MM + 1, w - 2 * BORDER_MM - 2, h - 2 * BORDER_MM - 2, None)
    panel = Box(inner.x, inner.y, inner.w, inner.h, tint(face.frame.rgb, 0.55), radius=2.0)
    size = fit_line(face.name, font_set(face).bold, (inner.w - 6) * PT_PER_MM, 20.0)
    word = Text(
        w / 2, h / 2 - size / PT_PER_MM * 0.35, face.name, font_set(face).bold, size, "middle"
    )
    return ComposedFace(w, h, (panel, word), FittedText(size, size, ()), inner)


@lru_cache(maxsize=2048)
def compose(face: CardFace) -> ComposedFace:
    """Lay out one face; cached, since a sheet usually repeats the same few tokens."""
    if face.side == PLAIN_BACK:
        return _plain_back(face)
    return _landscape(face) if face.landscape else _portrait(face)
