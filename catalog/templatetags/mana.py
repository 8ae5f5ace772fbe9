"""`{{ text|mana }}`: mana and tap symbols in rules text drawn as symbols, never raw braces.

One filter for every page that shows rules text or a mana cost (catalogue tiles and details, the
battlefield's tiles and object panel). Each symbol is a small badge with the letter or number it
stands for and an accessible name ("tap", "one white mana"); static/css/site.css draws them.
"""

from __future__ import annotations

import re

from django import template
from django.templatetags.static import static
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from catalog.printing import symbols

register = template.Library()

SYMBOL = re.compile(r"\{([^{}\s]{1,7})\}|\[(E|A)\]")
COLORS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
NUMBERS = "zero one two three four five six seven eight nine ten".split()
WORDS = {
    "T": ("tap", "tap", "\u21b7"),
    "Q": ("q", "untap symbol", "\u21b6"),
    "E": ("energy", "one energy", "E"),
    "S": ("snow", "one snow mana", "S"),
    "X": ("generic", "X generic mana", "X"),
    "Y": ("generic", "Y generic mana", "Y"),
    "Z": ("generic", "Z generic mana", "Z"),
}
# Riftbound's bracketed symbols: [E] exhausts the object (its "tap"), [A] is power of any domain.
BRACKETS = {"E": ("tap", "exhaust", "\u21b7"), "A": ("any", "one power of any domain", "A")}


def _number(n: int) -> str:
    return NUMBERS[n] if n < len(NUMBERS) else str(n)


def _part(code: str) -> tuple[str, str] | None:
    """(css class, words) for one half of a symbol: "W", "2", "P" (Phyrexian)."""
    if code.isdigit():
        return "generic", f"{_number(int(code))} generic"
    if code in COLORS:
        return code.lower(), f"one {COLORS[code]}"
    return None


def describe(code: str) -> tuple[str, str, str] | None:
    """(css class, accessible name, what the badge shows) for a symbol's inside, e.g. "W",
    "2", "T", "W/U" (hybrid), "G/P" (Phyrexian), "2/W"; None for anything else."""
    if code in WORDS:
        return WORDS[code]
    if code.isdigit():
        n = int(code)
        return "generic", f"{_number(n)} generic mana", code
    halves = code.split("/")
    if len(halves) == 1:
        part = _part(code)
        return (part[0], f"{part[1]} mana", code) if part else None
    if len(halves) == 2 and halves[1] == "P" and halves[0] in COLORS:
        return halves[0].lower(), f"one {COLORS[halves[0]]} Phyrexian mana", halves[0] + "\u03c6"
    parts = [_part(h) for h in halves]
    if len(parts) == 2 and all(parts):
        first, second = parts[0], parts[1]
        assert first is not None and second is not None
        css = "hybrid" if first[0] != "generic" else second[0]
        return css, f"{first[1]} or {second[1]} mana", "/".join(halves)
    return None


def _badge(css: str, label: str, shown: str, code: str | None = None) -> str:
    """A symbol badge named for assistive technology; it shows the symbol font's glyph where
    the font is installed (symbol_font_face), else the letter or number."""
    glyphs = symbols.glyphs_for(code) if code is not None and symbols.available() else None
    if glyphs:
        return format_html(
            '<span class="sym sym-{} sym-glyph" role="img" aria-label="{}" title="{}">'
            '<span aria-hidden="true">{}</span></span>',
            css,
            label,
            label,
            glyphs,
        )
    return format_html(
        '<span class="sym sym-{}" role="img" aria-label="{}" title="{}">{}</span>',
        css,
        label,
        label,
        shown,
    )


@register.simple_tag
def symbol_font_face() -> SafeString:
    """The @font-face of the symbol font, when it is installed (`make symbols`)."""
    if not symbols.available():
        return mark_safe("")
    url = static("vendor/mana-font/mana.woff2")
    return format_html(
        "<style>@font-face{{font-family:{};src:url({}) format('woff2');font-display:swap}}"
        ".sym-glyph{{font-family:{};font-weight:400}}</style>",
        symbols.FONT,
        url,
        symbols.FONT,
    )


@register.filter(is_safe=True)
def mana(text: object) -> SafeString:
    """Rules text or a mana cost with its symbols as badges; everything else escaped."""
    value = str(text or "")
    out: list[str] = []
    last = 0
    for match in SYMBOL.finditer(value):
        out.append(escape(value[last : match.start()]))
        brace, bracket = match.groups()
        found = describe(brace) if brace is not None else BRACKETS.get(bracket or "")
        if found is None:  # not a symbol we know: its inside, readable, without braces
            found = ("other", brace or bracket or "", brace or bracket or "")
        out.append(_badge(*found, code=brace))
        last = match.end()
    out.append(escape(value[last:]))
    return mark_safe("".join(out))  # every piece above is escaped or built by format_html
