"""Stacks on the battlefield by the names printed in the reader's language, where the
catalogue has them, with the English name one tap away (the stack's panel); the rules keep the
English name (CR 201.2), and a renamed or custom stack keeps the kernel's name."""

from __future__ import annotations

from catalog.models import PrintedName, TokenDefinition
from play.web import board
from tests.play.views.conftest import HASTY_SOLDIER, act, browser_for, object_named


def _soldiers_in_russian() -> None:
    soldier = TokenDefinition.objects.get(slug="mtg-soldier-1-1-w")
    PrintedName.objects.create(token=soldier, language="ru", name="Солдат")


def test_a_catalogue_stack_shows_its_printed_name_and_the_english_one_in_its_panel(seeded, cast):
    _soldiers_in_russian()
    state = act(
        cast.table, cast.owner, {"type": "create_token", "token": "mtg-soldier-1-1-w", "count": 3}
    )
    page = browser_for(cast.owner).get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="ru")
    html = page.content.decode()
    assert 'data-name="Солдат"' in html and "x3 Солдат" in html
    assert 'data-name="Soldier Token"' not in html and "x3 Soldier Token" not in html
    soldier = object_named(state, "Soldier Token")["id"]
    panel = browser_for(cast.owner).get(
        f"/play/{cast.table.id}/objects/{soldier}/", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert 'Солдат <span class="muted" lang="en">(Soldier Token)</span>' in panel.content.decode()
    english = browser_for(cast.owner).get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert 'data-name="Soldier Token"' in english.content.decode()
    assert "Солдат" not in english.content.decode()


def test_a_stack_not_made_from_that_definition_keeps_its_own_name(seeded, cast):
    _soldiers_in_russian()
    act(cast.table, cast.owner, {"type": "create_token", "definition": HASTY_SOLDIER})
    html = browser_for(cast.owner).get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert 'data-name="Soldier Token"' in html.content.decode()
    assert "Солдат" not in html.content.decode()


def test_a_treasure_shows_its_printed_type_line_and_text_the_english_in_its_panel(seeded, cast):
    treasure = TokenDefinition.objects.get(slug="mtg-treasure")
    PrintedName.objects.create(
        token=treasure,
        language="ru",
        name="Сокровище",
        type_line="Фишка Артефакт — Сокровище",
        text="{T}, пожертвуйте эту фишку: добавьте одну ману любого цвета.",
    )
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    russian = browser_for(cast.owner)
    html = russian.get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<div class="card-type">Фишка Артефакт — Сокровище</div>' in html
    assert '<div class="tile-text">' in html
    shown = html.split('<div class="tile-text">', 1)[1].split("</div>", 1)[0]
    assert "пожертвуйте эту фишку" in shown and "Sacrifice" not in shown
    found = object_named(state, "Treasure Token")["id"]
    panel = russian.get(f"/play/{cast.table.id}/objects/{found}/", HTTP_ACCEPT_LANGUAGE="ru")
    assert "пожертвуйте эту фишку" in panel.content.decode()
    assert '-ability-count">Сколько</label>' in panel.content.decode()  # its ability's count
    assert 'lang="en">' in panel.content.decode()  # the English text one tap away too


def test_a_changed_type_line_is_the_kernels_own(seeded, cast):
    """An effect made the stack something else: the printed words no longer describe it."""
    treasure = TokenDefinition.objects.get(slug="mtg-treasure")
    english = {
        "name": "Treasure Token",
        "types": [treasure.supertypes, treasure.types, treasure.subtypes],
        "text": treasure.text,
    }
    printed = {
        "mtg-treasure": {
            "name": "Сокровище",
            "type_line": "Фишка Артефакт — Сокровище",
            "text": "…",
            "english": english,
        }
    }
    obj = {"definition": "mtg-treasure", "name": "Treasure Token", "text": treasure.text}
    changed = {**obj, "types": ["Artifact", "Creature"], "subtypes": ["Treasure"]}
    same = {**obj, "types": treasure.types, "subtypes": treasure.subtypes}
    assert board.printed_face(same, printed) == {
        "name": "Сокровище",
        "type_line": "Фишка Артефакт — Сокровище",
        "text": "…",
    }
    assert board.printed_face(changed, printed) == {"name": "Сокровище", "text": "…"}
    assert board.printed_face({**same, "name": "Copy"}, printed)["type_line"]
    assert "name" not in board.printed_face({**same, "name": "Copy"}, printed)
