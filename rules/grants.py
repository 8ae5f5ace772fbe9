"""Giving or taking keywords by a resolved effect ("gains first strike until end of turn",
"loses flying", Riftbound "give a unit [Tank] this turn"): the ``grant`` action of both games.

The changes go on the part of the stack named (``GameObject.keyword_changes``), after every
other keyword, in the order given; "until end of turn" ones end in MTG's cleanup step (514.2)
and at Riftbound's end of turn (317.2). They leave with the object (400.7, Riftbound 110)."""

from __future__ import annotations

from typing import Any

from rules import registry as r
from rules.context import Context, times
from rules.errors import InvalidAction
from rules.registry import Param
from rules.state import GameObject, KeywordChange
from rules.text import joined, msg, word

JsonDict = dict[str, Any]

UNTILS = ("end_of_turn", "permanent")
MAX_KEYWORDS = 32

_KEYWORDS_HELP = (
    'Keywords the objects gain, e.g. ["First strike"] (MTG), ["Tank"] (Riftbound); any text of '
    "at most 100 characters."
)
GRANT_PARAMS = (
    *r.ON_OBJECT,
    Param("keywords", r.JSON, _KEYWORDS_HELP, form=False),
    Param("remove", r.JSON, 'Keywords the objects lose, e.g. ["Flying"].', form=False),
    Param(
        "until",
        r.CHOICE,
        "How long: until end of turn (the default; Riftbound: this turn) or for as long as the "
        "objects stay where they are.",
        choices=UNTILS,
        labels=("until end of turn", "permanently"),
        label="Lasts",
    ),
)
GRANT_EXAMPLE = {"object": "o1", "keywords": ["First strike"], "until": "end_of_turn"}


def _keywords(action: JsonDict, name: str) -> list[str]:
    value = action.get(name) or []
    if (
        not isinstance(value, list)
        or len(value) > MAX_KEYWORDS
        or not all(isinstance(k, str) and 0 < len(k.strip()) <= 100 for k in value)
    ):
        raise InvalidAction(
            msg(
                "{name} must be a list of at most {most} keywords (non-empty text)",
                name=name,
                most=MAX_KEYWORDS,
            )
        )
    return [k.strip() for k in value]


def changes(action: JsonDict) -> tuple[KeywordChange, ...]:
    """The keyword changes ``action`` asks for: removals first, then the keywords gained."""
    until = action.get("until", "end_of_turn")
    if until not in UNTILS:
        raise InvalidAction(msg("until must be one of {untils}", untils=", ".join(UNTILS)))
    gained, lost = _keywords(action, "keywords"), _keywords(action, "remove")
    if not gained and not lost:
        raise InvalidAction(msg("name keywords to gain or to remove"))
    kept = None if until == "permanent" else until
    return (
        *(KeywordChange(k, remove=True, until=kept) for k in lost),
        *(KeywordChange(k, until=kept) for k in gained),
    )


def grant_to(
    ctx: Context[Any, Any],
    part: GameObject,
    made: tuple[KeywordChange, ...],
    name: str,
    rule: str,
    cite_cr: bool,
) -> None:
    """Apply ``made`` to the stack ``part`` and log it (MTG cites "CR n", Riftbound "n")."""
    part.keyword_changes = (*part.keyword_changes, *made)
    gained = [c.keyword for c in made if not c.remove]
    lost = [c.keyword for c in made if c.remove]
    pieces = []
    if lost:
        pieces.append(msg("lost {keywords}", keywords=joined([word(k) for k in lost], ", ")))
    if gained:
        pieces.append(msg("gained {keywords}", keywords=joined([word(k) for k in gained], ", ")))
    said: dict[str, Any] = {
        "what": times(part.count, name),
        "changes": joined(pieces, " "),
        "until": msg(" until end of turn") if made[0].until == "end_of_turn" else "",
        "rule": rule,
    }
    if cite_cr:
        text = msg("{what} {changes}{until} (CR {rule})", **said)
    else:
        text = msg("{what} {changes}{until} ({rule})", **said)
    ctx.event(
        "keywords_changed",
        text,
        rule,
        object=part.id,
        count=part.count,
        gained=gained,
        lost=lost,
        until=made[0].until or "permanent",
    )
