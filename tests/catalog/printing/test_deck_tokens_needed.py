from __future__ import annotations

import pytest

from catalog.models import CardDefinition
from catalog.printing.decklist_tokens import deck_tokens_needed

pytestmark = pytest.mark.usefixtures("seeded")


def _cards(*slugs: str) -> list[CardDefinition]:
    return list(CardDefinition.objects.filter(slug__in=slugs))


def _suggested(*slugs: str) -> dict[str, int]:
    return {n.token: n.suggested for n in deck_tokens_needed(_cards(*slugs))}


def test_it_takes_the_largest_creation_and_counts_x_as_three() -> None:
    assert _suggested("mtg-krenko-mob-boss", "mtg-dwarven-reinforcements") == {
        "mtg-goblin-1-1-r": 3,
        "mtg-dwarf-berserker-2-1-r": 2,
    }
    # Two Treasure makers each make one at a time: the suggestion is the largest, not the sum.
    assert _suggested("mtg-xorn", "mtg-smothering-tithe") == {"mtg-treasure": 1}


def test_it_doubles_for_each_doubler_and_triples_creature_tokens_for_ojer_taq() -> None:
    found = _suggested(
        "mtg-krenko-mob-boss",
        "mtg-smothering-tithe",
        "mtg-doubling-season",
        "mtg-parallel-lives",
        "mtg-ojer-taq-deepest-foundation",
    )
    assert found["mtg-goblin-1-1-r"] == 3 * 2 * 2 * 3
    assert found["mtg-treasure"] == 1 * 2 * 2  # Ojer Taq's filter is creature tokens only


def test_it_lists_the_cards_that_make_each_token() -> None:
    needed = {n.token: n for n in deck_tokens_needed(_cards("mtg-xorn", "mtg-smothering-tithe"))}
    treasure = needed["mtg-treasure"]
    assert set(treasure.card_ids) == {"mtg-xorn", "mtg-smothering-tithe"}
    assert set(treasure.cards) == {"Xorn", "Smothering Tithe"}


def test_it_needs_nothing_for_cards_without_creator_relations() -> None:
    assert deck_tokens_needed(_cards("mtg-doubling-season")) == []
