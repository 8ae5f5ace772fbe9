"""The table's command line: a typed phrase ("tap 4 soldier", "life", "undo") runs as the
action it says through the same services as every control (no write of its own), or answers a
question about the table, or asks which of several readings was meant, by number.

The phrase is read by ``rules.commands`` from the game's registry; here the table gives it its
words in the reader's language (and English, always), its stacks and seats with their printed
names, and the catalogue's tokens found as the palette finds them.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any

from django.utils import translation
from django.utils.translation import get_language, gettext, ngettext, pgettext_lazy

import rules
from catalog import selectors as catalog
from catalog.selectors import labels_apart, token_label
from play.table import selectors, services
from play.table.i18n import render_message, tr
from play.table.sayings import plain_text, sentence
from play.table.selectors import TableAccess
from rules.command_words import Named, best_named, fold, words
from rules.commands import (
    UNDO,
    Action,
    NotUnderstood,
    Options,
    Scene,
    Vocabulary,
    parse,
    verbs_of,
)
from tokensite.api import DomainError, Forbidden

JsonDict = dict[str, Any]
MAX_TEXT = 200

# The command line's words (translators' context "command line"); English is always understood.
# The questions, by key, and the phrases that ask them.
QUESTIONS: dict[str, tuple[Any, ...]] = {
    "life": (
        pgettext_lazy("command line", "life"),
        pgettext_lazy("command line", "life totals"),
        pgettext_lazy("command line", "counters"),
    ),
    "combat": (
        pgettext_lazy("command line", "combat"),
        pgettext_lazy("command line", "attacking"),
        pgettext_lazy("command line", "blocking"),
    ),
    "stack": (pgettext_lazy("command line", "stack"), pgettext_lazy("command line", "this")),
    "last": (pgettext_lazy("command line", "last"), pgettext_lazy("command line", "what happened")),
    "pending": (
        pgettext_lazy("command line", "pending"),
        pgettext_lazy("command line", "waiting"),
        pgettext_lazy("command line", "whose turn"),
    ),
    "repeat": (pgettext_lazy("command line", "repeat"), pgettext_lazy("command line", "say again")),
}
UNDO_WORDS = (pgettext_lazy("command line", "undo"), pgettext_lazy("command line", "take back"))
WITH_WORDS = (pgettext_lazy("command line", "with"), pgettext_lazy("command line", "using"))
TO_WORDS = (
    pgettext_lazy("command line", "to"),
    pgettext_lazy("command line", "on"),
    pgettext_lazy("command line", "from"),
    pgettext_lazy("command line", "at"),
)
FILLERS = (
    pgettext_lazy("command line", "token"),
    pgettext_lazy("command line", "tokens"),
    pgettext_lazy("command line", "the"),
    pgettext_lazy("command line", "of"),
    pgettext_lazy("command line", "and"),
)
ME = (pgettext_lazy("command line", "me"), pgettext_lazy("command line", "myself"))
MAX_TOKENS = 9  # catalogue tokens a name may offer to choose from


def _said(phrases: tuple[Any, ...]) -> frozenset[str]:
    """Each phrase in the reader's language and in English (its source)."""
    found = {fold(str(phrase)) for phrase in phrases}
    with translation.override("en"):
        found |= {fold(str(phrase)) for phrase in phrases}
    return frozenset(found)


def vocabulary(game: str) -> Vocabulary:
    """The command line's words for ``game`` in the reader's language and English."""
    registry = rules.registries()[game]
    return Vocabulary(
        verbs=(
            *verbs_of(registry, tr),
            *((phrase, UNDO) for phrase in sorted(_said(UNDO_WORDS))),
        ),
        questions=tuple(
            (phrase, key) for key, phrases in QUESTIONS.items() for phrase in _said(phrases)
        ),
        with_words=_said(WITH_WORDS),
        to_words=_said(TO_WORDS),
        fillers=_said(FILLERS),
        me=_said(ME),
    )


def completions(game: str) -> list[str]:
    """The words Tab completes besides the names on the board: the verbs and questions."""
    vocab = vocabulary(game)
    phrases = {phrase for phrase, _ in vocab.verbs} | {phrase for phrase, _ in vocab.questions}
    return sorted(phrases)


