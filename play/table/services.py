"""Writes on tables: create, act, undo, join, spectate. One transaction per write.

The write path (`_locked_write`): lock the table row, compare the caller's `expected_version`, run
the kernel, append to the log, save the state with a conditional update on the version, commit,
and only then broadcast to the table's channel group.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, overload

from django.contrib.auth.models import User
from django.db import IntegrityError, OperationalError, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

import rules
from play.models import Action, Seat, Spectator, Table, new_link_token
from play.table.delta import apply_patch, diff_states, forward, inverse, table_delta
from play.table.i18n import error_text, for_reader
from play.table.idempotency import Idempotency, Repeat, find_answer, keep_answer
from play.table.names import player_names, shown_name
from play.table.payloads import action_check_shape, action_embed_definitions
from play.table.rebase import (
    CHOICE_FIELD,
    TURN_FIELDS,
    UNDO_HORIZON,
    check_rebase,
    overlaps,
    record_touches,
    stale_detail,
    touched_from_delta,
)
from play.table.sayings import undo_message
from play.table.selectors import (
    AnyUser,
    TableAccess,
    access_for,
    current_state,
    effective_actions,
    history_length,
    is_link_token,
    parse_table_id,
    seated_at,
    state_view,
    table_player_names,
)
from play.table.statecache import committed_lengths, committed_states
from rules.registry.footprints import Footprint
from rules.registry.shared import SET_MODE
from rules.registry.vocabulary import OWNER, ActionSpec
from tokensite.api import Conflict, DomainError, Forbidden, NotFound, RulesViolation
from tokensite.compiled import CompiledInsert, CompiledQuery

logger = logging.getLogger(__name__)

MAX_PLAYERS = 8
# A table of fewer stacks stores its whole state on every write; a bigger one every
# SNAPSHOT_EVERY entries, the entries in between keeping forward patches (models.Table).
SNAPSHOT_BELOW_STACKS = 64
SNAPSHOT_EVERY = 64


@dataclass(frozen=True)
class ActionResult:
    """The new version, its events and delta; `state`, the caller's whole table state, is built
    only when asked for (an answer with `?view=delta` never pays for it)."""

    version: int
    events: list[dict[str, Any]]
    delta: dict[str, Any]
    build_state: Callable[[], dict[str, Any]] = field(repr=False)
    rebased_from: int | None = None
    """The version the client sent, when the action ran on a newer state (play/table/rebase.py)."""

    @cached_property
    def state(self) -> dict[str, Any]:
        return self.build_state()


def _closed(table: Table) -> str:
    if table.status == Table.Status.FINISHED:
        return _("This table is finished.")
    return _("This table is %(status)s.") % {"status": _(str(table.status))}


def _kernel_errors_to_http(exc: Exception) -> DomainError:
    """InvalidAction -> 400, IllegalAction -> 422 with its rule, ChoicePending -> 409."""
    rule = getattr(exc, "rule", None)
    if isinstance(exc, rules.ChoicePending):
        return Conflict(error_text(exc), rule=rule, code="choice_pending")
    if isinstance(exc, rules.IllegalAction):
        return RulesViolation(error_text(exc), rule=rule)
    return DomainError(error_text(exc), rule=rule, code="invalid_action")


@contextmanager
def _kernel_call() -> Iterator[None]:
    try:
        yield
    except (rules.InvalidAction, rules.IllegalAction, rules.ChoicePending) as exc:
        raise _kernel_errors_to_http(exc) from exc


def table_create(
    *,
    owner: User,
    game: str,
    name: str,
    players: list[str],
    options: dict[str, Any] | None = None,
    mode: str = Table.Mode.ENFORCE,
) -> Table:
    """A new table at version 0, one unclaimed seat per player; the owner acts for all of them.

    `options` are the optional setup fields (starting_life, hand, library, battlefields), passed to
    the kernel's `new_game` as they are and kept in `Table.setup` so the log can be replayed.
    """
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise DomainError(
            _("A table seats 1 to %(most)d players.") % {"most": MAX_PLAYERS}, code="invalid"
        )
    setup = {"players": list(players), **(options or {})}
    if mode != Table.Mode.ENFORCE:
        setup[rules.MODE] = mode  # the state starts in it (switching later is logged)
    with _kernel_call():
        state = rules.new_game(game, setup)
    with transaction.atomic():
        table = Table(game=game, name=name, owner=owner, setup=setup)
        table.state = rules.codec.dump(state)
        table.full_clean()
        table.save()
        Seat.objects.bulk_create(
            Seat(table=table, number=number, name=player) for number, player in enumerate(players)
        )
    return table


@dataclass(frozen=True)
class TableChange:
    """One committed change of a table, as its listeners hear it."""

    table: Table
    version: int
    events: list[dict[str, Any]]
    delta: dict[str, Any]
    seat_name: str | None  # who acted, as the other players know them


ChangeListener = Callable[[TableChange], None]

# Who hears of a committed change. The live channel registers itself (PlayConfig.ready), so the
# table's writes know no layer above them.
_change_listeners: list[ChangeListener] = []


def on_change(listener: ChangeListener) -> None:
    """Call `listener` after each committed change of any table (once, however often asked)."""
    if listener not in _change_listeners:
        _change_listeners.append(listener)


def _broadcast(change: TableChange) -> None:
    """Tell every listener of the change; runs after commit so nobody sees an unsaved version.
    A listener never waits nor raises (play/live/broadcast.py): one that misses a change resyncs
    from the version in the next message or heartbeat."""
    for listener in _change_listeners:
        listener(change)


def _is_busy(exc: OperationalError) -> bool:
    """SQLite's answer when another writer held the lock past the busy timeout."""
    text = str(exc).lower()
    return "locked" in text or "busy" in text


