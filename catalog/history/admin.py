"""The admin's History page of a token or a card: every recorded change of it and of what
belongs to it, with each field's old and new value, who, when and from where (an import names
its job); a button reverts any entry, another hands a curated definition back to the importers.

A mixin for the catalogue's ModelAdmins (catalog/admin.py's CuratedAdmin)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import URLPattern, path, reverse
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_POST

from catalog.history import entries as history_entries
from catalog.history.admin_views import KIND_LABELS, shown
from catalog.history.changes import field_labels
from catalog.services import mark_curated

SOURCE_LABELS = {
    "admin": gettext_lazy("admin"),
    "api": gettext_lazy("API"),
    "import": gettext_lazy("import"),
}
TYPE_LABELS = {
    "create": gettext_lazy("created"),
    "update": gettext_lazy("changed"),
    "delete": gettext_lazy("deleted"),
}
DONE_MESSAGES = {
    "removed": gettext_lazy("The entry was reverted: the row it created was removed."),
    "restored": gettext_lazy("The entry was reverted: the deleted row is back."),
    "reverted": gettext_lazy("The entry was reverted: its fields have their old values."),
}


# Ids an entry's own name already says (the token a printing belongs to, a relation's ends).
IMPLIED = frozenset({"token_id", "card_id", "reference_id", "game_id", "curated_by_id"})


class HistoryAdminMixin:
    """History with values, revert and release for a ModelAdmin of a curated definition."""

    model: Any
    admin_site: admin.AdminSite

    def _url_name(self, what: str) -> str:
        return f"{self.model._meta.app_label}_{self.model._meta.model_name}_{what}"

    def get_urls(self) -> list[URLPattern]:
        wrap = self.admin_site.admin_view
        own = [
            path(
                "<path:object_id>/history/<str:entry>/revert/",
                wrap(require_POST(self.history_revert_view)),
                name=self._url_name("history_revert"),
            ),
            path(
                "<path:object_id>/release/",
                wrap(require_POST(self.release_view)),
                name=self._url_name("release"),
            ),
        ]
        inherited: list[URLPattern] = super().get_urls()  # type: ignore[misc]
        return own + inherited

    def _definition(self, request: HttpRequest, object_id: str, change: bool = False) -> Any:
        obj = self.get_object(request, object_id)  # type: ignore[attr-defined]
        if obj is None:
            raise Http404("No such record.")
        allowed = (
            self.has_change_permission(request, obj)  # type: ignore[attr-defined]
            if change
            else self.has_view_or_change_permission(request, obj)  # type: ignore[attr-defined]
        )
        if not allowed:
            raise PermissionDenied
        return obj

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        """A changed form is curated in the same save, so its history entry says who curated
        it; the admin's later curated stamp (CuratedAdmin.save_related) then adds no entry."""
        marked = change and form.has_changed()
        if marked:
            mark_curated(obj, request.user)
        super().save_model(request, obj, form, change)  # type: ignore[misc]
        if marked:
            obj.skip_history_when_saving = True

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        obj = self._definition(request, object_id)
        can_change = self.has_change_permission(request, obj)  # type: ignore[attr-defined]
        labels = field_labels()
        rows = [
            {
                **entry,
                "kind_label": KIND_LABELS.get(entry["kind"], entry["kind"]),
                "source_label": SOURCE_LABELS.get(entry["source"], entry["source"]),
                "type_label": TYPE_LABELS.get(entry["type"], entry["type"]),
                "when": parse_datetime(entry["at"]),
                "shown": [
                    (labels.get(f, f), shown(old), shown(new))
                    for f, (old, new) in entry["fields"].items()
                    if f not in IMPLIED
                ],
                "revert_url": reverse(
                    f"admin:{self._url_name('history_revert')}", args=[obj.pk, entry["id"]]
                )
                if can_change and entry["revertible"]
                else None,
            }
            for entry in history_entries.entries(obj)
        ]
        opts = self.model._meta
        context = {
            **self.admin_site.each_context(request),
            "title": gettext("History: %(name)s") % {"name": obj},
            "opts": opts,
            "object": obj,
            "entries": rows,
            "release_url": reverse(f"admin:{self._url_name('release')}", args=[obj.pk])
            if can_change and obj.curated_at is not None
            else None,
            **(extra_context or {}),
        }
        return render(request, "catalog/history/object_history.html", context)

    def history_revert_view(self, request: HttpRequest, object_id: str, entry: str) -> HttpResponse:
        obj = self._definition(request, object_id, change=True)
        try:
            done = history_entries.revert_entry(obj, entry, request.user)
        except history_entries.EntryError as exc:
            messages.error(request, str(exc))
        else:
            messages.success(request, DONE_MESSAGES[done])
        return HttpResponseRedirect(reverse(f"admin:{self._url_name('history')}", args=[obj.pk]))

    def release_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        obj = self._definition(request, object_id, change=True)
        if history_entries.release(obj):
            messages.success(request, gettext("Released: the next import may change it again."))
        return HttpResponseRedirect(reverse(f"admin:{self._url_name('history')}", args=[obj.pk]))
