"""Curation over the API (docs/API.md, third wave).

GET  /api/v1/jobs/<id>/changes/?action=create|update|delete|skip|problem|match|unchanged   (staff)
POST /api/v1/jobs/<id>/revert/                                             (staff) -> 202
GET  /api/v1/tokens/<id>/history/, /api/v1/cards/<id>/history/
POST /api/v1/tokens/<id>/history/<entry>/revert/, .../cards/...            (staff)
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny, IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response

from catalog.history import entries as history_entries
from catalog.history.revert import NotRevertible, revert_start
from catalog.history.selectors import ACTIONS, change_payload, changes
from catalog.models import CardDefinition, TokenDefinition
from jobs.models import Job
from tokensite.api import (
    Conflict,
    NotFound,
    Pagination,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
    paginated,
)


def _fields() -> serializers.DictField:
    return serializers.DictField(
        child=serializers.ListField(), help_text="{field: [old value, new value]}"
    )


CHANGES = inline_serializer(
    "ImportChange",
    {
        "kind": serializers.ChoiceField(
            choices=["card", "token", "printing", "relation", "printed_name", "reference", "record"]
        ),
        "id": StrictCharField(help_text="A slug for cards and tokens, else the row's id"),
        "name": StrictCharField(),
        "action": serializers.ChoiceField(choices=list(ACTIONS)),
        "fields": _fields(),
        "problem": StrictCharField(allow_null=True),
    },
    many=True,
)
ENTRIES = inline_serializer(
    "HistoryEntry",
    {
        "id": StrictCharField(),
        "at": serializers.DateTimeField(),
        "by": StrictCharField(allow_null=True),
        "source": serializers.ChoiceField(choices=["admin", "api", "import"]),
        "job": serializers.UUIDField(allow_null=True),
        "fields": _fields(),
        "kind": StrictCharField(help_text="token, back, printing, relation, printed_name"),
        "object": StrictIntegerField(),
        "name": StrictCharField(),
        "type": serializers.ChoiceField(choices=["create", "update", "delete"]),
        "revertible": StrictBooleanField(),
    },
    many=True,
)
JobStarted = inline_serializer("RevertStarted", {"job": serializers.UUIDField()})


@extend_schema(
    parameters=[OpenApiParameter("action", OpenApiTypes.STR, enum=list(ACTIONS))],
    responses={200: CHANGES},
)
@paginated
@api_view(["GET"])
@permission_classes([IsAdminUser])
def job_changes(request: Request, job_id: UUID) -> Response:
    """What an import's dry run would write, or an applied import wrote, record by record."""
    job = get_object_or_404(Job, pk=job_id)
    action = request.query_params.get("action") or None
    if action is not None and action not in ACTIONS:
        raise serializers.ValidationError({"action": [f"Use one of {', '.join(ACTIONS)}."]})
    paginator = Pagination()
    page = paginator.paginate_queryset(changes(job.pk, action), request)
    return paginator.get_paginated_response([change_payload(c) for c in page or []])


@extend_schema(request=None, responses={202: JobStarted, 409: OpenApiResponse()})
@api_view(["POST"])
@permission_classes([IsAdminUser])
def job_revert(request: Request, job_id: UUID) -> Response:
    """Revert an applied import: what it created goes, what it changed gets its old values;
    rows changed since are kept (the revert job's result lists them)."""
    job = get_object_or_404(Job, pk=job_id)
    try:
        started = revert_start(job, request.user)
    except NotRevertible as exc:
        raise Conflict(str(exc), code="not_revertible") from None
    return Response({"job": str(started.pk)}, status=status.HTTP_202_ACCEPTED)


def _definition(model: type[TokenDefinition] | type[CardDefinition], slug: str) -> Any:
    return get_object_or_404(model, slug=slug)


def _history(model: Any, slug: str) -> Response:
    return Response(history_entries.entries(_definition(model, slug)))


def _revert(request: Request, model: Any, slug: str, entry: str) -> Response:
    definition = _definition(model, slug)
    try:
        done = history_entries.revert_entry(definition, entry, request.user)
    except history_entries.NoSuchEntry as exc:
        raise NotFound(str(exc)) from None
    except history_entries.EntryError as exc:
        raise Conflict(str(exc), code="not_revertible") from None
    return Response({"done": done, "history": history_entries.entries(definition)})


@extend_schema(responses={200: ENTRIES})
@api_view(["GET"])
@permission_classes([AllowAny])
def token_history(request: Request, id: str) -> Response:
    """Every recorded change of the token, its back face, printings, creators and printed names."""
    return _history(TokenDefinition, id)


@extend_schema(responses={200: ENTRIES})
@api_view(["GET"])
@permission_classes([AllowAny])
def card_history(request: Request, id: str) -> Response:
    """Every recorded change of the card, the tokens it makes and its printed names."""
    return _history(CardDefinition, id)


@extend_schema(request=None, responses={200: OpenApiResponse(), 409: OpenApiResponse()})
@api_view(["POST"])
@permission_classes([IsAdminUser])
def token_history_revert(request: Request, id: str, entry: str) -> Response:
    """Restore the old values of one entry of the token's history (staff)."""
    return _revert(request, TokenDefinition, id, entry)


@extend_schema(request=None, responses={200: OpenApiResponse(), 409: OpenApiResponse()})
@api_view(["POST"])
@permission_classes([IsAdminUser])
def card_history_revert(request: Request, id: str, entry: str) -> Response:
    """Restore the old values of one entry of the card's history (staff)."""
    return _revert(request, CardDefinition, id, entry)
