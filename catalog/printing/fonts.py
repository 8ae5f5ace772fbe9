"""Fonts for faces the standard PDF fonts can't print (Cyrillic, Greek...).

ReportLab's built-in Helvetica covers WinAnsi only. Source Sans Pro (SIL Open Font License 1.1,
its LICENSE.txt ships inside the `font-source-sans-pro` package) comes from PyPI and is embedded,
subset, only in sheets that need it; without the package, the system's DejaVu Sans is used.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

REGULAR = "TokensiteSans"
BOLD = "TokensiteSans-Bold"
ITALIC = "TokensiteSans-Italic"
UNICODE_FONTS = (REGULAR, BOLD, ITALIC)
_SYSTEM = Path("/usr/share/fonts/truetype/dejavu")


def font_files() -> tuple[Path, Path, Path]:
    try:
        import font_source_sans_pro as package
    except ImportError:  # pragma: no cover - the locked dependency is normally there
        return (
            _SYSTEM / "DejaVuSans.ttf",
            _SYSTEM / "DejaVuSans-Bold.ttf",
            _SYSTEM / "DejaVuSans-Oblique.ttf",
        )
    files = package.font_files_ttf
    return (
        Path(files["SourceSansPro"]),
        Path(files["SourceSansProBold"]),
        # Its italics have no Cyrillic: the footer notes use the light upright face instead.
        Path(files["SourceSansProLight"]),
    )


@lru_cache(maxsize=1)
def register() -> tuple[str, str, str]:
    """Register the three faces with ReportLab once; their names."""
    for name, path in zip(UNICODE_FONTS, font_files(), strict=True):
        pdfmetrics.registerFont(TTFont(name, str(path)))
    return UNICODE_FONTS