def speaker_seat(state: JsonDict, access: TableAccess) -> int | None:
    """The seat a phrase speaks for: the active player's when the caller acts for it (the
    owner playing every seat at one screen), else the first the caller acts for."""
    if state.get("active_seat") in access.seats:
        return int(state["active_seat"])
    return min(access.seats) if access.seats else None


def _printed(state: JsonDict) -> dict[str, JsonDict]:
    slugs = {str(o["definition"]) for o in state["objects"] if o.get("definition")}
    return dict(catalog.definition_printed_names(slugs, get_language()))


def _stack_names(obj: JsonDict, printed: dict[str, JsonDict]) -> tuple[str, ...]:
    names = [str(obj.get("name") or "")]
    found = printed.get(str(obj.get("definition")))
    if found and found["english"]["name"] == obj.get("name"):
        names.append(str(found["name"]))
    return tuple(n for n in names if n)


def _token_finder(game: str, state: JsonDict, printed: dict[str, JsonDict]) -> Any:
    """Tokens by name: the board's own (the Goblins already out) first, else the catalogue's
    as the palette's search finds them (printed names too); the exact name narrows the list."""

    def find(name: str) -> list[Named]:
        typed = words(name)
        on_board: dict[str, Named] = {}
        for obj in state["objects"]:
            slug = obj.get("definition")
            if obj.get("token") and slug and slug not in on_board:
                names = _stack_names(obj, printed)
                if any(_names(typed, n) for n in names):
                    on_board[str(slug)] = Named(slug, names, obj)
        if on_board:
            return list(on_board.values())
        for query in _shorter(name):
            found = list(catalog.token_list(game=game, q=query)[:MAX_TOKENS])
            if found:
                break
        in_language = catalog.printed_names(found, get_language(), token=True)
        named = [
            Named(
                t.slug,
                (t.name, *([in_language[t.pk].name] if t.pk in in_language else [])),
                {"name": t.name, "power": t.power, "toughness": t.toughness, "colors": t.colors},
            )
            for t in found
        ]
        exact = [n for n in named if any(fold(x) == fold(name) for x in n.names)]
        return exact or named

    return find


def _names(typed: list[str], name: str) -> bool:
    return bool(best_named(typed, [Named(None, (name,))], _said(FILLERS)))


def _shorter(name: str) -> list[str]:
    """The name, then without its last letters ("goblins", "сокровища"), as a search."""
    name = name.strip()
    return [name] + [name[:-cut] for cut in (1, 2) if len(name) - cut >= 3]


def table_scene(table: Any, state: JsonDict, access: TableAccess) -> Scene:
    printed = _printed(state)
    stacks = tuple(
        Named(o["id"], _stack_names(o, printed), o)
        for o in state["objects"]
        if o.get("zone") in ("battlefield", "base") or o.get("location")
    )
    seats = tuple(Named(s["seat"], (str(s["name"]),)) for s in state["seats"])
    common = catalog.token_list(game=table.game, predefined=True).values_list("name", flat=True)
    return Scene(
        registry=rules.registries()[table.game],
        stacks=stacks,
        seats=seats,
        speaker=speaker_seat(state, access),
        tokens=_token_finder(table.game, state, printed),
        known_names=tuple(common[:200]),
    )


@dataclass
class CommandOutcome:
    """What a command did: ``kind`` "done" (an action ran: ``result``), "undone", "answer"
    (a question's ``said``), or "options" (``options`` to choose from by number)."""

    kind: str
    said: str
    result: services.ActionResult | None = None
    action: JsonDict | None = None
    options: list[JsonDict] = field(default_factory=list)


