"""Reads: who may see a table and for which seats they act, table states, the log and history."""

from __future__ import annotations

import copy
import re
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Q, QuerySet, Subquery
from django.utils.translation import gettext as _

import rules
from play.models import Action, Seat, Table
from play.table.delta import apply_patch
from play.table.i18n import event_text
from play.table.names import player_names, shown_name
from play.table.statecache import committed_lengths, committed_states
from rules.objects import ObjectTable
from tokensite.api import NotFound, name_match_rank
from tokensite.compiled import CompiledQuery

Role = Literal["owner", "player", "spectator"]
AnyUser = User | AnonymousUser


@dataclass(frozen=True)
class TableAccess:
    """What one caller may do at one table.

    `seats` are the seats the caller acts for: the owner acts for every seat no other user has
    claimed; a player who claimed a seat acts for that seat only; spectators act for none.
    """

    role: Role
    seats: frozenset[int]

    @property
    def can_act(self) -> bool:
        return self.role != "spectator"


_SEATS = CompiledQuery(
    Seat, "table", lambda table: Seat.objects.filter(table=table).select_related("user__guest")
)


def table_seats(table: Table) -> list[Seat]:
    """The table's seats in order, each with its user and whether that user is a guest (every
    action reads them: a query compiled once, tokensite/compiled.py)."""
    return seated_at(table, _SEATS.all(table.pk))


def seated_at(table: Table, seats: list[Seat]) -> list[Seat]:
    """`seats`, each knowing `table` as its table without reading it again."""
    for seat in seats:
        Seat.table.field.set_cached_value(seat, table)
    return seats


def access_for(table: Table, seats: list[Seat], user: AnyUser) -> TableAccess | None:
    """The caller's access from the table's seats; None when the caller may not see the table.

    Staff are not special at a table: only ownership, a claimed seat or spectating counts.
    """
    if not user.is_authenticated:
        return None
    if table.owner_id == user.pk:
        free = frozenset(seat.number for seat in seats if seat.user_id in (None, user.pk))
        return TableAccess("owner", free)
    mine = frozenset(seat.number for seat in seats if seat.user_id == user.pk)
    if mine:
        return TableAccess("player", mine)
    if table.spectators.filter(user_id=user.pk).exists():
        return TableAccess("spectator", frozenset())
    return None


def parse_table_id(table_id: uuid.UUID | str) -> uuid.UUID:
    if isinstance(table_id, uuid.UUID):
        return table_id
    try:
        return uuid.UUID(str(table_id))
    except ValueError:
        raise NotFound(_("No such table.")) from None


_LINK_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def is_link_token(token: str | None) -> bool:
    """Whether `token` could be an invite or spectator token (`secrets.token_urlsafe`).

    Anything else never reaches the database (PostgreSQL refuses NUL characters with an error).
    """
    return token is not None and _LINK_TOKEN.fullmatch(token) is not None


def spectate_token_matches(table: Table, token: str | None) -> bool:
    # Bytes: compare_digest refuses non-ASCII str, and a link token is whatever the client sent.
    return bool(token) and secrets.compare_digest(
        str(token).encode(), table.spectate_token.encode()
    )


def table_get_for_user(
    *, table_id: uuid.UUID | str, user: AnyUser, spectate_token: str | None = None
) -> tuple[Table, TableAccess]:
    """The table and the caller's access, or NotFound (also for tables the caller may not see).

    A valid spectator token (the spectator link) grants read access without an account.
    """
    # The state is read only by callers that need it and have no copy of this version: a
    # websocket handshake, the log or the history must not decode megabytes of JSON.
    table = Table.objects.filter(pk=parse_table_id(table_id)).defer("state").first()
    if table is None:
        raise NotFound(_("No such table."))
    access = access_for(table, list(table.seats.all()), user)
    if access is None and spectate_token_matches(table, spectate_token):
        access = TableAccess("spectator", frozenset())
    if access is None:
        raise NotFound(_("No such table."))
    return table, access


def table_list_for_user(
    *, user: AnyUser, q: str | None = None, game: str | None = None
) -> QuerySet[Table]:
    """The tables the caller owns, sits at or spectates, most recently played first; `q`
    matches the name (case ignored, exact matches first) and `game` the game."""
    if not user.is_authenticated:
        return Table.objects.none()
    tables = (
        Table.objects.filter(
            Q(owner_id=user.pk) | Q(seats__user_id=user.pk) | Q(spectators__user_id=user.pk)
        )
        .distinct()
        .select_related("owner__guest")
        .prefetch_related("seats__user__guest")
    )
    if game:
        tables = tables.filter(game=game)
    q = (q or "").strip()
    if q:
        tables = tables.filter(name__icontains=q).annotate(match_rank=name_match_rank("name", q))
        return tables.order_by("match_rank", "-updated_at")
    return tables.order_by("-updated_at")