@contextmanager
def _busy_is_conflict() -> Iterator[None]:
    # A concurrent writer is a 409 the client retries, never a 500.
    try:
        yield
    except OperationalError as exc:
        if not _is_busy(exc):
            raise
        raise Conflict(
            _("Another action on this table is in progress; reload and retry."), code="busy"
        ) from exc
    except IntegrityError as exc:
        # Two writers that got past the version check can only meet on (table, seq).
        raise Conflict(_("The table changed meanwhile; reload and retry."), code="stale") from exc


# Every write's first read, in one round trip: the table row locked (FOR UPDATE OF that row
# only), its owner, and its seats with their users, the SQL compiled once per process
# (tokensite/compiled.py). The state column is read only when this process has no copy of this
# version. A table without seats (none is made so; an admin could delete them) is read alone.
_LOCKED_SEATS = CompiledQuery(
    Seat,
    "table",
    lambda table_id: (
        Seat.objects.select_for_update(of=("table",))
        .select_related("table__owner__guest", "user__guest")
        .defer("table__state", "table__setup")
        .filter(table=table_id)
    ),
)
_LOCKED_TABLE = CompiledQuery(
    Table,
    "id",
    lambda table_id: (
        Table.objects.select_for_update(of=("self",))
        .select_related("owner__guest")
        .defer("state", "setup")
        .filter(pk=table_id)
    ),
)


def _locked_table_and_seats(table_id: uuid.UUID) -> tuple[Table, list[Seat]]:
    seats = _LOCKED_SEATS.all(table_id)
    if not seats:
        return _LOCKED_TABLE.get(table_id), []
    table = seats[0].table  # each row brought its own copy of the table: all share the first
    return table, seated_at(table, seats)


def _lock(
    table_id: uuid.UUID | str, user: AnyUser, expected_version: int
) -> tuple[Table, list[Seat], TableAccess]:
    """The table row, locked for this transaction, after the visibility checks. A version
    the table hasn't reached is a 409; an older one is the caller's to judge (rebase)."""
    try:
        table, seats = _locked_table_and_seats(parse_table_id(table_id))
    except Table.DoesNotExist:
        raise NotFound(_("No such table.")) from None
    access = access_for(table, seats, user)
    if access is None:
        raise NotFound(_("No such table."))
    if not access.can_act:
        raise Forbidden(_("Spectators can't act at a table."))
    if table.status != Table.Status.ACTIVE:
        raise Conflict(_closed(table), code="table_closed")
    if expected_version > table.version:
        raise Conflict(
            _("The table is not there yet; reload it and act again."), code="stale_version"
        )
    return table, seats, access


