"""Forms for curating the catalogue: list characteristics edited as comma-separated text."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from django import forms
from django.db import models
from django.utils.text import capfirst
from django.utils.translation import gettext_lazy

from catalog.models import CHARACTERISTIC_FIELDS as CHARACTERISTICS
from catalog.models import CardDefinition, Characteristics, TokenDefinition, TokenFace

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


class TokenDefinitionForm(forms.ModelForm):  # type: ignore[type-arg]
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()

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


class TokenFaceForm(forms.ModelForm):  # type: ignore[type-arg]
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()

    class Meta:
        model = TokenFace
        fields = (*CHARACTERISTICS, "abilities", "effects")


class CardDefinitionForm(forms.ModelForm):  # type: ignore[type-arg]
    supertypes, types, subtypes, colors, tags, keywords = _list_fields().values()

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
