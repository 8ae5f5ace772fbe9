"""Tables API views: parse, call a service or selector, answer. Errors go through tokensite.api."""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.decorators import (
    api_view,
    parser_classes,
    permission_classes,
    renderer_classes,
)
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from play.api.actions import ACTION_EXAMPLES, ACTION_SERIALIZERS
from play.api.serializers import (
    MAX_VERSION,
    ActionResponseSerializer,
    HistoryLineSerializer,
    InvitePreviewSerializer,
    JoinSerializer,
    LogEntrySerializer,
    SpectateSerializer,
    TableActionSerializer,
    TableCreateSerializer,
    TableStateSerializer,
    TableSummarySerializer,
    TableUpdateSerializer,
    UndoSerializer,
)
from play.models import Table
from play.table import selectors, services
from play.table.idempotency import KEY_PATTERN, MAX_KEY_LENGTH, Idempotency, Repeat, parse_key
from play.table.payloads import InvalidPayload
from tokensite.api import (
    DomainError,
    ErrorSerializer,
    Pagination,
    StrictIntegerField,
    game_names,
    paginated,
    query_choice,
)
from tokensite.parsers import BoundedJSONParser
from tokensite.renderers import FastJSONRenderer

SPECTATE = OpenApiParameter(
    "spectate", str, description="Spectator link token: read access without an account."
)
VIEW = OpenApiParameter(
    "view",
    str,
    enum=["state", "delta"],
    description="`delta`: answer with what changed (`delta`) instead of the whole `state`.",
)
ERRORS = {code: ErrorSerializer for code in (400, 403, 404, 409, 413, 422)}
IDEMPOTENCY_KEY = OpenApiParameter(
    "Idempotency-Key",
    {"type": "string", "maxLength": MAX_KEY_LENGTH, "pattern": KEY_PATTERN},
    location=OpenApiParameter.HEADER,
    required=False,
    description="Up to 200 printable ASCII characters, not starting or ending with a space. "
    "A repeat with the same key (same user, same "
    "table, within 24 hours) answers what the first request answered and changes nothing; "
    "the repeat carries the header `Idempotent-Replayed: true`. Only answers to writes are "
    "kept (a refused request changed nothing and may be sent again).",
)
CONFLICTS = (
    "An older `expected_version` is not an error by itself: the action is applied on top of "
    "the newer state when no action committed since touched what it refers to (its stacks, "
    "the seats whose life, pools or counters it changes, the turn and step for turn actions, "
    'a pending choice), and the answer says `"rebased_from": <the version sent>`. Otherwise '
    '409 with a `detail` in player words ("Ben tapped 2 Soldier Tokens first.").'
)