def _may_act_for(access: TableAccess, seat: int | None) -> bool:
    # An action that belongs to no seat (e.g. moving to the next step) is anyone's who acts here.
    return access.can_act if seat is None else seat in access.seats


def _acting_seats(state: Any, payload: dict[str, Any]) -> tuple[int | None, set[int]]:
    """The seat the log records for an action and every seat the caller must act for, as the
    game's action registry says (`rules.acting_seats`: the controller of the object, the named
    seat, the active player; with Riftbound's `by` both that seat and the one the action belongs
    to). A seat the table doesn't have is malformed (400), not a permission question (403).
    """
    seat, required = rules.acting_seats(state, payload)
    for number in sorted(required):
        if not 0 <= number < len(state.seats):
            raise DomainError(
                _("This table has no seat %(seat)s.") % {"seat": number}, code="invalid_action"
            )
    return seat, required


def _answering_seats(state: Any, payload: dict[str, Any]) -> set[int]:
    """The seats whose choices an action's pre-answers (`answers`) make: each player answers
    their own choices, also inside someone else's action. Found by running the action with
    the answers so far until it asks no more (only actions that carry answers pay for it)."""
    answers = payload.get("answers")
    if not isinstance(answers, list) or not answers:
        return set()
    seats: set[int] = set()
    for given in range(len(answers)):
        pending = rules.apply(state, {**payload, "answers": answers[:given]}).state.pending_choice
        if pending is None:
            break
        seats.add(pending.seat)
    return seats


_INSERT_ACTION = CompiledInsert(Action)  # every write's log entry (tokensite/compiled.py)


def _commit_entry(
    table: Table,
    *,
    user: AnyUser,
    kind: str,
    seat: int | None,
    payload: dict[str, Any],
    events: list[dict[str, Any]],
    before: Any,
    state: Any,
    seats: list[Seat] | None = None,
) -> tuple[int, dict[str, Any]]:
    """Append one log entry and save the state under the version we locked.

    Returns the version and the delta from `before` (broadcast after the commit). A kernel
    action's entry keeps its inverse, so undoing it costs what the action changed; an entry
    that doesn't store the whole state keeps its forward patch.
    """
    version = table.version + 1
    history_start = history_length(table)
    diff = diff_states(before, state)
    delta = table_delta(before, state, diff)
    touched = touched_from_delta(delta)
    snapshot = (
        len(state.objects) < SNAPSHOT_BELOW_STACKS
        or version - table.state_version >= SNAPSHOT_EVERY
    )
    _INSERT_ACTION.insert(
        Action(
            table=table,
            seq=version,
            kind=kind,
            actor=user if isinstance(user, User) else None,
            seat=seat,
            history_start=history_start,
            payload=payload,
            events=events,
            touched=touched,
            inverse=inverse(before, state, diff) if kind == Action.Kind.ACTION else None,
            forward=None if snapshot else forward(before, state, diff),
        )
    )
    record_touches(table, version, touched)
    changes: dict[str, Any] = {"version": version, "updated_at": timezone.now()}
    if snapshot:
        changes.update(state=rules.codec.dump(state), state_version=version)
    # The row lock already serialises writers; the version condition makes a lost update
    # impossible even where the lock is weaker than it looks.
    saved = Table.objects.filter(pk=table.pk, version=table.version).update(**changes)
    if saved != 1:
        raise Conflict(_("The table changed meanwhile; reload and retry."), code="stale")
    for field_name, value in changes.items():
        setattr(table, field_name, value)
    length = history_start + len(events)
    transaction.on_commit(lambda: committed_states.put(table.id, version, state))
    transaction.on_commit(lambda: committed_lengths.put(table.id, version, length))
    seat_name = state.seats[seat].name if seat is not None and seat < len(state.seats) else None
    if seat_name is None and isinstance(user, User):
        # The seats the write locked already name the players (no queries of its own).
        names = player_names(seats, table.owner) if seats is not None else None
        seat_name = shown_name(user, names or table_player_names(table=table))
    change = TableChange(table, version, events, delta, seat_name)
    transaction.on_commit(lambda: _broadcast(change), robust=True)
    return version, delta