def command_run(
    *,
    table_id: uuid.UUID | str,
    user: Any,
    text: str,
    expected_version: int | None = None,
    choice: int | None = None,
    focus: str | None = None,
    spectate_token: str | None = None,
) -> CommandOutcome:
    """Run the command ``text`` says at the table: the action through
    ``services.table_apply_action`` (or ``table_undo``), a question answered from the state,
    or the readings to choose from. A phrase not understood is a DomainError (400) with what
    it could have meant."""
    if len(text) > MAX_TEXT:
        raise DomainError(
            gettext("A command is at most %(n)s characters.") % {"n": MAX_TEXT}, code="invalid"
        )
    table, access = selectors.table_get_for_user(
        table_id=table_id, user=user, spectate_token=spectate_token
    )
    state = selectors.table_state(table=table, access=access)
    read = parse(text, vocabulary(table.game), table_scene(table, state, access), choice)
    if isinstance(read, NotUnderstood):
        detail = render_message(read.message.data())
        if read.suggestions:
            detail += " " + gettext("Did you mean: %(names)s?") % {
                "names": ", ".join(read.suggestions)
            }
        raise DomainError(detail, code="not_understood")
    if isinstance(read, Options):
        labels = option_labels(list(read.actions), state)
        options = [
            {"number": n, "label": label, "action": action}
            for n, (label, action) in enumerate(zip(labels, read.actions, strict=True), 1)
        ]
        said = gettext("Which one? %(options)s. Type its number.") % {
            "options": "; ".join(f"{o['number']}: {o['label']}" for o in options)
        }
        return CommandOutcome("options", said, options=options)
    assert isinstance(read, Action)
    if read.special is not None and read.special != UNDO:
        return CommandOutcome("answer", answer(read.special, table, state, focus))
    if not access.can_act:
        raise Forbidden(gettext("Spectators can ask, not act."))
    if expected_version is None:
        raise DomainError(gettext("expected_version must be a number."), code="invalid")
    if read.special == UNDO:
        result = services.table_undo(
            table_id=table_id, user=user, expected_version=expected_version
        )
        return CommandOutcome("undone", sentence(None, result.events), result)
    assert read.action is not None
    result = services.table_apply_action(
        table_id=table_id, user=user, expected_version=expected_version, action=read.action
    )
    names = {s["seat"]: s["name"] for s in state["seats"]}
    seat = speaker_seat(state, access)
    return CommandOutcome(
        "done",
        sentence(names.get(seat) if seat is not None else None, result.events),
        result,
        read.action,
    )


# Readings and answers in words ----------------------------------------------------------------


def _stack_words(obj: JsonDict, names: dict[int, str], alike: bool) -> str:
    """ "3 Goblin Token" and, when others share its name, whose it is and how it stands."""
    count = obj.get("count", 1)
    said = f"{count} {obj.get('name')}" if count != 1 else str(obj.get("name"))
    if not alike:
        return said
    details = [names.get(obj["controller"], "?")]
    if obj.get("power") is not None:
        details.append(f"{obj['power']}/{obj['toughness']}")
    if obj.get("tapped"):
        details.append(gettext("tapped"))
    if obj.get("attacking"):
        details.append(gettext("attacking"))
    if obj.get("blocked"):
        details.append(gettext("blocked"))
    return f"{said} ({', '.join(details)})"


def option_labels(actions: list[JsonDict], state: JsonDict) -> list[str]:
    """Each reading in words, naming what differs between them (no stack ids)."""
    objects = {o["id"]: o for o in state["objects"]}
    names = {s["seat"]: s["name"] for s in state["seats"]}
    slugs = {str(a["token"]) for a in actions if "token" in a}
    tokens = list(catalog.token_queryset().filter(slug__in=slugs)) if slugs else []
    token_words = dict(
        zip((t.slug for t in tokens), labels_apart(tokens, token_label), strict=True)
    )
    labels = []
    for action in actions:
        parts = []
        for key, value in action.items():
            if isinstance(value, str) and value in objects:
                parts.append(_stack_words(objects[value], names, True))
            elif key == "token" and str(value) in token_words:
                parts.append(token_words[str(value)])
        labels.append(", ".join(parts) or tr(str(action.get("type"))))
    return labels


def answer(key: str, table: Any, state: JsonDict, focus: str | None) -> str:
    """The answer to a question about the table, in one or two sentences."""
    if key == "life":
        return life_answer(state)
    if key == "combat":
        return combat_answer(state)
    if key == "stack":
        return stack_answer(state, focus)
    if key == "pending":
        return pending_answer(state)
    return last_answer(table, state, with_rules=key == "last")


def life_answer(state: JsonDict) -> str:
    parts = []
    for seat in state["seats"]:
        said = ngettext("%(name)s: %(n)s life", "%(name)s: %(n)s life", seat.get("life") or 0) % {
            "name": seat["name"],
            "n": seat.get("life"),
        }
        if seat.get("points") is not None and seat.get("life") is None:
            said = gettext("%(name)s: %(n)s points") % {"name": seat["name"], "n": seat["points"]}
        counters = [f"{tr(k)} {n}" for k, n in sorted((seat.get("counters") or {}).items()) if n]
        if counters:
            said += ", " + ", ".join(counters)
        if seat.get("lost"):
            said += ", " + gettext("lost")
        parts.append(said)
    return "; ".join(parts) + "."


