"""Every sentence the kernel tells is data with a Russian translation.

The golden scenarios of both games (RULES.md part C, Riftbound's cases) are played again while
every log event, refusal and prompt the kernel makes is recorded; each must carry its sentence
as data (``rules.text``: ``msg``/``plural``), every template in it (nested pieces too) must
be in the Russian catalogue, and the Russian sentence must format. A sentence built as an
f-string, or a new template nobody translated, fails here with its English text.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext, ngettext

from play.table.i18n import game_words, render_message
from rules import context, errors
from tests.rules import test_scenarios
from tests.rules.riftbound import test_scenarios as riftbound_scenarios

FIELD = re.compile(r"\{[^{}]*\}")
CITATION = re.compile(r"\bCR\b")
VOCABULARY = set(game_words())
LETTERS = re.compile(r"[A-Za-z]{2,}")


def _record(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, Any]]:
    """(kind, English text, message data) of every event, refusal and prompt from now on."""
    told: list[tuple[str, str, Any]] = []
    event, refusal, prompt = (
        context.Context.event,
        errors.RulesError.__init__,
        errors.NeedChoice.__init__,
    )

    def record_event(self: Any, *args: Any, **kwargs: Any) -> None:
        event(self, *args, **kwargs)
        told.append(("event", self.events[-1]["text"], self.events[-1].get("message")))

    def record_refusal(self: Any, detail: str) -> None:
        refusal(self, detail)
        told.append(("refusal", self.detail, self.message))

    def record_prompt(self: Any, *args: Any, **kwargs: Any) -> None:
        prompt(self, *args, **kwargs)
        told.append(("prompt", str(self.prompt), self.message))

    monkeypatch.setattr(context.Context, "event", record_event)
    monkeypatch.setattr(errors.RulesError, "__init__", record_refusal)
    monkeypatch.setattr(errors.NeedChoice, "__init__", record_prompt)
    return told


def _templates(message: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    yield message
    for value in message.get("args", {}).values():
        if isinstance(value, Mapping) and "id" in value:
            yield from _templates(value)


def _untranslated(message: Mapping[str, Any]) -> list[str]:
    """Templates of ``message`` with words but no Russian entry. A game word from data
    (``word()``: a counter kind, a domain, a keyword) must be translated when it is one of the
    vocabulary the catalogue lists; a card's own word (its protection quality) stays as printed,
    like its name."""
    missing = []
    for part in _templates(message):
        source = part["id"]
        if not LETTERS.search(CITATION.sub("", FIELD.sub("", source))):
            continue  # "{part0}{part1}", "+1/+1", "{stack} {change} (CR {rule})": no words
        if part.get("word") and source not in VOCABULARY:
            continue
        plural = part.get("plural")
        shown = ngettext(source, plural, 5) if plural else gettext(source)
        if shown == (plural or source):
            missing.append(source)
    return missing


def _scenarios() -> list[tuple[Any, Path]]:
    return [
        *((test_scenarios.test_it_plays_the_golden_scenario, p) for p in test_scenarios.FILES),
        *(
            (riftbound_scenarios.test_it_plays_the_golden_scenario, p)
            for p in riftbound_scenarios.SCENARIOS
        ),
    ]


@pytest.mark.parametrize("play, path", _scenarios(), ids=[p.stem for _f, p in _scenarios()])
def test_every_kernel_sentence_is_data_translated_in_russian(
    play: Any, path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told = _record(monkeypatch)
    play(path)
    assert told, "a scenario tells something"
    with translation.override("ru"):
        for kind, text, message in told:
            assert message is not None, f"{kind} built without msg(): {text!r}"
            assert not _untranslated(message), (kind, text, _untranslated(message))
            assert render_message(message) != text or not LETTERS.search(text), (kind, text)


def test_the_check_sees_a_plain_sentence_and_an_untranslated_template(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The test above can fail: a plain string has no message, a new template no Russian."""
    from rules.text import msg

    told = _record(monkeypatch)
    errors.InvalidAction("a plain English refusal")
    assert told == [("refusal", "a plain English refusal", None)]
    with translation.override("ru"):
        assert _untranslated(msg("A sentence nobody translated ({n})", n=1).data())
        assert not _untranslated(msg("{seat} won the game (323.1).", seat="Ann").data())