def _run_payload(table: Table, action: dict[str, Any]) -> dict[str, Any]:
    """The action as the log keeps it: catalogue definitions embedded. The state holds the mode
    it runs in (``set_mode``), so a client may not stamp one on an action of its own."""
    payload = {key: value for key, value in action.items() if key != rules.MODE}
    if action.get("type") == SET_MODE.type:
        payload = dict(action)
    return action_embed_definitions(table.game, payload)


def _check_owner_only(table: Table, user: AnyUser, payload: dict[str, Any]) -> None:
    """Actions the registry gives the table's owner alone (switching the mode)."""
    spec = rules.registries()[table.game].get(payload.get("type"))
    if spec is not None and spec.actor.kind == OWNER and table.owner_id != user.pk:
        raise Forbidden(_("Only the table's owner may switch how it enforces the rules."))


@overload
def table_apply_action(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    action: dict[str, Any],
    idempotency: None = None,
) -> ActionResult: ...


@overload
def table_apply_action(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    action: dict[str, Any],
    idempotency: Idempotency | None,
) -> ActionResult | Repeat: ...


def table_apply_action(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    action: dict[str, Any],
    idempotency: Idempotency | None = None,
) -> ActionResult | Repeat:
    """Run one action through the kernel and log it, or change nothing and raise a DomainError.

    Sent against an older version, it runs on the newer state when no commit since touched
    what it refers to (play/table/rebase.py), else 409. With ``idempotency``, a repeat of the key
    gets the first answer (play/table/idempotency.py).
    """
    action_check_shape(action)
    with _busy_is_conflict(), transaction.atomic():
        table, seats, access = _lock(table_id, user, expected_version)
        if idempotency is not None and (found := find_answer(table, user, idempotency.key)):
            return found
        payload = _run_payload(table, action)
        _check_owner_only(table, user, payload)
        with _kernel_call():
            state = current_state(table)
            rebased_from = None
            if expected_version != table.version:
                check_rebase(
                    table=table,
                    seats=seats,
                    state=state,
                    action=payload,
                    version=expected_version,
                    user=user,
                )
                rebased_from = expected_version
            seat, required = _acting_seats(state, payload)
            for number in sorted(required | _answering_seats(state, payload)):
                if not _may_act_for(access, number):
                    raise Forbidden(
                        _("You don't act for %(name)s at this table.")
                        % {"name": _seat_name(seats, number)}
                    )
            outcome = rules.apply(state, payload)
        if seat is None and len(access.seats) == 1:
            # Anyone's action (an effect of a spell on any object): the log names the sender.
            [seat] = access.seats
        events = list(outcome.events)
        version, delta = _commit_entry(
            table,
            user=user,
            kind=Action.Kind.ACTION,
            seat=seat,
            payload=payload,
            events=events,
            before=state,
            state=outcome.state,
            seats=seats,
        )
        result = ActionResult(
            version,
            events,
            delta,
            lambda: state_view(table, outcome.state, seats, access),
            rebased_from,
        )
        if idempotency is not None:
            keep_answer(table, user, idempotency.key, idempotency.answer(result))
        return result


