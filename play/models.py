"""Tables (one game in progress), their seats, spectators and the append-only action log."""

from __future__ import annotations

import secrets
import uuid
from typing import Any

import orjson
from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.fields.json import KeyTransform
from django.utils.translation import gettext_lazy


class FastJSONField(models.JSONField):
    """A JSONField encoded and decoded with orjson: table states are ~150 KB at 200 stacks.

    Same column type and values as JSONField; only the (de)serialisation is faster.
    """

    def get_db_prep_value(self, value: Any, connection: Any, prepared: bool = False) -> Any:
        if not prepared:
            value = self.get_prep_value(value)
        if connection.vendor == "postgresql":
            from psycopg.types.json import Jsonb

            return Jsonb(value, dumps=_dumps)
        return _dumps(value)

    def from_db_value(self, value: Any, expression: Any, connection: Any) -> Any:
        if not isinstance(value, str) or isinstance(expression, KeyTransform):
            return super().from_db_value(value, expression, connection)
        try:
            return orjson.loads(value)
        except orjson.JSONDecodeError:
            return super().from_db_value(value, expression, connection)


def _dumps(value: Any) -> str:
    return orjson.dumps(value).decode()


def new_link_token() -> str:
    """An unguessable token for an invite or spectator link (256 bits of randomness)."""
    return secrets.token_urlsafe(32)


class Table(models.Model):
    """One game in progress: the kernel state (`codec.dump`) and its version.

    `version` counts the entries of the log: it is the `seq` of the latest `Action`, 0 when new.
    `state` is the state at `state_version`: small tables store it on every write; big ones
    every so often, the log entries in between keeping what they changed (`Action.forward`),
    so an action costs what it changes, not what the table holds (`selectors.current_state`).
    `setup` is what `new_game` was called with, so the log can be replayed from the start.
    """

    class Status(models.TextChoices):
        ACTIVE = "active", gettext_lazy("Active")
        FINISHED = "finished", gettext_lazy("Finished")
        ABANDONED = "abandoned", gettext_lazy("Abandoned")

    id = models.UUIDField(
        primary_key=True, default=uuid.uuid4, editable=False, verbose_name=gettext_lazy("ID")
    )
    game = models.SlugField(max_length=32, verbose_name=gettext_lazy("game"))
    name = models.CharField(max_length=100, verbose_name=gettext_lazy("name"))
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="owned_tables",
        verbose_name=gettext_lazy("owner"),
    )
    version = models.PositiveIntegerField(default=0, verbose_name=gettext_lazy("version"))
    state_version = models.PositiveIntegerField(
        default=0,
        help_text=gettext_lazy(
            "The version `state` holds; later log entries carry forward patches."
        ),
        verbose_name=gettext_lazy("state version"),
    )

    class Mode(models.TextChoices):
        """The kernel's modes (``GameState.mode``, in ``state``: switching is a logged action,
        ``set_mode``), for the forms and the API's choices."""

        ENFORCE = "enforce", gettext_lazy("Enforce the rules")
        TRACK = (
            "track",
            gettext_lazy("Track only (record what the rules would refuse, with a warning)"),
        )

    status = models.CharField(
        max_length=16,
        choices=Status.choices,
        default=Status.ACTIVE,
        verbose_name=gettext_lazy("status"),
    )
    invite_token = models.CharField(
        max_length=64,
        unique=True,
        default=new_link_token,
        verbose_name=gettext_lazy("invite token"),
    )
    spectate_token = models.CharField(
        max_length=64,
        unique=True,
        default=new_link_token,
        verbose_name=gettext_lazy("spectate token"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("updated at"))
    # Big JSON last: SQLite reaches the columns stored after a value that spills into overflow
    # pages by walking those pages, on every lookup of the row (and the table lock is one).
    setup = models.JSONField(verbose_name=gettext_lazy("setup"))
    state = FastJSONField(verbose_name=gettext_lazy("state"))

    class Meta:
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["owner", "-updated_at"])]
        verbose_name = gettext_lazy("table")
        verbose_name_plural = gettext_lazy("tables")

    def __str__(self) -> str:
        return f"{self.name} ({self.game}, v{self.version})"

    @property
    def group_name(self) -> str:
        """The channel group every listener of this table joins."""
        return f"table-{self.id.hex}"


