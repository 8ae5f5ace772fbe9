from __future__ import annotations

from typing import TYPE_CHECKING

from django.contrib import admin

from play.models import Action, Seat, Spectator, Table
from tokensite.admin_inlines import LabelledInlineFormSet

if TYPE_CHECKING:
    SeatInlineBase = admin.TabularInline[Seat, Table]
    SpectatorInlineBase = admin.TabularInline[Spectator, Table]
    TableAdminBase = admin.ModelAdmin[Table]
    ActionAdminBase = admin.ModelAdmin[Action]
else:
    SeatInlineBase = SpectatorInlineBase = admin.TabularInline
    TableAdminBase = ActionAdminBase = admin.ModelAdmin


class SeatInline(SeatInlineBase):
    formset = LabelledInlineFormSet
    model = Seat
    extra = 0
    raw_id_fields = ["user"]


class SpectatorInline(SpectatorInlineBase):
    formset = LabelledInlineFormSet
    model = Spectator
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Table)
class TableAdmin(TableAdminBase):
    list_display = ["name", "game", "owner", "status", "version", "updated_at"]
    list_filter = ["game", "status"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
    # The state is the kernel's; editing it by hand would break "replay == stored state".
    readonly_fields = ["id", "version", "state", "setup", "created_at", "updated_at"]
    inlines = [SeatInline, SpectatorInline]


@admin.register(Action)
class ActionAdmin(ActionAdminBase):
    """The log is append-only: read it here, never edit it."""

    list_display = ["table", "seq", "kind", "actor", "seat", "undone_by", "created_at"]
    list_filter = ["kind"]
    raw_id_fields = ["table", "actor"]

    def has_add_permission(self, request: object) -> bool:
        return False

    def has_change_permission(self, request: object, obj: Action | None = None) -> bool:
        return False