def table_untap_all(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    seat: int,
    idempotency: Idempotency | None = None,
) -> ActionResult | Repeat | None:
    """Untap (MTG) or ready (Riftbound) everything ``seat`` controls: the game's one "untap all"
    action, so one log entry and one undo. Nothing tapped: None, and nothing is logged."""
    with _busy_is_conflict(), transaction.atomic():
        table, _seats, access = _lock(table_id, user, expected_version)
        if not _may_act_for(access, seat):
            raise Forbidden(
                _("You don't act for %(name)s at this table.") % {"name": _seat_name(_seats, seat)}
            )
        shown = rules.presentation(table.game)
        untap_everything = rules.registries()[table.game].by_role("untap_everything")
        # Every game has one (tests/rules/test_registry.py).
        assert untap_everything is not None
        with _kernel_call():
            objects = rules.view(current_state(table))["objects"]
        if not any(
            obj["controller"] == seat and obj.get(shown.toggle.key) and not obj.get("phased_out")
            for obj in objects
            if obj["zone"] == shown.board_zone
        ):
            return None
        return table_apply_action(
            table_id=table.id,
            user=user,
            expected_version=expected_version,
            action={"type": untap_everything.type, "seat": seat},
            idempotency=idempotency,
        )


def table_apply_to_stacks(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    kind: str,
    objects: list[str],
    idempotency: Idempotency | None = None,
) -> list[ActionResult] | Repeat:
    """One control on several stacks (the board's multi-select): the action of type ``kind`` on
    every object of each stack, one logged action per stack (each undone on its own), all or
    none (one transaction). Stacks it doesn't apply to, or already in the state a tap or untap
    would give, are left out."""
    registry = rules.registries()
    with _busy_is_conflict(), transaction.atomic():
        table, _seats, _access = _lock(table_id, user, expected_version)
        if idempotency is not None and (found := find_answer(table, user, idempotency.key)):
            return found
        spec = registry[table.game].get(kind)
        asks = {p.name for p in spec.form_params()} if spec is not None else set()
        if spec is None or spec.applies is None or asks != {"object", "count"}:
            raise DomainError(f"{kind!r} can't be done to several stacks.", code="invalid")
        toggle = rules.presentation(table.game).toggle.key
        with _kernel_call():
            shown = {o["id"]: o for o in rules.view(current_state(table))["objects"]}
        version, results = expected_version, []
        for object_id in dict.fromkeys(objects):
            obj = shown.get(object_id)
            if obj is None:
                raise DomainError("A selected stack is gone; pick again.", code="invalid")
            if not spec.applies.matches(obj) or _changes_nothing(spec, obj, toggle):
                continue
            result = table_apply_action(
                table_id=table.id,
                user=user,
                expected_version=version,
                action={"type": kind, "object": object_id, "count": obj["count"]},
            )
            version = result.version
            results.append(result)
            shown = {o["id"]: o for o in result.state["objects"]}
        if idempotency is not None:
            keep_answer(table, user, idempotency.key, idempotency.answer(results))
        return results


def _changes_nothing(spec: ActionSpec, obj: dict[str, Any], toggle: str) -> bool:
    """Tapping a tapped stack, or untapping an untapped one, in a multi-select."""
    if spec.role == "tap_one":
        return bool(obj.get(toggle))
    if spec.role == "untap_one":
        return not obj.get(toggle)
    return False


def _rebuild_before(table: Table, target: Action, current: Any) -> Any:
    """The state just before `target`, the last action that counts, from the current state.

    Entries logged before inverses existed replay from their last checkpoint (or the start).
    """
    if target.inverse is not None:
        return apply_patch(current, target.inverse)
    base = (
        effective_actions(table, before=target.seq)
        .filter(checkpoint__isnull=False)
        .order_by("-seq")
        .only("seq", "checkpoint")
        .first()
    )
    if base is None:
        state, after = rules.new_game(table.game, table.setup), 0
    else:
        assert base.checkpoint is not None  # filtered on above
        state, after = rules.codec.load(base.checkpoint), base.seq
    for action in effective_actions(table, after=after, before=target.seq):
        state = rules.apply(state, action.payload).state
    return state


def _undoable_by(entry: Action, access: TableAccess, user: AnyUser) -> bool:
    """The entry is the viewer's own: they sent it, or it belongs to a seat they act for."""
    if entry.actor_id is not None and entry.actor_id == user.pk:
        return True
    return entry.seat is not None and entry.seat in access.seats


# What deciding whether an undo would work reads of each entry (not its patches).
UNDO_CHECK_FIELDS = ("seq", "actor", "seat", "touched", "payload", "table")
UNDO_FIRST_READ = 4


