"""The catalogue lists' pages (`catalog.paging`) in the API's envelope: `count`, `next`,
`previous`, `results` as every list has them, plus `count_exact`: false when more than `count`
match (a broad search is counted only up to `paging.COUNT_CAP`)."""

from __future__ import annotations

from typing import Any, cast

from django.core.paginator import InvalidPage
from django.db.models import QuerySet
from rest_framework.exceptions import NotFound
from rest_framework.response import Response

from catalog import paging
from tokensite.api import Pagination


class CappedPagination(Pagination):
    def paginate_queryset(self, queryset: Any, request: Any, view: Any = None) -> list[Any]:
        self.request = request
        found = paging.Queried(queryset) if isinstance(queryset, QuerySet) else queryset
        size = self.get_page_size(request) or self.page_size
        try:
            number = paging.page_number(request.query_params.get(self.page_query_param))
            # A list without a search is counted exactly; a search up to the cap.
            searching = bool((request.query_params.get("q") or "").strip())
            self.capped = paging.page_of(found, number, size, exact=not searching)
        except InvalidPage as exc:
            raise NotFound(f"Invalid page: {exc}") from None
        self.page = cast(Any, self.capped)  # DRF's links read has_next(), next_page_number()
        return self.capped.object_list

    def get_paginated_response(self, data: Any) -> Response:
        response = super().get_paginated_response(data)
        response.data["count_exact"] = self.capped.paginator.count_exact
        return response

    def get_paginated_response_schema(self, schema: dict[str, Any]) -> dict[str, Any]:
        envelope = super().get_paginated_response_schema(schema)
        envelope["properties"]["count_exact"] = {
            "type": "boolean",
            "description": "False when more than `count` match (counted up to a cap).",
        }
        return envelope
