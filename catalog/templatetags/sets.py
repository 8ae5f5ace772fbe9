"""`{{ printing.set_code|set_symbol }}` and `{% set_symbol_font_face %}`: a printing's set drawn as
its symbol (catalog/set_symbols.py), named for assistive technology by the set's name."""

from __future__ import annotations

from django import template
from django.templatetags.static import static
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from catalog import set_symbols

register = template.Library()


@register.simple_tag
def set_symbol_font_face() -> SafeString:
    """The @font-face of the set symbol font, when it is installed (`make symbols`)."""
    if not set_symbols.available():
        return mark_safe("")
    url = static("vendor/keyrune/keyrune.woff2")
    return format_html(
        "<style>@font-face{{font-family:{};src:url({}) format('woff2');font-display:swap}}"
        ".set-sym{{font-family:{};font-style:normal;font-weight:400;margin-right:.2em}}</style>",
        set_symbols.FONT,
        url,
        set_symbols.FONT,
    )


@register.filter(is_safe=True)
def set_symbol(set_code: object) -> SafeString:
    """The set's symbol, an image named by the set's name; nothing without the font or symbol."""
    found = set_symbols.set_symbol(str(set_code or ""))
    if found is None:
        return mark_safe("")
    return format_html(
        '<span class="set-sym" role="img" aria-label="{}" title="{}">'
        '<span aria-hidden="true">{}</span></span>',
        found.name,
        found.name,
        found.glyph,
    )