def _recent_log(table: Table | uuid.UUID, *, lean: bool) -> QuerySet[Action]:
    """The actions that count, newest first: with who sent each, or (`lean`) only what deciding
    whether one can be undone reads."""
    recent = effective_actions(table).defer(None).defer("checkpoint", "forward")
    recent = recent.only(*UNDO_CHECK_FIELDS) if lean else recent.select_related("actor__guest")
    return recent.order_by("-seq")


# The target is nearly always among the last few entries: those are read first (a query compiled
# once, tokensite/compiled.py), the rest of the horizon only when none of them is the viewer's.
def _last_entries(lean: bool) -> CompiledQuery[Action]:
    return CompiledQuery(
        Action, "table", lambda table: _recent_log(table, lean=lean)[:UNDO_FIRST_READ]
    )


_LAST_ENTRIES = {lean: _last_entries(lean) for lean in (False, True)}


def _undo_target(
    table: Table, access: TableAccess, user: AnyUser, *, lean: bool = False
) -> tuple[Action | None, list[Action]]:
    """The viewer's own last action that still counts (what their Undo takes back), and the
    actions that count after it, oldest first: one read of the recent log, as every later
    entry is newer than the target and so among those read before it."""
    found = _LAST_ENTRIES[lean].all(table.pk)
    if len(found) == UNDO_FIRST_READ and not any(_undoable_by(e, access, user) for e in found):
        found += list(_recent_log(table, lean=lean)[UNDO_FIRST_READ : UNDO_HORIZON + 1])
    for index, entry in enumerate(found):
        if _undoable_by(entry, access, user):
            entry.table = table  # the row this scan came from, not read again
            return entry, found[:index][::-1]
    return None, []


def _depends_on(target: Action, later: list[Action]) -> Action | None:
    """The first later action that touched what ``target`` touched (play/table/rebase.py's
    ``touched``): undoing ``target`` under it would change what it did. An entry logged
    before entries kept what they touched counts as touching everything."""
    if target.touched is None:
        return later[0] if later else None
    mine = Footprint(
        stacks=frozenset(target.touched["stacks"]),
        seats=frozenset(target.touched["seats"]),
        turn=bool(set(target.touched["table"]) & TURN_FIELDS),
        choice=CHOICE_FIELD in target.touched["table"],
    )
    fields = set(target.touched["table"]) - TURN_FIELDS - {CHOICE_FIELD}
    registry = rules.registries()[target.table.game]
    for entry in later:
        # What it changed, and what it relied on (the stacks it names, the turn it took).
        if (
            overlaps(mine, entry.touched)
            or overlaps(registry.footprint(entry.payload), target.touched)
            or (entry.touched is not None and fields & set(entry.touched["table"]))
        ):
            return entry
    return None


def may_undo(table: Table, access: TableAccess, user: AnyUser) -> bool:
    """Whether `user` has an action of their own to take back now: their last action that
    counts, with nothing after it that depends on it (the page shows Undo only then)."""
    if not access.can_act:
        return False
    target, later = _undo_target(table, access, user, lean=True)
    if target is None:
        return False
    return len(later) <= UNDO_HORIZON and _depends_on(target, later) is None


@overload
def table_undo(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    idempotency: None = None,
) -> ActionResult: ...


@overload
def table_undo(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    idempotency: Idempotency | None,
) -> ActionResult | Repeat: ...


