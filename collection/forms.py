"""Page forms: they check shapes only; the services decide and write."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from collection.models import MAX_QUANTITY, Condition, Finish
from collection.services import MAX_DECKLIST_CHARS
from play.table.services import MAX_PLAYERS

GAMES = (("mtg", "Magic: The Gathering"), ("riftbound", "Riftbound"))
FINISHES = [
    (Finish.NORMAL, _("normal")),
    (Finish.FOIL, _("foil")),
    (Finish.ETCHED, _("etched")),
]
MAX_UPLOAD_BYTES = 5 * 1024 * 1024


def _read_upload(upload: Any) -> str:
    if upload.size > MAX_UPLOAD_BYTES:
        raise forms.ValidationError(gettext("The file is larger than 5 MB."))
    try:
        return str(upload.read().decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise forms.ValidationError(gettext("The file is not UTF-8 text.")) from None


class DeckForm(forms.Form):
    name = forms.CharField(
        label=_("Name"), max_length=120, required=False, help_text=_("Default: the list's name.")
    )
    game = forms.ChoiceField(label=_("Game"), choices=GAMES)
    decklist = forms.CharField(
        label=_("Decklist"),
        widget=forms.Textarea(attrs={"rows": 14}),
        max_length=MAX_DECKLIST_CHARS,
        required=False,
        help_text=_("MTG Arena, MTGO text, plain “4 Name” lines or a Riftbound sectioned list."),
    )
    dek_file = forms.FileField(
        required=False, label=_("…or a file"), help_text=_("MTGO .dek XML or a text decklist.")
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        upload = data.get("dek_file")
        if upload:
            data["decklist"] = _read_upload(upload)
        if not (data.get("decklist") or "").strip():
            raise forms.ValidationError(gettext("Paste a decklist or choose a file."))
        return data


class DeckEditForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=120)
    decklist = forms.CharField(
        label=_("Decklist"),
        widget=forms.Textarea(attrs={"rows": 14}),
        max_length=MAX_DECKLIST_CHARS,
    )


class StartTableForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, initial=_("Game night"))
    players = forms.CharField(
        label=_("Players"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("One seat name per line."),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # Its ids must differ from the deck form's on the same page ("id_name" twice left the
        # deck's Name field without a label).
        kwargs.setdefault("auto_id", "table_%s")
        super().__init__(*args, **kwargs)

    def clean_players(self) -> list[str]:
        names = [n.strip()[:100] for n in self.cleaned_data["players"].splitlines() if n.strip()]
        if not 1 <= len(names) <= MAX_PLAYERS:
            raise forms.ValidationError(
                gettext("Name 1 to %(most)d players, one per line.") % {"most": MAX_PLAYERS}
            )
        return names


class BulkAddForm(forms.Form):
    game = forms.ChoiceField(label=_("Game"), choices=GAMES)
    list = forms.CharField(
        label=_("List"),
        widget=forms.Textarea(attrs={"rows": 8}),
        max_length=MAX_DECKLIST_CHARS,
        help_text=_("“4 Name” or “4 Name (SET) 123” lines; any decklist format works."),
    )
    finish = forms.ChoiceField(label=_("Finish"), choices=FINISHES, initial=Finish.NORMAL)


class CsvImportForm(forms.Form):
    file = forms.FileField(label=_("CSV file"))

    def clean_file(self) -> str:
        return _read_upload(self.cleaned_data["file"])


class AddItemForm(forms.Form):
    kind = forms.ChoiceField(choices=(("card", "card"), ("token", "token")))
    id = forms.CharField(max_length=160)
    quantity = forms.IntegerField(min_value=1, max_value=MAX_QUANTITY, initial=1)
    finish = forms.ChoiceField(choices=FINISHES, initial=Finish.NORMAL)


class ItemForm(forms.Form):
    quantity = forms.IntegerField(min_value=1, max_value=MAX_QUANTITY)
    set_code = forms.CharField(max_length=16, required=False)
    collector_number = forms.CharField(max_length=16, required=False)
    finish = forms.ChoiceField(choices=Finish.choices)
    condition = forms.ChoiceField(choices=Condition.choices)
    notes = forms.CharField(max_length=500, required=False)
