"""Every word on screen in every complete language.

- the catalogues hold every message the sources have (templates, Python, the kernel's sentence
  templates and data words), each translated in Russian, with the same placeholders;
- no template shows text outside a translate tag;
- plurals follow Russian grammar; the language comes from the browser, the switcher, the
  signed-in player's profile and, for the API, Accept-Language.
"""

from __future__ import annotations

import re
import string
from html.parser import HTMLParser
from pathlib import Path

import pytest
from babel import Locale
from django.conf import settings
from django.template.base import Lexer, TokenType
from django.test import Client
from django.utils import translation

from tokensite.models import Profile
from tokensite.translations import (
    Message,
    all_messages,
    read_catalog,
    template_paths,
    untranslated,
)

COMPLETE = [code for code, _name in settings.LANGUAGES]
BASE = Path(settings.BASE_DIR)


@pytest.fixture(scope="module")
def sources() -> list[Message]:
    return all_messages()


@pytest.mark.parametrize("language", COMPLETE)
def test_every_message_is_in_the_catalogue_and_translated(
    language: str, sources: list[Message]
) -> None:
    catalog = read_catalog(language)
    missing = sorted(
        {str(m.msgid) for m in sources if catalog.get(m.msgid, context=m.context) is None}
    )
    assert not missing, (
        f"{len(missing)} messages are not in locale/{language}: run "
        f"`manage.py update_translations` and translate them: {missing[:10]}"
    )
    assert not untranslated(catalog), f"untranslated in {language}: {untranslated(catalog)[:10]}"


PERCENT = re.compile(r"%\((\w+)\)[sdr]|%%")


def _fields(text: object) -> set[str]:
    text = str(text)
    fields = set(PERCENT.findall(text))
    fields |= {name for _l, name, _f, _c in string.Formatter().parse(text) if name}
    return fields - {""}


def _one_is_only_1(language: str) -> bool:
    """Whether the language's first plural form is used for the number 1 only (CLDR rules)."""
    rule = Locale.parse(language).plural_form
    return all(rule(number) != "one" for number in range(2, 1000))


@pytest.mark.parametrize("language", COMPLETE)
def test_translations_keep_the_placeholders(language: str) -> None:
    wrong = []
    for message in read_catalog(language):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        wanted = set().union(*(_fields(i) for i in ids))
        for form, text in enumerate(strings):
            fields = _fields(text)
            # No form may add a field. The singular may leave its count out ("one token") only
            # where that form is for 1 alone: Russian's is also 21, 31, ... ("21 фишка").
            count_left_out = len(ids) > 1 and "n" in wanted and "n" not in fields
            if (
                not fields <= wanted
                or (len(ids) == 1 and fields != wanted and "n" not in wanted)
                or (count_left_out and (form > 0 or not _one_is_only_1(language)))
            ):
                wrong.append((message.id, text))
    assert not wrong, wrong[:10]


# Words a page may show untranslated: names, units and codes every language writes the same.
ALLOWED = {
    "Tokensite",
    "API",
    "PDF",
    "JSON",
    "CSV",
    "MTG",
    "MTGO",
    "CR",
    "REST",
    "Magic",
    "The",
    "Gathering",
    "Riftbound",
    "Scryfall",
    "MTGJSON",
    "Cockatrice",
    "x",
    "mm",
    "v",
    "px",
}
SHOWN_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description", "label"}
WORD = re.compile("[A-Za-z][A-Za-z'\u2019]+")


