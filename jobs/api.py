"""Jobs API (docs/API.md, second wave): staff follow any job, others the jobs they started
(catalogue imports, catalog/importers/api.py; print jobs, catalog/printing/api.py).

GET  /api/v1/jobs/<id>/ -> {"id", "kind", "status", "progress", "detail", "result"}
GET  /api/v1/jobs/<id>/output/ -> the file the job made (a PDF)
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from django.http import FileResponse, Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.decorators import api_view, permission_classes
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response

from jobs.models import Job
from jobs.progress import job_progress
from jobs.selectors import job_visible
from tokensite.api import StrictCharField, StrictFloatField

JobSerializer = inline_serializer(
    "Job",
    {
        "id": serializers.UUIDField(),
        "kind": StrictCharField(),
        "status": serializers.ChoiceField(choices=Job.Status.values),
        "progress": StrictFloatField(),
        "detail": StrictCharField(),
        "result": serializers.JSONField(allow_null=True),
    },
)


def job_payload(job: Job) -> dict[str, Any]:
    progress, detail = job_progress(job)
    return {
        "id": str(job.pk),
        "kind": job.kind,
        "status": job.status,
        "progress": round(progress, 4),
        "detail": detail,
        "result": job.result,
    }


def _visible(request: Request, job_id: UUID) -> Job:
    job = job_visible(request.user, getattr(request, "session", None), job_id)
    if job is None:
        raise Http404("No such job.")
    return job


@extend_schema(responses={200: JobSerializer})
@api_view(["GET"])
@permission_classes([AllowAny])
def job_detail(request: Request, job_id: UUID) -> Response:
    """Staff see every job, others the jobs they started (404 for the rest)."""
    return Response(job_payload(_visible(request, job_id)))


@extend_schema(
    responses={
        (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The file"),
        404: OpenApiResponse(description="No such job, or it made no file (yet)"),
    }
)
@api_view(["GET"])
@permission_classes([AllowAny])
def job_output(request: Request, job_id: UUID) -> FileResponse:
    """What a finished job made (a print job's PDF), read from the storage."""
    job = _visible(request, job_id)
    if job.status != Job.Status.DONE or not job.output:
        raise Http404("This job has made no file.")
    try:
        stored = job.output.open("rb")
    except OSError:
        raise Http404("The job's file is gone (finished jobs are kept for a while only).") from None
    filename = job.output.name.rsplit("/", 1)[-1]
    return FileResponse(stored, as_attachment=True, filename=filename)
