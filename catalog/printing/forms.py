"""Forms of the print pages: layout options (from the query string) and the decklist."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from catalog.printing.layout import (
    BLEED_RANGE,
    GAP_RANGE,
    MARGIN_RANGE,
    SCALE_RANGE,
    PrintOptions,
)

DEFAULTS = PrintOptions()
YES_NO = ("cut_marks", "art")  # booleans of PrintOptions, asked as yes / no


class PrintOptionsForm(forms.Form):
    paper = forms.ChoiceField(
        label=_("Paper"), choices=[("a4", "A4"), ("letter", "Letter")], required=False
    )
    gap_mm = forms.FloatField(
        label=_("Gap (mm)"), min_value=GAP_RANGE[0], max_value=GAP_RANGE[1], required=False
    )
    bleed_mm = forms.FloatField(
        label=_("Bleed (mm)"), min_value=BLEED_RANGE[0], max_value=BLEED_RANGE[1], required=False
    )
    cut_marks = forms.ChoiceField(
        label=_("Cut marks"), choices=[("yes", _("Yes")), ("no", _("No"))], required=False
    )
    corners = forms.ChoiceField(
        label=_("Corners"),
        choices=[("rounded", _("Rounded")), ("square", _("Square"))],
        required=False,
    )
    scale_percent = forms.FloatField(
        label=_("Scale (%)"), min_value=SCALE_RANGE[0], max_value=SCALE_RANGE[1], required=False
    )
    margin_mm = forms.FloatField(
        label=_("Page margins (mm)"),
        min_value=MARGIN_RANGE[0],
        max_value=MARGIN_RANGE[1],
        required=False,
    )
    double_faced = forms.ChoiceField(
        label=_("Double-faced tokens"),
        choices=[
            ("duplex", _("Back on the reverse (duplex, flip on long edge)")),
            ("side_by_side", _("Front and back side by side")),
        ],
        required=False,
    )
    art = forms.ChoiceField(
        label=_("Art"),
        choices=[("yes", _("Yes")), ("no", _("No"))],
        required=False,
    )
    backs = forms.ChoiceField(
        label=_("Card backs"),
        choices=[
            ("faces", _("Back faces only")),
            ("plain", _("Plain backs")),
            ("none", _("None")),
        ],
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():
            default = getattr(DEFAULTS, name)
            if name in YES_NO:
                default = "yes" if default else "no"
            field.initial = default
            field.widget.attrs["placeholder"] = str(default)

    def options(self) -> PrintOptions:
        """The options chosen, defaults for the blanks; call after is_valid()."""
        data = {k: v for k, v in self.cleaned_data.items() if v not in (None, "")}
        for name in YES_NO:
            if name in data:
                data[name] = data[name] == "yes"
        return PrintOptions(**{**DEFAULTS.__dict__, **data})


class DecklistForm(forms.Form):
    decklist = forms.CharField(
        label=_("Decklist"),
        widget=forms.Textarea(
            attrs={"rows": 10, "placeholder": "4 Smothering Tithe\n2 Young Pyromancer"}
        ),
        max_length=50_000,
    )
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("Any game")), ("mtg", "Magic: The Gathering"), ("riftbound", "Riftbound")],
        required=False,
    )