class Seat(models.Model):
    """A seat at a table; `user` is set once someone claims it through the invite link."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="seats", verbose_name=gettext_lazy("table")
    )
    number = models.PositiveSmallIntegerField(verbose_name=gettext_lazy("number"))
    name = models.CharField(max_length=100, verbose_name=gettext_lazy("name"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=gettext_lazy("user"),
    )

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="seat_unique_number"),
            models.UniqueConstraint(
                fields=["table", "user"], condition=Q(user__isnull=False), name="seat_one_per_user"
            ),
        ]
        verbose_name = gettext_lazy("seat")
        verbose_name_plural = gettext_lazy("seats")

    def __str__(self) -> str:
        return f"seat {self.number} ({self.name})"


class Spectator(models.Model):
    """A user who joined a table through its spectator link: reads, never acts."""

    table = models.ForeignKey(
        Table,
        on_delete=models.CASCADE,
        related_name="spectators",
        verbose_name=gettext_lazy("table"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="spectating",
        verbose_name=gettext_lazy("user"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user"], name="spectator_unique_user"),
        ]
        verbose_name = gettext_lazy("spectator")
        verbose_name_plural = gettext_lazy("spectators")

    def __str__(self) -> str:
        return f"{self.user} watching {self.table_id}"


class Action(models.Model):
    """One entry of a table's append-only log; `seq` is the table version it produced.

    `kind` is "action" (a kernel action, `payload` with the catalogue values embedded) or "undo"
    (`payload` = {"type": "undo", "undoes": <seq>}). An undone action stays in the log with
    `undone_by` set, so replaying the actions that are not undone reproduces `Table.state`.
    `inverse` (play.table.delta) is what the action changed, as it was before: undo applies it
    to the current state. `forward`, on entries after `Table.state_version`, is what it changed,
    as it became. `checkpoint` (the state after the action) is only on entries logged before
    inverses existed, for their undo to replay a shorter tail of the log.
    """

    class Kind(models.TextChoices):
        ACTION = "action", gettext_lazy("Action")
        UNDO = "undo", gettext_lazy("Undo")

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="actions", verbose_name=gettext_lazy("table")
    )
    seq = models.PositiveIntegerField(verbose_name=gettext_lazy("seq"))
    kind = models.CharField(
        max_length=8, choices=Kind.choices, default=Kind.ACTION, verbose_name=gettext_lazy("kind")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=gettext_lazy("actor"),
    )
    seat = models.PositiveSmallIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("seat")
    )
    undone_by = models.PositiveIntegerField(
        null=True, blank=True, verbose_name=gettext_lazy("undone by")
    )
    history_start = models.PositiveIntegerField(
        default=0,
        help_text=gettext_lazy("Lines of the history (one per event) before this entry's events."),
        verbose_name=gettext_lazy("history start"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    # Big JSON last (see Table).
    payload = models.JSONField(verbose_name=gettext_lazy("payload"))
    events = models.JSONField(default=list, verbose_name=gettext_lazy("events"))
    touched = models.JSONField(
        null=True,
        blank=True,
        help_text=gettext_lazy(
            'What the entry changed, from its delta: {"stacks": [ids], "seats": [numbers], '
            '"table": [top-level fields]}; a later action sent against an older version is rebased '
            "over it when they share nothing (null on older entries: shares everything)."
        ),
        verbose_name=gettext_lazy("touched"),
    )
    checkpoint = FastJSONField(null=True, blank=True, verbose_name=gettext_lazy("checkpoint"))
    inverse = FastJSONField(null=True, blank=True, verbose_name=gettext_lazy("inverse"))
    forward = FastJSONField(null=True, blank=True, verbose_name=gettext_lazy("forward"))

    class Meta:
        ordering = ["table", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["table", "seq"], name="action_unique_seq"),
        ]
        # A page of the history is found by line number, whatever the log's length.
        indexes = [models.Index(fields=["table", "history_start"])]
        verbose_name = gettext_lazy("action")
        verbose_name_plural = gettext_lazy("actions")

    def __str__(self) -> str:
        kind: Any = self.payload.get("type") if isinstance(self.payload, dict) else self.kind
        return f"#{self.seq} {kind}"


class Touch(models.Model):
    """The last version that changed one stack, seat or table field of a table ("stack:o12",
    "seat:1", "table:step"; "all" for log entries kept before entries said what they touched).
    A stale action is rebased by looking up what it refers to here: one indexed query, however
    many versions behind it is (play/table/rebase.py)."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="touches", verbose_name=gettext_lazy("table")
    )
    key = models.CharField(max_length=120, verbose_name=gettext_lazy("key"))
    seq = models.PositiveIntegerField(verbose_name=gettext_lazy("seq"))

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "key"], name="touch_once")]
        verbose_name = gettext_lazy("touch")
        verbose_name_plural = gettext_lazy("touches")

    def __str__(self) -> str:
        return f"{self.table_id} {self.key} @{self.seq}"


