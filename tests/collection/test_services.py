from __future__ import annotations

import pytest

from catalog.models import CardDefinition, TokenDefinition
from collection import services
from collection.errors import LinesRejected
from collection.models import CollectionItem, Deck, DeckEntry
from tokensite.api import DomainError

pytestmark = pytest.mark.usefixtures("seeded")

ARENA = """Commander
1 Krenko, Mob Boss (DDT) 52

Deck
1 Doubling Season (2X2) 155
1 smothering tithe
1 Lightnig Bolt
"""


def test_it_creates_a_deck_keeping_sections_printings_and_unknown_names(owner) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist=ARENA, name="Goblins")
    entries = list(
        deck.entries.order_by("line").values_list(
            "card__slug", "count", "section", "set_code", "collector_number", "line"
        )
    )
    assert entries == [
        ("mtg-krenko-mob-boss", 1, "commander", "DDT", "52", 2),
        ("mtg-doubling-season", 1, "main", "2X2", "155", 5),
        ("mtg-smothering-tithe", 1, "main", "", "", 6),
    ]
    unknown = list(deck.unknown.values_list("line", "name", "count"))
    assert unknown == [(7, "Lightnig Bolt", 1)]


def test_it_suggests_close_catalogue_names_for_unknown_cards(owner) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Dubling Season\n")
    assert deck.unknown.get().suggestions == ["Doubling Season"]


def test_it_matches_names_in_the_deck_game_only(owner) -> None:
    deck = services.deck_create(owner=owner, game="riftbound", decklist="1 Doubling Season\n")
    assert deck.entries.count() == 0
    assert deck.unknown.get().name == "Doubling Season"


def test_it_keeps_unreadable_lines_as_problems(owner) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn\n0 Xorn\n")
    problem = deck.unknown.get()
    assert (problem.line, problem.problem) == (2, "the count must be between 1 and 999")


def test_it_reads_an_mtgo_dek_file(owner) -> None:
    dek = """<?xml version="1.0" encoding="utf-8"?>
<Deck>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Xorn" />
  <Cards CatID="2" Quantity="2" Sideboard="true" Name="Smothering Tithe" />
</Deck>"""
    deck = services.deck_create(owner=owner, game="mtg", decklist=dek, name="Dek")
    assert list(deck.entries.values_list("card__slug", "count", "section", "line")) == [
        ("mtg-xorn", 4, "main", 3),
        ("mtg-smothering-tithe", 2, "sideboard", 4),
    ]


def test_it_refuses_an_unknown_game_and_writes_nothing(owner) -> None:
    with pytest.raises(DomainError):
        services.deck_create(owner=owner, game="chess", decklist="1 Xorn")
    assert Deck.objects.count() == 0


def test_it_replaces_the_list_on_update(owner) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn\n1 Nope\n")
    services.deck_update(deck=deck, name="Renamed", decklist="2 Jade Mage\n")
    deck.refresh_from_db()
    assert deck.name == "Renamed"
    assert list(DeckEntry.objects.filter(deck=deck).values_list("card__slug", "count")) == [
        ("mtg-jade-mage", 2)
    ]
    assert deck.unknown.count() == 0


def test_it_merges_the_same_printing_and_keeps_other_finishes_apart(owner) -> None:
    treasure = TokenDefinition.objects.get(slug="mtg-treasure")
    services.collection_add(owner=owner, token=treasure, quantity=3)
    services.collection_add(owner=owner, token=treasure, quantity=2)
    services.collection_add(owner=owner, token=treasure, quantity=1, finish="foil")
    assert sorted(CollectionItem.objects.values_list("finish", "quantity")) == [
        ("foil", 1),
        ("normal", 5),
    ]


def test_it_refuses_an_item_that_is_both_or_neither(owner) -> None:
    card = CardDefinition.objects.get(slug="mtg-xorn")
    token = TokenDefinition.objects.get(slug="mtg-treasure")
    with pytest.raises(DomainError):
        services.collection_add(owner=owner, card=card, token=token)
    with pytest.raises(DomainError):
        services.collection_add(owner=owner)


def test_it_adds_a_pasted_list_or_nothing(owner) -> None:
    with pytest.raises(LinesRejected) as caught:
        services.collection_add_list(owner=owner, game="mtg", text="4 Xorn\n2 Xornn\n")
    assert [(e.line, e.suggestions) for e in caught.value.lines] == [(2, ("Xorn",))]
    assert CollectionItem.objects.count() == 0
    added = services.collection_add_list(
        owner=owner, game="mtg", text="4 Xorn (AFR) 1\n2 Jade Mage"
    )
    assert added == 6
    xorn = CollectionItem.objects.get(card__slug="mtg-xorn")
    assert (xorn.quantity, xorn.set_code, xorn.collector_number) == (4, "AFR", "1")


