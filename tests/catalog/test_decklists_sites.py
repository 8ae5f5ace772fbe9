"""Decklists as Moxfield, Archidekt and older sites export them (samples written for these tests
in each site's documented line shape)."""

from __future__ import annotations

from catalog.decklists import parse_decklist

MOXFIELD = """Commander
1 Krenko, Mob Boss (DDT) 52 *F* #Commander

Deck
1 Young Pyromancer (2X2) 123 *F*
1 Sol Ring (C21) 263 #Ramp #!Staple
1 Mogg War Marshal (EMA) 139 *E* #Tokens
SIDEBOARD:
1 Doubling Season (2X2) 155
"""


def test_it_reads_moxfield_finishes_tags_and_sections() -> None:
    deck = parse_decklist(MOXFIELD)
    assert deck.problems == []
    found = [(e.name, e.section, e.set_code, e.collector_number, e.finish) for e in deck.entries]
    assert found == [
        ("Krenko, Mob Boss", "commander", "DDT", "52", "foil"),
        ("Young Pyromancer", "main", "2X2", "123", "foil"),
        ("Sol Ring", "main", "C21", "263", ""),
        ("Mogg War Marshal", "main", "EMA", "139", "etched"),
        ("Doubling Season", "sideboard", "2X2", "155", ""),
    ]
    assert deck.entries[2].tags == ("Ramp", "Staple")
    assert deck.entries[3].tags == ("Tokens",)


ARCHIDEKT = """1x Krenko, Mob Boss (ddt) 52 [Commander{top}]
4x Goblin Instigator (grn) 106 *F* [Token Makers,Creature]
1x Parallel Lives (isd) 199 [Sideboard]
1x Anointed Procession (akh) 2 [Maybeboard{noDeck}{noPrice},Doublers]
1x Impact Tremors (dtk) 140 [Burn]
"""


def test_it_reads_archidekt_categories_as_sections_and_tags() -> None:
    deck = parse_decklist(ARCHIDEKT)
    assert deck.problems == []
    found = [(e.count, e.name, e.section, e.set_code) for e in deck.entries]
    assert found == [
        (1, "Krenko, Mob Boss", "commander", "DDT"),
        (4, "Goblin Instigator", "main", "GRN"),
        (1, "Parallel Lives", "sideboard", "ISD"),
        (1, "Anointed Procession", "maybeboard", "AKH"),
        (1, "Impact Tremors", "main", "DTK"),
    ]
    assert deck.entries[1].tags == ("Token Makers", "Creature")
    assert deck.entries[1].finish == "foil"


def test_it_reads_set_codes_in_square_brackets_before_or_after_the_name() -> None:
    deck = parse_decklist("4 [M10] Lightning Bolt\n2 Mogg Fanatic [TMP]\nSB: 1 [M10:146] Duress\n")
    found = [(e.count, e.name, e.section, e.set_code, e.collector_number) for e in deck.entries]
    assert found == [
        (4, "Lightning Bolt", "main", "M10", None),
        (2, "Mogg Fanatic", "main", "TMP", None),
        (1, "Duress", "sideboard", "M10", "146"),
    ]


def test_a_category_word_in_brackets_is_not_a_set_code() -> None:
    (entry,) = parse_decklist("1 Sol Ring [Ramp]\n").entries
    assert (entry.name, entry.set_code, entry.tags) == ("Sol Ring", None, ("Ramp",))
