"""Mana costs as printed ("{1}{R}"): generic amount and colored symbols (CR 202.1)."""

from __future__ import annotations

import re

from rules.text import msg

_MANA_SYMBOL = re.compile(r"\{(\d+|[WUBRGC])\}")


def parse_mana_cost(text: str) -> tuple[int, dict[str, int]]:
    """Split "{1}{R}" into generic 1 and {"R": 1}; raise ValueError on anything else."""
    if _MANA_SYMBOL.sub("", text) != "":
        raise ValueError(msg("not a mana cost: {text}", text=repr(text)))
    generic = 0
    colored: dict[str, int] = {}
    for symbol in _MANA_SYMBOL.findall(text):
        if symbol.isdigit():
            generic += int(symbol)
        else:
            colored[symbol] = colored.get(symbol, 0) + 1
    return generic, colored
