"""Working on many records at once in the catalogue's admin: filters for what needs a curator
(no art, missing or placeholder text, duplicates, curated, who writes a card's token making),
actions for the common fixes (art from a printing's picture, mark reviewed, release to imports)
and one form to upload art for several tokens."""

from __future__ import annotations

import functools
import re
from collections import defaultdict
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy, ngettext

from catalog import services, validation
from catalog.art import art_from_printing, upload_art
from catalog.forms import PrintedNameForm, TokenListForm
from catalog.makers import TOKEN_EFFECT_KINDS, type_line
from catalog.models import PrintedName, TokenDefinition, TokenFace, TokenPrinting, TokenRelation
from tokensite.admin_inlines import LabelledInlineFormSet

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise

Choices = list[tuple[str, "_StrOrPromise"]]

# Text that stands in for the real text: "?", "...", "TBD", "TODO", "n/a", "placeholder".
PLACEHOLDER = r"^\s*(\?+|\.{2,}|…|-+|—|tbd|todo|n/?a|none|placeholder|text|xx+)\s*\.?\s*$"
# A token or card that is not a creature (nor a Riftbound unit) does nothing without text.
_VANILLA_TYPES = ("Creature", "Unit", "Land")


def _has_type(name: str) -> Q:
    return Q(types__icontains=f'"{name}"')


