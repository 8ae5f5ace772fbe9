"""The Cockatrice parser on the real tokens.xml and on hostile files (no database)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from catalog.importers import cockatrice
from catalog.importers.records import ImportFailed, ParsedFile


@pytest.fixture(scope="module")
def parsed(cockatrice_file: Path) -> ParsedFile:
    return cockatrice.parse(cockatrice_file)


def _token(parsed: ParsedFile, key: str):
    return next(record for record in parsed.tokens if record.key == key)


def test_it_reads_at_least_830_tokens_and_keeps_non_tokens_apart(parsed):
    assert len(parsed.tokens) >= 830
    kinds = Counter(reference.kind for reference in parsed.references)
    assert kinds["emblem"] == 90
    assert kinds["dungeon"] == 5
    assert kinds["designation"] == 13
    names = {record.front.name for record in parsed.tokens}
    assert "The Monarch" not in names
    assert "Day" not in names
    assert not any("Emblem" in record.front.types for record in parsed.tokens)
    assert (
        sum(len(r.links) for r in parsed.tokens) + sum(len(r.links) for r in parsed.references)
        >= 5000
    )


def test_it_keeps_trailing_space_variants_apart_with_stripped_names(parsed):
    angels = [record for record in parsed.tokens if record.key.rstrip() == "Angel Token"]
    assert len({record.key for record in angels}) == len(angels) >= 3
    assert {record.front.name for record in angels} == {"Angel Token"}


def test_it_names_a_copy_token_as_the_card_without_the_cockatrice_suffix(parsed):
    """A token is named "X (Token)" in Cockatrice only to differ from the card X (CR 707.2: the
    copy is named X); the raw name stays the key, so re-imports map to the same definition."""
    pouncer = _token(parsed, "Adorned Pouncer (Token)")
    assert pouncer.front.name == "Adorned Pouncer"
    assert not [r.key for r in parsed.tokens if r.front.name.endswith("(Token)")]


def test_it_splits_the_type_line_colors_and_pt(parsed):
    pouncer = _token(parsed, "Adorned Pouncer (Token)").front
    assert pouncer.types == ("Creature",)
    assert pouncer.subtypes == ("Zombie", "Cat")
    assert pouncer.colors == ("B",)
    assert (pouncer.power, pouncer.toughness) == ("4", "4")
    assert pouncer.keywords == ("Double strike",)
    smaug = _token(parsed, "Smaug").front
    assert smaug.supertypes == ("Legendary",)


def test_it_makes_the_incubator_double_faced_and_drops_its_back_entry(parsed):
    incubator = _token(parsed, "Incubator Token")
    assert incubator.back is not None
    assert incubator.back.name == "Phyrexian Token"
    assert incubator.back.types == ("Artifact", "Creature")
    assert (incubator.back.power, incubator.back.toughness) == ("0", "0")
    assert "Phyrexian Token " not in {record.key for record in parsed.tokens}
    assert any(s.reason == "back face of a double-faced token" for s in parsed.skipped)


def test_it_splits_role_pairs_into_two_tokens_sharing_one_printing(parsed):
    monster = _token(parsed, "Monster // Sorcerer#1")
    sorcerer = _token(parsed, "Monster // Sorcerer#2")
    assert (monster.front.name, sorcerer.front.name) == ("Monster", "Sorcerer")
    assert monster.back is None and sorcerer.back is None
    assert monster.printings == sorcerer.printings
    assert "trample" in monster.front.text and "scry 1" in sorcerer.front.text


def test_it_reads_counts_and_flags_of_creator_links(parsed):
    links = [link for record in parsed.tokens for link in record.links]
    assert {"2", "x", "x=3"} <= {link.count for link in links}
    assert any(link.attach for link in links)
    assert any(link.exclude for link in links)
    incubator = _token(parsed, "Incubator Token")
    essence = [link for link in incubator.links if link.creator == "Essence of Orthodoxy"]
    assert len(essence) == 1 and not essence[0].exclude  # one relation per card, the primary one


def test_it_keeps_printings_with_scryfall_ids(parsed):
    printings = [p for record in parsed.tokens for p in record.printings]
    assert len(printings) >= 2200
    treasure = _token(parsed, "Treasure Token")
    assert all(p.scryfall_id and p.picture_url.startswith("https://") for p in treasure.printings)


HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n'


def _card(name: str, type_line: str, extra: str = "") -> str:
    return (
        f"<card><name>{name}</name><prop><type>{type_line}</type>{extra}</prop>"
        "<token>1</token></card>"
    )


def _database(*cards: str) -> str:
    body = "".join(cards)
    root = '<cockatrice_carddatabase version="4">'
    return f"{HEADER}{root}<cards>{body}</cards></cockatrice_carddatabase>"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"\x00\xff garbage \x13" * 1000, "not"),
        (b"<cockatrice_carddatabase><cards><card>", "not well-formed"),
        (b'{"cards": []}', "not well-formed"),
        (HEADER.encode() + b"<html><body/></html>", "root element is <html>"),
        (
            HEADER.encode()
            + b'<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
            + b"<cockatrice_carddatabase><cards><card><name>&lol2;</name></card></cards>"
            + b"</cockatrice_carddatabase>",
            "refused",
        ),
        (
            HEADER.encode()
            + b'<!DOCTYPE x [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
            + b"<cockatrice_carddatabase><cards><card><name>&xxe;</name></card></cards>"
            + b"</cockatrice_carddatabase>",
            "refused",
        ),
    ],
    ids=["empty", "garbage", "broken", "json", "wrong-root", "billion-laughs", "external-entity"],
)
def test_it_refuses_malformed_and_hostile_files_with_a_clear_error(tmp_path, content, message):
    path = tmp_path / "tokens.xml"
    path.write_bytes(content)
    with pytest.raises(ImportFailed, match=message):
        cockatrice.parse(path)


def test_it_names_the_line_and_field_of_a_bad_record(tmp_path):
    path = tmp_path / "tokens.xml"
    good = _card("Goblin Token", "Token Creature — Goblin", "<colors>R</colors><pt>1/1</pt>")
    bad = _card("Bad Token", "Token Creature — Goblin", "<colors>Q</colors><pt>1/1</pt>")
    path.write_text(_database(good, "\n", bad), encoding="utf-8")
    with pytest.raises(ImportFailed) as error:
        cockatrice.parse(path)
    assert error.value.field == "colors"
    assert "line 3" in str(error.value) and "Bad Token" in str(error.value)


def test_it_refuses_a_card_without_a_type(tmp_path):
    path = tmp_path / "tokens.xml"
    path.write_text(_database("<card><name>Typeless</name></card>"), encoding="utf-8")
    with pytest.raises(ImportFailed, match=r"Typeless.*field type"):
        cockatrice.parse(path)


def test_it_reads_card_database_v3_colors(tmp_path):
    path = tmp_path / "tokens.xml"
    card = (
        "<card><name>Spirit Token</name><color>W</color><color>B</color>"
        "<type>Token Creature — Spirit</type><pt>1/1</pt><token>1</token></card>"
    )
    path.write_text(_database(card), encoding="utf-8")
    (record,) = cockatrice.parse(path).tokens
    assert record.front.colors == ("W", "B")
