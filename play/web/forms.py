"""Forms of the battlefield pages: they parse posted fields into the action dict of API.md.

Meaning is the kernel's business: a form only checks types and bounds. The fields an action
type takes, their limits and labels come from the games' action registries
(rules/registry/), so an htmx form and an API client send the same action and a new
action needs no edit here.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, gettext_noop

import rules
from play.models import Table
from play.table.i18n import battlefield_name, for_reader, tr
from play.web.makes import MAKE
from rules.registry import game, shared
from rules.registry import vocabulary as v

GAMES = [(game, rules.presentation(game).title) for game in rules.registries()]
COLORS = [
    ("W", gettext_noop("White")),
    ("U", gettext_noop("Blue")),
    ("B", gettext_noop("Black")),
    ("R", gettext_noop("Red")),
    ("G", gettext_noop("Green")),
]


def form_params(kind: str) -> dict[str, v.Param]:
    """The parameters the browser forms post for an action type, in any game."""
    params: dict[str, v.Param] = {}
    for registry in rules.registries().values():
        spec = registry.get(kind)
        for p in spec.form_params() if spec is not None else ():
            params.setdefault(p.name, p)
    return params


ACTION_TYPES = list(
    dict.fromkeys(spec.type for registry in rules.registries().values() for spec in registry)
)
# A palette button posts `pick` = "<type>:<catalogue id>" for the types naming a token or card,
# and a one-tap count button "<type>:<catalogue id>:<count>" (the count posted with it).
PICKED = {
    kind: p.name
    for kind in ACTION_TYPES
    for p in form_params(kind).values()
    if p.refers in (v.TOKEN, v.CARD)
}
# `make` picks name the entry of the card's makes: "make:<card id>@<which>".
PICK = re.compile(
    rf"^({'|'.join(map(re.escape, PICKED))}):[\w-]{{1,100}}(@[0-9]{{1,2}})?(:[1-9][0-9]{{0,2}})?$"
)


def _text(max_length: int | None = 100) -> forms.CharField:
    return forms.CharField(required=False, max_length=max_length)


def _words(value: str) -> list[str]:
    return [word for word in value.replace(",", " ").split() if word]


def _defender(value: str) -> dict[str, Any]:
    """A select's value: "seat:1" or "object:o7" (508.1b), as the API's {"seat": 1}."""
    kind, _sep, rest = value.partition(":")
    if kind == "seat" and rest.isdigit():
        return {"seat": int(rest)}
    if kind == "object" and rest:
        return {"object": rest}
    raise forms.ValidationError(_("Choose whom to attack."))


def _definition_fields() -> dict[str, forms.Field]:
    """Custom token characteristics (a `definition` parameter) as flat fields."""
    return {
        "def_name": _text(200),
        "def_supertypes": _text(200),
        "def_types": _text(200),
        "def_subtypes": _text(200),
        "def_colors": forms.MultipleChoiceField(required=False, choices=COLORS),
        "def_power": _text(8),
        "def_toughness": _text(8),
        "def_might": forms.IntegerField(required=False, min_value=0, max_value=rules.MAX_COUNT),
        "def_keywords": _text(500),
        "def_text": forms.CharField(required=False, max_length=2000),
    }


def fields_for(p: v.Param) -> dict[str, forms.Field]:
    """The posted fields that carry one parameter."""
    bounds = p.bounds()
    if bounds is not None:
        field: forms.Field = forms.IntegerField(
            required=p.required, min_value=bounds[0], max_value=bounds[1]
        )
    elif p.kind == v.BOOLEAN:
        field = forms.BooleanField(required=False)
    elif p.kind == v.CHOICE:
        field = forms.ChoiceField(required=False, choices=p.options())
    elif p.kind in (v.TEXT, v.OBJECT):
        field = _text(p.max_length)
    elif p.kind == v.DEFENDER:  # a select's "seat:1" or "object:o7"
        field = _text(40)
    elif p.kind in (v.JSON, v.OBJECTS):  # OBJECTS: stack ids separated by spaces or commas
        field = _text(2000)
    elif p.kind == v.DEFINITION:
        return _definition_fields()
    elif p.kind == v.MAPPING:  # an ability's choices: a color (MTG) or a domain (Riftbound)
        return {
            "color": forms.ChoiceField(required=False, choices=[("", ""), *COLORS, ("C", "")]),
            "domain": _text(20),  # the kernel names the domains (rules/effects.py)
        }
    else:
        raise AssertionError(f"{p.name}: a {p.kind} parameter has no form field")
    return {p.name: field}


class ActionForm(forms.Form):
    """One action at a table, posted by any control of the battlefield page: the fields are
    those of the posted type."""

    expected_version = forms.IntegerField(min_value=0)
    type = forms.ChoiceField(choices=[(kind, kind) for kind in ACTION_TYPES])
    pick = forms.RegexField(required=False, regex=PICK)

    def __init__(self, data: Any = None, **kwargs: Any) -> None:
        super().__init__(data, **kwargs)
        kind = str((data or {}).get("type", ""))
        pick = str((data or {}).get("pick", ""))
        if PICK.match(pick):
            kind = pick.split(":", 1)[0]
        self.params = form_params(kind)
        for p in self.params.values():
            self.fields.update(fields_for(p))

    def clean(self) -> dict[str, Any]:
        """A palette button posts `pick` = "<type>:<catalogue id>" (works without JavaScript)."""
        data = super().clean() or {}
        choice = self.params.get("choice")
        if choice is not None and self.data.get("divide") == "1":
            data["choice"] = self._division()
        if choice is not None and choice.kind == v.JSON and data.get("choice") is None:
            self.add_error("choice", "Pick one of the options.")
        for p in self.params.values():
            if p.kind == v.DEFENDER and data.get(p.name):
                try:
                    data[p.name] = _defender(data[p.name])
                except forms.ValidationError as error:
                    self.add_error(p.name, error)
        if data.get("pick"):
            kind, slug, *count = data["pick"].split(":")
            slug, _at, which = slug.partition("@")
            data["type"] = kind
            data[PICKED[kind]] = slug
            if which and "which" in self.params:
                data["which"] = int(which)
            if count and "count" in self.params:
                data["count"] = int(count[0])
        return data

    def _division(self) -> dict[str, Any] | None:
        """A division typed as amounts (the choice dialog's "divide_to_<stack>" fields: one
        creature's amounts to its blockers of that stack, "2 1"; "divide_excess"), as the
        kernel's answer for every creature of the stack alike; the kernel validates it."""
        to: dict[str, list[int]] = {}
        for key in list(self.data)[:64]:
            if not key.startswith("divide_to_"):
                continue
            words = str(self.data.get(key, "")).replace(",", " ").split()
            if len(words) > 64 or not all(w.isdigit() and len(w) <= 9 for w in words):
                self.add_error(None, "Amounts are whole numbers separated by spaces.")
                return None
            to[key.removeprefix("divide_to_")[:32]] = [int(w) for w in words]
        excess = str(self.data.get("divide_excess", "") or "0")
        if not excess.isdigit() or len(excess) > 9:
            self.add_error(None, "The amount over is a whole number.")
            return None
        return {"to": to, "excess": int(excess)}

    def clean_choice(self) -> Any:
        raw = self.cleaned_data.get("choice", "")
        if raw == "":
            return None
        try:
            return json.loads(raw)
        except ValueError:
            raise forms.ValidationError(_("The choice is not one of the options.")) from None

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

    def _value(self, p: v.Param) -> Any:
        data = self.cleaned_data
        if p.kind == v.DEFINITION:
            return self._definition()
        if p.kind == v.MAPPING:
            picked = {"color": data.get("color"), "domain": data.get("domain")}
            return {key: value for key, value in picked.items() if value} or None
        value = data.get(p.name)
        if p.kind == v.OBJECTS:
            return _words(value or "") or None
        if p.kind == v.BOOLEAN:
            return value or None
        return None if value in (None, "") else value

    def action(self) -> dict[str, Any]:
        """The action dict, with only the parameters of its type that were given."""
        action: dict[str, Any] = {"type": self.cleaned_data["type"]}
        for p in form_params(action["type"]).values():
            value = self._value(p)
            if value is not None:
                action[p.name] = value
        return action


class TableCreateForm(forms.Form):
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=GAMES)
    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=100, initial=gettext_lazy("Friday game")
    )
    players = forms.CharField(
        label=gettext_lazy("Players"),
        max_length=800,
        initial="Ann, Ben",
        help_text=gettext_lazy("Seat names, separated by commas (1 to 8)."),
    )
    starting_life = forms.IntegerField(
        label=gettext_lazy("Starting life"),
        min_value=1,
        max_value=999,
        initial=20,
        help_text=gettext_lazy("MTG only: 40 suits Commander."),
    )
    mode = forms.ChoiceField(
        choices=Table.Mode.choices,
        required=False,
        initial=Table.Mode.ENFORCE,
        label=gettext_lazy("Rules"),
        help_text=gettext_lazy(
            "Track only: house rules, rebuilding a board, cards the rules engine doesn't "
            "know. Nothing is refused; the log marks what breaks the rules."
        ),
    )

    def clean_mode(self) -> str:
        return str(self.cleaned_data.get("mode") or Table.Mode.ENFORCE)

    def clean_players(self) -> list[str]:
        names = [name.strip() for name in self.cleaned_data["players"].split(",") if name.strip()]
        if not 1 <= len(names) <= 8:
            raise forms.ValidationError(_("Name 1 to 8 seats, separated by commas."))
        if any(len(name) > 100 for name in names):
            raise forms.ValidationError(_("A seat name has at most 100 characters."))
        return names

    def options(self) -> dict[str, Any]:
        wanted = rules.get_system(self.cleaned_data["game"]).setup_options
        return {name: self.cleaned_data[name] for name in wanted}


