from __future__ import annotations

from catalog.decklists import DecklistEntry, name_key, parse_decklist


def test_it_parses_an_arena_export_with_sections_and_set_codes() -> None:
    text = """About
Name Treasure Pile

Commander
1 Prosper, Tome-Bound (AFC) 2

Deck
4 Smothering Tithe (RNA) 22
2 Dockside Extortionist (C19) 24 *F*

Sideboard
1 Tireless Provisioner (LCI) 216
"""
    deck = parse_decklist(text)
    assert deck.name == "Treasure Pile"
    assert deck.problems == []
    assert deck.entries == [
        DecklistEntry(5, 1, "Prosper, Tome-Bound", "commander", "AFC", "2"),
        DecklistEntry(8, 4, "Smothering Tithe", "main", "RNA", "22"),
        DecklistEntry(9, 2, "Dockside Extortionist", "main", "C19", "24"),
        DecklistEntry(12, 1, "Tireless Provisioner", "sideboard", "LCI", "216"),
    ]


def test_it_reads_mtgo_text_with_the_sideboard_after_a_blank_line() -> None:
    deck = parse_decklist("4 Lightning Bolt\n20 Mountain\n\n3 Pyroblast\n")
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (4, "Lightning Bolt", "main"),
        (20, "Mountain", "main"),
        (3, "Pyroblast", "sideboard"),
    ]


def test_it_understands_sb_prefixes_x_counts_and_lines_without_counts() -> None:
    deck = parse_decklist("4x Llanowar Elves\nSB: 2 Duress\nSol Ring\n")
    assert [(e.count, e.name, e.section) for e in deck.entries] == [
        (4, "Llanowar Elves", "main"),
        (2, "Duress", "sideboard"),
        (1, "Sol Ring", "main"),
    ]


def test_it_keeps_blank_lines_inside_headed_sections() -> None:
    deck = parse_decklist("Deck\n4 Young Pyromancer\n\n4 Opt\nSideboard:\n2 Negate")
    assert [e.section for e in deck.entries] == ["main", "main", "sideboard"]


def test_it_parses_a_riftbound_sectioned_list() -> None:
    text = """Legend: Jinx, Loose Cannon
Champion:
1 Jinx, Demolitionist
Battlefields:
1 Altar to Unity
1 Grove of the God-Willow
Runes:
6 Fury Rune
6 Chaos Rune
Main Deck:
3 Noxus Hopeful
Sideboard:
2 Wildclaw Shaman
"""
    deck = parse_decklist(text)
    assert deck.problems == []
    assert [(e.line, e.count, e.name, e.section) for e in deck.entries] == [
        (1, 1, "Jinx, Loose Cannon", "legend"),
        (3, 1, "Jinx, Demolitionist", "champion"),
        (5, 1, "Altar to Unity", "battlefields"),
        (6, 1, "Grove of the God-Willow", "battlefields"),
        (8, 6, "Fury Rune", "runes"),
        (9, 6, "Chaos Rune", "runes"),
        (11, 3, "Noxus Hopeful", "main"),
        (13, 2, "Wildclaw Shaman", "sideboard"),
    ]


def test_it_keeps_colons_inside_card_names() -> None:
    deck = parse_decklist("1 Circle of Protection: Red\n")
    assert deck.entries[0].name == "Circle of Protection: Red"
    assert deck.entries[0].section == "main"


def test_it_reports_unreadable_lines_with_their_numbers() -> None:
    deck = parse_decklist("4 Opt\n4\n0 Island\n100000 Forest\n// a comment\n")
    assert [e.name for e in deck.entries] == ["Opt"]
    assert [(p.line, p.detail) for p in deck.problems] == [
        (2, "a count without a card name"),
        (3, "the count must be between 1 and 999"),
        (4, "the count must be between 1 and 999"),
    ]


def test_it_returns_nothing_for_empty_text() -> None:
    deck = parse_decklist("  \n\n")
    assert deck.entries == [] and deck.problems == []


def test_it_matches_names_case_insensitively() -> None:
    assert name_key("Smothering  TITHE ") == name_key("smothering tithe")
    assert name_key("Opt") != name_key("Opt2")
