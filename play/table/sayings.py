"""What the table says aloud: one short sentence per action, its outcome first among the rest
(life lost, what died), without rule numbers (the log shows them, and the command line's
"last" question gives them when asked).

A kernel sentence is data (``rules.text``): told here from its template with the rule citations
taken out of the *template* before it is formatted, in the reader's language, so no sentence is
ever parsed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, ngettext

import rules
from play.table.i18n import event_text, type_words
from rules.text import Text, msg, render, word

JsonDict = dict[str, Any]
CITATION = re.compile(r"\s*\((?:CR|п\.|пп\.) [^()]*(?:\([^()]*\)[^()]*)*\)")
# One announcement names at most this many events besides its outcomes; the log has the rest.
SAID_EVENTS = 3
# Events that are the action's outcome for the players: said whatever else happened.
OUTCOMES = frozenset({"life_changed", "died", "lost", "destroyed", "sacrificed"})
# Events that say where the turn is.
STEP_EVENTS = frozenset({"step", "turn_started"})
# Events another one already tells (a token that died ceases to exist, 704.5d; the graveyard move
# a death is).
TOLD_BY_OTHERS = {"ceased_to_exist": ("died", "moved"), "moved": ("died",)}


def _without_citations(template: str) -> str:
    return CITATION.sub("", template)


def plain_text(event: Mapping[str, Any]) -> str:
    """The event's sentence in the reader's language without its rule numbers."""
    message = event.get("message")
    if isinstance(message, Mapping) and "id" in message:
        return render(
            message,
            lambda t: _without_citations(gettext(t)),
            lambda s, p, n: _without_citations(ngettext(s, p, n)),
        )
    text = event_text(event)
    rule = event.get("rule")
    suffix = f" (CR {rule})" if rule else ""
    return text[: -len(suffix)] if suffix and text.endswith(suffix) else text


def _is_outcome(event: Mapping[str, Any]) -> bool:
    if event.get("type") in OUTCOMES:
        return True
    message = event.get("message")
    args = message.get("args", {}) if isinstance(message, Mapping) else {}
    return "life" in args or "poison" in args


def said_events(events: list[JsonDict]) -> tuple[list[JsonDict], int]:
    """The events worth saying, in order: each outcome, and the first others up to
    ``SAID_EVENTS`` (only the step, when there are outcomes); events another one already tells
    are left out. Also how many were left for the log."""
    types = {str(e.get("type")) for e in events}
    kept = [
        e
        for e in events
        if plain_text(e)
        and (not set(TOLD_BY_OTHERS.get(str(e.get("type")), ())) & types or _is_outcome(e))
    ]
    others = [e for e in kept if not _is_outcome(e)]
    steps = [e for e in others if e.get("type") in STEP_EVENTS]
    if steps and len(others) < len(kept):
        # Outcomes said: the step they happened in is enough around them ("combat damage step;
        # 6 damage to Ben, who loses that much life; Goblin died"); the log has the rest.
        others = steps[-1:]
    others = others[:SAID_EVENTS]
    chosen = [e for e in kept if _is_outcome(e) or any(e is o for o in others)]
    return chosen, len(kept) - len(chosen)


def sentence(seat_name: str | None, events: list[JsonDict]) -> str:
    """ "Ben: Wolf blocked Goblin; Ann lost 3 life." One sentence, the seat that acted first."""
    chosen, rest = said_events(events)
    lines = [plain_text(e) for e in chosen]
    if not lines:
        return ""
    said = "; ".join(lines)
    if rest > 0:
        said += "; " + ngettext("%(n)s more in the log", "%(n)s more in the log", rest) % {
            "n": rest
        }
    # An undo names whose action it took back ("Undid: Ann's Tap"): no one before it.
    undo = all(e.get("type") == "undone" for e in events)
    if seat_name and not undo and not said.startswith(seat_name):
        said = f"{seat_name}: {said}"
    return said if said.endswith((".", "!", "?")) else said + "."


def undo_message(
    *, game: str, seat_name: str | None, action_type: str, before: Any, after: Any
) -> Text:
    """The undo in words, as data (each reader hears it in their language): whose action, as
    the log titles it, and the step the table is back at when the undo changed it ("Undid:
    Ann's Next step; back to Combat damage step.")."""
    label = word(type_words(action_type))
    step = getattr(after, "step", None)
    moved = step != getattr(before, "step", None) or getattr(after, "turn", None) != getattr(
        before, "turn", None
    )
    name = rules.presentation(game).step_names.get(str(step), "") if moved else ""
    if seat_name and name:
        return msg(
            "Undid: {seat}'s {label}; back to {step}.", seat=seat_name, label=label, step=word(name)
        )
    if seat_name:
        return msg("Undid: {seat}'s {label}.", seat=seat_name, label=label)
    return msg("Undid: {label}.", label=label)