def combat_answer(state: JsonDict) -> str:
    objects = state["objects"]
    names = {s["seat"]: s["name"] for s in state["seats"]}
    by_id = {o["id"]: o for o in objects}
    attackers = [o for o in objects if o.get("attacking")]
    if not attackers:
        return gettext("Nothing is attacking.")
    parts = []
    for obj in attackers:
        target = obj["attacking"]
        whom = (
            names.get(target.get("seat"), "?")
            if target.get("seat") is not None
            else str(by_id.get(target.get("object"), {}).get("name", "?"))
        )
        blockers = [b for b in objects if obj["id"] in (b.get("blocking") or [])]
        said = gettext("%(what)s (%(who)s) attacks %(whom)s") % {
            "what": _stack_words(obj, names, False),
            "who": names.get(obj.get("controller"), "?"),
            "whom": whom,
        }
        if blockers:
            said += ", " + gettext("blocked by %(blockers)s") % {
                "blockers": ", ".join(_stack_words(b, names, False) for b in blockers)
            }
        else:
            said += ", " + gettext("unblocked")
        parts.append(said)
    return "; ".join(parts) + "."


def stack_answer(state: JsonDict, focus: str | None) -> str:
    obj = next((o for o in state["objects"] if o["id"] == focus), None)
    if obj is None:
        return gettext("No stack has focus: move to a stack on the board first.")
    names = {s["seat"]: s["name"] for s in state["seats"]}
    parts = [_stack_words(obj, names, False), names.get(obj.get("controller"), "?")]
    if obj.get("power") is not None:
        parts.append(f"{obj['power']}/{obj['toughness']}")
    if obj.get("tapped"):
        parts.append(gettext("tapped"))
    for kind, n in sorted((obj.get("counters") or {}).items()):
        parts.append(
            ngettext("%(n)s %(kind)s counter", "%(n)s %(kind)s counters", n)
            % {
                "n": n,
                "kind": kind,
            }
        )
    if obj.get("damage"):
        parts.append(gettext("%(n)s damage") % {"n": obj["damage"]})
    if obj.get("attacking"):
        parts.append(gettext("attacking"))
    if obj.get("blocking"):
        parts.append(gettext("blocking"))
    return ", ".join(parts) + "."


def pending_answer(state: JsonDict) -> str:
    names = {s["seat"]: s["name"] for s in state["seats"]}
    pending = state.get("pending_choice")
    steps = rules.presentation(state["game"]).step_names
    turn = gettext("%(name)s's turn %(turn)s, %(step)s.") % {
        "name": names.get(state.get("active_seat"), "?"),
        "turn": state.get("turn"),
        "step": tr(steps.get(str(state.get("step")), str(state.get("step")))),
    }
    if not pending:
        return gettext("Nothing is pending.") + " " + turn
    prompt = (
        render_message(pending["prompt_message"])
        if pending.get("prompt_message")
        else str(pending.get("prompt", ""))
    )
    return (
        gettext("%(name)s chooses: %(prompt)s")
        % {"name": names.get(pending.get("seat"), "?"), "prompt": prompt}
        + " "
        + turn
    )


def last_answer(table: Any, state: JsonDict, *, with_rules: bool) -> str:
    """The table's last log entry (an undo too): who, what, and (for "last") its events with
    their rules; "repeat" says it as the live region did."""
    entry = selectors.table_log(table=table, after=max(0, table.version - 1)).last()
    if entry is None:
        return gettext("Nothing has happened yet.")
    names = {s["seat"]: s["name"] for s in state["seats"]}
    seat_name = names.get(entry.seat) if entry.seat is not None else None
    events = list(entry.events or [])
    if not with_rules:
        return sentence(seat_name, events)
    lines = []
    for event in events:
        text = plain_text(event)
        rule = event.get("rule")
        lines.append(f"{text} (CR {rule})" if rule else text)
    said = "; ".join(line for line in lines if line).rstrip(".")
    if seat_name and not said.startswith(seat_name):
        said = f"{seat_name}: {said}"
    return f"{said}."
