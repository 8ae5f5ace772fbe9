"""The translation catalogues: found in the sources, merged into the .po files, compiled to .mo.

Pure Python (Babel), so a machine without GNU gettext builds them: `manage.py
update_translations` after strings change, `manage.py compile_translations` (run by `make run`
and `make test`) before serving. The .po files in locale/ are the sources and live in git; the
.mo files are build outputs.

Where messages come from:
- Python: Django's gettext family, and the kernel's message templates (``rules.text``:
  ``msg`` and ``plural``; the kernel stays standard-library only and the Django layer
  translates them, ``play.web.i18n``);
- templates: Django's own ``templatize`` turns ``{% translate %}``/``{% blocktranslate %}`` into
  gettext calls, read by the same Python extractor;
- data: the words pages show from data (action labels, step names, zones, conditions...),
  listed by each app from where they are defined (settings ``TRANSLATED_DATA``).
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_python
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po
from django.conf import settings
from django.utils.module_loading import import_string
from django.utils.translation.template import templatize

DOMAIN = "django"
SOURCE_LANGUAGE = "en"
PYTHON_ROOTS = ("tokensite", "rules", "catalog", "play", "collection", "jobs")
TEMPLATE_ROOTS = ("templates",)
KEYWORDS: dict[str, object] = {
    "gettext": None,
    "gettext_noop": None,
    "gettext_lazy": None,
    "_": None,
    "ngettext": (1, 2),
    "ngettext_lazy": (1, 2),
    "pgettext": ((1, "c"), 2),
    "pgettext_lazy": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
    "npgettext_lazy": ((1, "c"), 2, 3),
    # The kernel's message templates (rules/text.py).
    "msg": None,
    "plural": (1, 2),
}


FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)


@dataclass(frozen=True)
class Message:
    msgid: str | tuple[str, str]
    context: str | None
    where: str


def _calls(code: str, where: str) -> Iterator[Message]:
    keywords: Any = KEYWORDS
    for _line, func, messages, _comments in extract_python(
        io.BytesIO(code.encode()), keywords, [], {}
    ):
        spec = KEYWORDS[str(func)]
        found = _pick(messages if isinstance(messages, tuple) else (messages,), spec)
        if found is not None:
            yield Message(found[0], found[1], where)


def _pick(
    args: tuple[object, ...], spec: object
) -> tuple[str | tuple[str, str], str | None] | None:
    """The message (and context) a call names, following Babel's keyword spec."""
    if spec is None:
        spec = (1,)
    context: str | None = None
    texts: list[str] = []
    for item in spec:  # type: ignore[attr-defined]
        if isinstance(item, tuple):
            value = args[item[0] - 1] if len(args) >= item[0] else None
            if not isinstance(value, str):
                return None
            context = value
        else:
            value = args[item - 1] if len(args) >= item else None
            if not isinstance(value, str):
                return None
            texts.append(value)
    if not texts or not texts[0]:
        return None
    return (texts[0] if len(texts) == 1 else (texts[0], texts[1])), context


def python_messages(base: Path) -> Iterator[Message]:
    for root in PYTHON_ROOTS:
        for path in sorted((base / root).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            yield from _calls(path.read_text(encoding="utf-8"), str(path.relative_to(base)))


def template_paths(base: Path) -> list[Path]:
    return [
        path
        for root in TEMPLATE_ROOTS
        for pattern in ("*.html", "*.txt")  # .txt: mail subjects
        for path in sorted((base / root).rglob(pattern))
        if path.is_file()
    ]


def template_messages(base: Path) -> Iterator[Message]:
    for path in template_paths(base):
        code = templatize(path.read_text(encoding="utf-8"), origin=str(path))
        # Each call templatize writes is on one line (newlines escaped); the lines around them
        # are placeholders whose indentation the Python tokenizer would refuse.
        code = "\n".join(line.lstrip() for line in code.splitlines())
        yield from _calls(code, str(path.relative_to(base)))


def data_messages() -> Iterator[Message]:
    """The words each app shows from data, listed by its own function (settings
    TRANSLATED_DATA): action labels, zones, conditions...; a (context, word) pair is a word
    translated in that context (pgettext), e.g. a subtype on a card."""
    words = [word for source in settings.TRANSLATED_DATA for word in import_string(source)()]
    for word in dict.fromkeys(words):
        context, text = word if isinstance(word, tuple) else (None, word)
        if text:
            yield Message(text, context, "play.web.i18n.kernel_messages")


def all_messages(base: Path | None = None) -> list[Message]:
    base = base or Path(settings.BASE_DIR)
    return [*python_messages(base), *template_messages(base), *data_messages()]


def template_catalog(messages: Iterable[Message]) -> Catalog:
    catalog = Catalog(domain=DOMAIN, project="Tokensite", charset="utf-8")
    for message in messages:
        catalog.add(message.msgid, context=message.context)
    return catalog


def po_path(language: str) -> Path:
    return Path(settings.LOCALE_PATHS[0]) / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str) -> Catalog:
    path = po_path(language)
    if not path.exists():
        return Catalog(
            locale=language,
            domain=DOMAIN,
            project="Tokensite",
            charset="utf-8",
            header_comment=f"# Tokensite: {language} translations (tokensite/translations.py).",
        )
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def update(languages: Iterable[str]) -> dict[str, int]:
    """Merge the sources' messages into each language's .po; returns how many are untranslated.

    The source language's translations are its msgids, filled in here."""
    messages = all_messages()
    missing: dict[str, int] = {}
    for language in languages:
        catalog = read_catalog(language)
        # A template of its own: Babel's update shares message objects with it.
        catalog.update(template_catalog(messages), no_fuzzy_matching=True)
        catalog.obsolete.clear()
        # A fixed header, so an update that finds nothing new changes nothing in git.
        catalog.fuzzy = False
        catalog.creation_date = catalog.revision_date = FIXED_DATE
        catalog.msgid_bugs_address = ""
        catalog.last_translator = "Tokensite"
        catalog.language_team = language
        if language == SOURCE_LANGUAGE:
            for message in catalog:
                if message.id:
                    message.string = message.id
        path = po_path(language)
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as handle:
            write_po(handle, catalog, width=100, no_location=True, sort_output=True)
        missing[language] = len(untranslated(catalog))
    return missing


def untranslated(catalog: Catalog) -> list[object]:
    """The messages of ``catalog`` with no (or a fuzzy) translation."""
    found: list[object] = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            found.append(message.id)
    return found


def compile_all(force: bool = False) -> list[Path]:
    """Write each .po's .mo when it is missing or older than its source; returns those written."""
    written = []
    for language, _name in settings.LANGUAGES:
        source = po_path(language)
        if not source.exists():
            continue
        target = source.with_suffix(".mo")
        if not force and target.exists() and target.stat().st_mtime >= source.stat().st_mtime:
            continue
        catalog = read_catalog(language)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        target.write_bytes(buffer.getvalue())
        written.append(target)
    return written
