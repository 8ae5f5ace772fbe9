"""The Oracle-text compiler: from a card's rules text, what it makes and the effect data the
kernel runs (CR 111, 701, 702, 707, 614). Pure and deterministic; text it doesn't understand is
reported as not automated, never guessed."""

from __future__ import annotations

from rules.mtg.oracle.compiler import compile_makes
from rules.mtg.oracle.statics import compile_effects

__all__ = ["compile_effects", "compile_makes"]
