"""What cards make, on the pages: the card page's lines, the create palette's one-tap `make` for a
card not on the table (counted on that table), the battlefield panel's rows for a card on it."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

import rules
from play.table.selectors import current_state
from tests.play.conftest import Cast
from tests.play.views.conftest import HTMX, act, browser_for, object_named


def _goblins(state: dict[str, Any]) -> int:
    return sum(o["count"] for o in state["objects"] if o["name"] == "Goblin Token")


def test_the_card_page_says_what_krenko_makes(seeded: None) -> None:
    page = browser_for(None).get(reverse("catalog-card", args=["mtg-krenko-mob-boss"]))
    html = page.content.decode()
    assert page.status_code == 200
    assert "What it makes" in html
    assert "X = the number of Goblins you control" in html
    assert "one tap" in html
    assert "mtg-goblin-1-1-r" in html


def test_the_palette_offers_krenko_counted_on_this_table(seeded: None, cast: Cast) -> None:
    """A paper player's Krenko: X counts that player's Goblins on this table (107.3a)."""
    act(
        cast.table,
        cast.owner,
        {"type": "create_token", "controller": 0, "token": "mtg-goblin-1-1-r", "count": 6},
    )
    owner = browser_for(cast.owner)
    url = reverse("play-palette", args=[cast.table.id])
    html = owner.get(url, {"q": "Krenko", "kind": "cards"}, headers=HTMX).content.decode()
    assert 'value="make:mtg-krenko-mob-boss@0"' in html
    assert "X = the number of Goblins you control → 7" in html  # six and the paper Krenko


def test_one_tap_from_the_palette_makes_the_goblins(seeded: None, cast: Cast) -> None:
    state = act(
        cast.table,
        cast.owner,
        {"type": "create_token", "controller": 0, "token": "mtg-goblin-1-1-r", "count": 2},
    )
    owner = browser_for(cast.owner)
    response = owner.post(
        reverse("play-act", args=[cast.table.id]),
        {
            "expected_version": state["version"],
            "type": "create_token",
            "controller": "0",
            "pick": "make:mtg-krenko-mob-boss@0",
        },
        headers=HTMX,
    )
    assert response.status_code == 200
    cast.table.refresh_from_db()
    assert cast.table.version == state["version"] + 1
    assert _goblins(rules.view(current_state(cast.table))) == 5  # two, and X = 2 + Krenko


def test_the_panel_of_krenko_on_the_battlefield_makes_with_one_tap(
    seeded: None, cast: Cast
) -> None:
    state = act(
        cast.table, cast.owner, {"type": "put_card", "controller": 0, "card": "mtg-krenko-mob-boss"}
    )
    krenko = object_named(state, "Krenko, Mob Boss")["id"]
    owner = browser_for(cast.owner)
    panel = owner.get(reverse("play-object", args=[cast.table.id, krenko]), headers=HTMX)
    html = panel.content.decode()
    assert "X = the number of Goblins you control → 1" in html
    assert f'name="object" value="{krenko}"><input type="hidden" name="which"' in html
    response = owner.post(
        reverse("play-act", args=[cast.table.id]),
        {"expected_version": state["version"], "type": "make", "object": krenko, "which": "0"},
        headers=HTMX,
    )
    assert response.status_code == 200
    cast.table.refresh_from_db()
    assert _goblins(rules.view(current_state(cast.table))) == 1


def test_the_other_player_sees_no_make_row_on_my_krenko(seeded: None, cast: Cast) -> None:
    state = act(
        cast.table, cast.owner, {"type": "put_card", "controller": 0, "card": "mtg-krenko-mob-boss"}
    )
    krenko = object_named(state, "Krenko, Mob Boss")["id"]
    html = (
        browser_for(cast.player)
        .get(reverse("play-object", args=[cast.table.id, krenko]), headers=HTMX)
        .content.decode()
    )
    assert 'value="make"' not in html
