"""The print-shop export: one 300 dpi PNG per distinct card with a 1/8 inch bleed, zipped with a
counts.csv (how many of each to print), the shape online card printers ask for.

Each face is drawn with Pillow from the same primitives as the PDF and the preview (compose.py),
so the images show what the sheets print. The bleed extends the card's edge colour, as the sheets
do; the art stays inside the frame.
"""

from __future__ import annotations

import csv
import io
import zipfile
from functools import lru_cache
from pathlib import Path

from django.core.files.storage import default_storage
from django.utils.text import slugify
from PIL import Image, ImageDraw, ImageFont

from catalog.models import ART_FORMATS
from catalog.printing import fonts, symbols
from catalog.printing.compose import BOLD, ITALIC, LINE_MM, REGULAR, Box, Picture, Text, compose
from catalog.printing.faces import RGB, CardFace, card_faces
from catalog.printing.jobs import PrintJob
from catalog.printing.textfit import text_width

DPI = 300
BLEED_MM = 25.4 / 8
PX_PER_MM = DPI / 25.4
PT_PER_MM = 72 / 25.4


def _px(mm: float) -> int:
    return round(mm * PX_PER_MM)


def _rgb(color: RGB) -> tuple[int, int, int]:
    r, g, b = (round(max(0.0, min(1.0, c)) * 255) for c in color)
    return r, g, b


# Liberation Sans has Helvetica's metrics: where the system has it, the standard fonts' lines
# come out exactly as wide as the PDF measured them.
_METRIC_TWINS = Path("/usr/share/fonts/truetype/liberation")
_TWIN_FILES = {
    REGULAR: "LiberationSans-Regular.ttf",
    BOLD: "LiberationSans-Bold.ttf",
    ITALIC: "LiberationSans-Italic.ttf",
}


@lru_cache(maxsize=64)
def _font(name: str, size_px: int) -> ImageFont.FreeTypeFont:
    """A TrueType font for a PDF font name: the symbol font, Helvetica's metric twin, else the
    Unicode family (widths are then kept to the PDF's metrics when drawing)."""
    if name == symbols.FONT and symbols.font_path() is not None:
        return ImageFont.truetype(str(symbols.font_path()), size_px)
    twin = _METRIC_TWINS / _TWIN_FILES.get(name, "-")
    if twin.is_file():
        return ImageFont.truetype(str(twin), size_px)
    regular, bold, italic = fonts.font_files()
    path = regular
    if name in (BOLD, fonts.BOLD):
        path = bold
    elif name in (ITALIC, fonts.ITALIC):
        path = italic
    return ImageFont.truetype(str(path), size_px)


class _Painter:
    """Draws card-millimetre primitives onto an image whose origin is the card's bottom-left
    corner plus the bleed (y up, as in the PDF)."""

    def __init__(self, image: Image.Image, width_mm: float, height_mm: float) -> None:
        self.image = image
        self.draw = ImageDraw.Draw(image)
        self.height_mm = height_mm
        self.width_mm = width_mm

    def xy(self, x: float, y: float) -> tuple[int, int]:
        return _px(x + BLEED_MM), _px(self.height_mm + BLEED_MM - y)

    def box(self, item: Box) -> None:
        left, bottom = self.xy(item.x, item.y)
        right, top = self.xy(item.x + item.w, item.y + item.h)
        self.draw.rounded_rectangle(
            (left, top, right, bottom),
            radius=_px(item.radius),
            fill=_rgb(item.fill) if item.fill else None,
            outline=_rgb(item.stroke) if item.stroke else None,
            width=max(1, _px(LINE_MM)) if item.stroke else 0,
        )

    def text(self, item: Text) -> None:
        size = max(1, round(item.size_mm * PX_PER_MM))
        font = _font(item.font, size)
        # The layout measured this text with the PDF font's metrics: never let the raster font
        # run wider than that.
        wanted = _px(text_width(item.text, item.font, item.size_mm)) if item.font else 0
        drawn = font.getlength(item.text)
        if wanted and drawn > wanted:
            font = _font(item.font, max(1, int(size * wanted / drawn)))
        anchor = {"start": "ls", "middle": "ms", "end": "rs"}[item.anchor]
        self.draw.text(
            self.xy(item.x, item.y), item.text, fill=_rgb(item.color), font=font, anchor=anchor
        )

    def picture(self, item: Picture) -> None:
        left, bottom = self.xy(item.x, item.y)
        right, top = self.xy(item.x + item.w, item.y + item.h)
        width, height = right - left, bottom - top
        try:
            # Only the formats an upload may have (catalog.models.validate_art): no other
            # Pillow plugin parses a stored file.
            with (
                default_storage.open(item.name, "rb") as stored,
                Image.open(stored, formats=sorted(ART_FORMATS)) as opened,
            ):
                art = opened.convert("RGB")
        except OSError:
            return  # a picture gone from the storage: the frame without it
        scale = max(width / art.width, height / art.height)
        resized = art.resize((max(1, round(art.width * scale)), max(1, round(art.height * scale))))
        dx, dy = (resized.width - width) // 2, (resized.height - height) // 2
        self.image.paste(resized.crop((dx, dy, dx + width, dy + height)), (left, top))


def card_png(face: CardFace) -> bytes:
    """One face as a 300 dpi PNG of the card plus a 1/8 inch bleed on every edge."""
    composed = compose(face)
    size = (_px(composed.width + 2 * BLEED_MM), _px(composed.height + 2 * BLEED_MM))
    image = Image.new("RGB", size, _rgb(face.frame.rgb))  # the bleed: the card's edge, extended
    painter = _Painter(image, composed.width, composed.height)
    for item in composed.primitives:
        if isinstance(item, Box):
            painter.box(item)
        elif isinstance(item, Text):
            painter.text(item)
        else:
            painter.picture(item)
    if face.landscape:  # the sheets turn a battlefield a quarter to fit a portrait card
        image = image.rotate(90, expand=True)
    buffer = io.BytesIO()
    image.save(buffer, "PNG", dpi=(DPI, DPI), compress_level=3)  # level 6 took twice as long
    return buffer.getvalue()


def print_shop_zip(job: PrintJob) -> bytes:
    """The zip: NN-name.png (and NN-name-back.png for a double-faced token) per distinct card,
    and counts.csv with file, back file, count, token id and name."""
    buffer = io.BytesIO()
    rows: list[list[str]] = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        number = 0
        for item in job.items:
            front, back = card_faces(item.payload)
            number += 1
            stem = f"{number:02d}-{slugify(front.name) or item.token}"
            archive.writestr(f"{stem}.png", card_png(front))
            back_file = ""
            if back is not None:
                back_file = f"{stem}-back.png"
                archive.writestr(back_file, card_png(back))
            rows.append([f"{stem}.png", back_file, str(item.count), item.token, front.name])
        table = io.StringIO()
        writer = csv.writer(table, lineterminator="\n")
        writer.writerow(["file", "back_file", "count", "token", "name"])
        writer.writerows(rows)
        archive.writestr("counts.csv", table.getvalue())
    return buffer.getvalue()
