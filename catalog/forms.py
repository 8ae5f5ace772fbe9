"""Forms for curating the catalogue: list characteristics edited as comma-separated text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, ClassVar

from django import forms
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from catalog import validation
from catalog.models import CHARACTERISTIC_FIELDS as CHARACTERISTICS
from catalog.models import (
    CardDefinition,
    Characteristics,
    PrintedName,
    TokenDefinition,
    TokenFace,
)

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as StrOrPromise


class CommaListField(forms.CharField):
    """A list of strings typed as "Artifact, Creature" (commas or new lines separate items)."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("help_text", gettext_lazy("Comma-separated."))
        super().__init__(**kwargs)

    def prepare_value(self, value: Any) -> Any:
        if isinstance(value, list):
            return ", ".join(str(item) for item in value)
        return value

    def to_python(self, value: Any) -> list[str]:  # type: ignore[override]
        if isinstance(value, list):
            return [str(item).strip() for item in value if str(item).strip()]
        text = super().to_python(value) or ""
        return [item.strip() for item in re.split(r"[,\n]", text) if item.strip()]


def _list_fields() -> dict[str, CommaListField]:
    """Labelled with the model's own (translated) field names."""
    hints = {
        "supertypes": gettext_lazy("e.g. Legendary"),
        "types": gettext_lazy("e.g. Artifact, Creature (Riftbound: Unit, Gear)"),
        "subtypes": gettext_lazy("e.g. Zombie, Army"),
        "colors": gettext_lazy(
            "MTG: W, U, B, R, G (any order; stored WUBRG). Riftbound: domains. Empty = colorless."
        ),
        "tags": gettext_lazy("Riftbound tags, e.g. Fae"),
        "keywords": gettext_lazy("e.g. Flying, Vigilance"),
    }
    return {
        name: CommaListField(label=_label(name), help_text=hint) for name, hint in hints.items()
    }


def _label(name: str) -> StrOrPromise:
    field = Characteristics._meta.get_field(name)
    assert isinstance(field, models.Field)
    return capfirst(field.verbose_name)


class CuratorChecked(forms.ModelForm):  # type: ignore[type-arg]
    """Runs `catalog.validation` on a curator's edit, after the model's own checks (so the
    instance holds the edit): the admin refuses what the API refuses, with the same messages."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.stored = validation.stored_words(self.instance) if self.instance.pk else None

    def _post_clean(self) -> None:
        super()._post_clean()  # type: ignore[misc]  # ModelForm's own, not in the stubs
        if self.instance.pk is None or self.has_changed():
            for field, messages in self.curator_problems().items():
                for message in messages:
                    self.add_error(field if field in self.fields else None, message)

    def curator_problems(self) -> dict[str, list[str]]:
        raise NotImplementedError


class TokenDefinitionForm(CuratorChecked):
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()
    keep_both = forms.BooleanField(
        required=False,
        label=gettext_lazy("Keep both"),
        help_text=gettext_lazy(
            "Save it although another token has the same characteristics (players could not "
            "tell them apart)."
        ),
    )

    def curator_problems(self) -> dict[str, list[str]]:
        token = self.instance
        back = TokenFace.objects.filter(token=token).first() if token.pk else None
        return validation.token_problems(
            token,
            stored=self.stored,
            back=back if token.double_faced else None,
            keep_both=bool(self.cleaned_data.get("keep_both")),
        )

    class Meta:
        model = TokenDefinition
        fields = (
            "slug",
            "game",
            "incomplete",
            *CHARACTERISTICS,
            "abilities",
            "effects",
            "double_faced",
        )


class TokenFaceForm(CuratorChecked):
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()

    def curator_problems(self) -> dict[str, list[str]]:
        token = getattr(self.instance, "token", None)
        return validation.words(
            self.instance, getattr(token, "game_id", None) or "mtg", self.stored
        )

    class Meta:
        model = TokenFace
        fields = (*CHARACTERISTICS, "abilities", "effects")


class CardDefinitionForm(CuratorChecked):
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()

    def curator_problems(self) -> dict[str, list[str]]:
        return validation.card_problems(self.instance, stored=self.stored)

    class Meta:
        model = CardDefinition
        fields = (
            "slug",
            "game",
            "mana_cost",
            "oracle_id",
            "incomplete",
            *CHARACTERISTICS,
            "loyalty",
            "effects",
        )


class TokenListForm(CuratorChecked):
    """A row of the tokens' list with its editable columns: checked as the full form is (a
    duplicate is refused here; the token's own form has "keep both")."""

    keywords = CommaListField(label=_label("keywords"), widget=forms.TextInput(attrs={"size": 10}))

    class Meta:
        model = TokenDefinition
        fields = ("keywords", "text")
        widgets: ClassVar[dict[str, forms.Widget]] = {
            "text": forms.Textarea(attrs={"rows": 2, "cols": 20})
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for field in self.fields.values():  # a list's cell has no label of its own
            field.widget.attrs["aria-label"] = gettext("%(field)s of %(token)s") % {
                "field": field.label,
                "token": self.instance.name,
            }

    def curator_problems(self) -> dict[str, list[str]]:
        token = self.instance
        back = TokenFace.objects.filter(token=token).first() if token.double_faced else None
        return validation.token_problems(token, stored=self.stored, back=back)


class PrintedNameForm(forms.ModelForm):  # type: ignore[type-arg]
    """A name, type line and text as printed in one language."""

    class Meta:
        model = PrintedName
        fields = ("language", "name", "type_line", "text")
        widgets: ClassVar[dict[str, forms.Widget]] = {
            "language": forms.TextInput(attrs={"size": 4}),
            "name": forms.TextInput(attrs={"size": 22}),
            "type_line": forms.TextInput(attrs={"size": 26}),
            "text": forms.Textarea(attrs={"rows": 2, "cols": 40}),
        }
