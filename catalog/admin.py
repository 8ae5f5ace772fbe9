"""Curating the catalogue: tokens with back faces, printings and creators; cards with the tokens
they create. Validation lives in the models' clean(), so the admin and the API reject alike."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.contrib import admin, messages
from django.db import models
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.translation import gettext, gettext_lazy

from catalog import admin_bulk as bulk
from catalog import makers, services
from catalog.forms import CardDefinitionForm, TokenDefinitionForm, TokenFaceForm
from catalog.importers.admin_views import install as install_import_page
from catalog.makes_text import makes_line
from catalog.models import (
    CardDefinition,
    Characteristics,
    Game,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)
from catalog.printing.background import print_start
from catalog.printing.jobs import print_job
from catalog.printing.layout import PER_PAGE, PrintOptions
from tokensite.admin_inlines import LabelledInlineFormSet
from tokensite.api import DomainError

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise  # the stubs' name for str | lazy str

TYPE_CHOICES: list[tuple[str, _StrOrPromise]] = [
    (name, gettext_lazy(name))
    for name in (
        "Artifact",
        "Creature",
        "Enchantment",
        "Land",
        "Planeswalker",
        "Instant",
        "Sorcery",
        "Unit",
        "Gear",
        "Spell",
        "Legend",
        "Battlefield",
    )
]
COLOR_CHOICES: list[tuple[str, _StrOrPromise]] = [
    ("W", gettext_lazy("White")),
    ("U", gettext_lazy("Blue")),
    ("B", gettext_lazy("Black")),
    ("R", gettext_lazy("Red")),
    ("G", gettext_lazy("Green")),
    ("C", gettext_lazy("Colorless")),
    ("M", gettext_lazy("Multicolored")),
]


class TypeFilter(admin.SimpleListFilter):
    title = gettext_lazy("card type")
    parameter_name = "type"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, _StrOrPromise]]:
        return TYPE_CHOICES

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        return queryset.filter(types__icontains=f'"{value}"') if value else queryset


class ColorFilter(admin.SimpleListFilter):
    title = gettext_lazy("color")
    parameter_name = "color"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, _StrOrPromise]]:
        return COLOR_CHOICES

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if not value:
            return queryset
        if value == "C":
            return queryset.filter(colors=[])
        if value == "M":
            return queryset.filter(colors__icontains=",")
        return queryset.filter(colors__icontains=f'"{value}"')


def type_line(obj: Characteristics) -> str:
    left = " ".join([*obj.supertypes, *obj.types])
    return f"{left} — {' '.join(obj.subtypes)}" if obj.subtypes else left


def stats(obj: Characteristics) -> str:
    if obj.power is not None or obj.toughness is not None:
        return f"{obj.power}/{obj.toughness}"
    return gettext("Might %(n)s") % {"n": obj.might} if obj.might is not None else ""


class TokenFaceInline(admin.StackedInline):  # type: ignore[type-arg]
    model = TokenFace
    form = TokenFaceForm
    formset = bulk.BackFaceFormSet
    max_num = 1
    extra = 0
    verbose_name = gettext_lazy("back face (double-faced tokens only)")


class TokenPrintingInline(admin.TabularInline):  # type: ignore[type-arg]
    formset = LabelledInlineFormSet
    model = TokenPrinting
    extra = 0
    fields = ("set_code", "collector_number", "scryfall_id", "picture_url", "art", "source")
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    form = bulk.PrintingForm  # narrow inputs: the inline fits 1,366 px

    def get_queryset(self, request: HttpRequest) -> QuerySet[TokenPrinting]:
        return super().get_queryset(request).select_related("token")


class CreatorInline(admin.TabularInline):  # type: ignore[type-arg]
    formset = LabelledInlineFormSet
    model = TokenRelation
    fk_name = "token"
    form = bulk.RelationForm
    extra = 0
    autocomplete_fields = ("card",)
    verbose_name = gettext_lazy("card that creates this token")
    verbose_name_plural = gettext_lazy("cards that create this token")

    def get_queryset(self, request: HttpRequest) -> QuerySet[TokenRelation]:
        return super().get_queryset(request).select_related("card", "token")


class CreatesInline(admin.TabularInline):  # type: ignore[type-arg]
    formset = LabelledInlineFormSet
    model = TokenRelation
    fk_name = "card"
    form = bulk.RelationForm
    extra = 0
    autocomplete_fields = ("token",)
    verbose_name = gettext_lazy("token this card creates")
    verbose_name_plural = gettext_lazy("tokens this card creates")

    def get_queryset(self, request: HttpRequest) -> QuerySet[TokenRelation]:
        return super().get_queryset(request).select_related("card", "token")


class CuratedAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Records a curator's edit (the form or an inline changed), so the seed loader and the
    importers keep it."""

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        super().save_related(request, form, formsets, change)
        if form.has_changed() or any(formset.has_changed() for formset in formsets):
            services.curate(form.instance, request.user)
        if isinstance(form.instance, CardDefinition):
            services.relate_effect_tokens(form.instance)
            makers.refresh(form.instance)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("slug", "name", "rules_edition")


