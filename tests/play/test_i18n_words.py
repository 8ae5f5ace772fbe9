"""The kernel's rarer counts, the effect parser's refusals and the keywords on tiles
read in the reader's language, from data (rules/text.py, rules/keywords.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

from catalog.models import validate_abilities, validate_effects
from play.table.i18n import error_text, keyword_label, render_message
from rules.definitions import face_from_payload
from rules.errors import InvalidAction
from rules.keywords import KEYWORDS, keyword_parts
from rules.params import text as text_param
from rules.text import plural


@pytest.mark.parametrize(
    ("n", "russian"),
    [(1, "1 карту"), (3, "3 карты"), (5, "5 карт"), (21, "21 карту"), (12, "12 карт")],
)
def test_a_discard_count_takes_the_russian_plural_form(n: int, russian: str) -> None:
    told = plural(
        "{seat} discarded {n} card (CR 701.9)",
        "{seat} discarded {n} cards (CR 701.9)",
        n=n,
        seat="Ann",
    )
    assert "(s)" not in told and told.endswith(("card (CR 701.9)", "cards (CR 701.9)"))
    with translation.override("ru"):
        assert render_message(told.data()) == f"Ann сбрасывает {russian} (CR 701.9)"


def test_a_refused_definition_tells_the_parsers_problem_in_russian() -> None:
    bad = {"name": "Gob", "abilities": [{"text": "x", "cost": {"mana": "two"}, "effect": {}}]}
    with pytest.raises(InvalidAction) as caught:
        face_from_payload(bad, lambda _subtypes: "Token")
    assert "field 'cost.mana': not a mana cost: 'two'" in caught.value.detail
    with translation.override("ru"):
        said = error_text(caught.value)
    assert said == "определение Gob: эффект 0, поле 'cost.mana': это не мановая стоимость: 'two'"


def test_a_choice_parameter_names_its_values_as_data() -> None:
    with pytest.raises(InvalidAction) as caught:
        text_param({"zone": "moon"}, "zone", ("hand", "library"))
    assert caught.value.detail == "zone must be one of hand, library"
    with translation.override("ru"):
        assert error_text(caught.value) == "zone должно быть одним из значений: hand, library"


def test_the_catalogue_validators_speak_the_readers_language() -> None:
    from django.core.exceptions import ValidationError

    with translation.override("ru"), pytest.raises(ValidationError) as effect:
        validate_effects([{"kind": "token_multiplier", "factor": 1}])
    assert effect.value.messages == [
        "Неверный эффект: эффект 0, поле 'factor': должно быть не меньше 2"
    ]
    with translation.override("ru"), pytest.raises(ValidationError) as ability:
        validate_abilities("nope")
    assert ability.value.messages == [
        "Неверная способность -1, поле '*': способности должны быть списком"
    ]


def test_keywords_are_translated_by_name_keeping_what_follows() -> None:
    assert keyword_parts("Ward {2}") == ("Ward", " {2}")
    assert keyword_parts("double strike") == ("Double strike", "")
    assert keyword_parts("Wardens") == (None, "Wardens")  # a word that only starts like one
    with translation.override("ru"):
        assert keyword_label("Flying") == "Полёт"
        assert keyword_label("Ward {2}") == "Оберег {2}"  # noqa: RUF001
        assert keyword_label("Deflect 2") == "Отражение 2"
        assert keyword_label("Sparkle") == "Sparkle"  # unknown: as printed
        untranslated = [k for k in KEYWORDS if keyword_label(k) == k]
    assert untranslated == []


def _kernel_keywords() -> set[str]:
    """Every keyword the kernel tests by name: the names in its code (``.has("Flying")``,
    ``"deathtouch" in keywords``, ``k.lower() == "exalted"``, a regular expression's leading
    word), and the printed phrases it keeps as constants."""
    import re
    from pathlib import Path

    from rules.mtg import block_requirements, combat, protection, zones
    from rules.riftbound import combat as riftbound_combat

    root = Path(__file__).resolve().parents[2] / "rules"
    found: set[str] = set()
    patterns = (
        r'\.has\("([^"]+)"\)',
        r'"([A-Za-z\' ]+)" (?:not )?in (?:keywords|board\.keywords)',
        r'k\.lower\(\) == "([^"]+)"',
        r'k(?:\.lower\(\))?\.startswith\("([^"]+)"\)',
        r're\.compile\(r"\^\(?([a-z]+)',
    )
    for path in root.rglob("*.py"):
        source = path.read_text()
        for pattern in patterns:
            found.update(re.findall(pattern, source))
    found.update(
        (
            *combat.CANT_ATTACK,
            *combat.CANT_BLOCK,
            combat.UNBLOCKABLE,
            combat.EXTRA_BLOCK,
            combat.ANY_NUMBER,
            combat.ATTACKS_IF_ABLE,
            block_requirements.BLOCKS_IF_ABLE,
            block_requirements.LURE,
            block_requirements.MUST_BE_BLOCKED,
            riftbound_combat.ASSIGNED_LAST,
            *(keyword for keyword, _counter, _rule in zones.RETURNS),
            *(protection.PREFIX + word for word in protection.COLOR_WORDS),
            *(protection.PREFIX + word for word in protection.TYPE_WORDS),
            protection.PREFIX + "everything",
        )
    )
    return found


def _seed_keywords() -> set[str]:
    import json

    from catalog.seed import CARD_FILES, DATA_DIR, TOKEN_FILES
    from rules.mtg.predefined import predefined_tokens as mtg_tokens
    from rules.riftbound.predefined import predefined_tokens as riftbound_tokens

    rows = [*mtg_tokens(), *riftbound_tokens()]
    for name in (*TOKEN_FILES, *CARD_FILES):
        rows += json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return {keyword for row in rows for keyword in row.get("keywords") or ()}


def test_every_keyword_the_kernel_or_the_seed_knows_has_a_russian_label() -> None:
    kernel = _kernel_keywords()
    # The scan finds what it should: evergreen names, lower-case tests, phrases, patterns.
    assert {"Flying", "deathtouch", "exalted", "reconfigure", "toxic", "afterlife"} <= kernel
    assert {"can't be blocked", "protection from white", "assigned combat damage last"} <= kernel
    wanted = kernel | _seed_keywords()
    assert [k for k in sorted(wanted) if keyword_parts(k)[0] is None] == []
    with translation.override("ru"):
        untold = sorted(k for k in wanted if keyword_label(k) == keyword_parts(k)[0])
        assert keyword_label("protection from white") == "Защита от белого"
        assert keyword_label("can't attack or block") == "Не может атаковать или блокировать"  # noqa: RUF001
    assert untold == []


def test_no_russian_sentence_puts_a_players_name_after_a_preposition() -> None:
    """A player's name can't be declined ("У Аня"), so Russian sentences put it where the
    nominative reads right: first ("Аня: ...", "Аня получает ...") or after "игрока"."""  # noqa: RUF002
    import re
    from pathlib import Path

    po = (Path(__file__).resolve().parents[2] / "locale/ru/LC_MESSAGES/django.po").read_text()
    oblique = re.compile(
        r"(?<!\w)(?:у|под контролем|от|для|к|с|над|о|об|при|по|за|перед|между|чем|против)"  # noqa: RUF001
        r"\s+(?:\{(?:seat\w*|chosen|controller|owner|player\w*)\}|%\((?:seat_name|player)\)s)",
        re.IGNORECASE,
    )
    found = [
        match.group(0)
        for entry in po.split("\n\n")
        if "msgstr" in entry
        for match in oblique.finditer("".join(re.findall(r'"(.*)"', entry.split("msgstr", 1)[1])))
    ]
    assert found == []


@pytest.mark.parametrize(
    ("template", "plural_template", "args", "russian"),
    [
        (
            "{seat} gained {n} life (CR 119.3)",
            "{seat} gained {n} life (CR 119.3)",
            {"n": 3},
            "Аня получает 3 жизни (CR 119.3)",
        ),
        (
            "{seat} lost {n} life (CR 119.3)",
            "{seat} lost {n} life (CR 119.3)",
            {"n": 5},
            "Аня теряет 5 жизней (CR 119.3)",
        ),
        (
            "{seat} drew {n} card (CR {rule})",
            "{seat} drew {n} cards (CR {rule})",
            {"n": 2, "rule": "121.1"},
            "Аня берёт 2 карты (CR 121.1)",
        ),
        (
            "{seat} has only {n} card to discard",
            "{seat} has only {n} cards to discard",
            {"n": 1},
            "Аня: для сброса есть только 1 карта",  # noqa: RUF001
        ),
    ],
)
def test_the_common_sentences_read_right_with_any_name(
    template: str, plural_template: str, args: dict[str, object], russian: str
) -> None:
    told = plural(template, plural_template, seat="Аня", **args)  # type: ignore[arg-type]
    with translation.override("ru"):
        assert render_message(told.data()) == russian


def test_damage_turn_and_tokens_read_right_with_any_name() -> None:
    from rules.text import msg

    cases = [
        (
            msg(
                "{amount} damage dealt{by} to {seat}, who loses that much life (CR 120.3a); "
                "life {life}",
                amount=3,
                by="",
                seat="Аня",
                life=17,
            ),
            "Аня: повреждения (3) и потеря стольких же жизней (CR 120.3a); жизнь 17",
        ),
        (
            msg("Turn {turn}, {seat}: {step} (CR 500.1)", turn=2, seat="Аня", step="main1"),
            "Ход 2, Аня: main1 (CR 500.1)",
        ),
        (
            msg("{seat} created {what}{counters} (CR 111.2)", seat="Аня", what="x", counters=""),
            "Аня создаёт x (CR 111.2)",
        ),
        (msg("{seat} now has {points}{cite}.", seat="Аня", points="3", cite=""), "Аня: теперь 3."),
    ]
    with translation.override("ru"):
        for told, russian in cases:
            assert render_message(told.data()) == russian