class _Shown(HTMLParser):
    """Collects what a browser shows of a piece of template text: text nodes (outside
    script/style) and the attributes people read."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        # Code (file names, CSV columns, ids) and keys read the same in every language, and so
        # does what HTML marks translate="no" (rules words the kernel reads, "Creature").
        if ("translate", "no") in attrs:
            return
        if tag in ("script", "style", "code", "kbd"):
            self.hidden += 1
        for name, value in attrs:
            if value and value.startswith(("http://", "https://")):
                continue
            if name in SHOWN_ATTRIBUTES and value:
                self.found.append(value)
            if name == "value" and tag == "input" and ("type", "submit") in attrs and value:
                self.found.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "code", "kbd"):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.found.append(data)


def untranslated_text(path: Path) -> list[str]:
    """Words of ``path`` a reader would see that no translate tag covers."""
    skipping = 0
    visible = []
    for token in Lexer(path.read_text(encoding="utf-8")).tokenize():
        if token.token_type == TokenType.BLOCK:
            name = token.contents.split()[0]
            if name in ("blocktranslate", "blocktrans", "comment", "verbatim"):
                skipping += 1
            elif name in ("endblocktranslate", "endblocktrans", "endcomment", "endverbatim"):
                skipping -= 1
            visible.append(" ")
        elif token.token_type == TokenType.TEXT and not skipping:
            visible.append(token.contents)
        else:
            # A variable or a tag stands for something else: it separates words.
            visible.append(' "" ' if token.token_type == TokenType.VAR else " ")
    parser = _Shown()
    parser.feed("".join(visible))
    words = [w for text in parser.found for w in WORD.findall(text)]
    return [w for w in words if w not in ALLOWED]


@pytest.mark.parametrize(
    "path", template_paths(BASE), ids=lambda p: str(p.relative_to(BASE / "templates"))
)
def test_no_template_shows_untranslated_text(path: Path) -> None:
    assert not untranslated_text(path), untranslated_text(path)


@pytest.mark.parametrize(
    ("count", "expected"),
    [
        (1, "1 фишка"),
        (3, "3 фишки"),
        (5, "5 фишек"),
        (11, "11 фишек"),
        (21, "21 фишка"),
        (22, "22 фишки"),
        (112, "112 фишек"),
    ],
)
def test_russian_plurals(count: int, expected: str) -> None:
    with translation.override("ru"):
        assert translation.ngettext("%(n)s token", "%(n)s tokens", count) % {"n": count} == expected


@pytest.mark.django_db
def test_the_browser_language_chooses_the_page_language(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9,en;q=0.5")
    assert page.headers["Content-Language"] == "ru"
    assert '<html lang="ru">' in page.content.decode()
    assert "Фишки по правилам" in page.content.decode()
    english = client.get("/", HTTP_ACCEPT_LANGUAGE="de,en;q=0.5").content.decode()
    assert "Tokens, done by the rules" in english


@pytest.mark.django_db
def test_the_switcher_sets_the_language_and_a_signed_in_player_keeps_it(
    client: Client, django_user_model
) -> None:
    user = django_user_model.objects.create_user("ann", password="pw-long-enough-1")
    client.force_login(user)
    answer = client.post("/language/", {"language": "ru", "next": "/catalog/"})
    assert answer.status_code == 302 and answer.headers["Location"] == "/catalog/"
    assert Profile.objects.get(user=user).language == "ru"
    # Another browser (no cookie), asking for English: the profile wins.
    other = Client(HTTP_ACCEPT_LANGUAGE="en")
    other.force_login(user)
    assert "Фишки по правилам" in other.get("/").content.decode()
    # A visitor's choice is the cookie.
    visitor = Client(HTTP_ACCEPT_LANGUAGE="en")
    visitor.post("/language/", {"language": "ru", "next": "/"})
    assert "Фишки по правилам" in visitor.get("/").content.decode()
    assert visitor.post("/language/", {"language": "xx", "next": "/"}).status_code == 302
    assert "Фишки по правилам" in visitor.get("/").content.decode()


@pytest.mark.django_db
def test_the_api_detail_follows_accept_language_and_the_code_stays(client: Client) -> None:
    missing = "/api/v1/tables/00000000-0000-0000-0000-000000000000/"
    russian = client.get(missing, HTTP_ACCEPT_LANGUAGE="ru").json()
    english = client.get(missing, HTTP_ACCEPT_LANGUAGE="en").json()
    assert russian["error"] == english["error"] == "not_found"
    assert russian["detail"] == "Такого стола нет."
    assert english["detail"] == "No such table."


@pytest.mark.django_db
def test_the_battlefield_palette_shows_printed_names_with_the_english_one_as_title(
    client: Client, django_user_model
) -> None:
    from catalog.seed import load_seed
    from play.table import services

    load_seed()  # the seed's tokens have their Russian names (catalog/data/printed_names.json)
    ann = django_user_model.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="T", players=["A", "B"])
    client.force_login(ann)
    russian = client.get(f"/play/{table.id}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'title="Treasure Token">Сокровище</button>' in russian
    # The common rows and the player's remembered tokens too, the English name as the title.
    assert '<span class="row-name" title="Food Token">Еда</span>' in russian
    client.post(
        f"/play/{table.id}/favourite/", {"favourite": "1:mtg-clue"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    russian = client.get(f"/play/{table.id}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert 'class="small" title="Clue Token">Улика</button>' in russian
    found = client.get(f"/play/{table.id}/palette/", {"q": "сокров"}, HTTP_ACCEPT_LANGUAGE="ru")
    assert "Сокровище" in found.content.decode()
    english = client.get(f"/play/{table.id}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">Treasure Token</button>" in english and "Сокровище" not in english


def test_the_object_panels_all_of_the_stack_chip_is_translated() -> None:
    from django.utils import translation

    from play.web.presentation import stack_counts as _stack_counts

    assert _stack_counts(7)[-1] == (7, "All 7")
    with translation.override("ru"):
        assert _stack_counts(7)[-1] == (7, "Все 7")  # noqa: RUF001