class JoinForm(forms.Form):
    seat = forms.IntegerField(min_value=0, max_value=63)


ABILITY_GROUP = "ability"
# `make` has rows of its own on the panel, one per entry of the card's makes (play/web/makes.py).


def _object_param(spec: v.ActionSpec) -> str:
    """The parameter that names the object the control sits on (`object`, `of`, `attach_to`)."""
    return next(p.name for p in spec.params if p.kind == v.OBJECT and p.form)


def _widget(
    p: v.Param, registry: game.Registry, obj: dict[str, Any], state: dict[str, Any]
) -> dict[str, Any] | None:
    """How the object panel asks for one parameter; None: not asked there."""
    widget: dict[str, Any] = {
        "name": p.name,
        "label": tr(p.label or p.name.title()),
        "help": p.help,
    }
    if p.offered_by:
        source = rules.presentation(registry.game).options[p.offered_by]
        offered = source(state, obj["controller"])
        return {**widget, "input": "select", "options": offered} if offered else None
    if p.name == shared.COUNT.name:
        # Which number is which: the stack's members, never the counters or the damage.
        creatures = "Creature" in (obj.get("types") or ())
        label = _("How many creatures") if creatures else _("How many of the stack")
        return {
            **widget,
            "input": "number",
            "min": 1,
            "max": obj["count"],
            "value": 1,
            "label": label,
        }
    if p.refers == v.ZONE:
        moves = [(value, tr(label)) for value, label in registry.move_to]
        places = moves[:1]
        if registry.move_to_battlefields:
            places += [(f["id"], battlefield_name(f)) for f in state.get("battlefields") or []]
        return {**widget, "input": "select", "options": places + moves[1:]}
    if p.kind == v.SEAT:
        others = [(s["seat"], s["name"]) for s in state["seats"] if s["seat"] != obj["controller"]]
        return {**widget, "input": "select", "options": others} if others else None
    if p.kind == v.CHOICE and len(p.choices) == 1:
        checked = p.default == p.choices[0]
        return {
            **widget,
            "input": "checkbox",
            "value": p.choices[0],
            "checked": checked,
            "label": tr(p.options()[1][1]),
        }
    if p.kind == v.INTEGER:
        bounds = p.bounds()
        assert bounds is not None
        return {**widget, "input": "number", "min": bounds[0], "max": bounds[1], "value": p.default}
    if p.kind == v.TEXT and p.refers is None:
        return {
            **widget,
            "input": "text",
            "value": p.default or "",
            "suggestions": registry.counter_kinds,
        }
    return None


