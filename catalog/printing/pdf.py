"""Draw sheets and the calibration page with ReportLab, millimetre-exact.

Each distinct face is laid out and formatted into PDF operators once (`face_stream`, cached) and
placed in every slot that shows it with one transformation, so a sheet of nine Treasures costs one
face drawing plus nine placements. Faces with uploaded art are PDF forms, so the image is embedded
once per document. (Forms for every face measured twice as slow: each is a PDF object of its own.)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from io import BytesIO

from django.core.files.storage import default_storage
from django.utils.translation import gettext
from reportlab import rl_config
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from catalog.printing import fonts
from catalog.printing.compose import (
    BOLD,
    ITALIC,
    LINE_MM,
    REGULAR,
    Box,
    Picture,
    Text,
    compose,
    shade,
)
from catalog.printing.faces import RGB, CardFace
from catalog.printing.layout import (
    CARD_HEIGHT_MM,
    CARD_WIDTH_MM,
    PAPERS,
    PrintOptions,
    SheetLayout,
    Slot,
)
from catalog.printing.pdfops import fill_color, num, rect_path, stroke_color, text_op
from catalog.printing.sheets import SheetPage
from catalog.printing.textfit import winansi

# Flate-only streams: ASCII85 on top makes the file a quarter bigger and the drawing slower, for
# the benefit of 7-bit mail transports nobody prints from.
rl_config.useA85 = 0

CUT_MARK_WIDTH_MM = 0.15
OUTLINE_WIDTH_MM = 0.1
NOTE_PT = 7.0


def _new_canvas(buffer: BytesIO, width_mm: float, height_mm: float, title: str) -> Canvas:
    canvas = Canvas(buffer, pagesize=(width_mm * mm, height_mm * mm), pageCompression=1)
    canvas.setTitle(title)
    canvas.setCreator("Tokensite")
    # Ask viewers to print at 100 %: "fit to page" would shrink every card.
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


@lru_cache(maxsize=32)
def _image(name: str) -> ImageReader:
    """Art read through the storage API (object storage has no local path). Cached by name:
    stored names are never reused for other content (the storage adds a suffix instead)."""
    with default_storage.open(name, "rb") as stored:
        return ImageReader(BytesIO(stored.read()))


def _image_size(name: str) -> tuple[int, int]:
    width, height = _image(name).getSize()
    return int(width), int(height)


def _draw_picture(canvas: Canvas, picture: Picture) -> None:
    """Cover the box with the image, cropping what overflows (no distortion, no letterbox)."""
    img_w, img_h = _image_size(picture.name)
    scale = max(picture.w / img_w, picture.h / img_h)
    draw_w, draw_h = img_w * scale, img_h * scale
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(picture.x, picture.y, picture.w, picture.h)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.drawImage(
        _image(picture.name),
        picture.x + (picture.w - draw_w) / 2,
        picture.y + (picture.h - draw_h) / 2,
        draw_w,
        draw_h,
    )
    canvas.restoreState()


FONTS = (REGULAR, BOLD, ITALIC)


def _box_ops(item: Box) -> str:
    paint = "B" if item.fill and item.stroke else "f" if item.fill else "S"
    colors = (fill_color(item.fill) + " " if item.fill else "") + (
        stroke_color(item.stroke) + " " if item.stroke else ""
    )
    return f"{colors}{rect_path(item.x, item.y, item.w, item.h, item.radius)} {paint}"


@lru_cache(maxsize=2048)
def face_stream(face: CardFace, font_refs: tuple[str, ...]) -> str:
    """The content-stream operators of a face without art, in card millimetres.

    Cached: a face is formatted once and then costs one string per copy. `font_refs` are the
    document's resource names for FONTS, part of the key because they belong to a document.
    """
    refs = dict(zip(FONTS, font_refs, strict=True))
    ops = [f"{num(LINE_MM)} w"]
    inked: RGB | None = None  # the fill colour already set for text, if still current
    for item in compose(face).primitives:
        if isinstance(item, Box):
            ops.append(_box_ops(item))
            inked = inked if item.fill is None else None
        elif isinstance(item, Text):
            ref = refs[item.font]
            if inked != item.color:
                ops.append(fill_color(item.color))
                inked = item.color
            ops.append(
                text_op(ref, item.font, item.size_mm, item.x, item.y, item.text, item.anchor)
            )
    return "\n".join(ops)


class SheetRenderer:
    """Draws the pages of one document.

    A face without art is written straight into the page from its cached operators; a face with
    art becomes a form (XObject) drawn once per document, so its image is embedded once.
    """

    def __init__(self, canvas: Canvas, layout: SheetLayout) -> None:
        self.canvas = canvas
        self.layout = layout
        self.forms: dict[CardFace, str] = {}
        self.font_refs = tuple(canvas._doc.getInternalFontName(font) for font in FONTS)
        self.marks = self._cut_marks()
        self.outlines: dict[int, tuple[str, str]] = {}

    def _form(self, face: CardFace) -> str:
        name = self.forms.get(face)
        if name is not None:
            return name
        name = f"face{len(self.forms)}"
        composed = compose(face)
        canvas = self.canvas
        canvas.beginForm(name, 0, 0, composed.width, composed.height)
        refs = dict(zip(FONTS, self.font_refs, strict=True))
        canvas.addLiteral(f"{num(LINE_MM)} w")
        for item in composed.primitives:
            if isinstance(item, Box):
                canvas.addLiteral(_box_ops(item))
            elif isinstance(item, Text) and item.font not in refs:
                # A Unicode font (Cyrillic): ReportLab subsets and encodes it.
                canvas.setFillColorRGB(*item.color)
                canvas.setFont(item.font, item.size_mm)
                draw = {
                    "start": canvas.drawString,
                    "middle": canvas.drawCentredString,
                    "end": canvas.drawRightString,
                }[item.anchor]
                draw(item.x, item.y, item.text)
            elif isinstance(item, Text):
                ref = refs[item.font]
                op = text_op(ref, item.font, item.size_mm, item.x, item.y, item.text, item.anchor)
                canvas.addLiteral(f"{fill_color(item.color)} {op}")
            else:
                _draw_picture(canvas, item)
        canvas.endForm()
        self.forms[face] = name
        return name

    def _slot_paths(self, slot: Slot) -> tuple[str, str]:
        """(background path with its bleed, cut outline path) of a slot, in points."""
        paths = self.outlines.get(slot.index)
        if paths is None:
            radius = self.layout.corner_radius_mm * mm
            bx, by, bw, bh = slot.bleed_box
            x, y, w, h = slot.x_mm * mm, slot.y_mm * mm, slot.width_mm * mm, slot.height_mm * mm
            outline = rect_path(x, y, w, h, radius)
            if radius and (bw, bh) == (slot.width_mm, slot.height_mm):
                background = outline
            else:  # a bleed is square: it is cut away
                background = rect_path(bx * mm, by * mm, bw * mm, bh * mm)
            paths = self.outlines[slot.index] = (background, outline)
        return paths

    def _card(self, slot: Slot, face: CardFace) -> None:
        background, outline = self._slot_paths(slot)
        scale = mm * self.layout.scale
        x, y = slot.x_mm * mm, slot.y_mm * mm
        # The scale keeps six decimals (a coarser one would shrink the face by a visible 0.1 mm).
        # The face is drawn in card millimetres; an 88 x 63 landscape face is turned a quarter
        # (rotate 90 degrees, then shift right by the card width) to fill the portrait slot.
        if face.landscape:
            s, shift = f"{scale:.6f}", num(x + CARD_WIDTH_MM * scale)
            placement = f"0 {s} -{s} 0 {shift} {num(y)} cm"
        else:
            placement = f"{scale:.6f} 0 0 {scale:.6f} {num(x)} {num(y)} cm"
        canvas = self.canvas
        canvas.addLiteral(f"{fill_color(face.frame.rgb)} {background} f q {placement}")
        if face.art or face.unicode or face.symbols:
            canvas.doForm(self._form(face))
        else:
            canvas.addLiteral(face_stream(face, self.font_refs))
        edge = stroke_color(shade(face.frame.rgb, 0.55))
        canvas.addLiteral(f"Q {edge} {num(OUTLINE_WIDTH_MM * mm)} w {outline} S")

    def _cut_marks(self) -> str:
        ops = ["0 0 0 RG", f"{num(CUT_MARK_WIDTH_MM * mm)} w"]
        for m in self.layout.cut_marks:
            start, end = f"{num(m.x1 * mm)} {num(m.y1 * mm)}", f"{num(m.x2 * mm)} {num(m.y2 * mm)}"
            ops.append(f"{start} m {end} l S")
        return "\n".join(ops)

    def _notes(self) -> None:
        """What the sheet changed of the options (a widened gap, fewer cards), in the bottom
        margin below the cut marks, so the printed sheet itself says why it looks as it does."""
        notes = self.layout.notes
        if not notes:
            return
        text = " ".join(notes)
        regular, _bold = _page_fonts([text])
        canvas = self.canvas
        canvas.setFillColorRGB(0.3, 0.3, 0.3)
        canvas.setFont(regular, NOTE_PT)
        margin = self.layout.options.margin_mm
        canvas.drawString(margin * mm, max(margin - 3.0, 1.5) * mm, text)

    def page(self, page: SheetPage) -> None:
        for placed in page.cards:
            self._card(self.layout.slots[placed.slot], placed.face)
        if self.layout.cut_marks and (page.cards or not page.back):
            self.canvas.addLiteral(self.marks)
        if not page.back:
            self._notes()
        self.canvas.showPage()


def render_sheets(
    pages: list[SheetPage],
    layout: SheetLayout,
    title: str = "Tokens",
    progress: Callable[[int, int], None] | None = None,
) -> bytes:
    """The PDF of `pages`; `progress(done, total)` after each page (background print jobs)."""
    buffer = BytesIO()
    canvas = _new_canvas(buffer, layout.page_width_mm, layout.page_height_mm, title)
    renderer = SheetRenderer(canvas, layout)
    for done, page in enumerate(pages, 1):
        renderer.page(page)
        if progress is not None:
            progress(done, len(pages))
    canvas.save()
    return buffer.getvalue()


def _page_fonts(lines: list[str]) -> tuple[str, str]:
    """Helvetica for WinAnsi text, else the Unicode fonts (catalog/printing/fonts.py)."""
    if all(winansi(line) for line in lines):
        return "Helvetica", "Helvetica-Bold"
    regular, bold, _italic = fonts.register()
    return regular, bold


def _ruler(canvas: Canvas, x: float, y: float, vertical: bool) -> None:
    """A 100 mm ruler with a tick every millimetre, longer every 5 and 10, labelled in cm."""
    canvas.setLineWidth(0.15 * mm)
    for i in range(101):
        tick = 6.0 if i % 10 == 0 else 4.0 if i % 5 == 0 else 2.5
        if vertical:
            canvas.line(x * mm, (y + i) * mm, (x + tick) * mm, (y + i) * mm)
        else:
            canvas.line((x + i) * mm, y * mm, (x + i) * mm, (y + tick) * mm)
        if i % 10 == 0:
            canvas.setFont("Helvetica", 7)
            if vertical:
                canvas.drawString((x + 7) * mm, (y + i - 0.8) * mm, str(i // 10))
            else:
                canvas.drawCentredString((x + i) * mm, (y + 7) * mm, str(i // 10))
    if vertical:
        canvas.line(x * mm, y * mm, x * mm, (y + 100) * mm)
    else:
        canvas.line(x * mm, y * mm, (x + 100) * mm, y * mm)


def render_calibration(options: PrintOptions) -> bytes:
    """One page: 100 mm rulers both ways and a 63 x 88 mm card outline at the chosen scale."""
    options.validate()
    width, height = PAPERS[options.paper]
    buffer = BytesIO()
    canvas = _new_canvas(buffer, width, height, gettext("Tokensite printer calibration"))
    scale = options.scale_percent / 100
    left = 20.0
    top = height - 25.0
    title = gettext("Printer calibration")
    scale_text = f"{options.scale_percent:g}"
    lines = [
        gettext(
            "Paper %(paper)s, scale %(scale)s %%. Print at 100 %% (actual size, no fit to page)."
        )
        % {"paper": options.paper.upper(), "scale": scale_text},
        gettext(
            "Measure the ruler: it must be exactly 100 mm. The card outline must be 63 x 88 mm."
        ),
        # The ruler is drawn at the current scale, so the correction multiplies it.
        gettext(
            "If the ruler measures M mm, set the print scale to %(scale)s x 100 / M %% "
            "(e.g. 98 mm -> %(example)s %%)."
        )
        % {"scale": scale_text, "example": f"{options.scale_percent * 100 / 98:.1f}"},
    ]
    card_label = gettext("%(w)s x %(h)s mm card") % {
        "w": f"{CARD_WIDTH_MM:g}",
        "h": f"{CARD_HEIGHT_MM:g}",
    }
    regular, bold = _page_fonts([title, *lines, card_label])
    canvas.setFont(bold, 14)
    canvas.drawString(left * mm, top * mm, title)
    canvas.setFont(regular, 9)
    for i, line in enumerate(lines):
        canvas.drawString(left * mm, (top - 7 - 5 * i) * mm, line)
    canvas.setStrokeColorRGB(0, 0, 0)
    # Everything below is drawn at the chosen scale, so a corrected scale measures true.
    canvas.saveState()
    canvas.scale(scale, scale)
    _ruler(canvas, left, top - 40, vertical=False)
    _ruler(canvas, left, top - 160, vertical=True)
    card_x, card_y = left + 30, top - 52 - CARD_HEIGHT_MM
    canvas.setLineWidth(0.2 * mm)
    canvas.rect(card_x * mm, card_y * mm, CARD_WIDTH_MM * mm, CARD_HEIGHT_MM * mm, stroke=1, fill=0)
    canvas.setFont(regular, 8)
    canvas.drawCentredString(
        (card_x + CARD_WIDTH_MM / 2) * mm, (card_y + CARD_HEIGHT_MM / 2) * mm, card_label
    )
    canvas.restoreState()
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()