def table_extras(table: Table, seats: list[Seat], access: TableAccess) -> dict[str, Any]:
    """What the API adds to the kernel's view: name, status, the caller's access and links."""
    links: dict[str, str | None] = {"invite": None, "spectate": None}
    if access.role == "owner":
        links = {"invite": table.invite_token, "spectate": table.spectate_token}
    elif access.role == "player":
        links["spectate"] = table.spectate_token
    names = player_names(seats, table.owner)
    return {
        "name": table.name,
        "status": table.status,
        "owner": shown_name(table.owner, names),
        "you": {"role": access.role, "seats": sorted(access.seats)},
        "links": links,
        "claimed_by": {str(seat.number): shown_name(seat.user, names) for seat in seats},
    }


def state_view(table: Table, state: Any, seats: list[Seat], access: TableAccess) -> dict[str, Any]:
    """The API table state: `view(state)` with the table id, version and `table_extras`."""
    return {
        "id": str(table.id),
        "version": table.version,
        **rules.view(state),
        **table_extras(table, seats, access),
    }


def current_state(table: Table) -> Any:
    """The kernel state at `table.version`: this process's copy of it, or the stored state
    brought up to date with the forward patches of the log entries after it."""
    state = committed_states.get(table.id, table.version)
    if state is not None:
        return state
    state = rules.codec.load(table.state)
    if table.state_version < table.version:
        patches = table.actions.filter(
            seq__gt=table.state_version, seq__lte=table.version
        ).order_by("seq")
        for patch in patches.values_list("forward", flat=True):
            assert patch is not None  # every entry after `state_version` has one (services)
            state = apply_patch(state, patch)
    if not connection.in_atomic_block:
        # Read outside any transaction, this is the committed state of that version: the next
        # action (a page's first click after opening a big table) needn't decode it again.
        committed_states.put(table.id, table.version, state)
    return state


def table_state(*, table: Table, access: TableAccess) -> dict[str, Any]:
    seats = table_seats(table)
    return state_view(table, current_state(table), seats, access)


def table_frame(*, table: Table, access: TableAccess) -> dict[str, Any]:
    """The table state without its stacks (seats, turn, step, choice), at a cost that doesn't
    grow with them; the whole state where the seats' view reads the stacks (the game's system
    says so) or a pending choice names some."""
    seats = table_seats(table)
    state = current_state(table)
    if state.pending_choice is None and not rules.get_system(table.game).views_read_other_stacks:
        state = copy.copy(state)
        state.objects = ObjectTable()
    return state_view(table, state, seats, access)


def action_entry(action: Action, players: dict[int, str]) -> dict[str, Any]:
    """One log entry as the API shows it, who acted named by ``players``
    (``table_player_names``)."""
    return {
        "seq": action.seq,
        "kind": action.kind,
        "actor": shown_name(action.actor, players),
        "seat": action.seat,
        "action": action.payload,
        "events": action.events,
        "undone_by": action.undone_by,
        "created_at": action.created_at.isoformat(),
    }


def table_player_names(*, table: Table) -> dict[int, str]:
    """The name each user at the table goes by (play/table/names.py: a guest by its seat)."""
    seats = table.seats.select_related("user__guest")
    owner = User.objects.select_related("guest").filter(pk=table.owner_id).first()
    return player_names(seats, owner)


def table_log(*, table: Table, after: int = 0) -> QuerySet[Action]:
    """The log entries after version `after`, oldest first (checkpoints left in the database)."""
    return (
        table.actions.filter(seq__gt=after)
        .select_related("actor__guest")
        .defer("checkpoint", "inverse", "forward")
        .order_by("seq")
    )


class LogWindow:
    """The log after version `after` as the paginator reads it: a count and slices, each one
    query on a range of `seq` (versions are numbered without gaps), so a page costs the same
    at entry 10 or 100,000."""

    def __init__(self, table: Table, after: int = 0) -> None:
        self.table, self.after = table, after

    def count(self) -> int:
        return max(self.table.version - self.after, 0)

    def __getitem__(self, window: slice) -> list[Action]:
        start = self.after + (window.start or 0)
        return list(
            table_log(table=self.table, after=start).filter(seq__lte=self.after + window.stop)
        )


def history_length(table: Table) -> int:
    """How many lines the history has: where the latest log entry's events end (this
    process's count when it committed that entry)."""
    known = committed_lengths.get(table.id, table.version)
    if known is not None:
        return int(known)
    latest = table.actions.filter(seq=table.version).values_list("history_start", "events").first()
    return 0 if latest is None else latest[0] + len(latest[1])


def history_lines(action: Action, players: dict[int, str]) -> list[dict[str, Any]]:
    """One log entry's events told as sentences with the rule each follows."""
    return [
        {
            "seq": action.seq,
            "actor": shown_name(action.actor, players),
            "type": event.get("type"),
            "text": event_text(event),
            "rule": event.get("rule"),
            "undone": action.undone_by is not None,
            "at": action.created_at.isoformat(),
        }
        for event in action.events
    ]