CSV_OK = """kind,id,name,game,quantity,set_code,collector_number,finish,condition,notes
card,,Xorn,mtg,2,afr,1,foil,,binder
token,mtg-treasure,,,10,,,,lightly_played,
card,mtg-jade-mage,,,1,,,,,
"""


def test_it_imports_a_csv(owner) -> None:
    assert services.collection_import_csv(owner=owner, text=CSV_OK) == 13
    xorn = CollectionItem.objects.get(card__slug="mtg-xorn")
    assert (xorn.set_code, xorn.finish, xorn.condition, xorn.notes) == (
        "AFR",
        "foil",
        "near_mint",
        "binder",
    )
    assert CollectionItem.objects.get(token__slug="mtg-treasure").quantity == 10


def test_it_reports_every_bad_csv_line_and_writes_nothing(owner) -> None:
    text = """kind,id,name,game,quantity
card,,Xorn,mtg,2
spell,,Xorn,mtg,1
card,,Xorn,mtg,lots
token,,Treasure,mtg,1
card,,Xorn,mtg,1,extra
"""
    with pytest.raises(LinesRejected) as caught:
        services.collection_import_csv(owner=owner, text=text)
    assert [e.line for e in caught.value.lines] == [3, 4, 5, 6]
    assert "kind" in caught.value.lines[0].detail
    assert "quantity" in caught.value.lines[1].detail
    assert "id" in caught.value.lines[2].detail
    assert "more values" in caught.value.lines[3].detail
    assert CollectionItem.objects.count() == 0


def test_it_reports_unknown_catalogue_rows_and_writes_nothing(owner) -> None:
    text = "kind,id,name,game,quantity\ncard,,Xorn,mtg,2\ntoken,mtg-nope,,,1\ncard,,Zorn,mtg,1\n"
    with pytest.raises(LinesRejected) as caught:
        services.collection_import_csv(owner=owner, text=text)
    assert [(e.line, e.suggestions) for e in caught.value.lines] == [(3, ()), (4, ("Xorn",))]
    assert CollectionItem.objects.count() == 0


def test_it_reports_unreadable_and_unknown_rows_in_one_answer(owner) -> None:
    """A user fixing a malformed file sees every bad line at once, not one kind per attempt."""
    text = "kind,id,name,game,quantity\ncard,,Zorn,mtg,1\nspell,,Xorn,mtg,1\ncard,,Xorn,mtg,1\n"
    with pytest.raises(LinesRejected) as caught:
        services.collection_import_csv(owner=owner, text=text)
    lines = caught.value.lines
    assert [(e.line, e.suggestions) for e in lines] == [(2, ("Xorn",)), (3, ())]
    assert "Zorn" in lines[0].detail
    assert "kind" in lines[1].detail
    assert CollectionItem.objects.count() == 0


@pytest.mark.parametrize(
    "text",
    ["", "quantity\n1\n", "kind,quantity,colour\ncard,1,red\n", '"kind,quantity\n"card",1\n'],
)
def test_it_refuses_files_without_the_right_header(owner, text: str) -> None:
    with pytest.raises(LinesRejected) as caught:
        services.collection_import_csv(owner=owner, text=text)
    assert caught.value.lines
    assert CollectionItem.objects.count() == 0


def test_it_starts_a_table_from_a_deck_with_its_tokens_pinned(owner) -> None:
    from collection.selectors import table_pinned_tokens

    deck = services.deck_create(owner=owner, game="mtg", decklist="Commander\n1 Krenko, Mob Boss\n")
    table = services.table_start_from_deck(
        deck=deck, owner=owner, name="Friday", players=["Ann"], tokens=["mtg-goblin-1-1-r"]
    )
    assert table_pinned_tokens(table_id=table.id) == ["mtg-goblin-1-1-r"]
    assert table.setup["starting_life"] == 40


def test_it_refuses_to_pin_unknown_tokens_and_creates_no_table(owner) -> None:
    from play.models import Table

    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn\n")
    with pytest.raises(DomainError):
        services.table_start_from_deck(
            deck=deck, owner=owner, name="Friday", players=["Ann"], tokens=["mtg-nope"]
        )
    assert Table.objects.count() == 0


def test_it_keeps_riftbound_sections(owner) -> None:
    text = """Legend: Herald of the Arcane
Champion: Viktor, Leader
Battlefields:
1 Altar to Unity
Main Deck:
3 Vanguard Captain
2 Machine Evangel
"""
    deck = services.deck_create(owner=owner, game="riftbound", decklist=text, name="Viktor")
    assert list(deck.entries.values_list("card__slug", "section")) == [
        ("rb-herald-of-the-arcane", "legend"),
        ("rb-viktor-leader", "champion"),
        ("rb-altar-to-unity", "battlefields"),
        ("rb-vanguard-captain", "main"),
        ("rb-machine-evangel", "main"),
    ]
    from collection.selectors import deck_tokens

    assert [(t["token"], t["suggested"]) for t in deck_tokens(deck, owner=owner)] == [
        ("rb-recruit", 3)
    ]
