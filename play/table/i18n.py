"""The kernel's words in the reader's language.

The kernel (``rules``) is standard library only and speaks English: its sentences are
``rules.text.Text`` (a template, its arguments and, for counts, a plural template), kept in
events as ``event["message"]`` and on errors as ``error.message``; its data words (action labels,
step names, stats) are plain strings. Here they are translated with Django's gettext: the
template is looked up in the catalogue and formatted again with the same arguments, so nothing
parses a sentence. ``kernel_messages`` lists the data words for the catalogue
(``tokensite/translations.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext, ngettext

from rules import keywords
from rules.keywords import KEYWORDS
from rules.registry.vocabulary import ActionSpec
from rules.text import render

JsonDict = dict[str, Any]


def tr(text: str) -> str:
    """A kernel data word (a label, a step name) in the active language."""
    return gettext(text) if text else text


# The names of tokens and cards in the reader's language while a page tells the log (English
# name -> printed name; play/web/reader_names.py): the kernel names them in English (CR 201.2).
_NAMES: ContextVar[Mapping[str, str] | None] = ContextVar("reader_names", default=None)


@contextmanager
def names_in_language(names: Mapping[str, str]) -> Iterator[None]:
    """Within this block, sentences and summaries name tokens and cards by ``names``."""
    token = _NAMES.set(names)
    try:
        yield
    finally:
        _NAMES.reset(token)


def reader_name(name: str) -> str:
    """A token's or card's English name as the reader's language names it, where known."""
    return (_NAMES.get() or {}).get(name, name)


def _named(message: Mapping[str, Any], names: Mapping[str, str]) -> Mapping[str, Any]:
    """The message with each argument that is a known English name told by ``names`` (the
    arguments are data: nothing is parsed)."""
    args = {
        key: _named(value, names)
        if isinstance(value, Mapping)
        else names.get(value, value)
        if isinstance(value, str)
        else value
        for key, value in (message.get("args") or {}).items()
    }
    return {**message, "args": args}


def render_message(message: Mapping[str, Any]) -> str:
    """A kernel sentence (``Text.data()``) in the active language."""
    names = _NAMES.get()
    return render(_named(message, names) if names else message, gettext, ngettext)


def event_text(event: Mapping[str, Any]) -> str:
    """A log event's sentence for the reader: translated when the kernel told it as data,
    else as stored (entries logged before sentences were data)."""
    message = event.get("message")
    if isinstance(message, Mapping) and "id" in message:
        return render_message(message)
    return str(event.get("text", ""))


def error_text(error: Any) -> str:
    """A kernel error's ``detail`` for the reader."""
    message = getattr(error, "message", None)
    if isinstance(message, Mapping):
        return render_message(message)
    return str(getattr(error, "detail", error))


def battlefield_name(field: Mapping[str, Any]) -> str:
    """A Riftbound battlefield's name (the view's ``battlefields``) for the reader: one the
    table named itself ("Battlefield 2", told as ``name_message``) in the reader's language."""
    message = field.get("name_message")
    if isinstance(message, Mapping) and "id" in message:
        return render_message(message)
    return str(field.get("name", ""))


def keyword_label(keyword: str) -> str:
    """A printed keyword in the reader's language (``rules.keywords.keyword_label``)."""
    return keywords.keyword_label(keyword, tr)


def for_reader(spec: ActionSpec) -> ActionSpec:
    """An action of the registry with its label and help line in the active language."""
    return replace(spec, label=tr(spec.label), help=tr(spec.help))


def type_words(action_type: str) -> str:
    """ "pass_turn" -> "Pass turn": how the log titles an entry."""
    words = action_type.replace("_", " ")
    return words[:1].upper() + words[1:]


def entry_label(action_type: str) -> str:
    return tr(type_words(action_type))


def shown_words() -> Iterator[str]:
    """Values the table pages show as words: roles, table statuses, zones, kinds."""
    from typing import get_args

    import rules
    from play.models import Table
    from play.table.selectors import Role

    yield from (str(value) for value in Table.Status.values)
    yield from get_args(Role)
    yield from ("card", "token")
    for game, registry in rules.registries().items():
        yield rules.presentation(game).board_zone
        yield from (zone for zone, _label in registry.move_to)


def game_words() -> Iterator[str]:
    """Game vocabulary the kernel puts into sentences as data (``rules.text.word``) and
    pages show as labels: counter kinds, Riftbound domains, zones, keywords that trigger."""
    import rules
    from rules.mtg.players import PLAYER_COUNTER_KINDS
    from rules.mtg.zones import RETURNS
    from rules.riftbound.board import DOMAINS

    for registry in rules.registries().values():
        yield from registry.counter_kinds
    yield from PLAYER_COUNTER_KINDS
    yield from DOMAINS
    for keyword, _counter, _rule in RETURNS:
        yield from (keyword, keyword.lower())
    yield from ("graveyard", "exile", "hand", "library", "command", "stack")


def kernel_messages() -> Iterator[str]:
    """Every data word the kernel shows, from the registries and presentations themselves."""
    import rules
    from rules.registry.vocabulary import GROUPS

    yield from GROUPS.values()
    yield from game_words()
    yield from KEYWORDS
    yield type_words("undo")
    for game, registry in rules.registries().items():
        shown = rules.presentation(game)
        yield from (shown.title, shown.short_title, shown.home_title, shown.pool_label)
        yield from shown.step_names.values()
        yield from (stat.label for stat in shown.stats)
        yield from (shown.toggle.word, shown.toggle.up_word)
        for item in (*shown.create_inputs, *shown.custom_inputs):
            yield from (item.label, item.hint, *(label for _value, label in item.choices))
        yield from shown.leaves_at.values()
        yield from (words for _key, words in shown.designations)
        yield from (label for _value, label in registry.move_to)
        for spec in registry:
            yield from (spec.label, spec.help, type_words(spec.type))
            for param in spec.form_params():
                yield from (param.label or param.name.title(), param.blank, *param.labels)
                if not param.labels:
                    yield from (choice.replace("_", " ") for choice in param.choices)