class HistoryWindow:
    """The game told as sentences: every event of every log entry, in the paginator's terms.

    Undone actions stay in the story, flagged, so nothing that happened at the table is lost.
    A slice reads only the entries whose lines it covers (`Action.history_start`, indexed).
    """

    def __init__(self, table: Table) -> None:
        self.table = table

    def count(self) -> int:
        return history_length(self.table)

    def __getitem__(self, window: slice) -> list[dict[str, Any]]:
        start, stop = window.start or 0, window.stop
        # Where the entry holding line `start` begins; entries from there (by the index on
        # history_start) up to `stop` hold the page's lines.
        first = (
            self.table.actions.filter(history_start__lte=start)
            .order_by("-history_start")
            .values("history_start")[:1]
        )
        # On the history_start range alone (no `seq > 0` as table_log has: SQLite then walks
        # the (table, seq) index over the whole log, 70 ms at 100,000 entries); entries are in
        # history_start order as in seq order, since lines only ever append.
        entries = (
            self.table.actions.filter(history_start__gte=Subquery(first), history_start__lt=stop)
            .select_related("actor__guest")
            .defer("checkpoint", "inverse", "forward")
            .order_by("history_start", "seq")
        )
        players = table_player_names(table=self.table)
        lines: list[dict[str, Any]] = []
        for action in entries:
            skip = max(start - action.history_start, 0)
            lines.extend(history_lines(action, players)[skip:])
        return lines[: stop - start]


def effective_actions(
    table: Table | uuid.UUID, *, after: int = 0, before: int | None = None
) -> QuerySet[Action]:
    """The kernel actions that count (not undone), in order: what the state is built from."""
    actions = Action.objects.filter(
        table=table, kind=Action.Kind.ACTION, undone_by__isnull=True, seq__gt=after
    )
    if before is not None:
        actions = actions.filter(seq__lt=before)
    return actions.defer("checkpoint", "inverse", "forward", "events").order_by("seq")


def table_replay(*, table: Table) -> Any:
    """Rebuild the state from the setup and the whole log, ignoring checkpoints.

    Invariant (tested): `codec.dump(table_replay(table=t)) == codec.dump(current_state(t))`
    for every table.
    """
    state = rules.new_game(table.game, table.setup)
    for action in effective_actions(table):
        state = rules.apply(state, action.payload).state
    return state


def seat_summaries(seats: list[Seat], names: dict[int, str]) -> list[dict[str, Any]]:
    return [
        {"seat": seat.number, "name": seat.name, "user": shown_name(seat.user, names)}
        for seat in seats
    ]


def table_summary(table: Table, user: AnyUser) -> dict[str, Any]:
    """A table as the list shows it (seats prefetched by `table_list_for_user`)."""
    seats = list(table.seats.all())
    access = access_for(table, seats, user)
    names = player_names(seats, table.owner)
    return {
        "id": str(table.id),
        "game": table.game,
        "name": table.name,
        "status": table.status,
        "version": table.version,
        "owner": shown_name(table.owner, names),
        "role": access.role if access else None,
        "seats": seat_summaries(seats, names),
        "created_at": table.created_at.isoformat(),
        "updated_at": table.updated_at.isoformat(),
    }


def invite_preview(*, invite: str) -> dict[str, Any]:
    """What an invite link shows before joining: the table and which seats are still free."""
    table = (
        Table.objects.select_related("owner__guest").filter(invite_token=invite).first()
        if is_link_token(invite)
        else None
    )
    if table is None:
        raise NotFound(_("This link is not valid."))
    seats = table_seats(table)
    names = player_names(seats, table.owner)
    return {
        "id": str(table.id),
        "name": table.name,
        "game": table.game,
        "owner": shown_name(table.owner, names),
        "seats": seat_summaries(seats, names),
    }


@dataclass(frozen=True)
class TableTokens:
    name: str
    items: list[tuple[str, int]]  # (token id, count) of the catalogue tokens on the table
    unprintable: list[str]  # names of tokens made from custom characteristics or copies


def table_tokens(*, table_id: uuid.UUID | str, user: AnyUser) -> TableTokens:
    """Every token stack on the table, summed by catalogue id (NotFound when it is not visible),
    to print them."""
    table, access = table_get_for_user(table_id=table_id, user=user)
    state = table_state(table=table, access=access)
    counts: dict[str, int] = {}
    unprintable: list[str] = []
    for obj in state.get("objects", []):
        if not obj.get("token"):
            continue
        slug = obj.get("definition")
        if slug and not obj.get("copy_of"):
            counts[slug] = counts.get(slug, 0) + int(obj.get("count", 1))
        elif obj.get("name") not in unprintable:
            unprintable.append(str(obj.get("name")))
    return TableTokens(name=table.name, items=list(counts.items()), unprintable=unprintable)


PinnedTokens = Callable[[uuid.UUID], list[str]]
_PINNED_TOKEN_SOURCES: list[PinnedTokens] = []


def register_pinned_tokens(source: PinnedTokens) -> None:
    """Apps built on tables (collection: the deck a table was started from) name the tokens
    pinned in a table's palette; play knows nothing of them, so it doesn't import them."""
    if source not in _PINNED_TOKEN_SOURCES:
        _PINNED_TOKEN_SOURCES.append(source)


def table_pinned_tokens(*, table_id: uuid.UUID) -> list[str]:
    """The token ids pinned in a table's palette, in order, from every registered source."""
    return [slug for source in _PINNED_TOKEN_SOURCES for slug in source(table_id)]
