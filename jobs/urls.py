from __future__ import annotations

from django.urls import URLPattern, path

from jobs import api

urlpatterns: list[URLPattern] = [
    path("api/v1/jobs/<uuid:job_id>/", api.job_detail, name="api-job"),
    path("api/v1/jobs/<uuid:job_id>/output/", api.job_output, name="api-job-output"),
]
