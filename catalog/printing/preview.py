"""The HTML print preview: the same layout and the same face primitives as the PDF, as SVG.

The SVG user unit is the millimetre. Faces are drawn once in <defs> and placed with <use> with
the transform the PDF uses (translate, scale, quarter turn for landscape), with y flipped.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.urls import reverse

from catalog.printing import fonts, symbols
from catalog.printing.compose import BOLD, ITALIC, Box, Picture, Text, compose, shade
from catalog.printing.faces import RGB, CardFace
from catalog.printing.jobs import PrintJob
from catalog.printing.layout import CARD_WIDTH_MM
from catalog.printing.textfit import text_width

FONT_FAMILY = "Helvetica, Arial, 'Liberation Sans', sans-serif"
UNICODE_FAMILY = "'Source Sans Pro', 'Source Sans 3', 'DejaVu Sans', sans-serif"
ANCHORS = {"start": "start", "middle": "middle", "end": "end"}


def color(rgb: RGB) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in rgb)


def _n(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


@dataclass(frozen=True)
class SvgShape:
    kind: str  # "rect", "text", "image"
    attrs: dict[str, str]
    text: str = ""


@dataclass(frozen=True)
class SvgFace:
    id: str
    shapes: tuple[SvgShape, ...]


@dataclass(frozen=True)
class SvgCard:
    face: str
    transform: str
    background: dict[str, str]
    outline: dict[str, str]


@dataclass(frozen=True)
class SvgPage:
    number: int
    back: bool
    width: str
    height: str
    cards: tuple[SvgCard, ...]
    cut_marks: tuple[dict[str, str], ...]


def _art_url(name: str) -> str:
    """Through this site's /media/ (tokensite.views.media), whatever the storage: the pages'
    Content-Security-Policy allows images from this origin only."""
    return reverse("media", args=[name])


def _shape(item: Box | Text | Picture) -> SvgShape:
    if isinstance(item, Box):
        attrs = {
            "x": _n(item.x),
            "y": _n(item.y),
            "width": _n(item.w),
            "height": _n(item.h),
            "rx": _n(item.radius),
            "fill": color(item.fill) if item.fill else "none",
            "stroke": color(item.stroke) if item.stroke else "none",
            "stroke-width": "0.2",
        }
        return SvgShape("rect", attrs)
    if isinstance(item, Text):
        attrs = {
            "transform": f"translate({_n(item.x)} {_n(item.y)}) scale(1 -1)",
            "font-size": _n(item.size_mm),
            # The width the PDF measured: whatever font the browser has, the line keeps to it
            # and stays inside its box, as on paper.
            "textLength": _n(text_width(item.text, item.font, item.size_mm)),
            "lengthAdjust": "spacingAndGlyphs",
            "font-weight": "bold" if item.font in (BOLD, fonts.BOLD) else "normal",
            "font-style": "italic" if item.font in (ITALIC, fonts.ITALIC) else "normal",
            "text-anchor": ANCHORS[item.anchor],
            "fill": color(item.color),
        }
        if item.font == symbols.FONT:
            attrs["font-family"] = symbols.FONT
        elif item.font in fonts.UNICODE_FONTS:
            attrs["font-family"] = UNICODE_FAMILY
        return SvgShape("text", attrs, item.text)
    attrs = {
        "transform": f"translate({_n(item.x)} {_n(item.y + item.h)}) scale(1 -1)",
        "width": _n(item.w),
        "height": _n(item.h),
        "href": _art_url(item.name),
        "preserveAspectRatio": "xMidYMid slice",
    }
    return SvgShape("image", attrs)


def preview_pages(job: PrintJob) -> tuple[list[SvgFace], list[SvgPage]]:
    layout = job.layout
    height = layout.page_height_mm
    faces: dict[CardFace, str] = {}
    svg_faces: list[SvgFace] = []
    pages: list[SvgPage] = []
    radius = layout.corner_radius_mm
    for page in job.pages:
        cards = []
        for placed in page.cards:
            face = placed.face
            if face not in faces:
                faces[face] = f"face-{len(faces)}"
                shapes = tuple(_shape(item) for item in compose(face).primitives)
                svg_faces.append(SvgFace(faces[face], shapes))
            slot = layout.slots[placed.slot]
            transform = (
                f"translate({_n(slot.x_mm)} {_n(height - slot.y_mm)}) "
                f"scale({_n(layout.scale)} {_n(-layout.scale)})"
            )
            if face.landscape:
                transform += f" translate({_n(CARD_WIDTH_MM)} 0) rotate(90)"
            bx, by, bw, bh = slot.bleed_box
            square = (bw, bh) != (slot.width_mm, slot.height_mm)
            background = {
                "x": _n(bx),
                "y": _n(height - by - bh),
                "width": _n(bw),
                "height": _n(bh),
                "rx": "0" if square else _n(radius),
                "fill": color(face.frame.rgb),
            }
            outline = {
                "x": _n(slot.x_mm),
                "y": _n(slot.top_mm),
                "width": _n(slot.width_mm),
                "height": _n(slot.height_mm),
                "rx": _n(radius),
                "stroke": color(shade(face.frame.rgb, 0.55)),
            }
            cards.append(SvgCard(faces[face], transform, background, outline))
        marks = tuple(
            {
                "x1": _n(m.x1),
                "y1": _n(height - m.y1),
                "x2": _n(m.x2),
                "y2": _n(height - m.y2),
            }
            for m in (layout.cut_marks if page.cards or not page.back else ())
        )
        pages.append(
            SvgPage(
                page.number,
                page.back,
                _n(layout.page_width_mm),
                _n(height),
                tuple(cards),
                marks,
            )
        )
    return svg_faces, pages