def table_undo(
    *,
    table_id: uuid.UUID | str,
    user: AnyUser,
    expected_version: int,
    idempotency: Idempotency | None = None,
) -> ActionResult | Repeat:
    """Take back the caller's own last action that still counts.

    The last action of the table: its stored inverse, applied to the current state. An earlier
    one, when nothing after it depends on it (what it touched, play/table/rebase.py): its
    inverse applied beneath the later actions, which run again on top, as stale actions are
    rebased; a later action that touched the same stacks, seats or turn, or that the kernel
    no longer accepts, refuses it with a clear message (409 ``undo_blocked``). The undone
    action stays in the log (`undone_by`) and the undo is an entry of its own; the state is
    still the replay of the actions that count.
    """
    with _busy_is_conflict(), transaction.atomic():
        table, seats, access = _lock(table_id, user, expected_version)
        if idempotency is not None and (found := find_answer(table, user, idempotency.key)):
            return found
        target, later = _undo_target(table, access, user)
        if target is None:
            raise Conflict(_("You have no action to undo."), code="nothing_to_undo")
        if target.seq > expected_version:
            # Sent from a page that never saw this action: it isn't the one the player meant.
            with _kernel_call():
                current = current_state(table)
            detail = stale_detail(
                table=table, seats=seats, state=current, version=expected_version, user=user
            )
            raise Conflict(detail, code="stale_version")
        with _kernel_call():
            current = current_state(table)
            state, inverses = _undone(table, seats, target, later, current, user)
        undid = undo_message(
            game=table.game,
            # Whose action: its seat's name, else who sent it (an effect sent for no seat).
            seat_name={s.number: s.name for s in seats}.get(target.seat)
            if target.seat is not None
            else shown_name(target.actor, player_names(seats, table.owner)),
            action_type=str(target.payload.get("type", "action")),
            before=current,
            after=state,
        )
        events = [
            {
                "type": "undone",
                "text": str(undid),
                "message": undid.data(),
                "rule": None,
                "undoes": target.seq,
            }
        ]
        version, delta = _commit_entry(
            table,
            user=user,
            kind=Action.Kind.UNDO,
            seat=target.seat,
            payload={"type": "undo", "undoes": target.seq},
            events=events,
            before=current,
            state=state,
            seats=seats,
        )
        Action.objects.filter(pk=target.pk).update(undone_by=version)
        for entry_id, patch in inverses.items():
            # Each later action's inverse now leads back along the new story (the next undo
            # of the last action applies it to this state).
            Action.objects.filter(pk=entry_id).update(inverse=patch)
        result = ActionResult(
            version, events, delta, lambda: state_view(table, state, seats, access)
        )
        if idempotency is not None:
            keep_answer(table, user, idempotency.key, idempotency.answer(result))
        return result


def _undone(
    table: Table,
    seats: list[Seat],
    target: Action,
    later: list[Action],
    current: Any,
    user: AnyUser,
) -> tuple[Any, dict[int, dict[str, Any]]]:
    """The state without ``target``, and the new inverses of the actions after it."""
    if not later:
        return _rebuild_before(table, target, current), {}
    blocker = _depends_on(target, later)
    if len(later) > UNDO_HORIZON:
        blocker = later[0]
    if blocker is None and (target.inverse is None or any(e.inverse is None for e in later)):
        blocker = later[0]  # logged before inverses: no way back beneath it
    if blocker is not None:
        raise Conflict(_undo_blocked(blocker, seats, user), code="undo_blocked")
    state = current
    for entry in reversed(later):  # back along the story: each inverse undoes its own step
        assert entry.inverse is not None  # checked above
        state = apply_patch(state, entry.inverse)
    assert target.inverse is not None
    state = apply_patch(state, target.inverse)
    inverses: dict[int, dict[str, Any]] = {}
    for entry in later:
        try:
            outcome = rules.apply(state, entry.payload)
        except (rules.InvalidAction, rules.IllegalAction, rules.ChoicePending):
            raise Conflict(_undo_blocked(entry, seats, user), code="undo_blocked") from None
        inverses[entry.pk] = inverse(state, outcome.state, diff_states(state, outcome.state))
        state = outcome.state
    return state, inverses


def _undo_blocked(entry: Action, seats: list[Seat], user: AnyUser) -> str:
    """ "Ben acted on it since (Tap): take that back first." """
    spec = rules.registries()[entry.table.game].get(entry.payload.get("type"))
    label = for_reader(spec).label if spec is not None else entry.payload.get("type", "")
    if entry.actor_id is not None and entry.actor_id == user.pk:
        return _("Your later action depends on it (%(label)s): undo that first.") % {"label": label}
    seat = next((s for s in seats if s.number == entry.seat), None)
    name = seat.name if seat is not None else _("Another player")
    return _("%(name)s acted on it since (%(label)s): it can't be undone now.") % {
        "name": name,
        "label": label,
    }


