from __future__ import annotations

import pytest

from rules import IllegalAction, InvalidAction
from rules.effects import parse_abilities, parse_effects
from rules.mtg.predefined import PREDEFINED_TOKENS as MTG
from rules.mtg.predefined import predefined_token
from rules.riftbound.predefined import PREDEFINED_TOKENS as RIFTBOUND
from tests.rules.conftest import Table

# (slug, rule, name, types, subtypes, colors, power, toughness): CR 111.10a-x (2026-09-25), 111.4.
MTG_TABLE = [
    ("mtg-treasure", "111.10a", "Treasure Token", ["Artifact"], ["Treasure"], [], None, None),
    ("mtg-food", "111.10b", "Food Token", ["Artifact"], ["Food"], [], None, None),
    ("mtg-gold", "111.10c", "Gold Token", ["Artifact"], ["Gold"], [], None, None),
    ("mtg-walker", "111.10d", "Walker", ["Creature"], ["Zombie"], ["B"], "2", "2"),
    ("mtg-shard", "111.10e", "Shard Token", ["Enchantment"], ["Shard"], [], None, None),
    ("mtg-clue", "111.10f", "Clue Token", ["Artifact"], ["Clue"], [], None, None),
    ("mtg-blood", "111.10g", "Blood Token", ["Artifact"], ["Blood"], [], None, None),
    ("mtg-powerstone", "111.10h", "Powerstone Token", ["Artifact"], ["Powerstone"], [], None, None),
    ("mtg-incubator", "111.10i", "Incubator Token", ["Artifact"], ["Incubator"], [], None, None),
    ("mtg-cursed-role", "111.10j", "Cursed", ["Enchantment"], ["Aura", "Role"], [], None, None),
    ("mtg-monster-role", "111.10k", "Monster", ["Enchantment"], ["Aura", "Role"], [], None, None),
    ("mtg-royal-role", "111.10m", "Royal", ["Enchantment"], ["Aura", "Role"], [], None, None),
    ("mtg-sorcerer-role", "111.10n", "Sorcerer", ["Enchantment"], ["Aura", "Role"], [], None, None),
    ("mtg-virtuous-role", "111.10p", "Virtuous", ["Enchantment"], ["Aura", "Role"], [], None, None),
    ("mtg-wicked-role", "111.10q", "Wicked", ["Enchantment"], ["Aura", "Role"], [], None, None),
    (
        "mtg-young-hero-role",
        "111.10r",
        "Young Hero",
        ["Enchantment"],
        ["Aura", "Role"],
        [],
        None,
        None,
    ),
    ("mtg-map", "111.10s", "Map Token", ["Artifact"], ["Map"], [], None, None),
    ("mtg-junk", "111.10t", "Junk Token", ["Artifact"], ["Junk"], [], None, None),
    ("mtg-lander", "111.10u", "Lander Token", ["Artifact"], ["Lander"], [], None, None),
    ("mtg-mutagen", "111.10v", "Mutagen Token", ["Artifact"], ["Mutagen"], [], None, None),
    ("mtg-vibranium", "111.10w", "Vibranium Token", ["Artifact"], ["Vibranium"], [], None, None),
    (
        "mtg-heartwood",
        "111.10x",
        "Heartwood Token",
        ["Artifact"],
        ["Heartwood"],
        ["R", "G"],
        None,
        None,
    ),
]


def test_it_defines_exactly_the_22_predefined_tokens_of_cr_111_10() -> None:
    assert sorted(MTG) == sorted(row[0] for row in MTG_TABLE)


@pytest.mark.parametrize("row", MTG_TABLE, ids=[row[0] for row in MTG_TABLE])
def test_it_gives_each_predefined_token_its_cr_111_10_characteristics(row) -> None:
    slug, rule, name, types, subtypes, colors, power, toughness = row
    token = MTG[slug]
    assert (token["rule"], token["name"], token["types"], token["subtypes"]) == (
        rule,
        name,
        types,
        subtypes,
    )
    assert (token["colors"], token["power"], token["toughness"]) == (colors, power, toughness)
    assert token["game"] == "mtg" and token["predefined"] is True
    parse_abilities(token["abilities"])
    parse_effects(token["effects"])


def test_it_quotes_the_treasure_ability_of_cr_111_10a() -> None:
    treasure = MTG["mtg-treasure"]
    assert treasure["text"] == "{T}, Sacrifice this token: Add one mana of any color."
    [ability] = parse_abilities(treasure["abilities"])
    assert ability.mana and ability.cost.tap and ability.cost.sacrifice


