from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from catalog.printing import api, views

urlpatterns: list[URLPattern | URLResolver] = [
    path("print/", views.print_page, name="print-page"),
    path("print/basket/", views.basket_update, name="print-basket"),
    path("print/basket/add/", views.basket_add_many, name="print-basket-add"),
    path("print/decklist/", views.decklist, name="print-decklist"),
    path("print/preview/", views.preview, name="print-preview"),
    path("print/pdf/", views.pdf, name="print-pdf"),
    path("print/jobs/", views.print_job_start, name="print-job-start"),
    path("print/jobs/<uuid:job_id>/", views.print_job_page, name="print-job"),
    path("print/shop/", views.print_shop, name="print-shop"),
    path("print/printings/<int:printing_id>/art/", views.printing_art, name="print-printing-art"),
    path("print/calibration/", views.calibration, name="print-calibration"),
    path("api/v1/print/", api.PrintView.as_view(), name="api-print"),
    path("api/v1/print/jobs/", api.PrintJobView.as_view(), name="api-print-jobs"),
]