class ArtFilter(admin.SimpleListFilter):
    title = gettext_lazy("art")
    parameter_name = "art"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Choices:
        return [
            ("none", gettext_lazy("no picture at all")),
            ("linked", gettext_lazy("a linked picture, no uploaded art")),
            ("uploaded", gettext_lazy("uploaded art")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        printings = TokenPrinting.objects.filter(token=OuterRef("pk"))
        uploaded = Exists(printings.exclude(art=""))
        linked = Exists(printings.filter(~Q(picture_url="") | ~Q(art_crop_url="")))
        if self.value() == "none":
            return queryset.filter(~uploaded, ~linked)
        if self.value() == "linked":
            return queryset.filter(~uploaded, linked)
        if self.value() == "uploaded":
            return queryset.filter(uploaded)
        return queryset


class TextFilter(admin.SimpleListFilter):
    title = gettext_lazy("text")
    parameter_name = "text"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Choices:
        return [
            ("missing", gettext_lazy("missing (no text, not a creature)")),
            ("placeholder", gettext_lazy("placeholder (“?”, “TBD”, “…”)")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "missing":
            vanilla = Q()
            for name in _VANILLA_TYPES:
                vanilla |= _has_type(name)
            return queryset.filter(text="", keywords=[]).exclude(vanilla)
        if self.value() == "placeholder":
            return queryset.filter(text__iregex=PLACEHOLDER)
        return queryset


class CuratedFilter(admin.SimpleListFilter):
    title = gettext_lazy("curated")
    parameter_name = "curated"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Choices:
        return [
            ("yes", gettext_lazy("edited by a curator (imports keep it)")),
            ("no", gettext_lazy("under import control")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() in ("yes", "no"):
            return queryset.filter(curated_at__isnull=self.value() == "no")
        return queryset


def alike_tokens() -> list[int]:
    """The tokens with the same characteristics as another of their game (`validation.likeness`)."""
    backs = {
        face["token_id"]: face
        for face in TokenFace.objects.values("token_id", *validation.FACE_VALUES)
    }
    groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    for row in TokenDefinition.objects.values("pk", "game_id", *validation.FACE_VALUES):
        groups[(row["game_id"], validation.likeness(row, backs.get(row["pk"])))].append(row["pk"])
    return [pk for pks in groups.values() if len(pks) > 1 for pk in pks]


def same_label_tokens() -> list[int]:
    """The tokens with the same name, P/T (or Might) and colors as another of their game: a list
    or a palette that shows only those shows them alike ("Bird Token 1/1 (U)" three times)."""
    groups: dict[tuple[Any, ...], list[int]] = defaultdict(list)
    rows = TokenDefinition.objects.values(
        "pk", "game_id", "name", "power", "toughness", "might", "colors"
    )
    for row in rows:
        key = (row["game_id"], row["name"].strip().casefold(), row["power"], row["toughness"])
        groups[(*key, row["might"], tuple(sorted(row["colors"] or ())))].append(row["pk"])
    return [pk for pks in groups.values() if len(pks) > 1 for pk in pks]


class DuplicateFilter(admin.SimpleListFilter):
    title = gettext_lazy("duplicates")
    parameter_name = "alike"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Choices:
        return [
            ("yes", gettext_lazy("same characteristics as another token")),
            ("label", gettext_lazy("same name, P/T and colors as another token")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "yes":
            return queryset.filter(pk__in=alike_tokens()).order_by("name", "pk")
        if self.value() == "label":
            return queryset.filter(pk__in=same_label_tokens()).order_by("name", "pk")
        return queryset


class MakingFilter(admin.SimpleListFilter):
    """Who writes what a card makes: a curator's effect data, or the compiler from its text."""

    title = gettext_lazy("token making written")
    parameter_name = "making"

    def lookups(self, request: HttpRequest, model_admin: Any) -> Choices:
        return [
            ("hand", gettext_lazy("by hand (its effects make or change tokens)")),
            ("compiled", gettext_lazy("compiled from its text")),
            ("manual", gettext_lazy("not understood: needs hand-written effects")),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        hand = Q()
        for kind in sorted(TOKEN_EFFECT_KINDS):
            hand |= Q(effects__icontains=f'"{kind}"')
        if self.value() == "hand":
            return queryset.filter(hand)
        if self.value() == "compiled":
            return queryset.exclude(makes_status="").exclude(hand)
        if self.value() == "manual":
            return queryset.filter(makes_status="manual").exclude(hand)
        return queryset


# --- actions -------------------------------------------------------------------------------


@admin.action(description=gettext_lazy("Mark reviewed (no longer incomplete)"))
def mark_reviewed(model_admin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    done = queryset.filter(incomplete=True).update(incomplete=False)
    model_admin.message_user(
        request,
        ngettext("%(n)d record marked reviewed.", "%(n)d records marked reviewed.", done)
        % {"n": done},
        messages.SUCCESS,
    )


@admin.action(description=gettext_lazy("Release to imports (the next import may change them)"))
def release_to_imports(model_admin: Any, request: HttpRequest, queryset: QuerySet[Any]) -> None:
    done = queryset.filter(curated_at__isnull=False).update(curated_at=None, curated_by=None)
    model_admin.message_user(
        request,
        ngettext(
            "%(n)d record released: imports and the seed update it again.",
            "%(n)d records released: imports and the seed update them again.",
            done,
        )
        % {"n": done},
        messages.SUCCESS,
    )


@admin.action(description=gettext_lazy("Set art from a printing's picture"))
def set_art_from_printing(
    model_admin: Any, request: HttpRequest, queryset: QuerySet[TokenDefinition]
) -> None:
    """Each selected token without uploaded art gets its printing's linked picture as art
    (fetched once, from the allowed hosts only), so it no longer depends on another site."""
    report = art_from_printing(list(queryset))
    if report.done:
        model_admin.message_user(
            request,
            ngettext("Art set for %(n)d token.", "Art set for %(n)d tokens.", len(report.done))
            % {"n": len(report.done)},
            messages.SUCCESS,
        )
    for name, reason in report.failed:
        model_admin.message_user(
            request,
            gettext("%(token)s: no art set (%(reason)s).") % {"token": name, "reason": reason},
            messages.WARNING,
        )


@admin.action(description=gettext_lazy("Upload art for the selected tokens (one form)"))
def upload_art_selected(
    model_admin: Any, request: HttpRequest, queryset: QuerySet[TokenDefinition]
) -> HttpResponseRedirect:
    ids = ",".join(str(pk) for pk in queryset.values_list("pk", flat=True))
    return HttpResponseRedirect(reverse("admin:catalog_tokendefinition_upload_art") + f"?ids={ids}")


# --- the upload form ---------------------------------------------------------------------

MAX_TOKENS = 50  # one page of rows; more would be a long form to scroll


def _token_ids(value: str) -> list[int]:
    return [int(part) for part in re.split(r"[,\s]+", value) if part.isdigit()][:MAX_TOKENS]


def upload_art_view(model_admin: Any, request: HttpRequest) -> HttpResponse:
    """GET ?ids=1,2,3: a row per token (its picture now, a file field); POST: every file checked
    (JPEG, PNG or WebP, 5 MB), then all saved in one transaction or none."""
    from django.core.exceptions import PermissionDenied
    from django.shortcuts import render

    if not model_admin.has_change_permission(request):
        raise PermissionDenied
    ids = _token_ids(request.POST.get("ids") or request.GET.get("ids") or "")
    tokens = list(TokenDefinition.objects.filter(pk__in=ids).prefetch_related("printings"))
    errors: dict[int, list[str]] = {}
    if request.method == "POST":
        files = {t.pk: request.FILES.get(f"art-{t.pk}") for t in tokens}
        chosen = {pk: f for pk, f in files.items() if f is not None}
        if not chosen:
            model_admin.message_user(request, gettext("Choose at least one file."), messages.ERROR)
        else:
            artists = {t.pk: request.POST.get(f"artist-{t.pk}", "").strip()[:200] for t in tokens}
            with transaction.atomic():
                errors = upload_art(
                    {t.pk: t for t in tokens}, chosen, artists, getattr(request, "user", None)
                )
                if errors:
                    transaction.set_rollback(True)
            if not errors:
                model_admin.message_user(
                    request,
                    ngettext(
                        "Art uploaded for %(n)d token.",
                        "Art uploaded for %(n)d tokens.",
                        len(chosen),
                    )
                    % {"n": len(chosen)},
                    messages.SUCCESS,
                )
                return HttpResponseRedirect(reverse("admin:catalog_tokendefinition_changelist"))
    from catalog.selectors import token_art

    rows = [
        {
            "token": token,
            "type_line": type_line(token),  # type: ignore[arg-type]  # any characteristics
            "picture": token_art(token)["images"].get("art_crop"),
            "errors": errors.get(token.pk, []),
        }
        for token in tokens
    ]
    context = {
        **model_admin.admin_site.each_context(request),
        "title": gettext("Upload art for several tokens"),
        "opts": TokenDefinition._meta,
        "rows": rows,
        "ids": ",".join(str(t.pk) for t in tokens),
    }
    return render(request, "admin/catalog/upload_art.html", context)


# --- admin classes' parts ---------------------------------------------------------------------


class RetiringAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Deleting records in the admin retires their ids (`services.retire`), as the API does."""

    def delete_model(self, request: HttpRequest, obj: Any) -> None:
        with transaction.atomic():
            services.retire(obj, request.user)
            super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        with transaction.atomic():
            for obj in queryset:
                services.retire(obj, request.user)
            super().delete_queryset(request, queryset)


class TokenBulkAdmin(RetiringAdmin):
    """The tokens' list: editable keywords and text (checked as the form is) and the upload page."""

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> Any:
        return TokenListForm

    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view(functools.partial(upload_art_view, self))
        return [
            path("upload-art/", view, name="catalog_tokendefinition_upload_art"),
            *super().get_urls(),
        ]


class BackFaceFormSet(LabelledInlineFormSet):
    """Double-faced means two faces (`validation.faces`): the token's flag and its back face
    inline agree, or the form says which to change."""

    def clean(self) -> None:
        super().clean()
        kept = [
            form
            for form in self.forms
            if form.has_changed() or form.instance.pk is not None
            if not (self.can_delete and self._should_delete_form(form))  # type: ignore[attr-defined]
        ]
        problems = validation.faces(bool(self.instance.double_faced), bool(kept))
        if problems:
            raise ValidationError(problems["double_faced"])


class PrintingForm(forms.ModelForm):  # type: ignore[type-arg]
    """A printing as a row of narrow inputs (the token's page fits a 1,366 px screen)."""

    picture_url = forms.URLField(
        required=False,
        max_length=500,
        assume_scheme="https",
        label=capfirst(TokenPrinting._meta.get_field("picture_url").verbose_name),
        widget=forms.URLInput(attrs={"size": 14}),
    )

    class Meta:
        model = TokenPrinting
        fields = ("set_code", "collector_number", "scryfall_id", "picture_url", "art", "source")
        widgets: ClassVar[dict[str, forms.Widget]] = {
            "set_code": forms.TextInput(attrs={"size": 5}),
            "collector_number": forms.TextInput(attrs={"size": 5}),
            "scryfall_id": forms.TextInput(attrs={"size": 10}),
            "source": forms.TextInput(attrs={"size": 9}),
        }


class RelationForm(forms.ModelForm):  # type: ignore[type-arg]
    """A card -> token row with a narrow count (the page fits a 1,366 px screen)."""

    class Meta:
        model = TokenRelation
        fields = (
            "card",
            "token",
            "count",
            "attach",
            "transform",
            "exclude_from_create_all",
            "persistent",
            "facedown",
        )
        widgets: ClassVar[dict[str, forms.Widget]] = {"count": forms.TextInput(attrs={"size": 4})}


class PrintedNameInline(admin.TabularInline):  # type: ignore[type-arg]
    """The record's name, type line and text in each language it is printed in."""

    formset = LabelledInlineFormSet
    model = PrintedName
    form = PrintedNameForm
    extra = 0
    verbose_name = gettext_lazy("name and text in another language")
    verbose_name_plural = gettext_lazy("names and texts in other languages")


class TokenPrintedNameInline(PrintedNameInline):
    fk_name = "token"


class CardPrintedNameInline(PrintedNameInline):
    fk_name = "card"
