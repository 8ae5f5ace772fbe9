"""A one-line progress bar for management commands, redrawn only when its percentage moves (a
300 MB file is read in thousands of chunks)."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError, OutputWrapper

from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed

BAR_WIDTH = 30


class Bar:
    def __init__(self, out: OutputWrapper, label: str) -> None:
        self.out = out
        self.label = label
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        percent = 100 * done // max(total, 1)
        if percent == self.shown:
            return
        self.shown = percent
        filled = BAR_WIDTH * percent // 100
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        self.out.write(f"\r{self.label:8} [{bar}] {percent:3}%", ending="")
        self.out.flush()


def import_with_progress(
    out: OutputWrapper, source: str, path: Path, *, dry_run: bool, show_bar: bool, name: str
) -> None:
    """Run one import (import_catalog, fetch_catalog) with reading/writing bars, then print its
    summary; a refused file is a CommandError naming ``name`` (nothing was written)."""
    try:
        summary = import_file(
            source,
            path,
            dry_run=dry_run,
            progress=Bar(out, "writing") if show_bar else None,
            read_progress=Bar(out, "reading") if show_bar else None,
        )
    except ImportFailed as exc:
        if show_bar:
            out.write("")
        raise CommandError(f"{name}: {exc} (nothing was written)") from None
    if show_bar:
        out.write("")
    for line in summary.lines():
        out.write(line)
