from __future__ import annotations

from catalog.decklists import DecklistEntry, parse_decklist

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="2" Quantity="2" Sideboard="true" Name="Duress" />
  <Cards CatID="3" Quantity="none" Sideboard="true" Name="Pyroblast" />
</Deck>
"""


def test_it_reads_mtgo_dek_xml_with_lines_and_sideboard() -> None:
    deck = parse_decklist(DEK)
    assert deck.entries == [
        DecklistEntry(5, 4, "Lightning Bolt", "main"),
        DecklistEntry(6, 2, "Duress", "sideboard"),
    ]
    assert [(p.line, p.detail) for p in deck.problems] == [
        (7, "the count must be between 1 and 999")
    ]


def test_it_reports_malformed_xml_as_a_problem_with_its_line() -> None:
    deck = parse_decklist('<?xml version="1.0"?>\n<Deck>\n<Cards Name="Bolt"\n')
    assert deck.entries == []
    assert len(deck.problems) == 1
    assert deck.problems[0].line >= 3


def test_it_refuses_entity_declarations() -> None:
    bomb = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaa">]><Deck>&a;</Deck>'
    deck = parse_decklist(bomb)
    assert deck.entries == []
    assert "not a readable .dek file" in deck.problems[0].detail
