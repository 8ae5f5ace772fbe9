"""Mana and tap symbols printed as glyphs of the `mana-font` npm package (MIT), not as "{T}".

The package is fetched by the build (`make symbols`, package-lock.json) into
node_modules/mana-font; its stylesheet says which code point draws which symbol (`.ms-tap::before
{ content: "\\e61a" }`) and the colour of each symbol's disc (`.ms-cost.ms-w`), and both are read
from it here, so a new release of the font needs no table of ours. Without the package (npm was
unreachable) rules text keeps its braces, as before.

In the card text a symbol becomes one private-use character per glyph (what the font maps);
the layout measures it as a disc one em wide and draws it as a disc plus the glyph.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from django.conf import settings

RGB = tuple[float, float, float]

FONT = "TokensiteMana"
DISC_EM = 1.0  # the disc's diameter, in ems of the surrounding text
ADVANCE_EM = 1.12  # a symbol's width in a line: the disc and a little air
GLYPH_EM = 0.72  # the glyph inside the disc
SYMBOL_IN_TEXT = re.compile(r"\{([^{}\s]{1,7})\}")
_RULE = re.compile(r"([^{}]+)\{([^{}]*)\}")
_CLASS = re.compile(r"^\.ms-([a-z0-9-]+)::before$")
_COST = re.compile(r"^\.ms-cost\.ms-([a-z0-9-]+)$")
_CONTENT = re.compile(r'content:\s*"\\([0-9a-fA-F]{4,5})"')
_BACKGROUND = re.compile(r"background-color:\s*#([0-9a-fA-F]{6})")
# A symbol's inside -> the font's class name for it, where the two differ.
_CLASS_OF = {"T": "tap", "Q": "untap", "P": "p"}


def package_dir() -> Path:
    return Path(getattr(settings, "SYMBOL_FONT_DIR", settings.BASE_DIR / "node_modules/mana-font"))


@lru_cache(maxsize=1)
def font_path() -> Path | None:
    path = package_dir() / "fonts" / "mana.ttf"
    return path if path.is_file() else None


def _hex(value: str) -> RGB:
    return (int(value[0:2], 16) / 255, int(value[2:4], 16) / 255, int(value[4:6], 16) / 255)


@lru_cache(maxsize=1)
def _stylesheet() -> tuple[dict[str, str], dict[str, RGB], RGB]:
    """(class -> glyph, class -> disc colour, the default disc colour) from the package's CSS."""
    css_path = package_dir() / "css" / "mana.css"
    glyphs: dict[str, str] = {}
    discs: dict[str, RGB] = {}
    default: RGB = (0.75, 0.73, 0.70)
    if not css_path.is_file():
        return glyphs, discs, default
    for selectors, body in _RULE.findall(css_path.read_text(encoding="utf-8")):
        names = [s.strip() for s in selectors.split(",")]
        contents = _CONTENT.findall(body)
        background = _BACKGROUND.search(body)
        for name in names:
            if contents and (found := _CLASS.match(name)):
                glyphs[found.group(1)] = chr(int(contents[-1], 16))  # the last one wins, as in CSS
            if background and name == ".ms-cost":
                default = _hex(background.group(1))
            elif background and (found := _COST.match(name)):
                discs[found.group(1)] = _hex(background.group(1))
    return glyphs, discs, default


@lru_cache(maxsize=1)
def register() -> bool:
    """Register the symbol font with ReportLab once; False when the package is absent."""
    path = font_path()
    if path is None or not _stylesheet()[0]:
        return False
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(FONT, str(path)))
    return True


def available() -> bool:
    return register()


def _one(code: str) -> str | None:
    """The glyph of a simple symbol's inside ("W", "2", "T", "X"), if the font has one."""
    glyphs = _stylesheet()[0]
    return glyphs.get(_CLASS_OF.get(code, code.lower()))


def glyphs_for(code: str) -> str | None:
    """The private-use characters standing for one symbol's inside: one glyph for "T", "W",
    "12"; hybrid "W/U" and Phyrexian "G/P" as their halves side by side; None if unknown."""
    whole = _one(code)
    if whole is not None:
        return whole
    halves = code.split("/")
    if len(halves) == 2:
        parts = [_one(h) for h in halves]
        if all(parts):
            return "".join(p for p in parts if p)
    return None


def with_glyphs(text: str) -> str:
    """Rules text with every symbol the font draws replaced by its glyphs (others untouched);
    the text as it is when the font is absent."""
    if not available():
        return text

    def swap(match: re.Match[str]) -> str:
        found = glyphs_for(match.group(1))
        return found if found is not None else match.group(0)

    return SYMBOL_IN_TEXT.sub(swap, text)


@lru_cache(maxsize=256)
def disc(glyph: str) -> RGB:
    """The colour of the disc behind a glyph (the package's `.ms-cost` colours)."""
    glyphs, discs, default = _stylesheet()
    for name, char in glyphs.items():
        if char == glyph and name in discs:
            return discs[name]
    return default


def is_glyph(char: str) -> bool:
    return "\ue000" <= char <= "\uf8ff"
