"""Reading action parameters: the shared readers (rules/params.py), with MTG's default that
an action names an object on the battlefield."""

from __future__ import annotations

from rules import params as shared
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.zones import check_not_gone
from rules.params import JsonDict, flag, integer, mapping, seat, text

__all__ = ["JsonDict", "flag", "integer", "mapping", "seat", "target", "text"]


def target(ctx: MtgContext, action: JsonDict, on_battlefield: bool = True) -> tuple[MtgObject, int]:
    """The stack an action names and how many of it (default 1); an object that has left its
    zone is refused with the rule that says why (111.8, 400.7)."""
    check_not_gone(ctx, action.get("object"))
    return shared.target(ctx, action, "battlefield" if on_battlefield else None)
