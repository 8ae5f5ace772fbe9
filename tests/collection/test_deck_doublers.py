from __future__ import annotations

import pytest

from collection import services
from collection.selectors import deck_tokens

pytestmark = pytest.mark.usefixtures("seeded")


def _suggested(owner, text: str) -> dict[str, int]:
    deck = services.deck_create(owner=owner, game="mtg", decklist=text)
    return {t["token"]: t["suggested"] for t in deck_tokens(deck, owner=owner)}


def test_a_doubler_in_the_sideboard_does_not_multiply_the_main_decks_tokens(owner) -> None:
    main = "Deck\n1 Krenko, Mob Boss\n"
    assert _suggested(owner, main + "Sideboard\n1 Doubling Season\n") == {"mtg-goblin-1-1-r": 3}
    assert _suggested(owner, main + "1 Doubling Season\n") == {"mtg-goblin-1-1-r": 6}


def test_a_commander_doubles_and_an_archidekt_sideboard_category_does_not(owner) -> None:
    text = (
        "1x Krenko, Mob Boss (ddt) 52 [Commander{top}]\n"
        "1x Doubling Season (2x2) 155 [Sideboard]\n"
        "1x Parallel Lives (isd) 199 [Doublers]\n"
    )
    assert _suggested(owner, text) == {"mtg-goblin-1-1-r": 6}


def test_moxfield_lines_with_finishes_and_tags_match_cards_and_unknown_ones_are_kept(
    owner,
) -> None:
    text = "1 Krenko, Mob Boss (DDT) 52 *F* #Commander\n1 Krenko Mobb Boss (DDT) 52 #Typo\n"
    deck = services.deck_create(owner=owner, game="mtg", decklist=text)
    assert list(deck.entries.values_list("card__slug", flat=True)) == ["mtg-krenko-mob-boss"]
    (unknown,) = deck.unknown.all()
    assert (unknown.line, unknown.name, unknown.suggestions) == (
        2,
        "Krenko Mobb Boss",
        ["Krenko, Mob Boss"],
    )


def test_a_riftbound_list_finds_its_legend_by_champion_and_title_and_its_runes(owner) -> None:
    text = (
        "Legend: Viktor, Herald of the Arcane\nChampion:\n1 Viktor, Leader\n"
        "Battlefields:\n1 Altar to Unity\nRunes:\n6 Mind Rune\n6 order rune\n"
        "Main Deck:\n3 Vanguard Captain\n"
    )
    deck = services.deck_create(owner=owner, game="riftbound", decklist=text)
    assert list(deck.entries.values_list("card__slug", "section", "count")) == [
        ("rb-herald-of-the-arcane", "legend", 1),
        ("rb-viktor-leader", "champion", 1),
        ("rb-altar-to-unity", "battlefields", 1),
        ("rb-mind-rune", "runes", 6),  # the seed's basic runes, one per domain (rule 163.1)
        ("rb-order-rune", "runes", 6),
        ("rb-vanguard-captain", "main", 3),
    ]
    assert not deck.unknown.exists()