def _valid(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _account(request: Request) -> User:
    """The signed-in user of a view that requires authentication."""
    assert isinstance(request.user, User)  # IsAuthenticated let only accounts through
    return request.user


def _read_access(request: Request, table_id: str) -> tuple[Any, selectors.TableAccess]:
    return selectors.table_get_for_user(
        table_id=table_id,
        user=request.user,
        spectate_token=request.query_params.get("spectate"),
    )


def _wants_state(request: Request) -> bool:
    view = request.query_params.get("view", "state")
    if view not in ("state", "delta"):
        raise DomainError(
            _("Unknown view %(view)r; use state or delta.") % {"view": view}, code="invalid"
        )
    return view == "state"


def _answer_body(result: services.ActionResult, with_state: bool) -> dict[str, Any]:
    answer: dict[str, Any] = {"version": result.version, "events": result.events}
    if result.rebased_from is not None:
        answer["rebased_from"] = result.rebased_from
    if with_state:
        answer["state"] = result.state
    else:
        answer["delta"] = result.delta
    return answer


def _idempotency(request: Request, with_state: bool) -> Idempotency | None:
    key = parse_key(request.headers.get("Idempotency-Key"))
    if key is None:
        return None
    return Idempotency(key, lambda result: _answer_body(result, with_state))


def _action_answer(result: services.ActionResult | Repeat, with_state: bool) -> Response:
    if isinstance(result, Repeat):
        return Response(result.answer, headers={"Idempotent-Replayed": "true"})
    return Response(_answer_body(result, with_state))


def _check_action(action: Any) -> dict[str, Any]:
    """Shape checks with a clear 400; the client's dict goes on to the kernel unchanged."""
    if not isinstance(action, dict):
        raise InvalidPayload("The action must be a JSON object.")
    kind = action.get("type")
    serializer_class = ACTION_SERIALIZERS.get(kind) if isinstance(kind, str) else None
    if serializer_class is None:
        known = ", ".join(sorted(ACTION_SERIALIZERS))
        raise InvalidPayload(f"Unknown action type {kind!r}; known types: {known}.")
    _valid(serializer_class, action)
    return action


@paginated
@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("q", str, description="Case-insensitive name match, exact first."),
        OpenApiParameter("game", str, description="mtg or riftbound"),
    ],
    responses={200: TableSummarySerializer(many=True)},
    summary="My tables",
)
@extend_schema(
    methods=["POST"],
    request=TableCreateSerializer,
    responses={201: TableStateSerializer, **ERRORS},
    summary="Create a table",
)
@api_view(["GET", "POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def tables(request: Request) -> Response:
    """GET: the tables the caller owns, sits at or spectates. POST: a new table the caller owns."""
    if request.method == "GET":
        paginator = Pagination()
        page = paginator.paginate_queryset(
            selectors.table_list_for_user(
                user=request.user,
                q=request.query_params.get("q"),
                game=query_choice(request, "game", game_names()),
            ),
            request,
        )
        return paginator.get_paginated_response(
            [selectors.table_summary(table, request.user) for table in page or []]
        )
    data = _valid(TableCreateSerializer, request.data)
    game, name, players = data.pop("game"), data.pop("name"), data.pop("players")
    mode = data.pop("mode", Table.Mode.ENFORCE)
    table = services.table_create(
        owner=_account(request), game=game, name=name, players=players, options=data, mode=mode
    )
    table, access = selectors.table_get_for_user(table_id=table.id, user=request.user)
    return Response(selectors.table_state(table=table, access=access), status=201)


@extend_schema(
    methods=["GET"],
    parameters=[SPECTATE],
    responses={200: TableStateSerializer, 404: ErrorSerializer},
    summary="Table state",
)
@extend_schema(
    methods=["PATCH"],
    request=TableUpdateSerializer,
    responses={200: TableStateSerializer, **ERRORS},
    summary="Finish or abandon a table, or switch it between enforce and track (owner)",
)
@api_view(["GET", "PATCH"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticatedOrReadOnly])
def table_detail(request: Request, table_id: str) -> Response:
    if request.method == "PATCH":
        data = _valid(TableUpdateSerializer, request.data)
        if "status" in data:
            services.table_set_status(table_id=table_id, user=request.user, status=data["status"])
        if "mode" in data:
            services.table_set_mode(table_id=table_id, user=request.user, mode=data["mode"])
    table, access = _read_access(request, table_id)
    return Response(selectors.table_state(table=table, access=access))


@extend_schema(
    request=TableActionSerializer,
    parameters=[VIEW, IDEMPOTENCY_KEY],
    responses={200: ActionResponseSerializer, **ERRORS},
    examples=ACTION_EXAMPLES,
    summary="Act at a table",
    description="One action per request, run by the rules kernel in one transaction. "
    "400 malformed, 403 not your seat, 404 unknown table, 409 a conflict with an action "
    "committed since `expected_version` or a pending choice, 413 body too large, 422 illegal "
    "under the rules (with `rule`; a track-only table applies it with a `rules_warning` event "
    "instead). " + CONFLICTS,
)
@api_view(["POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def table_actions(request: Request, table_id: str) -> Response:
    with_state = _wants_state(request)
    idempotency = _idempotency(request, with_state)
    data = _valid(TableActionSerializer, request.data)
    action = _check_action(data["action"])
    version = data["expected_version"]
    result: services.ActionResult | Repeat
    if idempotency is None:
        result = services.table_apply_action(
            table_id=table_id, user=request.user, expected_version=version, action=action
        )
    else:
        result = services.table_apply_action(
            table_id=table_id,
            user=request.user,
            expected_version=version,
            action=action,
            idempotency=idempotency,
        )
    return _action_answer(result, with_state)


@extend_schema(
    request=UndoSerializer,
    parameters=[VIEW, IDEMPOTENCY_KEY],
    responses={200: ActionResponseSerializer, **ERRORS},
    summary="Undo the last action",
    description="Never rebased: with an older `expected_version` the last action is not the "
    "one the caller saw, so 409 with a `detail` saying what happened since.",
)
@api_view(["POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def table_undo(request: Request, table_id: str) -> Response:
    with_state = _wants_state(request)
    idempotency = _idempotency(request, with_state)
    data = _valid(UndoSerializer, request.data)
    version = data["expected_version"]
    result: services.ActionResult | Repeat
    if idempotency is None:
        result = services.table_undo(table_id=table_id, user=request.user, expected_version=version)
    else:
        result = services.table_undo(
            table_id=table_id, user=request.user, expected_version=version, idempotency=idempotency
        )
    return _action_answer(result, with_state)


@paginated
@extend_schema(
    parameters=[
        OpenApiParameter(
            "after",
            {"type": "integer", "minimum": 0, "maximum": MAX_VERSION},
            description="Only entries after this version.",
        ),
        SPECTATE,
    ],
    responses={200: LogEntrySerializer(many=True), 400: ErrorSerializer, 404: ErrorSerializer},
    summary="The action log, oldest first",
)
@api_view(["GET"])
@renderer_classes([FastJSONRenderer])
@permission_classes([AllowAny])
def table_log(request: Request, table_id: str) -> Response:
    table, _access = _read_access(request, table_id)
    after = StrictIntegerField(min_value=0, max_value=MAX_VERSION).run_validation(
        request.query_params.get("after", 0)
    )
    paginator = Pagination()
    # A window, not a queryset: each page is one range query (see selectors.LogWindow).
    log = cast(Any, selectors.LogWindow(table, after))
    page: list[Any] | None = paginator.paginate_queryset(log, request)
    players = selectors.table_player_names(table=table)
    entries = [selectors.action_entry(a, players) for a in page or []]
    return paginator.get_paginated_response(entries)


@paginated
@extend_schema(
    parameters=[SPECTATE],
    responses={200: HistoryLineSerializer(many=True), 404: ErrorSerializer},
    summary="The game as sentences, with the rule of each event",
)
@api_view(["GET"])
@renderer_classes([FastJSONRenderer])
@permission_classes([AllowAny])
def table_history(request: Request, table_id: str) -> Response:
    table, _access = _read_access(request, table_id)
    paginator = Pagination()
    history = cast(Any, selectors.HistoryWindow(table))
    page: list[Any] | None = paginator.paginate_queryset(history, request)
    return paginator.get_paginated_response(list(page or []))


@extend_schema(
    request=None,
    responses={200: TableStateSerializer, **ERRORS},
    summary="New invite and spectator links (owner); the old ones stop working",
)
@api_view(["POST"])
@renderer_classes([FastJSONRenderer])
@permission_classes([IsAuthenticated])
def table_rotate_links(request: Request, table_id: str) -> Response:
    services.table_rotate_links(table_id=table_id, user=request.user)
    table, access = _read_access(request, table_id)
    return Response(selectors.table_state(table=table, access=access))


@extend_schema(
    methods=["GET"],
    parameters=[OpenApiParameter("invite", str, required=True)],
    responses={200: InvitePreviewSerializer, 404: ErrorSerializer},
    summary="What an invite link offers: the table and its seats",
)
@extend_schema(
    methods=["POST"],
    request=JoinSerializer,
    responses={200: TableStateSerializer, **ERRORS},
    summary="Claim a seat through the invite link",
)
@api_view(["GET", "POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def table_join(request: Request) -> Response:
    if request.method == "GET":
        invite = request.query_params.get("invite", "")
        return Response(selectors.invite_preview(invite=invite))
    data = _valid(JoinSerializer, request.data)
    table = services.table_join(user=_account(request), invite=data["invite"], seat=data["seat"])
    table, access = selectors.table_get_for_user(table_id=table.id, user=request.user)
    return Response(selectors.table_state(table=table, access=access))


@extend_schema(
    request=SpectateSerializer,
    responses={200: TableStateSerializer, **ERRORS},
    summary="Follow a table through its spectator link",
)
@api_view(["POST"])
@renderer_classes([FastJSONRenderer])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def table_spectate(request: Request) -> Response:
    data = _valid(SpectateSerializer, request.data)
    table = services.table_spectate(user=_account(request), token=data["token"])
    table, access = selectors.table_get_for_user(table_id=table.id, user=request.user)
    return Response(selectors.table_state(table=table, access=access))