def table_set_mode(*, table_id: uuid.UUID | str, user: AnyUser, mode: str) -> ActionResult:
    """The owner switches a table between enforcing the rules and tracking only, at its current
    version (the API's PATCH): the registry's ``set_mode`` action, logged and broadcast."""
    if mode not in Table.Mode.values:
        raise DomainError(
            _("Unknown mode %(mode)r; use enforce or track.") % {"mode": mode}, code="invalid"
        )
    version = Table.objects.filter(pk=parse_table_id(table_id)).values_list("version", flat=True)
    return table_apply_action(
        table_id=table_id,
        user=user,
        expected_version=version.first() or 0,
        action={"type": SET_MODE.type, "mode": mode},
    )


def table_set_status(*, table_id: uuid.UUID | str, user: AnyUser, status: str) -> Table:
    """The owner marks a table finished or abandoned (it stays readable) or active again."""
    if status not in Table.Status.values:
        raise DomainError(_("Unknown status %(status)r.") % {"status": status}, code="invalid")
    with _busy_is_conflict(), transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=parse_table_id(table_id)).first()
        if table is None or access_for(table, list(table.seats.all()), user) is None:
            raise NotFound(_("No such table."))
        if table.owner_id != user.pk:
            raise Forbidden(_("Only the table's owner may change its status."))
        table.status = status
        table.save(update_fields=["status", "updated_at"])
    return table


def _table_by_link(field: str, token: str) -> Table:
    if not is_link_token(token):
        raise NotFound(_("This link is not valid."))
    table = Table.objects.select_for_update().filter(**{field: token}).first()
    if table is None:
        raise NotFound(_("This link is not valid."))
    return table


def table_join(*, user: User, invite: str, seat: int) -> Table:
    """Claim a free seat through the invite link; from then on only this user acts for it."""
    with _busy_is_conflict(), transaction.atomic():
        table = _table_by_link("invite_token", invite)
        if table.status != Table.Status.ACTIVE:
            raise Conflict(_closed(table), code="table_closed")
        target = table.seats.filter(number=seat).first()
        if target is None:
            raise DomainError(
                _("This table has no seat %(seat)s.") % {"seat": seat}, code="invalid"
            )
        if target.user_id == user.pk:
            return table
        if target.user_id is not None:
            raise Conflict(
                _("%(name)s's seat is already taken.") % {"name": target.name}, code="seat_taken"
            )
        if table.seats.filter(user_id=user.pk).exists():
            raise Conflict(_("You already sit at this table."), code="already_seated")
        target.user = user
        target.save(update_fields=["user"])
        Spectator.objects.filter(table=table, user_id=user.pk).delete()
    return table


def table_spectate(*, user: User, token: str) -> Table:
    """Join a table as a spectator through its spectator link (read only)."""
    with _busy_is_conflict(), transaction.atomic():
        table = _table_by_link("spectate_token", token)
        if table.owner_id != user.pk and not table.seats.filter(user_id=user.pk).exists():
            Spectator.objects.get_or_create(table=table, user=user)
    return table


def table_rotate_links(*, table_id: uuid.UUID | str, user: AnyUser) -> Table:
    """New invite and spectator links (the old ones stop working); seats already claimed stay."""
    with _busy_is_conflict(), transaction.atomic():
        table = Table.objects.select_for_update().filter(pk=parse_table_id(table_id)).first()
        if table is None or access_for(table, list(table.seats.all()), user) is None:
            raise NotFound(_("No such table."))
        if table.owner_id != user.pk:
            raise Forbidden(_("Only the table's owner may change its links."))
        table.invite_token = new_link_token()
        table.spectate_token = new_link_token()
        table.save(update_fields=["invite_token", "spectate_token", "updated_at"])
    return table


def _seat_name(seats: list[Seat], number: int) -> str:
    """A seat as players call it, by its player's name (never its number)."""
    return next((seat.name for seat in seats if seat.number == number), str(number))
