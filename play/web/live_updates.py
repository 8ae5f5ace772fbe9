"""What the live channel says about a committed table change: the change and the action in one
sentence for the page's live region (board.announcement), published to the table's group."""

from __future__ import annotations

from play.live import broadcast
from play.table.services import TableChange
from play.web.board import announcement


def publish_change(change: TableChange) -> None:
    message = {
        "type": "table.updated",
        "version": change.version,
        "events": change.events,
        "delta": change.delta,
        "said": announcement(change.seat_name, change.events),
    }
    broadcast.publish(change.table.group_name, message)
