"""API plumbing shared by every app: pagination and the one place domain errors become HTTP."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db.models import Case, IntegerField, Value, When
from django.http import Http404
from rest_framework import exceptions, serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

import rules  # noqa: F401  (registers every game system)
from rules.systems import all_systems


class Pagination(PageNumberPagination):
    """DRF's page numbers, with `page_size` held to the integer the schema declares: anything
    else is a 400 naming it (DRF fell back to the default size for "null" or "x" silently).
    A size above `max_page_size` is clamped to it, as DRF does."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Any) -> int:
        raw = request.query_params.get(self.page_size_query_param)
        if raw is None:
            return self.page_size
        if not raw.isascii() or not raw.isdigit() or not raw.strip("0"):
            message = "A page size is a whole number from 1."
            raise exceptions.ValidationError({self.page_size_query_param: [message]})
        # len() first: int() refuses strings of more than 4,300 digits.
        return self.max_page_size if len(raw) > 6 else min(int(raw), self.max_page_size)

    def get_page_number(self, request: Any, paginator: Any) -> Any:
        """The page as the schema's integer: digits only (DRF read an empty `page=` as 1 and
        took "last"); anything else is DRF's 404 for a page that isn't there."""
        raw = request.query_params.get(self.page_query_param)
        if raw is None:
            return 1
        if not raw.isascii() or not raw.isdigit():
            raise exceptions.NotFound("Invalid page: that page number is not an integer.")
        return raw


def game_names() -> list[str]:
    """The games a `game` parameter or field may name: the kernel's game systems (the schema's
    enum is made from the same list, tokensite/schema.py)."""
    return sorted(system.name for system in all_systems())


BOOLEAN_WORDS = ("true", "false")


def query_choice(request: Any, name: str, choices: Sequence[str]) -> str | None:
    """Query parameter `name` when it is one of `choices` (the schema's enum), None when it is
    absent; anything else, the empty string included, is a 400 naming it (a list filtered by an
    unknown game answered an empty page as if there were simply none)."""
    raw: str | None = request.query_params.get(name)
    if raw is None or raw in choices:
        return raw
    raise exceptions.ValidationError({name: [f"Use one of: {', '.join(choices)}."]})


def paginated_list(request: Any, items: Sequence[Any]) -> Response:
    """A list built in Python (not a queryset) answered in the paginated envelope."""
    paginator = Pagination()
    page = paginator.paginate_queryset(cast(Any, items), request)
    return paginator.get_paginated_response(list(page or []))


def paginated(view: Any, pagination: type[PageNumberPagination] = Pagination) -> Any:
    """Mark a function API view (`@api_view`) whose GET answers a list with `pagination`.

    The view paginates by itself; this tells drf-spectacular, so the schema shows the
    `{"count", "next", "previous", "results"}` envelope and the `page`/`page_size` parameters
    instead of a bare array."""
    view.cls.pagination_class = pagination
    return view


def name_match_rank(field: str, q: str) -> Case:
    """API.md's `q` order: exact name matches (case ignored) first, then names starting with
    `q`, then the other matches. Annotate with it and order by it before the list's own order."""
    return Case(
        When(**{f"{field}__iexact": q}, then=Value(0)),
        When(**{f"{field}__istartswith": q}, then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )


class StrictIntegerField(serializers.IntegerField):
    """An integer as the schema declares it: in a JSON body a string ("1") or a boolean is
    refused, as for every other type (DRF converted them). Form bodies carry nothing but
    strings, so there a numeric string is still read as DRF reads it."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or (isinstance(data, str) and _from_json(self)):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictFloatField(serializers.FloatField):
    """A number as the schema declares it: in a JSON body a string ("1.5") or a boolean is
    refused (DRF converted them); form bodies are read as DRF reads them."""

    def to_internal_value(self, data: Any) -> float:
        if isinstance(data, bool) or (isinstance(data, str) and _from_json(self)):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictCharField(serializers.CharField):
    """A string as the schema declares it: a number or a boolean is refused (DRF turned 0 into
    "0", so `"notes": 0` was saved as the text "0")."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A boolean as the schema declares it: JSON's true or false, and in a form body the words
    "true" or "false" (DRF also took 0, 1, "0", "1", "yes", "on" and more)."""

    FORM_VALUES = {"true": True, "false": False}

    def to_internal_value(self, data: Any) -> bool:
        if isinstance(data, bool):
            return data
        if isinstance(data, str) and not _from_json(self):
            value = self.FORM_VALUES.get(data.strip().lower())
            if value is not None:
                return value
        self.fail("invalid", input=data)


def _from_json(field: serializers.Field[Any, Any, Any, Any]) -> bool:
    # The JSON parser gives plain dicts; form and multipart parsers give QueryDicts.
    return type(getattr(field.root, "initial_data", None)) is dict


class ErrorSerializer(serializers.Serializer[Any]):
    """The JSON error body of every API (docs/API.md): what `exception_handler` answers."""

    error = serializers.CharField()
    detail = serializers.CharField()
    rule = serializers.CharField(allow_null=True)


class DomainError(Exception):
    """An error the service layer raises on purpose; mapped to HTTP by `exception_handler`.

    `code` is the machine-readable error code, `status` the HTTP status, `rule` the game rule
    the error cites (or None).
    """

    status = 400
    code = "invalid"

    def __init__(self, detail: str, *, rule: str | None = None, code: str | None = None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.rule = rule
        if code is not None:
            self.code = code


class Conflict(DomainError):
    status = 409
    code = "conflict"


class Forbidden(DomainError):
    status = 403
    code = "permission_denied"


class NotFound(DomainError):
    status = 404
    code = "not_found"


class RulesViolation(DomainError):
    status = 422
    code = "illegal_action"


def error_response(
    code: str, detail: str, http_status: int, rule: str | None = None, **extra: Any
) -> Response:
    return Response({"error": code, "detail": detail, "rule": rule, **extra}, status=http_status)


def _flatten(detail: Any) -> str:
    if isinstance(detail, dict):
        return "; ".join(f"{key}: {_flatten(value)}" for key, value in detail.items())
    if isinstance(detail, list):
        return " ".join(_flatten(item) for item in detail)
    return str(detail)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every API error is `{"error", "detail", "rule"}` (docs/API.md)."""
    if isinstance(exc, DomainError):
        return error_response(exc.code, exc.detail, exc.status, exc.rule)
    if isinstance(exc, DjangoValidationError):
        fields = (
            exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        )
        return error_response("invalid", _flatten(fields), 400, None, fields=fields)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        body: dict[str, Any] = {
            "error": "invalid",
            "detail": _flatten(exc.detail),
            "rule": None,
            "fields": exc.detail,
        }
    else:
        detail = getattr(exc, "detail", str(exc))
        code = getattr(exc, "default_code", "error")
        if response.status_code == status.HTTP_401_UNAUTHORIZED:
            code = "not_authenticated"
        body = {"error": code, "detail": _flatten(detail), "rule": None}
    response.data = body
    return response
