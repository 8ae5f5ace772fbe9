"""Request parsing and response documentation for the tables API."""

from __future__ import annotations

from typing import Any, ClassVar

from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema_field
from rest_framework import serializers

from play.api.actions import ACTION_SERIALIZERS, MAX_COUNT
from play.models import Table
from play.table.services import MAX_PLAYERS
from tokensite.api import StrictBooleanField, StrictCharField, StrictIntegerField, game_names

# Versions are PositiveIntegerField values: anything above fits no database column.
MAX_VERSION = 2**31 - 1

ACTION_SCHEMA = PolymorphicProxySerializer(
    component_name="Action",
    serializers=ACTION_SERIALIZERS,  # type: ignore[arg-type]
    resource_type_field_name="type",
)


@extend_schema_field(ACTION_SCHEMA)
class ActionField(serializers.JSONField):
    """Any JSON object here; checked against the serializer of its `type` by the view."""


class TableCreateSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=game_names(), help_text='"mtg" or "riftbound".')
    name = StrictCharField(max_length=100)
    players = serializers.ListField(
        child=StrictCharField(max_length=100),
        min_length=1,
        max_length=MAX_PLAYERS,
        help_text="Seat names, in seat order.",
    )
    starting_life = StrictIntegerField(
        required=False, min_value=1, max_value=MAX_COUNT, help_text="Default 20 (40: Commander)."
    )
    hand = StrictIntegerField(required=False, min_value=0, max_value=1000, help_text="Default 7.")
    library = StrictIntegerField(
        required=False, min_value=0, max_value=100_000, help_text="Default 53."
    )
    battlefields = serializers.ListField(
        child=StrictCharField(max_length=100),
        required=False,
        min_length=1,
        max_length=16,
        help_text="Riftbound: battlefield names (default one per player).",
    )
    mode = serializers.ChoiceField(
        choices=Table.Mode.choices,
        required=False,
        help_text="`enforce` (default): the rules refuse an illegal action (422). `track`: it "
        'is applied and its events include {"type": "rules_warning", "rule": ...}.',
    )


class TableActionSerializer(serializers.Serializer[Any]):
    expected_version = StrictIntegerField(
        min_value=0,
        max_value=MAX_VERSION,
        help_text="The version the client acts on; 409 when the table moved on.",
    )
    action = ActionField(
        help_text=f"One action; `count` and amounts are at most {MAX_COUNT} (MAX_COUNT)."
    )


class UndoSerializer(serializers.Serializer[Any]):
    expected_version = StrictIntegerField(min_value=0, max_value=MAX_VERSION)


class JoinSerializer(serializers.Serializer[Any]):
    invite = StrictCharField(max_length=64, help_text="The token of the invite link.")
    seat = StrictIntegerField(min_value=0, max_value=63, help_text="The seat to claim.")


class SpectateSerializer(serializers.Serializer[Any]):
    token = StrictCharField(max_length=64, help_text="The token of the spectator link.")