@admin.register(TokenDefinition)
class TokenDefinitionAdmin(bulk.TokenBulkAdmin, CuratedAdmin):
    form = TokenDefinitionForm
    list_display = (
        "name",
        "rule",
        "type_line",
        "stats_colors",
        "keywords",
        "text",
    )
    list_editable = ("keywords", "text")
    list_filter = (
        "game",
        bulk.ArtFilter,
        bulk.TextFilter,
        bulk.DuplicateFilter,
        bulk.CuratedFilter,
        "incomplete",
        "predefined",
        TypeFilter,
        ColorFilter,
        "double_faced",
    )
    search_fields = ("name", "slug", "text")
    readonly_fields = ("predefined", "rule", "curated_at", "curated_by")
    inlines = (TokenFaceInline, TokenPrintingInline, bulk.TokenPrintedNameInline, CreatorInline)
    fieldsets = (
        (
            None,
            {"fields": ("slug", "game", "name", "predefined", "rule", "incomplete", "keep_both")},
        ),
        (gettext_lazy("Curation"), {"fields": ("curated_at", "curated_by")}),
        (
            gettext_lazy("Characteristics"),
            {
                "fields": (
                    "supertypes",
                    "types",
                    "subtypes",
                    "colors",
                    ("power", "toughness", "might"),
                    "tags",
                    "keywords",
                    "text",
                )
            },
        ),
        (gettext_lazy("Rules data"), {"fields": ("abilities", "effects", "double_faced")}),
    )

    actions = (
        "print_selected",
        bulk.upload_art_selected,
        bulk.set_art_from_printing,
        bulk.mark_reviewed,
        bulk.release_to_imports,
    )

    @admin.action(
        description=gettext_lazy("Print a sheet of each selected token (in the background)")
    )
    def print_selected(self, request: HttpRequest, queryset: QuerySet[TokenDefinition]) -> Any:
        """A sheet of each selected token, made by the job worker; the job's page in the admin
        follows it and links the PDF."""
        entries = [(slug, PER_PAGE) for slug in queryset.values_list("slug", flat=True)]
        try:
            print_job(entries, PrintOptions())
        except DomainError as exc:
            self.message_user(request, exc.detail, messages.ERROR)
            return None
        job = print_start(entries, PrintOptions(), user=request.user)
        return HttpResponseRedirect(reverse("admin:jobs_job_change", args=[job.pk]))

    @admin.display(description=gettext_lazy("type line"))
    def type_line(self, obj: TokenDefinition) -> str:
        return type_line(obj)

    @admin.display(description=gettext_lazy("colors"))
    def colors_display(self, obj: TokenDefinition) -> str:
        return "".join(obj.colors) if obj.game_id == "mtg" else ", ".join(obj.colors)

    @admin.display(description=gettext_lazy("P/T or Might"))
    def stats(self, obj: TokenDefinition) -> str:
        return stats(obj)

    @admin.display(description=gettext_lazy("P/T, colors"))
    def stats_colors(self, obj: TokenDefinition) -> str:
        return " ".join(part for part in (stats(obj), self.colors_display(obj)) if part)


@admin.register(CardDefinition)
class CardDefinitionAdmin(bulk.RetiringAdmin, CuratedAdmin):
    form = CardDefinitionForm
    list_display = (
        "name",
        "slug",
        "game",
        "mana_cost",
        "type_line",
        "has_effects",
        "makes_status",
        "incomplete",
    )
    list_filter = (
        "game",
        "makes_status",
        bulk.MakingFilter,
        bulk.TextFilter,
        bulk.CuratedFilter,
        TypeFilter,
        ColorFilter,
        "incomplete",
    )
    actions = (bulk.mark_reviewed, bulk.release_to_imports)
    search_fields = ("name", "slug", "text", "oracle_id")
    inlines = (CreatesInline, bulk.CardPrintedNameInline)
    readonly_fields = ("curated_at", "curated_by", "makes_status", "makes_shown")
    fieldsets = (
        (None, {"fields": ("slug", "game", "name", "mana_cost", "oracle_id", "incomplete")}),
        (gettext_lazy("Curation"), {"fields": ("curated_at", "curated_by")}),
        (
            gettext_lazy("Characteristics"),
            {
                "fields": (
                    "supertypes",
                    "types",
                    "subtypes",
                    "colors",
                    ("power", "toughness", "loyalty", "might"),
                    "tags",
                    "keywords",
                    "text",
                )
            },
        ),
        (gettext_lazy("Effects the battlefield applies"), {"fields": ("effects",)}),
        (
            gettext_lazy("What it makes (compiled from its text on every save)"),
            {"fields": ("makes_status", "makes_shown")},
        ),
    )

    @admin.display(description=gettext_lazy("makes"))
    def makes_shown(self, obj: CardDefinition) -> str:
        return "\n".join(makes_line(entry) for entry in obj.makes) or "—"

    @admin.display(description=gettext_lazy("type line"))
    def type_line(self, obj: CardDefinition) -> str:
        return type_line(obj)

    @admin.display(description=gettext_lazy("effects"), boolean=True)
    def has_effects(self, obj: CardDefinition) -> bool:
        return bool(obj.effects)


install_import_page(admin.site)  # the Import page
