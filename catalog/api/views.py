"""Catalogue API (docs/API.md): anyone reads; staff create, update and delete through the
same endpoints. Views parse, call a selector or a service, and return its result."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, cast

from django.core.exceptions import ValidationError as DjangoValidationError
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers, status, viewsets
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import SAFE_METHODS, AllowAny, BasePermission
from rest_framework.request import Request
from rest_framework.response import Response

from catalog import selectors, services
from catalog.api.pagination import CappedPagination
from catalog.api.serializers import (
    CARD_EXAMPLE,
    CardChangeSerializer,
    CardSerializer,
    GameSerializer,
    TokenChangeSerializer,
    TokenSerializer,
)
from catalog.models import CardDefinition, Game, TokenDefinition
from catalog.search import suggest
from catalog.search.query import Query
from tokensite.api import BOOLEAN_WORDS, game_names, paginated, query_choice
from tokensite.parsers import BoundedJSONParser

T = TypeVar("T")


class IsStaffOrReadOnly(BasePermission):
    message = "Only staff can change the catalogue."

    def has_permission(self, request: Request, view: Any) -> bool:
        return request.method in SAFE_METHODS or bool(request.user and request.user.is_staff)


def _run(call: Callable[[], T]) -> T:
    """Run a service; its per-field ValidationError becomes a 400 naming API fields."""
    try:
        return call()
    except DjangoValidationError as exc:
        errors = (
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
        raise serializers.ValidationError(
            {("id" if key == "slug" else key): value for key, value in errors.items()}
        ) from None


MAKES = ["automated", "manual", "any"]


def _filters(request: Request, *names: str) -> dict[str, Any]:
    """The list's filters from the address; one with a fixed set of values (the schema's enum)
    is refused with a 400 when it holds anything else, the empty string included."""
    choices: dict[str, Sequence[str]] = {
        "game": game_names(),
        "color": selectors.COLOR_FILTERS,
        "predefined": BOOLEAN_WORDS,
        "makes": MAKES,
    }
    return {
        name: query_choice(request, name, choices[name])
        if name in choices
        else request.query_params.get(name)
        for name in names
    }


def _validated(
    serializer_class: type[serializers.Serializer[Any]], data: Any, partial: bool
) -> dict[str, Any]:
    serializer = serializer_class(data=data, partial=partial)
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


COMMON_PARAMS = [
    OpenApiParameter("game", OpenApiTypes.STR, description="mtg or riftbound"),
    OpenApiParameter(
        "q", OpenApiTypes.STR, description="Case-insensitive name match; exact matches first"
    ),
    OpenApiParameter(
        "type",
        OpenApiTypes.STR,
        description="A card type, subtype or supertype: Creature, Treasure",
    ),
    OpenApiParameter(
        "color",
        OpenApiTypes.STR,
        enum=selectors.COLOR_FILTERS,
        description="W, U, B, R, G, C (colorless), M (multicolored) or a Riftbound domain",
    ),
]
ID_PARAM = OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH, description="Stable id")


@extend_schema_view(
    list=extend_schema(summary="List the games", responses=GameSerializer(many=True)),
    retrieve=extend_schema(
        summary="One game",
        parameters=[OpenApiParameter("id", OpenApiTypes.STR, OpenApiParameter.PATH)],
    ),
)
class GameViewSet(viewsets.ReadOnlyModelViewSet):  # type: ignore[type-arg]
    serializer_class = GameSerializer
    queryset = Game.objects.all()
    lookup_url_kwarg = "id"


@extend_schema_view(
    list=extend_schema(
        summary="List and search token definitions",
        parameters=[
            *COMMON_PARAMS,
            OpenApiParameter("predefined", OpenApiTypes.BOOL, description="Rules-defined tokens"),
        ],
    ),
    retrieve=extend_schema(summary="One token definition", parameters=[ID_PARAM]),
    create=extend_schema(summary="Create a token definition (staff)"),
    update=extend_schema(
        summary="Replace a token definition (staff)",
        parameters=[ID_PARAM],
        request=TokenChangeSerializer,
    ),
    partial_update=extend_schema(
        summary="Change a token definition (staff)",
        parameters=[ID_PARAM],
        request=TokenChangeSerializer,
    ),
    destroy=extend_schema(summary="Delete a token definition (staff)", parameters=[ID_PARAM]),
)
class TokenViewSet(viewsets.GenericViewSet):  # type: ignore[type-arg]
    pagination_class = CappedPagination  # broad searches: counted up to a cap
    parser_classes = (BoundedJSONParser,)  # deep nesting: a 400, not a RecursionError (500)
    serializer_class = TokenSerializer
    permission_classes = (IsStaffOrReadOnly,)
    lookup_url_kwarg = "id"
    lookup_value_regex = "[^/]+"
    queryset = TokenDefinition.objects.none()

    def _token(self) -> TokenDefinition:
        return get_object_or_404(selectors.token_queryset(), slug=self.kwargs["id"])

    def list(self, request: Request) -> Response:
        params = _filters(request, "game", "predefined", "q", "type", "color")
        tokens = _run(lambda: selectors.token_list(**params))
        page = self.paginate_queryset(tokens) or []
        selectors.attach_creators(page)
        return self.get_paginated_response([selectors.token_api_payload(t) for t in page])

    def retrieve(self, request: Request, id: str) -> Response:
        return Response(selectors.token_api_payload(self._token()))

    def create(self, request: Request) -> Response:
        data = _validated(TokenSerializer, request.data, partial=False)
        slug = data.pop("id")
        token = _run(lambda: services.token_create(slug=slug, **data))
        return Response(selectors.token_api(token.slug), status=status.HTTP_201_CREATED)

    def _change(self, request: Request, partial: bool) -> Response:
        token = self._token()
        data = _validated(TokenChangeSerializer, request.data, partial=partial)
        if request.data.get("id", token.slug) != token.slug:
            raise serializers.ValidationError({"id": "Ids are stable: create a new token instead."})
        _run(lambda: services.token_update(token=token, curator=request.user, **data))
        return Response(selectors.token_api(token.slug))

    def update(self, request: Request, id: str) -> Response:
        return self._change(request, partial=False)

    def partial_update(self, request: Request, id: str) -> Response:
        return self._change(request, partial=True)

    def destroy(self, request: Request, id: str) -> Response:
        services.token_delete(token=self._token(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@extend_schema_view(
    list=extend_schema(
        summary="List and search cards",
        parameters=[
            *COMMON_PARAMS,
            OpenApiParameter(
                "makes",
                OpenApiTypes.STR,
                enum=MAKES,
                description=(
                    "Token makers only: `automated` (every token-making entry understood: the "
                    "table does it by itself or with one `make`), `manual` (some entry not "
                    "understood, left to the players) or `any`"
                ),
            ),
        ],
    ),
    retrieve=extend_schema(summary="One card", parameters=[ID_PARAM], examples=[CARD_EXAMPLE]),
    create=extend_schema(summary="Create a card (staff)"),
    update=extend_schema(
        summary="Replace a card (staff)", parameters=[ID_PARAM], request=CardChangeSerializer
    ),
    partial_update=extend_schema(
        summary="Change a card (staff)", parameters=[ID_PARAM], request=CardChangeSerializer
    ),
    destroy=extend_schema(summary="Delete a card (staff)", parameters=[ID_PARAM]),
)
class CardViewSet(viewsets.GenericViewSet):  # type: ignore[type-arg]
    pagination_class = CappedPagination  # broad searches: counted up to a cap
    parser_classes = (BoundedJSONParser,)  # deep nesting: a 400, not a RecursionError (500)
    serializer_class = CardSerializer
    permission_classes = (IsStaffOrReadOnly,)
    lookup_url_kwarg = "id"
    lookup_value_regex = "[^/]+"
    queryset = CardDefinition.objects.none()

    def _card(self) -> CardDefinition:
        return get_object_or_404(selectors.card_queryset(), slug=self.kwargs["id"])

    def _out(self, card: CardDefinition) -> dict[str, Any]:
        return selectors.card_api_payload(card)

    def list(self, request: Request) -> Response:
        params = _filters(request, "game", "q", "type", "color", "makes")
        cards = _run(lambda: selectors.card_results(**params))
        page = self.paginate_queryset(cast(Any, cards))  # CappedPagination pages any Results
        return self.get_paginated_response([self._out(c) for c in page or []])

    def retrieve(self, request: Request, id: str) -> Response:
        return Response(self._out(self._card()))

    def create(self, request: Request) -> Response:
        data = _validated(CardSerializer, request.data, partial=False)
        slug = data.pop("id")
        card = _run(lambda: services.card_create(slug=slug, **data))
        return Response(self._out(self._reload(card)), status=status.HTTP_201_CREATED)

    def _reload(self, card: CardDefinition) -> CardDefinition:
        return selectors.card_queryset().get(pk=card.pk)

    def _change(self, request: Request, partial: bool) -> Response:
        card = self._card()
        data = _validated(CardChangeSerializer, request.data, partial=partial)
        if request.data.get("id", card.slug) != card.slug:
            raise serializers.ValidationError({"id": "Ids are stable: create a new card instead."})
        _run(lambda: services.card_update(card=card, curator=request.user, **data))
        return Response(self._out(self._reload(card)))

    def update(self, request: Request, id: str) -> Response:
        return self._change(request, partial=False)

    def partial_update(self, request: Request, id: str) -> Response:
        return self._change(request, partial=True)

    def destroy(self, request: Request, id: str) -> Response:
        services.card_delete(card=self._card(), user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


@functools.partial(paginated, pagination=CappedPagination)
@extend_schema(
    methods=["GET"],
    parameters=[
        *COMMON_PARAMS,
        OpenApiParameter("predefined", OpenApiTypes.BOOL, description="Rules-defined tokens"),
    ],
    responses={200: OpenApiTypes.OBJECT},
    summary="Tokens and cards matching one search, in one list",
    description=(
        "Tokens first (a name search also finds the tokens the named cards make), then cards; "
        'each result has `"kind": "token" | "card"` and the token or card shape. A name search '
        'that finds nothing answers `"suggestions"`: close card and token names ("did you mean"). '
        "Broad searches are counted up to 1,000 matches: `count_exact` false means more than "
        "`count` match."
    ),
)
@api_view(["GET"])
@permission_classes([AllowAny])
def search(request: Request) -> Response:
    params = _filters(request, "game", "q", "type", "color", "predefined")
    query = params["q"] = Query(params["q"])  # one parse for the results and the suggestions
    found = _run(lambda: selectors.search_all(**params))
    paginator = CappedPagination()
    page = paginator.paginate_queryset(found, request)
    selectors.attach_creators([obj for kind, obj in page or [] if kind == "token"])
    if not page and query.is_plain:  # "did you mean": close card and token names
        suggestions = suggest.did_you_mean(query.text, params["game"] or None)
    else:
        suggestions = []
    response = paginator.get_paginated_response(
        [
            {"kind": "token", **selectors.token_api_payload(obj)}
            if kind == "token"
            else {"kind": "card", **selectors.card_api_payload(obj)}
            for kind, obj in page or []
        ]
    )
    response.data["suggestions"] = suggestions
    return response
