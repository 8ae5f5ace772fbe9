"""What the live channel says about a committed table change: the change and the action in one
sentence for the page's live region (board.announcement), published to the table's group."""

from __future__ import annotations

import json

from play.live import broadcast
from play.table.services import TableChange
from play.web.board import announcement


def publish_change(change: TableChange) -> None:
    update = {
        "type": "table.updated",
        "version": change.version,
        "events": change.events,
        "delta": change.delta,
        "said": announcement(change.seat_name, change.events),
    }
    # Encoded once here, not once per socket: every listener of every worker is sent this
    # text as it is (play/live/consumers.py), and the layer carries one small string.
    text = json.dumps(update, separators=(",", ":"))
    message = {"type": "table.updated", "version": change.version, "said": update["said"]}
    message["text"] = text
    broadcast.publish(change.table.group_name, message)
