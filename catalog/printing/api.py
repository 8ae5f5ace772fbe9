"""POST /api/v1/print/: token proxies as a PDF, from token ids and counts or from a decklist;
POST /api/v1/print/jobs/: the same, made in a background job."""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.negotiation import BaseContentNegotiation, DefaultContentNegotiation
from rest_framework.parsers import BaseParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.printing.background import print_start
from catalog.printing.decklist_tokens import decklist_tokens
from catalog.printing.jobs import MAX_COPIES, MAX_ITEMS, PrintError, job_pdf, print_job
from catalog.printing.layout import (
    BACKS,
    BLEED_RANGE,
    CORNERS,
    DOUBLE_FACED,
    GAP_RANGE,
    MARGIN_RANGE,
    PAPERS,
    SCALE_RANGE,
    PrintOptions,
)
from catalog.printing.printshop import print_shop_zip
from tokensite.api import StrictBooleanField, StrictCharField, StrictFloatField, StrictIntegerField
from tokensite.parsers import BoundedJSONParser

DEFAULTS = PrintOptions()


class FiniteFloatField(StrictFloatField):
    """A float that is a real number: "NaN" and "Infinity" are not lengths."""

    def to_internal_value(self, data: Any) -> float:
        value = float(super().to_internal_value(data))
        if not math.isfinite(value):
            self.fail("invalid")
        return value


class PrintItemSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = StrictCharField(max_length=120, help_text="Token id, e.g. mtg-treasure")
    count = StrictIntegerField(
        min_value=1, max_value=MAX_COPIES, default=1, help_text="Copies to print"
    )
    printing = StrictIntegerField(
        required=False,
        min_value=1,
        help_text="The printing (its id) whose art to print, where the token has several.",
    )


class PrintRequestSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """What to print (`items` or `decklist`, not both) and how to lay it out."""

    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"required": ["items"]}, {"required": ["decklist"]}]
    }

    items = serializers.ListField(
        child=PrintItemSerializer(),
        required=False,
        max_length=MAX_ITEMS,
        help_text=f"Tokens and counts; at most {MAX_ITEMS} tokens, {MAX_COPIES} copies in all.",
    )
    decklist = StrictCharField(
        required=False,
        max_length=50_000,
        help_text="A pasted decklist (MTG Arena, MTGO, plain '4 Name', Riftbound sections): "
        "prints the tokens its cards create, in the suggested quantities. Card names that "
        "match no card are listed in the X-Unknown-Cards response header.",
    )
    game = serializers.ChoiceField(
        choices=["mtg", "riftbound"],
        required=False,
        help_text="With `decklist`: match card names in this game only.",
    )
    paper = serializers.ChoiceField(choices=list(PAPERS), default=DEFAULTS.paper)
    gap_mm = FiniteFloatField(
        min_value=GAP_RANGE[0], max_value=GAP_RANGE[1], default=DEFAULTS.gap_mm
    )
    bleed_mm = FiniteFloatField(
        min_value=BLEED_RANGE[0],
        max_value=BLEED_RANGE[1],
        default=DEFAULTS.bleed_mm,
        help_text="Printed where it fits: at most half the gap between cards, never into the "
        "page margins.",
    )
    cut_marks = StrictBooleanField(default=DEFAULTS.cut_marks)
    corners = serializers.ChoiceField(choices=list(CORNERS), default=DEFAULTS.corners)
    scale_percent = FiniteFloatField(
        min_value=SCALE_RANGE[0],
        max_value=SCALE_RANGE[1],
        default=DEFAULTS.scale_percent,
        help_text="Compensates printers that shrink; check with /print/calibration/.",
    )
    margin_mm = FiniteFloatField(
        min_value=MARGIN_RANGE[0], max_value=MARGIN_RANGE[1], default=DEFAULTS.margin_mm
    )
    double_faced = serializers.ChoiceField(
        choices=list(DOUBLE_FACED),
        default=DEFAULTS.double_faced,
        help_text="duplex: back pages mirrored for long-edge flipping; side_by_side: both "
        "faces next to each other on the same page.",
    )

    art = StrictBooleanField(
        default=DEFAULTS.art,
        help_text="Each token's art where the catalogue has a picture: uploaded art, else the "
        "imported printing's picture (fetched once from the hosts in ART_FETCH_HOSTS).",
    )
    backs = serializers.ChoiceField(
        choices=list(BACKS),
        default=DEFAULTS.backs,
        help_text="none: fronts only; faces: the back face of double-faced tokens; plain: "
        "that, and a plain back behind every other card (duplex pages, mirrored).",
    )
    format = serializers.ChoiceField(
        choices=["pdf", "print-shop"],
        default="pdf",
        help_text="pdf: sheets to print at home; print-shop: a zip of one 300 dpi PNG per card "
        "with 1/8 inch bleed and a counts.csv, for online print shops.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        has_items, has_decklist = "items" in attrs, "decklist" in attrs
        if has_items == has_decklist:
            raise serializers.ValidationError("Send either `items` or `decklist`.")
        return attrs


ERROR = inline_serializer(
    "PrintError",
    fields={
        "error": StrictCharField(),
        "detail": StrictCharField(),
        "rule": StrictCharField(allow_null=True),
    },
)


class JsonNegotiation(BaseContentNegotiation):
    """Errors are always JSON, the success is always the PDF: a client that sends
    `Accept: application/pdf` gets its PDF (or a JSON error), never a 406."""

    def select_parser(self, request: Request, parsers: Iterable[BaseParser]) -> BaseParser | None:
        return DefaultContentNegotiation().select_parser(request, parsers)

    def select_renderer(
        self, request: Request, renderers: Iterable[BaseRenderer], format_suffix: str | None = None
    ) -> tuple[BaseRenderer, str]:
        renderer = next(iter(renderers))
        return renderer, renderer.media_type


class PrintView(APIView):
    permission_classes = [AllowAny]
    # Bounded body, and deep nesting is a 400 rather than a RecursionError (a 500).
    parser_classes = [BoundedJSONParser]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JsonNegotiation

    @extend_schema(
        summary="Print token proxies (PDF)",
        description="Cards of exactly 63 x 88 mm, 3 x 3 per A4 or Letter page, centred. The PDF "
        "asks viewers to print at 100 % (PrintScaling None). Errors: `empty_selection`, "
        "`unknown_token`, `too_many_copies`, `invalid` (out-of-range option), "
        "`layout_does_not_fit` (the cards do not fit the paper with these options).",
        request=PrintRequestSerializer,
        responses={
            (200, "application/pdf"): OpenApiResponse(OpenApiTypes.BINARY, description="The PDF"),
            (200, "application/zip"): OpenApiResponse(
                OpenApiTypes.BINARY,
                description="format print-shop: one 300 dpi PNG per card and counts.csv",
            ),
            400: OpenApiResponse(ERROR, description="Bad selection or options"),
            413: OpenApiResponse(ERROR, description="Request body over 64 KiB"),
        },
        examples=[
            OpenApiExample(
                "Tokens",
                value={"items": [{"token": "mtg-treasure", "count": 9}], "paper": "a4"},
                request_only=True,
            ),
            OpenApiExample(
                "Decklist",
                value={"decklist": "4 Smothering Tithe\n4 Young Pyromancer", "paper": "letter"},
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> HttpResponse:
        chosen = _selection(request)
        job = print_job(chosen.entries, chosen.options, chosen.printings)
        if chosen.format == "print-shop":
            response = HttpResponse(print_shop_zip(job), content_type="application/zip")
            response["Content-Disposition"] = 'attachment; filename="tokens-print-shop.zip"'
        else:
            response = HttpResponse(job_pdf(job), content_type="application/pdf")
            response["Content-Disposition"] = 'attachment; filename="tokens.pdf"'
        response["X-Sheets"] = str(job.sheets)
        if chosen.unknown:
            response["X-Unknown-Cards"] = json.dumps(chosen.unknown, ensure_ascii=True)
        return response


@dataclass(frozen=True)
class Selection:
    entries: list[tuple[str, int]]
    options: PrintOptions
    unknown: list[dict[str, Any]]
    printings: dict[str, int]
    format: str


def _selection(request: Request) -> Selection:
    """The tokens and counts, the options and the deck's unknown cards of a print request."""
    serializer = PrintRequestSerializer(data=request.data)
    serializer.is_valid(raise_exception=True)
    data = serializer.validated_data
    options = PrintOptions(
        **{name: data[name] for name in DEFAULTS.__dict__ if name in data},
    )
    unknown: list[dict[str, Any]] = []
    if "decklist" in data:
        needed = decklist_tokens(data["decklist"], game=data.get("game"))
        unknown = [{"line": u.line, "name": u.name} for u in needed.unknown]
        entries = [(t.token, t.suggested) for t in needed.tokens]
        if not entries:
            names = ", ".join(u["name"] for u in unknown[:10])
            detail = "None of the deck's cards creates a token in the catalogue."
            if names:
                detail += f" Unknown cards: {names}."
            raise PrintError(detail, code="empty_selection")
    else:
        entries = [(item["token"], item["count"]) for item in data["items"]]
    printings = {
        item["token"]: item["printing"] for item in data.get("items", []) if "printing" in item
    }
    return Selection(entries, options, unknown, printings, data["format"])


class PrintJobView(APIView):
    """The same request as /api/v1/print/, made in the background (for large prints)."""

    permission_classes = [IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        summary="Print token proxies in the background",
        description="Checks the request as `POST /api/v1/print/` does, then makes the PDF in a "
        "background job: follow it at `GET /api/v1/jobs/<id>/`; when done its `result` has "
        "`copies`, `sheets`, `pages`, `bytes`, `unknown` (the deck's unknown cards) and "
        "`download`, the URL of the PDF (`GET /api/v1/jobs/<id>/output/`).",
        request=PrintRequestSerializer,
        responses={
            202: OpenApiResponse(
                inline_serializer("PrintJobStarted", {"job": serializers.UUIDField()})
            ),
            400: OpenApiResponse(ERROR, description="Bad selection or options"),
        },
    )
    def post(self, request: Request) -> Response:
        chosen = _selection(request)
        if chosen.format != "pdf":
            raise PrintError(
                "Background prints make PDFs; ask /api/v1/print/ for the print-shop zip.",
                code="invalid_format",
            )
        # A bad selection is a 400 now, not a failed job later (pictures are fetched by the job).
        print_job(chosen.entries, replace(chosen.options, art=False))
        job = print_start(
            chosen.entries,
            chosen.options,
            user=request.user,
            unknown=chosen.unknown,
            printings=chosen.printings,
        )
        return Response({"job": str(job.pk)}, status=status.HTTP_202_ACCEPTED)
