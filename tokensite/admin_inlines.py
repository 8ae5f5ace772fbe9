"""Admin inlines whose fields have names: a tabular inline labels its fields only
with the column headers, which are not labels (axe's "label", WCAG 1.3.1 and 4.1.2), so every
widget of its rows gets its field's label as aria-label, the delete box included."""

from __future__ import annotations

from typing import Any

from django.forms.models import BaseInlineFormSet


class LabelledInlineFormSet(BaseInlineFormSet):  # type: ignore[type-arg]
    """Set as an inline's `formset`."""

    def add_fields(self, form: Any, index: int | None) -> None:
        super().add_fields(form, index)
        for field in form.fields.values():
            field.widget.attrs.setdefault("aria-label", str(field.label or ""))
