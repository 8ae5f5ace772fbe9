"""`python manage.py catalog_coverage [--game mtg] [--top 15]`: how many of the catalogue's token
makers the table performs by itself, with one tap, or leaves to the players, and the wordings
most often left to them."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from catalog.models import MAKES_STATUSES, CardDefinition

# A manual sentence reduced to its pattern: numbers, mana symbols, quoted abilities and the
# card's own name stand for themselves, so alike wordings count together.
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”")
_SYMBOLS = re.compile(r"\{[^}]*\}")
_NUMBERS = re.compile(r"\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|x)\b")
_REMINDER = re.compile(r"\([^)]*\)")


def pattern(text: str, name: str) -> str:
    words = text.replace(name, "CARDNAME")
    short = name.split(",")[0]
    if short and short != name:
        words = words.replace(short, "CARDNAME")
    words = _REMINDER.sub("", words)
    words = _QUOTED.sub('"…"', words)
    words = _SYMBOLS.sub("{…}", words)
    words = _NUMBERS.sub("N", words.lower())
    words = re.sub(r"\s+", " ", words).strip()
    return words[:110]


class Command(BaseCommand):
    help = (
        "Count the catalogue's token makers by how the table performs what they make "
        "(automated, one tap, manual), with the patterns most often left manual."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", default="mtg")
        parser.add_argument("--top", type=int, default=15, help="How many manual patterns.")

    def handle(self, *args: Any, **options: Any) -> None:
        makers = CardDefinition.objects.filter(game_id=options["game"]).exclude(makes_status="")
        counts = Counter(makers.values_list("makes_status", flat=True))
        total = sum(counts.values())
        labels = dict(MAKES_STATUSES)
        self.stdout.write(f"Token makers in the {options['game']} catalogue: {total}")
        for status in ("fires", "one_tap", "manual"):
            share = 100 * counts[status] / total if total else 0.0
            self.stdout.write(f"  {labels[status]:10} {counts[status]:6}  {share:5.1f}%")
        patterns: Counter[str] = Counter()
        examples: dict[str, str] = {}
        manual = makers.filter(makes_status="manual").values_list("name", "makes")
        for name, entries in manual.iterator(chunk_size=500):
            for entry in entries:
                if not entry.get("automated"):
                    found = pattern(str(entry.get("text") or ""), name)
                    patterns[found] += 1
                    examples.setdefault(found, name)
        if patterns:
            self.stdout.write(f"Most common patterns left manual (of {sum(patterns.values())}):")
            for found, n in patterns.most_common(options["top"]):
                self.stdout.write(f"  {n:5}  {found}  (e.g. {examples[found]})")
