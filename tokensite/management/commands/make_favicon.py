"""Draw static/favicon.ico (16, 32 and 48 px) from the design of static/favicon.svg: a dark card
with a cream face and a purple "T". Browsers and bots that ask for /favicon.ico get it
(tokensite.views.favicon); pages link the SVG."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from PIL import Image, ImageDraw, ImageFont

SIZES = (16, 32, 48)
FRAME, FACE, LETTER = "#2b2536", "#f4ede0", "#7b3fa0"
BOLD_FONTS = ("DejaVuSans-Bold.ttf", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")


def _font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for name in BOLD_FONTS:
        try:
            return ImageFont.truetype(name, size)
        except OSError:
            continue
    return ImageFont.load_default()


def draw_icon(side: int = 256) -> Image.Image:
    """The card on a square, transparent around it (the SVG's 63 x 88 card, centred)."""
    image = Image.new("RGBA", (side, side), (0, 0, 0, 0))
    pen = ImageDraw.Draw(image)
    width = round(side * 63 / 88)
    left = (side - width) // 2
    unit = side / 88
    pen.rounded_rectangle((left, 0, left + width - 1, side - 1), radius=round(6 * unit), fill=FRAME)
    inset = round(6 * unit)
    pen.rounded_rectangle(
        (left + inset, inset, left + width - 1 - inset, side - 1 - inset),
        radius=round(3 * unit),
        fill=FACE,
    )
    pen.text((side / 2, side * 0.52), "T", font=_font(round(side * 0.5)), fill=LETTER, anchor="mm")
    return image


class Command(BaseCommand):
    help = "Draw static/favicon.ico from the site's card-and-T design."

    def handle(self, *args: Any, **options: Any) -> None:
        target = Path(settings.BASE_DIR) / "static" / "favicon.ico"
        draw_icon().save(target, format="ICO", sizes=[(n, n) for n in SIZES])
        self.stdout.write(f"wrote {target} ({target.stat().st_size} bytes)")
