"""A JSON parser that refuses huge bodies and absurd nesting with a 4xx instead of working on them.

DRF's JSONParser reads the whole request stream (Django's DATA_UPLOAD_MAX_MEMORY_SIZE only guards
`request.body`), and Python's decoder raises RecursionError on deep nesting, which would be a 500.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import IO, Any

from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_BODY_BYTES = 64 * 1024


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = f"The request body is larger than {MAX_BODY_BYTES} bytes."
    default_code = "payload_too_large"


def _refuse_constant(name: str) -> Any:
    raise ParseError(f"{name} is not valid JSON.")


class BoundedJSONParser(JSONParser):
    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        raw = stream.read(MAX_BODY_BYTES + 1) if stream is not None else b""
        if len(raw) > MAX_BODY_BYTES:
            raise PayloadTooLarge()
        try:
            return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
        except RecursionError:
            raise ParseError("The JSON is nested too deeply.") from None
        except (ValueError, UnicodeDecodeError) as exc:
            raise ParseError(f"JSON parse error - {exc}") from None
