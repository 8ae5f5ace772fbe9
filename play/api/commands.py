"""The command line's API: a typed phrase ("attack ben with 10 goblin", "life") runs as the
action it says, answers a question, or offers its readings by number (play/table/commands.py).
Same services, permissions and errors as the actions endpoint; no write path of its own."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    renderer_classes,
)
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from play.api.serializers import MAX_VERSION, EventSerializer
from play.table.commands import MAX_TEXT, command_run
from tokensite.api import ErrorSerializer, StrictCharField, StrictIntegerField
from tokensite.parsers import BoundedJSONParser
from tokensite.renderers import FastJSONRenderer

KINDS = ("done", "undone", "answer", "options")


class CommandSerializer(serializers.Serializer[Any]):
    text = StrictCharField(
        max_length=MAX_TEXT,
        help_text='The phrase, in the caller\'s language or English: "3 treasure", "tap 4 '
        'soldier", "counter +1 on 2 soldier", "attack ben with 10 goblin", "block goblin with '
        'wolf", "damage 3 to wolf", "next", "undo", "life +3"; questions: "life", "combat", '
        '"stack", "last", "pending", "repeat".',
    )
    expected_version = StrictIntegerField(
        min_value=0,
        max_value=MAX_VERSION,
        required=False,
        help_text="Needed when the phrase acts (as for the actions endpoint); questions don't.",
    )
    choice = StrictIntegerField(
        min_value=1,
        max_value=9,
        required=False,
        help_text="The number of the reading meant, when the same text offered `options`.",
    )
    focus = StrictCharField(
        max_length=32, required=False, help_text='The stack the "stack" question is about.'
    )


class CommandOptionSerializer(serializers.Serializer[Any]):
    number = StrictIntegerField()
    label = StrictCharField()  # type: ignore[assignment]  # a field, not Field.label
    action = serializers.DictField()


class CommandResponseSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=KINDS,
        help_text="done: the action ran; undone: the last action was taken back; answer: a "
        "question's answer; options: the phrase could mean several actions, send it again "
        "with `choice`.",
    )
    said = StrictCharField(help_text="One sentence for the player, without rule numbers.")
    action = serializers.DictField(required=False, help_text="The action that ran (done).")
    version = StrictIntegerField(required=False)
    events = EventSerializer(many=True, required=False)
    options = CommandOptionSerializer(many=True, required=False)


@extend_schema(
    request=CommandSerializer,
    responses={
        200: CommandResponseSerializer,
        **{c: ErrorSerializer for c in (400, 403, 404, 409, 422)},
    },
    summary="Say a command at a table",
    description="A typed phrase read from the game's action registry (every action by its label, "
    "names matched as the palette matches them, printed names too) runs through the same "
    "service as the actions and undo endpoints, or answers a question. 400 `not_understood` "
    'says what could have been meant ("Did you mean: Soldier Token?"); other errors as for '
    "the actions endpoint.",
    examples=[
        OpenApiExample("Create", value={"text": "3 treasure", "expected_version": 4}),
        OpenApiExample(
            "Attack", value={"text": "attack ben with 10 goblin", "expected_version": 9}
        ),
        OpenApiExample("Question", value={"text": "life"}),
        OpenApiExample(
            "A reading", value={"text": "damage 1 to goblin", "expected_version": 9, "choice": 2}
        ),
    ],
)
@api_view(["POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def table_command(request: Request, table_id: str) -> Response:
    serializer = CommandSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    outcome = command_run(
        table_id=table_id,
        user=request.user,
        text=data["text"],
        expected_version=data.get("expected_version"),
        choice=data.get("choice"),
        focus=data.get("focus"),
    )
    body: dict[str, Any] = {"kind": outcome.kind, "said": outcome.said}
    if outcome.result is not None:
        body |= {"version": outcome.result.version, "events": outcome.result.events}
    if outcome.action is not None:
        body["action"] = outcome.action
    if outcome.options:
        body["options"] = outcome.options
    return Response(body)
