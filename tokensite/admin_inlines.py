"""Admin inlines whose fields have names: a tabular inline labels its fields only
with the column headers, which are not labels (axe's "label", WCAG 1.3.1 and 4.1.2), so every
widget of its rows gets its field's label as aria-label, the delete box included. Its help
texts sit in the column headers too, not under each widget: the widgets don't point
aria-describedby at help ids no row has."""

from __future__ import annotations

from typing import Any

from django.forms import BoundField
from django.forms.models import BaseInlineFormSet


class TabularBoundField(BoundField):
    """A row's field: its help is the column header's (no ``<id>_helptext`` under it)."""

    @property
    def aria_describedby(self) -> str | None:
        return None


class LabelledInlineFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    """Set as an inline's `formset`."""

    def add_fields(self, form: Any, index: int | None) -> None:
        super().add_fields(form, index)
        form.bound_field_class = TabularBoundField
        for field in form.fields.values():
            field.widget.attrs.setdefault("aria-label", str(field.label or ""))