def test_it_gives_gold_no_tap_symbol_per_cr_111_10c() -> None:
    [ability] = parse_abilities(MTG["mtg-gold"]["abilities"])
    assert not ability.cost.tap and ability.cost.sacrifice


def test_it_makes_the_incubator_double_faced_with_a_phyrexian_token_back_per_111_10i() -> None:
    back = MTG["mtg-incubator"]["back"]
    assert back["name"] == "Phyrexian Token"
    assert (back["types"], back["subtypes"]) == (["Artifact", "Creature"], ["Phyrexian"])
    assert (back["power"], back["toughness"], back["colors"]) == ("0", "0", [])


def test_it_gives_vibranium_indestructible_per_111_10w() -> None:
    assert MTG["mtg-vibranium"]["keywords"] == ["Indestructible"]


def test_it_marks_map_junk_and_mutagen_sorcery_speed() -> None:
    for slug in ("mtg-map", "mtg-junk", "mtg-mutagen"):
        [ability] = parse_abilities(MTG[slug]["abilities"])
        assert ability.sorcery_speed, slug


def test_it_sets_cursed_role_base_power_and_toughness_in_its_effect_per_111_10j() -> None:
    [effect] = parse_effects(MTG["mtg-cursed-role"]["effects"])
    assert (effect.kind, effect.set_base, effect.power, effect.toughness) == ("aura", True, 1, 1)


def test_it_returns_copies_so_callers_cannot_change_the_rules() -> None:
    token = predefined_token("mtg-treasure")
    assert token is not None
    token["name"] = "Changed"
    assert MTG["mtg-treasure"]["name"] == "Treasure Token"


RIFTBOUND_TABLE = [
    ("rb-recruit", "184.1", "Recruit", ["Unit"], 1, ["Recruit"], []),
    ("rb-sprite", "184.2", "Sprite", ["Unit"], 3, ["Fae"], ["Temporary"]),
    ("rb-sand-soldier", "184.3", "Sand Soldier", ["Unit"], 2, ["Shurima"], []),
    ("rb-mech", "184.4", "Mech", ["Unit"], 3, ["Mech"], []),
    ("rb-gold", "184.5", "Gold", ["Gear"], None, [], []),
    ("rb-reflection", "184.6", "Reflection", ["Unit"], 0, [], []),
    ("rb-bird", "184.7", "Bird", ["Unit"], 1, ["Bird"], ["Deflect"]),
    ("rb-brush", "184.8", "Brush", ["Battlefield"], None, [], []),
    ("rb-baron-pit", "184.9", "Baron Pit", ["Battlefield"], None, [], []),
]


@pytest.mark.parametrize("row", RIFTBOUND_TABLE, ids=[row[0] for row in RIFTBOUND_TABLE])
def test_it_gives_each_riftbound_token_its_rule_184_characteristics(row) -> None:
    slug, rule, name, types, might, tags, keywords = row
    token = RIFTBOUND[slug]
    assert (token["rule"], token["name"], token["types"]) == (rule, name, types)
    assert (token["might"], token["tags"], token["keywords"]) == (might, tags, keywords)
    assert token["colors"] == [] and token["game"] == "riftbound"


def test_it_defines_exactly_nine_riftbound_tokens() -> None:
    assert len(RIFTBOUND) == 9


def test_it_gives_gold_its_kill_exhaust_add_ability_per_184_5() -> None:
    [ability] = parse_abilities(RIFTBOUND["rb-gold"]["abilities"])
    assert ability.text == "[Reaction][>] Kill this, [E]: [Add] [A]."
    assert ability.cost.tap and ability.cost.sacrifice
    assert (ability.effect.kind, ability.effect.domain, ability.effect.amount) == (
        "add_power",
        "any",
        1,
    )


def test_a_heartwood_token_taps_for_red_or_green_and_stays_111_10x() -> None:
    """CR 2026-09-25 111.10x: a red and green Heartwood artifact token with "{T}: Add {R} or
    {G}." (no sacrifice; the first colored predefined artifact token)."""
    table = Table()
    table.do("create_token", controller=0, token="mtg-heartwood")
    token = table.one("Heartwood Token")
    assert token["colors"] == ["R", "G"] and token["power"] is None
    with pytest.raises(InvalidAction):
        table.do("activate", object=token["id"], ability=0, choices={"color": "U"})
    table.do("activate", object=token["id"], ability=0, choices={"color": "G"})
    assert table.seat(0)["mana_pool"]["G"] == 1
    assert table.one("Heartwood Token")["tapped"] is True
    with pytest.raises(IllegalAction):
        table.do("activate", object=token["id"], ability=0, choices={"color": "R"})
