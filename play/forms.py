"""Forms of the battlefield pages: they parse posted fields into the action dict of API.md.

Meaning is the kernel's business: a form only checks types and bounds and names the parameters
each action type takes, so an htmx form and an API client send the same action.
"""

from __future__ import annotations

import json
from typing import Any

from django import forms

from play.rules import MAX_COUNT

GAMES = [("mtg", "Magic: The Gathering"), ("riftbound", "Riftbound")]
COLORS = [("W", "White"), ("U", "Blue"), ("B", "Black"), ("R", "Red"), ("G", "Green")]
LEAVES_AT = [
    ("", "Stays"),
    ("end_step:exile", "Exile at end step"),
    ("end_step:sacrifice", "Sacrifice at end step"),
    ("end_of_combat:sacrifice", "Sacrifice at end of combat"),
    ("end_of_combat:exile", "Exile at end of combat"),
]

# The parameters each action type takes from the posted fields (API.md "Action types").
OBJECT = ("object", "count")
PARAMETERS: dict[str, tuple[str, ...]] = {
    **{
        kind: OBJECT
        for kind in (
            "tap",
            "untap",
            "sacrifice",
            "destroy",
            "phase_out",
            "phase_in",
            "transform",
            "turn_face_down",
            "turn_face_up",
            "exhaust",
            "ready",
            "kill",
            "recycle",
        )
    },
    "move": (*OBJECT, "to"),
    "add_counters": (*OBJECT, "kind", "amount"),
    "remove_counters": (*OBJECT, "kind", "amount"),
    "damage": (*OBJECT, "amount"),
    "pump": (*OBJECT, "power", "toughness", "until"),
    "buff": OBJECT,
    "attach": ("object", "to"),
    "gain_control": (*OBJECT, "seat", "until"),
    "activate": (*OBJECT, "ability", "choices"),
    "attack": OBJECT,
    "untap_all": ("seat",),
    "ready_all": ("seat",),
    "adjust_life": ("seat", "amount"),
    "adjust_points": ("seat", "amount"),
    "next_step": (),
    "pass_turn": (),
    "choose": ("choice",),
    "create_token": (
        "controller",
        "token",
        "definition",
        "count",
        "tapped",
        "leaves_at",
        "attach_to",
        "location",
        "ready",
    ),
    "create_copy": ("controller", "of", "card", "count", "tapped", "leaves_at"),
    "put_card": ("controller", "card", "count"),
    "resolve_spell_copy": ("controller", "card", "count", "tapped"),
}


def _int(minimum: int = -MAX_COUNT) -> forms.IntegerField:
    return forms.IntegerField(required=False, min_value=minimum, max_value=MAX_COUNT)


def _text(max_length: int = 100) -> forms.CharField:
    return forms.CharField(required=False, max_length=max_length)


def _words(value: str) -> list[str]:
    return [word for word in value.replace(",", " ").split() if word]


