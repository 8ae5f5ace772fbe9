"""Issue 21: stacks on the battlefield by the names printed in the reader's language, where the
catalogue has them, with the English name one tap away (the stack's panel); the rules keep the
English name (CR 201.2), and a renamed or custom stack keeps the kernel's name."""

from __future__ import annotations

from catalog.models import PrintedName, TokenDefinition
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
