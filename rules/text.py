"""Sentences the kernel tells (log events, errors, prompts) as data: a message template, its
arguments and, for a count, the plural template.

The kernel stays standard library only and speaks English; a ``Text`` *is* the English sentence
(a ``str``), and also carries what made it, so the Django layer (``play/table/i18n.py``) tells it in
the reader's language by translating the template and formatting it again: nothing ever parses
a sentence. Templates use ``str.format`` fields named after their arguments; a plural's count is
the argument ``n``. An argument may itself be a ``Text`` (a step name inside a sentence).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class Text(str):
    template: str
    plural_template: str | None
    args: dict[str, Any]
    is_word: bool = False
    """A game word from data (``word``), not a sentence the kernel wrote."""

    def __new__(cls, template: str, plural_template: str | None = None, /, **args: Any) -> Text:
        chosen = plural_template if plural_template and args.get("n") != 1 else template
        made = super().__new__(cls, chosen.format(**args))
        made.template = template
        made.plural_template = plural_template
        made.args = args
        return made

    def __copy__(self) -> Text:
        return self  # immutable, like the str it is

    def __deepcopy__(self, memo: dict[int, Any]) -> Text:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as what made it: str's own reduction would format the English text again.
        return (_rebuild, (self.template, self.plural_template, self.args))

    def data(self) -> dict[str, Any]:
        """JSON-safe: ``{"id", "plural"?, "args"}``, nested texts as data too."""
        found: dict[str, Any] = {"id": self.template, "args": {}}
        if self.plural_template:
            found["plural"] = self.plural_template
        if self.is_word:
            found["word"] = True
        for key, value in self.args.items():
            found["args"][key] = value.data() if isinstance(value, Text) else value
        return found


def _rebuild(template: str, plural_template: str | None, args: dict[str, Any]) -> Text:
    return Text(template, plural_template, **args)


def msg(template: str, /, **args: Any) -> Text:
    """A sentence: ``msg("{seat} drew a card ({rule}).", seat=name, rule="504.1")``."""
    return Text(template, None, **args)


def plural(singular: str, plural_form: str, /, n: int, **args: Any) -> Text:
    """A sentence about ``n`` things: ``plural("{n} token", "{n} tokens", n=3)``."""
    return Text(singular, plural_form, n=n, **args)


def joined(parts: list[Text], separator: str = "") -> Text:
    """Sentence pieces told one after another (", with 2 +1/+1 counters, with 1 loyalty
    counter"): each piece stays a ``Text`` of its own, so each is translated."""
    fields = {f"part{i}": part for i, part in enumerate(parts)}
    return Text(separator.join("{" + key + "}" for key in fields), None, **fields)


def word(value: str) -> Text:
    """A game word from data (a counter kind, a keyword, a domain) that a reader's language may
    translate; the catalogue lists them from the registries (``play/table/i18n.py``)."""
    made = Text(value.replace("{", "{{").replace("}", "}}"), None)
    made.is_word = True
    return made


def from_data(data: dict[str, Any] | None) -> Text | None:
    """The ``Text`` that ``data()`` described (None for None)."""
    if data is None:
        return None
    args = {
        key: from_data(value) if isinstance(value, dict) and "id" in value else value
        for key, value in data.get("args", {}).items()
    }
    made = Text(data["id"], data.get("plural"), **args)
    made.is_word = bool(data.get("word"))
    return made


def message_data(text: str) -> dict[str, Any] | None:
    """What made ``text``, when it is a ``Text``; None for a plain string."""
    return text.data() if isinstance(text, Text) else None


def render(
    message: Mapping[str, Any],
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str],
) -> str:
    """A sentence told as data (``Text.data()``) in the language of the translation functions
    given: the web layer passes Django's (``play/table/i18n.py``, the catalogue's admin), so the
    kernel stays free of Django and this stays the one place that tells a sentence."""
    args = {
        key: render(value, gettext, ngettext)
        if isinstance(value, Mapping) and "id" in value
        else value
        for key, value in (message.get("args") or {}).items()
    }
    plural_template = message.get("plural")
    if plural_template:
        count = args.get("n", 1)
        template = ngettext(message["id"], plural_template, count if isinstance(count, int) else 1)
    else:
        template = gettext(message["id"])
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):
        # A translation that names another field than the source: the English one is safe.
        source = plural_template if plural_template and args.get("n") != 1 else message["id"]
        return str(source).format(**args)
