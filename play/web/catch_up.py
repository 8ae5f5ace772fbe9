"""What the live region says when the page missed several actions at once (polling while the
websocket is down, a reconnect): each action's sentence, as the websocket would have said them
one by one, bounded so a long gap is not read out whole."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import ngettext

from play.models import Action
from play.web.board import entry_announcement

# The newest actions said in full; older ones are counted (the log has them). The newest are
# kept rather than the oldest: they are what the board shows now.
SAID_ACTIONS = 3


def catch_up_announcement(
    actions: list[Action],
    state: dict[str, Any],
    *,
    missed: int,
    players: Mapping[int, str] | None = None,
) -> str:
    """The sentences of `actions` (the newest of the `missed` ones, oldest first), the newest
    SAID_ACTIONS of them in full after how many earlier actions the log has; `players` names
    who acted where no seat does (board.entry_announcement)."""
    said = [text for text in (entry_announcement(a, state, players) for a in actions) if text]
    newest = said[-SAID_ACTIONS:]
    earlier = max(missed - len(actions), 0) + len(said) - len(newest)
    if earlier:
        lead = ngettext(
            "%(count)d earlier action is in the log.",
            "%(count)d earlier actions are in the log.",
            earlier,
        ) % {"count": earlier}
        newest = [lead, *newest]
    return " ".join(newest)
