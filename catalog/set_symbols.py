"""Set symbols drawn with the `keyrune` npm package's font (fonts SIL OFL 1.1), not copied here.

The package is fetched by the build (`make symbols`, package-lock.json) into node_modules/keyrune;
its icon list (less/icons.less) says which code point draws which set and names the set in a
comment (`.@{ss-prefix}-dom:before { content: "\\e93f"; } // Dominaria`), read here so a new
release needs no table of ours. Without the package a page shows the set code alone, as before.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from django.conf import settings

FONT = "TokensiteKeyrune"
_ICON = re.compile(
    r'^\.@\{ss-prefix\}-([a-z0-9]+):before\s*\{\s*content:\s*"\\([0-9a-fA-F]{4,5})";\s*\}'
    r"\s*//\s*(.+?)\s*$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class SetSymbol:
    glyph: str  # one private-use character of the font
    name: str  # the set's name, as the package calls it ("Dominaria")


def package_dir() -> Path:
    return Path(getattr(settings, "SET_SYMBOL_DIR", settings.BASE_DIR / "node_modules/keyrune"))


@lru_cache(maxsize=1)
def _icons() -> dict[str, SetSymbol]:
    path = package_dir() / "less" / "icons.less"
    if not (package_dir() / "fonts" / "keyrune.woff2").is_file() or not path.is_file():
        return {}
    return {
        code: SetSymbol(chr(int(point, 16)), name)
        for code, point, name in _ICON.findall(path.read_text(encoding="utf-8"))
    }


def available() -> bool:
    return bool(_icons())


def set_symbol(set_code: str) -> SetSymbol | None:
    """The symbol of a set code ("DOM"); a token set ("TDOM", Scryfall's code for the tokens of
    Dominaria) takes its parent set's symbol. None when the font has no symbol for it."""
    code = set_code.strip().lower()
    icons = _icons()
    found = icons.get(code)
    if found is None and len(code) > 3 and code.startswith("t"):
        found = icons.get(code[1:])
    return found