def _offered(
    spec: v.ActionSpec, registry: game.Registry, obj: dict[str, Any], state: dict[str, Any]
) -> bool:
    """An action asking to pick among options is offered only when there is one to pick (a
    creature blocks only when something attacks its controller)."""
    return all(
        _widget(p, registry, obj, state) is not None for p in spec.form_params() if p.offered_by
    )


def may_offer(spec: v.ActionSpec, obj: dict[str, Any], seats: frozenset[int]) -> bool:
    """Whether a player acting for ``seats`` may send this action on ``obj`` (its registry
    actor): anyone seated for an effect, else the object's controller (who also controls what
    a control on the object creates)."""
    return bool(seats) and (spec.actor.kind == v.ANYONE or obj["controller"] in seats)


def _most_likely_first(obj: dict[str, Any]) -> list[tuple[str, str]]:
    """The groups of controls in the order a player most likely wants them: a noncreature with
    abilities (a Treasure, a Clue, a Food) is there to use them, so they come first."""
    groups = list(v.GROUPS.items())
    if obj.get("abilities") and "Creature" not in (obj.get("types") or ()):
        groups.sort(key=lambda group: group[0] != ABILITY_GROUP)
    return groups


def ability_label(text: str) -> str:
    """A short button label for an ability: its costs but the tap symbol, and its effect:
    "{T}, Sacrifice this artifact: Add one mana of any color." -> "Sacrifice: add one mana of
    any color"."""
    cost, colon, effect = text.partition(":")
    if not colon:
        return text.strip().rstrip(".")
    parts = [part.strip() for part in cost.split(",")]
    costs = [part.split()[0] for part in parts if part and part not in ("{T}", "[E]")]
    effect = effect.strip().rstrip(".")
    effect = effect[:1].lower() + effect[1:]
    return f"{', '.join(costs)}: {effect}" if costs else effect[:1].upper() + effect[1:]