class ActionForm(forms.Form):
    """One action at a table, posted by any control of the battlefield page."""

    expected_version = forms.IntegerField(min_value=0)
    type = forms.ChoiceField(choices=[(kind, kind) for kind in PARAMETERS])
    object = _text(32)
    count = _int(1)
    to = _text(32)
    kind = _text(50)
    amount = _int()
    power = _int()
    toughness = _int()
    until = forms.ChoiceField(required=False, choices=[("", ""), ("end_of_turn", "")])
    seat = forms.IntegerField(required=False, min_value=0, max_value=63)
    ability = forms.IntegerField(required=False, min_value=0, max_value=99)
    color = forms.ChoiceField(required=False, choices=[("", ""), *COLORS, ("C", "")])
    domain = _text(20)
    choice = _text(2000)
    controller = forms.IntegerField(required=False, min_value=0, max_value=63)
    token = _text(100)
    card = _text(100)
    of = _text(32)
    tapped = forms.BooleanField(required=False)
    ready = forms.BooleanField(required=False)
    leaves_at = forms.ChoiceField(required=False, choices=LEAVES_AT)
    attach_to = _text(32)
    location = _text(32)
    # Custom token characteristics (create_token without `token`).
    def_name = _text(200)
    def_supertypes = _text(200)
    def_types = _text(200)
    def_subtypes = _text(200)
    def_colors = forms.MultipleChoiceField(required=False, choices=COLORS)
    def_power = _text(8)
    def_toughness = _text(8)
    def_might = forms.IntegerField(required=False, min_value=0, max_value=MAX_COUNT)
    def_keywords = _text(500)
    def_text = forms.CharField(required=False, max_length=2000)

    pick = forms.RegexField(
        required=False,
        regex=r"^(create_token|create_copy|resolve_spell_copy|put_card):[\w-]{1,100}$",
    )

    def clean(self) -> dict[str, Any]:
        """A palette button posts `pick` = "<type>:<catalogue id>" (works without JavaScript)."""
        data = super().clean() or {}
        if data.get("type") == "choose" and data.get("choice") is None:
            self.add_error("choice", "Pick one of the options.")
        if data.get("pick"):
            kind, slug = data["pick"].split(":", 1)
            data["type"] = kind
            data["token" if kind == "create_token" else "card"] = slug
        return data

    def clean_choice(self) -> Any:
        raw = self.cleaned_data.get("choice", "")
        if raw == "":
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise forms.ValidationError("The choice is not one of the options.") from None

    def _definition(self) -> dict[str, Any] | None:
        data = self.cleaned_data
        if not data.get("def_name"):
            return None
        definition: dict[str, Any] = {
            "name": data["def_name"],
            "supertypes": _words(data.get("def_supertypes", "")),
            "types": _words(data.get("def_types", "")),
            "subtypes": _words(data.get("def_subtypes", "")),
            "colors": list(data.get("def_colors") or []),
            "keywords": [k.strip() for k in data.get("def_keywords", "").split(",") if k.strip()],
            "text": data.get("def_text", ""),
        }
        for field in ("power", "toughness", "might"):
            value = data.get(f"def_{field}")
            if value not in (None, ""):
                definition[field] = value
        return definition

    def _value(self, name: str) -> Any:
        data = self.cleaned_data
        if name == "definition":
            return self._definition()
        if name == "choices":
            picked = {"color": data.get("color"), "domain": data.get("domain")}
            return {key: value for key, value in picked.items() if value} or None
        value = data.get(name)
        if name in ("tapped", "ready"):
            return value or None
        return None if value in (None, "") else value

    def action(self) -> dict[str, Any]:
        """The action dict, with only the parameters of its type that were given."""
        kind = self.cleaned_data["type"]
        action: dict[str, Any] = {"type": kind}
        for name in PARAMETERS[kind]:
            value = self._value(name)
            if value is not None:
                action[name] = value
        return action


class TableCreateForm(forms.Form):
    game = forms.ChoiceField(choices=GAMES)
    name = forms.CharField(max_length=100, initial="Friday game")
    players = forms.CharField(
        max_length=800,
        initial="Ann, Ben",
        help_text="Seat names, separated by commas (1 to 8).",
    )
    starting_life = forms.IntegerField(
        min_value=1, max_value=999, initial=20, help_text="MTG only: 40 suits Commander."
    )

    def clean_players(self) -> list[str]:
        names = [name.strip() for name in self.cleaned_data["players"].split(",") if name.strip()]
        if not 1 <= len(names) <= 8:
            raise forms.ValidationError("Name 1 to 8 seats, separated by commas.")
        if any(len(name) > 100 for name in names):
            raise forms.ValidationError("A seat name has at most 100 characters.")
        return names

    def options(self) -> dict[str, Any]:
        if self.cleaned_data["game"] == "mtg":
            return {"starting_life": self.cleaned_data["starting_life"]}
        return {}


class JoinForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=63)