class IdempotentAnswer(models.Model):
    """The first answer to a request sent with an `Idempotency-Key` header (API.md, second wave),
    stored in the transaction of the write it answers: a repeat returns it and changes nothing.

    Bounded: kept `services.IDEMPOTENCY_TTL`, at most `services.IDEMPOTENCY_KEYS` per user and
    table (the oldest go first), and pruned by a periodic job."""

    table = models.ForeignKey(
        Table, on_delete=models.CASCADE, related_name="+", verbose_name=gettext_lazy("table")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=gettext_lazy("user"),
    )
    key = models.CharField(max_length=200, verbose_name=gettext_lazy("key"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    answer = FastJSONField(verbose_name=gettext_lazy("answer"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["table", "user", "key"], name="idempotent_unique_key"),
        ]
        indexes = [models.Index(fields=["created_at"])]
        verbose_name = gettext_lazy("idempotent answer")
        verbose_name_plural = gettext_lazy("idempotent answers")

    def __str__(self) -> str:
        return f"{self.key} at {self.table_id}"


class Guest(models.Model):
    """A visitor playing without an account (`/play/new/`): a user with no usable password,
    signed in for this browser session only. Signing up or logging in moves their tables to the
    account (`guests.guest_claim`); an idle guest is deleted with its tables (`guests_prune`)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="guest",
        verbose_name=gettext_lazy("user"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        verbose_name = gettext_lazy("guest")
        verbose_name_plural = gettext_lazy("guests")

    def __str__(self) -> str:
        return f"guest {self.user_id}"


class PaletteToken(models.Model):
    """A token a player created or starred in one game: the create palette's favourites, recent
    tokens and "again" (the last creation, with its count). Kept per user, not per table, so a
    player's Treasures are one tap away at every table."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="palette_tokens",
        verbose_name=gettext_lazy("user"),
    )
    game = models.CharField(max_length=32, verbose_name=gettext_lazy("game"))
    token = models.CharField(
        max_length=100, verbose_name=gettext_lazy("token")
    )  # a catalogue token slug
    favourite = models.BooleanField(default=False, verbose_name=gettext_lazy("favourite"))
    last_count = models.PositiveIntegerField(default=1, verbose_name=gettext_lazy("last count"))
    used_at = models.DateTimeField(null=True, blank=True, verbose_name=gettext_lazy("used at"))

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game", "token"], name="palette_token_once")
        ]
        indexes = [models.Index(fields=["user", "game", "-used_at"], name="palette_recent")]
        verbose_name = gettext_lazy("palette token")
        verbose_name_plural = gettext_lazy("palette tokens")

    def __str__(self) -> str:
        return f"{self.user_id} {self.game} {self.token}"