def panel_groups(
    game: str, obj: dict[str, Any], state: dict[str, Any], seats: frozenset[int]
) -> list[dict[str, Any]]:
    """The object panel's forms: for each group of controls (GROUPS in
    rules/registry/vocabulary.py) the actions of the game's registry that apply to this object
    and that a player acting for ``seats`` may use, and the fields they ask for."""
    registry = rules.registries()[game]
    found = [
        s
        for s in registry.for_object(obj)
        if may_offer(s, obj, seats) and _offered(s, registry, obj, state) and s.type != MAKE
    ]
    groups = []
    for key, legend in _most_likely_first(obj):
        # An action picking a stack the situation offers (block: an attacker) is offered only
        # in that situation, where it is what the player came for: first, so Enter in the
        # count field does it.
        specs = sorted(
            (s for s in found if s.group == key),
            key=lambda s: not any(p.offered_by and p.refers == v.STACK for p in s.form_params()),
        )
        if not specs:
            continue
        target = _object_param(specs[0])
        hidden = {target: obj["id"]}
        fields: dict[str, dict[str, Any]] = {}
        for spec in specs:
            if spec.param(shared.CONTROLLER_PARAM.name) is not None:
                hidden[shared.CONTROLLER_PARAM.name] = obj["controller"]
            for p in spec.form_params():
                if p.name in hidden or p.name in fields:
                    continue
                if target != shared.OBJECT_PARAM.name and p.name != shared.COUNT.name:
                    continue  # a control creating something on this object asks for how many
                widget = _widget(p, registry, obj, state)
                if widget is not None:
                    fields[p.name] = widget
        if target != shared.OBJECT_PARAM.name and shared.COUNT.name in fields:
            fields[shared.COUNT.name] |= {"max": rules.MAX_COUNT}
        asks_seat = any(p.kind == v.SEAT for s in specs for p in s.form_params())
        if (
            target == shared.OBJECT_PARAM.name
            and asks_seat
            and shared.SEAT_PARAM.name not in fields
        ):
            continue  # nobody else to give it to
        groups.append(
            {
                "key": key,
                "legend": tr(legend),
                "specs": [for_reader(s) for s in specs],
                "fields": list(fields.values()),
                "hidden": hidden,
            }
        )
    return groups


def table_controls(game: str) -> dict[str, v.ActionSpec | None]:
    """The table page's controls outside the object panel, by role (registry ROLES)."""
    registry = rules.registries()[game]
    found = {role: registry.by_role(role) for role in v.ROLES}
    return {role: for_reader(spec) if spec else None for role, spec in found.items()}


def batch_specs(game: str) -> list[v.ActionSpec]:
    """What the multi-select bar offers on several stacks at once: tap and untap (the tile's
    quick buttons), then the main actions that remove a stack (sacrifice, destroy...), each
    asking only which objects and how many."""
    registry = rules.registries()[game]
    quick = [registry.by_role("tap_one"), registry.by_role("untap_one")]
    removing = [s for s in registry if s.group == "main" and s.style == "danger"]
    return [
        s
        for s in [*quick, *removing]
        if s is not None and {p.name for p in s.form_params()} <= {"object", "count"}
    ]
