"""Combat damage in one line per player ("Ben takes 8; 2 Soldier Token die"), from the events'
data (never their sentences): the board's answer and the log's entry title say it, the rule
lines stay folded in the log entry."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

JsonDict = dict[str, Any]


def summary(events: list[JsonDict], seats: Mapping[int, str]) -> list[str]:
    """Combat damage in one line per player: "Ben takes 8; 2 Soldier Token die." ([] when the
    events deal no combat damage). From the events' data, never their sentences."""
    if not any(e.get("type") == "damaged" and e.get("combat") for e in events):
        return []
    taken: dict[int, int] = {}
    died: dict[int, dict[str, int]] = {}
    for event in events:
        if event.get("type") == "damaged" and event.get("combat") and "seat" in event:
            taken[event["seat"]] = taken.get(event["seat"], 0) + int(event.get("amount", 0))
        elif event.get("type") == "died" and "controller" in event:
            names = died.setdefault(event["controller"], {})
            name = str(event.get("name", ""))
            names[name] = names.get(name, 0) + int(event.get("count", 1))
    lines = []
    # The players dealt damage first: "Ben takes 8; 2 Soldier Token die", then the others.
    for seat in sorted(set(taken) | set(died), key=lambda s: (s not in taken, s)):
        name = seats.get(seat, "?")
        parts = []
        if seat in taken:
            parts.append(_("%(name)s takes %(amount)d") % {"name": name, "amount": taken[seat]})
        if seat in died:
            gone = ", ".join(f"{n} {what}" for what, n in died[seat].items())
            total = sum(died[seat].values())
            dies = ngettext("%(list)s dies", "%(list)s die", total) % {"list": gone}
            parts.append(dies if seat in taken else f"{name}: {dies}")
        lines.append("; ".join(parts))
    return lines
