"""The OpenAPI schema as the contract clients (and schemathesis) check the API against: an
operation anyone may call says so, every error status a client can get is documented with the
error body, and query parameters carry the bounds the views enforce."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.test import RequestFactory
from drf_spectacular.openapi import AutoSchema
from rest_framework import serializers
from rest_framework.request import Request

from tokensite.api import game_names

# A character Python's str.strip() keeps (DRF trims with it): spelled out, because a schema
# pattern's \s is ECMA's, which differs (it has U+FEFF but not U+001C-U+001F or U+0085).
NOT_ONLY_SPACE = (
    r"[^\t\n\u000b\u000c\r\u001c-\u0020\u0085\u00a0\u1680"
    r"\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
)


class TokensiteAutoSchema(AutoSchema):
    def get_auth(self) -> list[dict[str, Any]]:
        """Public when the view's permissions let an anonymous request through (drf-spectacular
        only knows DRF's AllowAny and IsAuthenticatedOrReadOnly: the catalogue's reads were
        declared as needing authentication)."""
        auths: list[dict[str, Any]] = super().get_auth()
        if {} not in auths and self._anonymous_may_call():
            auths.append({})
        return auths

    def _map_basic_serializer(self, serializer: Any, direction: str) -> dict[str, Any]:
        """A request body's rules across its fields, which no field can say by itself: a
        serializer's `request_schema` (JSON Schema keywords such as `minProperties` or a
        `oneOf` of required fields) is added to its request component."""
        mapped = super()._map_basic_serializer  # drf-spectacular is untyped
        schema: dict[str, Any] = mapped(serializer, direction)  # type: ignore[no-untyped-call]
        extra = getattr(serializer, "request_schema", None)
        if direction == "request" and extra:
            schema.update(extra)
        return schema

    def _map_serializer_field(
        self, field: Any, direction: str, bypass_extensions: bool = False
    ) -> dict[str, Any]:
        """A string field that trims whitespace and may not be blank refuses "  " as it refuses
        "": the request schema says so (`pattern`: a non-space character somewhere). A file
        field that refuses an empty file says so too."""
        mapped = super()._map_serializer_field  # drf-spectacular is untyped
        schema: dict[str, Any] = mapped(field, direction, bypass_extensions)  # type: ignore[no-untyped-call]
        if (
            direction == "request"
            and isinstance(field, serializers.CharField)
            and field.trim_whitespace
            and not field.allow_blank
            and schema.get("type") == "string"
            and "pattern" not in schema
            and "enum" not in schema
        ):
            schema["pattern"] = NOT_ONLY_SPACE
        if (
            direction == "request"
            and isinstance(field, serializers.FileField)
            and not field.allow_empty_file
        ):
            schema["minLength"] = 1  # DRF refuses an empty file
        return schema

    def _anonymous_may_call(self) -> bool:
        request = Request(RequestFactory().generic(self.method, self.path))
        request.user = AnonymousUser()
        try:
            return all(p.has_permission(request, self.view) for p in self.view.get_permissions())
        except Exception:  # a permission that needs more of a request than this: not public
            return False


ERROR = {"$ref": "#/components/schemas/Error"}
# What any API operation may answer besides its own outcomes: a malformed parameter or body,
# credentials that are wrong or missing, no such object or no permission, an Accept header it
# can't honour, a throttle, the database briefly unreachable (tokensite/circuit.py).
COMMON_ERRORS = {
    "400": "Invalid input: a parameter or the body does not hold what the schema says.",
    "401": "The credentials sent are not valid (or needed and missing).",
    "403": "Not allowed for this user.",
    "404": "No such object, or not visible to this user; or a page past the last.",
    "405": "Method not allowed.",
    "406": "The Accept header asks for a format the API does not serve (it serves JSON).",
    "429": "Too many requests; retry after the time the Retry-After header gives.",
    "503": "Briefly unavailable (the database is unreachable); retry after Retry-After.",
}
BODY_ERRORS = {
    "413": "The body is larger than the API accepts.",
    "415": "The body's Content-Type is not one the API reads (JSON, form, multipart).",
}
WRITE_ERRORS = {
    "409": "Conflicts with the current state (in use elsewhere, a stale version, a closed table).",
}
RETRY_AFTER = {"Retry-After": {"schema": {"type": "integer"}, "description": "Seconds to wait."}}
PARAMETER_BOUNDS: dict[str, dict[str, Any]] = {
    "page": {"minimum": 1},
    "page_size": {"minimum": 1},
    "game": {"enum": game_names()},
}


def document_errors(result: dict[str, Any], **kwargs: Any) -> dict[str, Any]:
    """drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS)."""
    for path, operations in result.get("paths", {}).items():
        if not path.startswith("/api/"):
            continue
        for method, operation in operations.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            errors = {
                **COMMON_ERRORS,
                **(BODY_ERRORS if "requestBody" in operation else {}),
                **(WRITE_ERRORS if method != "get" else {}),
            }
            for status, description in errors.items():
                response = operation["responses"].setdefault(
                    status,
                    {
                        "description": description,
                        "content": {"application/json": {"schema": ERROR}},
                    },
                )
                if status in ("429", "503"):
                    response.setdefault("headers", RETRY_AFTER)
            _require_body_when_empty_is_refused(result, operation)
            for parameter in operation.get("parameters", []):
                bounds = PARAMETER_BOUNDS.get(parameter.get("name", ""))
                if bounds and parameter.get("in") == "query":
                    parameter.setdefault("schema", {}).update(bounds)
    return result


def _require_body_when_empty_is_refused(result: dict[str, Any], operation: dict[str, Any]) -> None:
    """A body whose component demands something (`minProperties`, or `oneOf` some fields) can't
    be left out: drf-spectacular marks a body required only when one of its fields is."""
    body = operation.get("requestBody")
    if not body:
        return
    components = result.get("components", {}).get("schemas", {})
    for media in body.get("content", {}).values():
        ref = media.get("schema", {}).get("$ref", "")
        component = components.get(ref.rsplit("/", 1)[-1], {})
        if "minProperties" in component or "oneOf" in component:
            body["required"] = True
