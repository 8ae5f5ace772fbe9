"""Pages of our own in the admin site: added ahead of its own URLs (and its catch-all)."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import admin
from django.urls import URLPattern, URLResolver


def add_admin_pages(site: admin.AdminSite, pages: list[URLPattern]) -> None:
    """Serve ``pages`` (each view already wrapped in ``site.admin_view``) from ``site``."""
    original: Callable[[], list[URLPattern | URLResolver]] = site.get_urls

    def get_urls() -> list[URLPattern | URLResolver]:
        return [*pages, *original()]

    site.get_urls = get_urls  # type: ignore[method-assign]
