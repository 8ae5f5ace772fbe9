"""Where a token-making effect sits in a card's Oracle text: a spell's effect, an activated
ability (602, its cost kept as printed), a triggered ability (603: enters, dies, attacks, upkeep,
end step, other events), a keyword (702) or a static replacement effect (614)."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class Line:
    """One ability of the card: when it makes tokens, its trigger and cost in words, the effect
    text and the whole line as printed."""

    when: str
    trigger: str | None
    cost: str | None
    effect: str
    text: str
    condition: bool = False
    """The trigger has an intervening "if" (603.4) or the effect a "you may"."""


_TRIGGER = re.compile(r"^(?P<word>When|Whenever|At)\s+(?P<event>[^,]+),\s+(?P<effect>.+)$", re.S)
_ACTIVATED = re.compile(r"^(?P<cost>[^:\"]+?):\s+(?P<effect>.+)$", re.S)
_LOYALTY = re.compile(r"^[+\u2212-]?(?:\d+|X)$")
_COST_WORDS = re.compile(
    r"\{|^(?:Sacrifice|Discard|Exile|Pay|Remove|Tap|Untap|Put|Return|Reveal|Collect)\b"
)
_CHAPTER = re.compile(r"^(?:[IVX]+)(?:,\s*[IVX]+)*\s+[\u2014-]\s+(?P<effect>.+)$", re.S)


def classify(line: str, self_names: tuple[str, ...], spell: bool) -> Line:
    """The line's place: ``self_names`` are the words that name the card itself."""
    chapter = _CHAPTER.match(line)
    if chapter is not None:
        return Line("other", "chapter", None, chapter.group("effect"), line)
    trigger = _TRIGGER.match(line)
    if trigger is not None:
        event = f"{trigger.group('word')} {trigger.group('event')}"
        effect = trigger.group("effect")
        conditional = effect.startswith("if ") or " you may " in f" {effect}"
        return Line(_event_kind(event, self_names), event, None, effect, line, conditional)
    activated = _ACTIVATED.match(line)
    if activated is not None:
        cost = activated.group("cost").strip()
        if _LOYALTY.match(cost) or _COST_WORDS.search(cost):
            return Line("activated", None, cost, activated.group("effect"), line)
    return Line("spell" if spell else "other", None, None, line, line)


_ENTERS = re.compile(r"when(?:ever)? ~ enters(?: the battlefield)?")
_DIES = re.compile(
    r"when(?:ever)? ~ (?:dies|is put into (?:a|your) graveyard from the battlefield)"
)
_ATTACKS = re.compile(r"whenever ~ attacks")
_UPKEEP = re.compile(r"at the beginning of your upkeep")
_END_STEP = re.compile(r"at the beginning of (?:your|the|each) end step")


def _event_kind(event: str, self_names: tuple[str, ...]) -> str:
    """The card's own events; ``self_names`` (longest first) become "~"."""
    low = event.lower()
    for name in self_names:
        low = low.replace(name.lower(), "~")
    for kind, pattern in (
        ("enters", _ENTERS),
        ("dies", _DIES),
        ("attacks", _ATTACKS),
        ("upkeep", _UPKEEP),
        ("end_step", _END_STEP),
    ):
        if pattern.fullmatch(low):
            return kind
    return "trigger"
