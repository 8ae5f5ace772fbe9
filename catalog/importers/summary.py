"""What an import did (or on a dry run would do): counts per kind and status, skips."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Protocol

from django.utils.translation import gettext_noop

from catalog.importers.records import Skipped

STATUSES = ("created", "updated", "matched", "unchanged")
# Shown translated on the import pages ({% translate kind %}).
KINDS = (
    gettext_noop("tokens"),
    gettext_noop("back faces"),
    gettext_noop("printings"),
    gettext_noop("cards"),
    gettext_noop("relations"),
    gettext_noop("reference cards"),
    gettext_noop("printed names"),
)
EXAMPLES_KEPT = 20


class ImportWatch(Protocol):
    """Follows one import record by record (catalog/history/changes.py keeps its change set)."""

    def skipped(self, skipped: Skipped) -> None: ...

    def kept(self, kind: str, object_id: str, name: str, how: str) -> None:
        """A record of the file the catalogue already has as it is: `how` is "match" (linked
        to an existing record now) or "unchanged" (imported before, same values)."""

    def written(self) -> None:
        """Called inside the import's transaction once everything is written (a dry run rolls
        back after it)."""


@dataclass
class ImportSummary:
    """`matched` means an existing definition (a seed token, a curated card) was recognised and
    linked to the source, so it is never duplicated; it counts as a change, a key was written."""

    source: str
    dry_run: bool = False
    counts: dict[str, Counter[str]] = field(default_factory=dict)
    skipped: Counter[str] = field(default_factory=Counter)
    examples: list[Skipped] = field(default_factory=list)
    references_by_kind: Counter[str] = field(default_factory=Counter)
    seconds: float = 0.0
    watch: ImportWatch | None = None

    def count(self, kind: str, status: str, amount: int = 1) -> None:
        self.counts.setdefault(kind, Counter())[status] += amount

    def skip(self, skipped: Skipped) -> None:
        self.skipped[skipped.reason] += 1
        if self.watch is not None:
            self.watch.skipped(skipped)
        if len(self.examples) < EXAMPLES_KEPT:
            self.examples.append(skipped)

    def keep(self, kind: str, object_id: str, name: str, how: str) -> None:
        if self.watch is not None:
            self.watch.kept(kind, object_id, name, how)

    def changes(self) -> int:
        """Rows created, updated or matched: zero when the same file is imported again."""
        return sum(
            counter[status]
            for counter in self.counts.values()
            for status in ("created", "updated", "matched")
        )

    def total(self, kind: str) -> int:
        return sum(self.counts.get(kind, Counter()).values())

    def rows(self) -> list[tuple[str, dict[str, int]]]:
        """(kind, {status: n}) in a fixed order, for templates and the command."""
        return [
            (kind, {status: self.counts.get(kind, Counter())[status] for status in STATUSES})
            for kind in KINDS
            if self.total(kind)
        ]

    def reference_counts(self) -> list[tuple[str, int]]:
        """(kind, n) of the non-token cards kept apart (templates cannot index a Counter)."""
        return sorted(self.references_by_kind.items())

    def skip_counts(self) -> list[tuple[str, int]]:
        return self.skipped.most_common()

    def lines(self) -> list[str]:
        """The human summary the command prints."""
        title = "Dry run (nothing written)" if self.dry_run else "Imported"
        out = [f"{title}: {self.source}, {self.seconds:.2f} s"]
        for kind, statuses in self.rows():
            parts = ", ".join(f"{n} {status}" for status, n in statuses.items() if n)
            out.append(f"  {kind}: {parts}")
        if self.references_by_kind:
            kinds = ", ".join(f"{n} {kind}" for kind, n in self.reference_counts())
            out.append(f"  not tokens, kept as reference cards: {kinds}")
        for reason, n in self.skip_counts():
            out.append(f"  skipped {n}: {reason}")
        return out