class TableUpdateSerializer(serializers.Serializer[Any]):
    # validate() refuses a body that changes nothing.
    request_schema: ClassVar[dict[str, Any]] = {"minProperties": 1}

    status = serializers.ChoiceField(choices=Table.Status.choices, required=False)
    mode = serializers.ChoiceField(
        choices=Table.Mode.choices,
        required=False,
        help_text="Owner: `enforce` the rules or `track` only (record, warn, never refuse).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError("Send status or mode.")
        return attrs


class SeatSummarySerializer(serializers.Serializer[Any]):
    seat = StrictIntegerField()
    name = StrictCharField()
    user = StrictCharField(allow_null=True)


class TableSummarySerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    game = StrictCharField()
    name = StrictCharField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    version = StrictIntegerField()
    owner = StrictCharField()
    role = serializers.ChoiceField(choices=["owner", "player", "spectator"])
    seats = SeatSummarySerializer(many=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class EventSerializer(serializers.Serializer[Any]):
    type = StrictCharField(
        help_text='"token_created", "ceased_to_exist", "died", ...; at a track-only table, '
        '"rules_warning" for what the rules forbid (with `rule`, `detail` and `applied`: '
        "whether the action went on or changed nothing)."
    )
    text = StrictCharField(help_text="A sentence for the log.")
    rule = StrictCharField(allow_null=True, help_text='The rule followed, e.g. "704.5d".')


class TableStateSerializer(serializers.Serializer[Any]):
    """The table state of docs/API.md plus name, status, the caller's access and links."""

    id = serializers.UUIDField()
    game = StrictCharField()
    version = StrictIntegerField()
    turn = StrictIntegerField()
    active_seat = StrictIntegerField()
    step = StrictCharField()
    seats = serializers.ListField(child=serializers.DictField())
    objects = serializers.ListField(child=serializers.DictField(), help_text="Stacks of objects.")
    battlefields = serializers.ListField(child=serializers.DictField())
    pending_choice = serializers.DictField(allow_null=True)
    name = StrictCharField()
    status = serializers.ChoiceField(choices=Table.Status.choices)
    mode = serializers.ChoiceField(choices=Table.Mode.choices)
    owner = StrictCharField()
    you = serializers.DictField(help_text='{"role": "owner"|"player"|"spectator", "seats": [...]}')
    links = serializers.DictField(
        help_text='{"invite": token (owner only), "spectate": token (owner and players)}'
    )
    claimed_by = serializers.DictField(help_text="Seat number -> username of who claimed it.")


class DeltaSerializer(serializers.Serializer[Any]):
    objects = serializers.ListField(
        child=serializers.DictField(), help_text="Stacks added or changed, as in `state`."
    )
    removed = serializers.ListField(child=StrictCharField(), help_text="Stack ids gone.")
    seats = serializers.ListField(child=serializers.DictField(), help_text="Seats that changed.")
    table = serializers.DictField(
        help_text="Top-level fields that changed: turn, step, active_seat, pending_choice, ..."
    )


class ActionResponseSerializer(serializers.Serializer[Any]):
    version = StrictIntegerField()
    rebased_from = StrictIntegerField(
        required=False,
        help_text="Present when `expected_version` was older than the table and the action was "
        "applied on top of the newer state (no commit since touched its stacks, the seats it "
        "changes, the turn and step for turn actions, or a pending choice): the version sent. "
        "`delta` is still from `version` - 1; the commits in between come as their own updates "
        "(websocket, log).",
    )
    events = EventSerializer(many=True)
    state = TableStateSerializer(required=False, help_text="Absent with `?view=delta`.")
    delta = DeltaSerializer(
        required=False, help_text="Only with `?view=delta`: what changed since `version` - 1."
    )


class LogEntrySerializer(serializers.Serializer[Any]):
    seq = StrictIntegerField(help_text="The version this entry produced.")
    kind = serializers.ChoiceField(choices=["action", "undo"])
    actor = StrictCharField(allow_null=True)
    seat = StrictIntegerField(allow_null=True, help_text="Whose action it was.")
    action = serializers.DictField(help_text="As run, with catalogue definitions embedded.")
    events = EventSerializer(many=True)
    undone_by = StrictIntegerField(allow_null=True, help_text="The undo entry, if undone.")
    created_at = serializers.DateTimeField()


class HistoryLineSerializer(serializers.Serializer[Any]):
    seq = StrictIntegerField()
    actor = StrictCharField(allow_null=True)
    type = StrictCharField()
    text = StrictCharField()
    rule = StrictCharField(allow_null=True)
    undone = StrictBooleanField()
    at = serializers.DateTimeField()


class InvitePreviewSerializer(serializers.Serializer[Any]):
    id = serializers.UUIDField()
    name = StrictCharField()
    game = StrictCharField()
    owner = StrictCharField()
    seats = SeatSummarySerializer(many=True)
