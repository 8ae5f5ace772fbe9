"""A one-line progress bar for management commands, redrawn only when its percentage moves (a
300 MB file is read in thousands of chunks)."""

from __future__ import annotations

from django.core.management.base import OutputWrapper

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
