"""Collection and deck API (owner only; another user's item or deck is a 404). Views parse,
call a service or selector, and answer; errors go through tokensite.api."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response

from catalog.models import CardDefinition, TokenDefinition
from collection import selectors, services
from collection.api.serializers import (
    CSV_COLUMNS_DOC,
    BulkAddSerializer,
    CountSerializer,
    CsvImportSerializer,
    DeckCreateSerializer,
    DeckSerializer,
    DeckSummarySerializer,
    DeckUpdateSerializer,
    ItemCreateSerializer,
    ItemSerializer,
    ItemUpdateSerializer,
    LinesRejectedSerializer,
    PinnedTokensSerializer,
    StartedTableSerializer,
    StartTableSerializer,
    TotalsSerializer,
)
from collection.csvio import MAX_BYTES
from collection.errors import LinesRejected
from tokensite.api import (
    ErrorSerializer,
    NotFound,
    Pagination,
    error_response,
    game_names,
    paginated,
    paginated_list,
    query_choice,
)
from tokensite.parsers import BoundedJSONParser

ITEM_KINDS = ["card", "token"]

ERRORS = {code: ErrorSerializer for code in (400, 401, 403, 404)}
LIST_PARAMS = [
    OpenApiParameter("game", OpenApiTypes.STR, description="mtg or riftbound"),
    OpenApiParameter("q", OpenApiTypes.STR, description="Case-insensitive name match"),
]


def _valid(serializer_class: type[serializers.Serializer[Any]], data: Any) -> dict[str, Any]:
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


def _account(request: Request) -> User:
    assert isinstance(request.user, User)  # IsAuthenticated let only accounts through
    return request.user


def _lines(call: Callable[[], int]) -> Response:
    """Run an import; a rejected list answers 400 with every bad line (nothing was written)."""
    try:
        added = call()
    except LinesRejected as exc:
        lines = [line.to_data() for line in exc.lines]
        return error_response(exc.code, exc.detail, exc.status, None, lines=lines)
    return Response({"added": added}, status=201)


def _catalogue(model: type[CardDefinition] | type[TokenDefinition], slug: str) -> Any:
    found = model.objects.filter(slug=slug).first()
    if found is None:
        raise NotFound(
            _('No %(kind)s with id "%(id)s".') % {"kind": model._meta.verbose_name, "id": slug}
        )
    return found


@paginated
@extend_schema(
    methods=["GET"],
    parameters=[
        *LIST_PARAMS,
        OpenApiParameter("kind", OpenApiTypes.STR, enum=ITEM_KINDS, description="card or token"),
    ],
    responses={200: ItemSerializer(many=True), 401: ErrorSerializer},
    summary="My collection",
)
@extend_schema(
    methods=["POST"],
    request=ItemCreateSerializer,
    responses={201: ItemSerializer, **ERRORS},
    summary="Add a card or token to my collection (merges with the same printing)",
)
@api_view(["GET", "POST"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def collection(request: Request) -> Response:
    if request.method == "GET":
        items = selectors.collection_items(
            owner=request.user,
            game=query_choice(request, "game", game_names()),
            q=request.query_params.get("q"),
            kind=query_choice(request, "kind", ITEM_KINDS),
        )
        paginator = Pagination()
        page = paginator.paginate_queryset(items, request) or []
        return paginator.get_paginated_response([selectors.item_payload(i) for i in page])
    data = _valid(ItemCreateSerializer, request.data)
    card_slug, token_slug = data.pop("card", None), data.pop("token", None)
    item = services.collection_add(
        owner=_account(request),
        card=_catalogue(CardDefinition, card_slug) if card_slug else None,
        token=_catalogue(TokenDefinition, token_slug) if token_slug else None,
        **data,
    )
    return Response(selectors.item_payload(item), status=201)


@extend_schema(methods=["GET"], responses={200: ItemSerializer, **ERRORS}, summary="An item")
@extend_schema(
    methods=["PATCH"],
    request=ItemUpdateSerializer,
    responses={200: ItemSerializer, **ERRORS},
    summary="Change an item",
)
@extend_schema(methods=["DELETE"], responses={204: None, **ERRORS}, summary="Remove an item")
@api_view(["GET", "PATCH", "DELETE"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def collection_item(request: Request, item_id: int) -> Response:
    item = selectors.collection_item_get(owner=request.user, item_id=item_id)
    if request.method == "DELETE":
        services.collection_delete(item=item)
        return Response(status=204)
    if request.method == "PATCH":
        serializer = ItemUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        item = services.collection_update(item=item, **serializer.validated_data)
    return Response(selectors.item_payload(item))


@paginated
@extend_schema(
    responses={200: TotalsSerializer(many=True), 401: ErrorSerializer},
    summary="My collection's totals by game",
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def collection_totals(request: Request) -> Response:
    return paginated_list(request, selectors.collection_totals(owner=request.user))


@extend_schema(
    request=BulkAddSerializer,
    responses={201: CountSerializer, 400: LinesRejectedSerializer, 401: ErrorSerializer},
    summary="Add the cards of a pasted list to my collection (all or nothing)",
)
@api_view(["POST"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def collection_bulk(request: Request) -> Response:
    data = _valid(BulkAddSerializer, request.data)
    return _lines(
        lambda: services.collection_add_list(
            owner=_account(request), game=data["game"], text=data["list"], finish=data["finish"]
        )
    )


@extend_schema(
    request={"application/json": CsvImportSerializer, "multipart/form-data": CsvImportSerializer},
    responses={201: CountSerializer, 400: LinesRejectedSerializer, 401: ErrorSerializer},
    summary="Import a CSV into my collection (all or nothing)",
    description="A malformed file writes nothing and answers 400 with every bad line. "
    + CSV_COLUMNS_DOC,
)
@api_view(["POST"])
@parser_classes([BoundedJSONParser, MultiPartParser])
@permission_classes([IsAuthenticated])
def collection_import(request: Request) -> Response:
    data = _valid(CsvImportSerializer, request.data)
    if ("csv" in data) == ("file" in data):
        raise serializers.ValidationError("Give `csv` (text) or `file` (upload), exactly one.")
    if "file" in data and data["file"].size > MAX_BYTES:
        raise serializers.ValidationError("The file is larger than 5 MB.")
    text = data["csv"] if "csv" in data else _decode(data["file"].read())
    return _lines(lambda: services.collection_import_csv(owner=_account(request), text=text))


def _decode(raw: bytes) -> str:
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise serializers.ValidationError("The file is not UTF-8 text.") from None


@extend_schema(
    responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR), 401: ErrorSerializer},
    summary="Export my collection as CSV",
    description=CSV_COLUMNS_DOC,
)
@api_view(["GET"])
@permission_classes([IsAuthenticated])
def collection_export(request: Request) -> HttpResponse:
    response = HttpResponse(selectors.collection_csv(owner=request.user), content_type="text/csv")
    response["Content-Disposition"] = 'attachment; filename="collection.csv"'
    return response


@paginated
@extend_schema(
    methods=["GET"],
    parameters=LIST_PARAMS,
    responses={200: DeckSummarySerializer(many=True), 401: ErrorSerializer},
    summary="My decks",
)
@extend_schema(
    methods=["POST"],
    request=DeckCreateSerializer,
    responses={201: DeckSerializer, **ERRORS},
    summary="Create a deck from a pasted decklist",
)
@api_view(["GET", "POST"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def decks(request: Request) -> Response:
    if request.method == "GET":
        paginator = Pagination()
        found = selectors.deck_list(
            owner=request.user,
            game=query_choice(request, "game", game_names()),
            q=request.query_params.get("q"),
        )
        page = paginator.paginate_queryset(found, request) or []
        return paginator.get_paginated_response([selectors.deck_summary(d) for d in page])
    data = _valid(DeckCreateSerializer, request.data)
    deck = services.deck_create(owner=_account(request), **data)
    return Response(selectors.deck_payload(deck, owner=request.user), status=201)


@extend_schema(methods=["GET"], responses={200: DeckSerializer, **ERRORS}, summary="A deck")
@extend_schema(
    methods=["PATCH"],
    request=DeckUpdateSerializer,
    responses={200: DeckSerializer, **ERRORS},
    summary="Rename a deck or replace its list",
)
@extend_schema(methods=["DELETE"], responses={204: None, **ERRORS}, summary="Delete a deck")
@api_view(["GET", "PATCH", "DELETE"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def deck_detail(request: Request, deck_id: int) -> Response:
    deck = selectors.deck_get(owner=request.user, deck_id=deck_id)
    if request.method == "DELETE":
        services.deck_delete(deck=deck)
        return Response(status=204)
    if request.method == "PATCH":
        deck = services.deck_update(deck=deck, **_valid(DeckUpdateSerializer, request.data))
    return Response(selectors.deck_payload(deck, owner=request.user))


@extend_schema(
    request=StartTableSerializer,
    responses={201: StartedTableSerializer, **ERRORS},
    summary="Start a table from a deck, its tokens pinned in the battlefield palette",
)
@api_view(["POST"])
@parser_classes([BoundedJSONParser])
@permission_classes([IsAuthenticated])
def deck_start_table(request: Request, deck_id: int) -> Response:
    deck = selectors.deck_get(owner=request.user, deck_id=deck_id)
    data = _valid(StartTableSerializer, request.data)
    tokens = data.get("tokens")
    if tokens is None:
        tokens = [t["token"] for t in selectors.deck_tokens(deck, owner=request.user)]
    table = services.table_start_from_deck(
        deck=deck,
        owner=_account(request),
        name=data["name"],
        players=data["players"],
        tokens=tokens,
    )
    return Response(
        {"table": str(table.id), "pinned_tokens": selectors.table_pinned_tokens(table_id=table.id)},
        status=201,
    )


@extend_schema(
    parameters=[OpenApiParameter("spectate", str, description="Spectator link token")],
    responses={200: PinnedTokensSerializer, 404: ErrorSerializer},
    summary="The tokens pinned in a table's battlefield palette (whoever may read the table)",
)
@api_view(["GET"])
@permission_classes([AllowAny])
def table_pins(request: Request, table_id: str) -> Response:
    from play.table.selectors import table_get_for_user

    table, _ = table_get_for_user(
        table_id=table_id, user=request.user, spectate_token=request.query_params.get("spectate")
    )
    return Response(
        {"table": str(table.id), "tokens": selectors.table_pinned_tokens(table_id=table.id)}
    )
