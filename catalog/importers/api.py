"""Catalogue imports through the API (docs/API.md, second wave): staff upload a file, the import
runs as a background job they follow at /api/v1/jobs/<id>/.

POST /api/v1/imports/  multipart `file`, `format` -> 202 {"job": "<id>"}
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.decorators import api_view, parser_classes, permission_classes
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAdminUser
from rest_framework.request import Request
from rest_framework.response import Response

from catalog.importers.admin_views import MAX_UPLOAD_BYTES
from catalog.importers.formats import FORMATS
from catalog.jobs import KIND as IMPORT_KIND
from jobs.services import job_start
from tokensite.api import StrictBooleanField


class ImportSerializer(serializers.Serializer[Any]):
    file = serializers.FileField()
    format = serializers.ChoiceField(choices=[f for f in FORMATS if f != "tokensite"])
    dry_run = StrictBooleanField(
        default=False, help_text="Write nothing; the job's changes list what it would change."
    )

    def validate_file(self, value: Any) -> Any:
        if (value.size or 0) > MAX_UPLOAD_BYTES:
            raise serializers.ValidationError(
                f"The file is larger than {MAX_UPLOAD_BYTES >> 20} MB."
            )
        return value


@extend_schema(
    request={"multipart/form-data": ImportSerializer},
    responses={
        202: OpenApiResponse(inline_serializer("JobStarted", {"job": serializers.UUIDField()}))
    },
)
@api_view(["POST"])
@permission_classes([IsAdminUser])
@parser_classes([MultiPartParser])
def imports(request: Request) -> Response:
    """Start a catalogue import of the uploaded file (written in one transaction, or not at all)."""
    serializer = ImportSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    upload = serializer.validated_data["file"]
    params = {
        "format": serializer.validated_data["format"],
        "dry_run": serializer.validated_data["dry_run"],
        "name": upload.name or "upload",
    }
    job = job_start(IMPORT_KIND, user=request.user, params=params, upload=upload)
    return Response({"job": str(job.pk)}, status=status.HTTP_202_ACCEPTED)
