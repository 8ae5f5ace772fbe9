"""``make``: a card's token-making ability compiled from its rules text, performed by the kernel
with the table as it is (111.2-111.4, 107.3), and the compiled triggered abilities that fire by
themselves (603.2, 603.6a, 603.10a); the nine cards of the token makers' issue."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction, InvalidAction
from rules.mtg.oracle import compile_effects, compile_makes
from tests.rules.conftest import Table
from tests.rules.test_combat import to_step


def card(name: str, text: str, type_line: str, pt: str = "", **extra: Any) -> dict[str, Any]:
    """A card definition as the catalogue embeds it, with the makes compiled from its text."""
    front, _, back = type_line.partition("\u2014")
    power, _, toughness = pt.partition("/")
    return {
        "name": name,
        "supertypes": [w for w in front.split() if w in ("Legendary", "Snow")],
        "types": [w for w in front.split() if w not in ("Legendary", "Snow")],
        "subtypes": back.split(),
        "power": power or None,
        "toughness": toughness or None,
        "text": text,
        "effects": compile_effects(text),
        "makes": compile_makes(
            name=name,
            oracle_text=text,
            type_line=type_line,
            power=power or None,
            toughness=toughness or None,
        ),
        **extra,
    }


def put(table: Table, definition: dict[str, Any], controller: int = 0, **params: Any) -> str:
    events = table.do("put_card", controller=controller, definition=definition, **params)
    object_id: str = next(e for e in events if e["type"] == "card_put")["object"]
    return object_id


KRENKO = card(
    "Krenko, Mob Boss",
    "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.",
    "Legendary Creature \u2014 Goblin Warrior",
    "3/3",
)
SCUTE_SWARM = card(
    "Scute Swarm",
    "Landfall \u2014 Whenever a land you control enters, create a 1/1 green Insect creature "
    "token. If you control six or more lands, create a token that's a copy of this creature "
    "instead.",
    "Creature \u2014 Insect",
    "1/1",
)
CATHARS_CRUSADE = card(
    "Cathars' Crusade",
    "Whenever a creature you control enters, put a +1/+1 counter on each creature you control.",
    "Enchantment",
)
HELM_OF_THE_HOST = card(
    "Helm of the Host",
    "At the beginning of combat on your turn, create a token that's a copy of equipped creature, "
    "except the token isn't legendary. That token gains haste.\nEquip {5}",
    "Legendary Artifact \u2014 Equipment",
)
MIMIC_VAT = card(
    "Mimic Vat",
    "Imprint \u2014 Whenever a nontoken creature dies, you may exile that card. If you do, "
    "return each other card exiled with this artifact to its owner's graveyard.\n{3}, {T}: "
    "Create a token that's a copy of a card exiled with this artifact. It gains haste. Exile it "
    "at the beginning of the next end step.",
    "Artifact",
)
DOOMED_DISSENTER = card(
    "Doomed Dissenter",
    "When this creature dies, create a 2/2 black Zombie creature token.",
    "Creature \u2014 Human",
    "1/1",
)
GROWING_RANKS = card(
    "Growing Ranks",
    "At the beginning of your upkeep, populate. (Create a token that's a copy of a creature "
    "token you control.)",
    "Enchantment",
)
DREADHORDE_INVASION = card(
    "Dreadhorde Invasion",
    "At the beginning of your upkeep, you lose 1 life and amass Zombies 1. (Put a +1/+1 counter "
    "on an Army you control. If you don't control one, create a 0/0 black Zombie Army creature "
    "token first.)\nWhenever a Zombie token you control with power 6 or greater attacks, it "
    "gains lifelink until end of turn.",
    "Enchantment",
)
TEYSA_KARLOV = card(
    "Teysa Karlov",
    "If a creature dying causes a triggered ability of a permanent you control to trigger, that "
    "ability triggers an additional time.\nCreature tokens you control have vigilance and "
    "lifelink.",
    "Legendary Creature \u2014 Human Advisor",
    "2/4",
)
PARALLEL_LIVES = card(
    "Parallel Lives",
    "If an effect would create one or more tokens under your control, it creates twice that "
    "many of those tokens instead.",
    "Enchantment",
)
LAND = {"name": "Forest", "supertypes": ["Basic"], "types": ["Land"], "subtypes": ["Forest"]}


def test_teysa_and_the_crusade_read_their_effects_from_their_text_613_1f_603_2d() -> None:
    assert [e["kind"] for e in TEYSA_KARLOV["effects"]] == ["dies_trigger_extra", "anthem"]
    assert CATHARS_CRUSADE["effects"][0]["kind"] == "trigger_counters"
    assert TEYSA_KARLOV["makes"] == [] and CATHARS_CRUSADE["makes"] == []


def test_krenko_counts_the_goblins_on_the_table_each_time_107_3_111_2() -> None:
    table = Table()
    krenko = put(table, KRENKO)
    for _ in range(3):
        table.do("make", object=krenko)
    assert table.count("Goblin Token") == 1 + 2 + 4
    goblin = table.one("Goblin Token")
    assert (goblin["power"], goblin["toughness"], goblin["colors"]) == (1, 1, ["R"])
    assert goblin["controller"] == 0 and goblin["token"] is True


def test_a_paper_players_krenko_makes_from_the_palette_with_that_seats_goblins_111_2() -> None:
    table = Table()
    table.do("make", definition=KRENKO, controller=1)
    assert [o["controller"] for o in table.objects("Goblin Token")] == [1]
    table.do("make", definition=KRENKO, controller=1, x=5)  # the table can't see their board
    assert table.count("Goblin Token") == 6


def test_a_token_is_named_after_its_subtypes_unless_the_effect_names_it_111_4() -> None:
    table = Table()
    sprite = card(
        "Cloudseeder",
        "{U}, {T}, Discard a card: Create a 1/1 blue Faerie creature token named Cloud Sprite. "
        'It has flying and "Cloud Sprite can block only creatures with flying."',
        "Creature \u2014 Faerie Spellshaper",
        "1/1",
    )
    table.do("make", definition=sprite, controller=0)
    made = table.one("Cloud Sprite")
    assert made["subtypes"] == ["Faerie"] and made["keywords"] == ["Flying"]
    assert "Cloud Sprite can block only creatures with flying." in made["text"]
    table.do("make", definition=KRENKO, controller=0)
    assert table.one("Goblin Token")["subtypes"] == ["Goblin"]


def test_a_predefined_token_has_the_abilities_rule_111_10_gives_it_111_10a() -> None:
    table = Table()
    pirate = card(
        "Impulsive Pilferer",
        "When Impulsive Pilferer dies, create a Treasure token.",
        "Creature \u2014 Goblin Pirate",
        "1/1",
    )
    table.do("destroy", object=put(table, pirate))
    treasure = table.one("Treasure Token")
    assert treasure["types"] == ["Artifact"] and treasure["abilities"][0]["mana"] is True


def test_doomed_dissenter_dies_and_its_zombie_is_created_by_itself_603_6c_603_10a() -> None:
    table = Table()
    dissenter = put(table, DOOMED_DISSENTER)
    assert table.one("Doomed Dissenter")["makes"][0]["fires"] is True
    table.do("destroy", object=dissenter)
    zombie = table.one("Zombie Token")
    assert (zombie["power"], zombie["colors"], zombie["controller"]) == (2, ["B"], 0)


def test_teysa_karlov_makes_a_dying_creatures_trigger_trigger_twice_603_2d() -> None:
    table = Table()
    put(table, TEYSA_KARLOV)
    table.do("destroy", object=put(table, DOOMED_DISSENTER))
    assert table.count("Zombie Token") == 2
    assert set(table.one("Zombie Token")["keywords"]) >= {"Vigilance", "Lifelink"}


def test_teysa_karlov_doubles_afterlife_as_well_702_135a_603_2d() -> None:
    table = Table()
    put(table, TEYSA_KARLOV)
    monk = card(
        "Ministrant of Obligation",
        "Afterlife 2 (When this creature dies, create two 1/1 white and black Spirit creature "
        "tokens with flying.)",
        "Creature \u2014 Human Cleric",
        "2/1",
    )
    table.do("destroy", object=put(table, monk))
    assert table.count("Spirit Token") == 4


def test_scute_swarm_makes_insects_then_copies_of_itself_at_six_lands_603_6a_614_1a() -> None:
    table = Table()
    put(table, SCUTE_SWARM)
    put(table, LAND)
    assert table.count("Insect Token") == 1
    put(table, LAND, count=4)  # four triggers, five lands: four Insects
    assert table.count("Insect Token") == 5
    put(table, LAND)  # the sixth: a copy of Scute Swarm
    assert table.count("Insect Token") == 5
    copies = [o for o in table.objects("Scute Swarm") if o["token"]]
    assert [o["count"] for o in copies] == [1]
    put(table, LAND)  # two Scute Swarms see it: two more copies
    assert sum(o["count"] for o in table.objects("Scute Swarm") if o["token"]) == 3


def test_cathars_crusade_puts_a_counter_on_each_creature_per_creature_entering_603_2() -> None:
    table = Table()
    put(table, CATHARS_CRUSADE)
    krenko = put(table, KRENKO)
    assert table.one("Krenko, Mob Boss")["counters"] == {"+1/+1": 1}
    table.do("make", object=krenko)  # one Goblin enters: one trigger
    assert table.one("Krenko, Mob Boss")["counters"] == {"+1/+1": 2}
    assert table.one("Goblin Token")["counters"] == {"+1/+1": 1}


def test_parallel_lives_compiled_from_its_text_doubles_krenkos_goblins_614_1_616_1() -> None:
    table = Table()
    put(table, PARALLEL_LIVES)
    assert PARALLEL_LIVES["makes"][0]["when"] == "replacement"
    table.do("make", object=put(table, KRENKO))
    assert table.count("Goblin Token") == 2


def test_helm_of_the_host_copies_the_equipped_creature_at_the_beginning_of_combat_707_9() -> None:
    table = Table()
    krenko = put(table, KRENKO)
    helm = put(table, HELM_OF_THE_HOST)
    table.do("attach", object=helm, to=krenko)
    to_step(table, "beginning_of_combat")
    copy = next(o for o in table.objects("Krenko, Mob Boss") if o["token"])
    assert copy["supertypes"] == [] and "Haste" in copy["keywords"]
    assert copy["subtypes"] == ["Goblin", "Warrior"]


def test_mimic_vat_copies_the_card_it_exiled_with_haste_until_the_end_step_707_2() -> None:
    table = Table()
    vat = put(table, MIMIC_VAT)
    exiled = put(table, DOOMED_DISSENTER, zone="exile")
    table.do("make", object=vat, of=exiled)
    copy = next(o for o in table.objects("Doomed Dissenter") if o["token"])
    assert "Haste" in copy["keywords"] and copy["leaves_at"] == "end_step:exile"
    table.do("destroy", object=copy["id"])  # the copy has the card's abilities too
    assert table.count("Zombie Token") == 1


def test_mimic_vat_asks_what_to_copy_when_the_action_doesnt_say_707_2() -> None:
    table = Table()
    vat = put(table, MIMIC_VAT)
    put(table, DOOMED_DISSENTER, zone="exile")
    put(table, KRENKO, zone="exile")
    table.do("make", object=vat)
    pending = table.view()["pending_choice"]
    assert pending["kind"] == "make_copy_of"
    table.choose(pending["options"][1])
    assert [o["token"] for o in table.objects("Krenko, Mob Boss")] == [True]


def test_growing_ranks_populates_at_the_beginning_of_upkeep_701_36a() -> None:
    table = Table()
    put(table, GROWING_RANKS)
    table.do("make", definition=KRENKO, controller=0)
    table.do("pass_turn")
    table.do("pass_turn")  # Ann's upkeep again
    assert table.count("Goblin Token") == 2


def test_dreadhorde_invasion_amasses_at_the_beginning_of_upkeep_701_47a() -> None:
    table = Table()
    put(table, DREADHORDE_INVASION)
    table.do("pass_turn")
    table.do("pass_turn")
    army = table.one("Zombie Army Token")
    assert army["counters"] == {"+1/+1": 1} and army["colors"] == ["B"]
    table.do("pass_turn")
    table.do("pass_turn")
    assert table.one("Zombie Army Token")["counters"] == {"+1/+1": 2}


def test_dreadhorde_invasion_its_upkeep_trigger_also_costs_a_life_119_3_603_2() -> None:
    """ "you lose 1 life and amass Zombies 1": the whole effect, not only its token."""
    table = Table()
    put(table, DREADHORDE_INVASION)
    table.do("pass_turn")
    table.do("pass_turn")
    assert table.seat(0)["life"] == 19 and table.seat(1)["life"] == 20
    assert "119.3" in table.rules()


def test_bitterblossom_loses_a_life_and_makes_a_faerie_each_upkeep_119_3_503_1a() -> None:
    bitterblossom = card(
        "Bitterblossom",
        "At the beginning of your upkeep, you lose 1 life and create a 1/1 black Faerie Rogue "
        "creature token with flying.",
        "Kindred Enchantment \u2014 Faerie",
    )
    table = Table()
    put(table, bitterblossom)
    for _ in range(4):
        table.do("pass_turn")
    assert table.count("Faerie Rogue Token") == 2
    assert table.seat(0)["life"] == 18


def test_a_spell_that_drains_and_makes_changes_each_life_total_it_names_119_3() -> None:
    """Essence Feed: "Target player loses 3 life. You gain 3 life and create three 0/1
    colorless Eldrazi Spawn creature tokens" (the target asked only when there is a choice)."""
    essence_feed = card(
        "Essence Feed",
        "Target player loses 3 life. You gain 3 life and create three 0/1 colorless Eldrazi "
        'Spawn creature tokens. They have "Sacrifice this creature: Add {C}."',
        "Sorcery",
    )
    steps = essence_feed["makes"][0]["effect"]["steps"]
    assert [s["do"] for s in steps] == ["life", "life", "create"]
    table = Table()
    table.do("make", definition=essence_feed, controller=0)
    table.choose("1: Ben")
    assert (table.seat(0)["life"], table.seat(1)["life"]) == (23, 17)
    assert table.count("Eldrazi Spawn Token") == 3


def test_a_life_change_it_cannot_follow_leaves_the_ability_to_the_player() -> None:
    """ "that player loses X life" is not done in part: the entry is not automated."""
    entry = card(
        "Some Maker",
        "When this creature enters, create a 1/1 white Soldier creature token. That player "
        "loses X life, where X is the number of cards in your hand.",
        "Creature \u2014 Human",
        "1/1",
    )["makes"][0]
    assert entry["automated"] is False


def test_investigate_creates_a_clue_701_16a() -> None:
    table = Table()
    spell = card(
        "Thraben Inspector",
        "When Thraben Inspector enters the battlefield, investigate.",
        "Creature \u2014 Human Soldier",
        "1/2",
    )
    put(table, spell)
    assert table.one("Clue Token")["abilities"][0]["text"].startswith("{2}, Sacrifice")


def test_fabricate_asks_counters_or_servos_702_123a() -> None:
    table = Table()
    automaton = card(
        "Accomplished Automaton",
        "Fabricate 1 (When this creature enters the battlefield, put a +1/+1 counter on it or "
        "create a 1/1 colorless Servo artifact creature token.)",
        "Artifact Creature \u2014 Construct",
        "5/7",
    )
    table.do("put_card", controller=0, definition=automaton)
    assert table.view()["pending_choice"]["kind"] == "fabricate"
    table.choose("servos")
    assert table.count("Servo Token") == 1
    table.do("put_card", controller=0, definition=automaton)
    table.choose("counters")
    assert table.count("Servo Token") == 1
    assert [o["counters"] for o in table.objects("Accomplished Automaton")] == [{}, {"+1/+1": 1}]


def test_embalm_and_eternalize_copy_the_card_with_their_exceptions_702_128a_702_129a() -> None:
    table = Table()
    text = (
        "Embalm {3}{W} ({3}{W}, Exile this card from your graveyard: Create a token that's a "
        "copy of it, except it's a white Zombie Cat with no mana cost.)"
    )
    cat = card(
        "Sacred Cat",
        f"Lifelink\n{text}",
        "Creature \u2014 Cat",
        "1/1",
        mana_cost="{W}",
        colors=["W"],
    )
    in_graveyard = put(table, cat, zone="graveyard")
    table.do("make", object=in_graveyard)
    token = next(o for o in table.objects("Sacred Cat") if o["token"])
    assert token["colors"] == ["W"] and token["mana_cost"] == ""
    assert set(token["subtypes"]) == {"Zombie", "Cat"}
    khenra = card(
        "Resilient Khenra",
        "Eternalize {4}{G}{G} ({4}{G}{G}, Exile this card from your graveyard: Create a token "
        "that's a copy of it, except it's a 4/4 black Zombie Jackal Wizard with no mana cost.)",
        "Creature \u2014 Jackal Wizard",
        "2/2",
    )
    table.do("make", definition=khenra, controller=0)
    token = table.one("Resilient Khenra")
    assert (token["power"], token["toughness"], token["colors"]) == (4, 4, ["B"])


def test_encore_makes_a_hasty_copy_for_each_opponent_702_141a() -> None:
    table = Table(("Ann", "Ben", "Cid"))
    pilferer = card(
        "Impulsive Pilferer",
        "Encore {3}{R} ({3}{R}, Exile this card from your graveyard: For each opponent, create a "
        "token copy that attacks that opponent this turn if able. They gain haste. Sacrifice "
        "them at the beginning of the next end step. Activate only as a sorcery.)",
        "Creature \u2014 Goblin Pirate",
        "1/1",
    )
    table.do("make", definition=pilferer, controller=0)
    copies = table.objects("Impulsive Pilferer")
    assert sorted(o["must_attack"] for o in copies) == [1, 2]
    assert all("Haste" in o["keywords"] and o["leaves_at"] == "end_step:sacrifice" for o in copies)


def test_myriad_copies_attack_the_other_opponents_and_leave_at_end_of_combat_702_116a() -> None:
    table = Table(("Ann", "Ben", "Cid"))
    sphinx = card(
        "Sphinx",
        "Flying, myriad (Whenever this creature attacks, ...)",
        "Creature \u2014 Sphinx",
        "3/3",
        keywords=["Haste"],
    )
    obj = put(table, sphinx)
    to_step(table, "declare_attackers")
    table.do("attack", object=obj, defender={"seat": 1})
    copy = next(o for o in table.objects("Sphinx") if o["token"])
    assert copy["attacking"] == {"seat": 2} and copy["tapped"] is True
    assert copy["leaves_at"] == "end_of_combat:exile"


def test_tokens_enter_with_the_counters_the_effect_says_122_6() -> None:
    table = Table()
    put(table, PARALLEL_LIVES)
    hydra = card(
        "Hydra Maker",
        "Create a 0/0 green Hydra creature token with two +1/+1 counters on it.",
        "Sorcery",
    )
    table.do("make", definition=hydra, controller=0)
    assert [o["counters"] for o in table.objects("Hydra Token")] == [{"+1/+1": 2}]
    assert table.count("Hydra Token") == 2


def test_a_text_it_did_not_understand_is_refused_with_422() -> None:
    table = Table()
    odd = card("Odd", "Create a 2/2 blue Frob creature token that's fuzzy.", "Sorcery")
    with pytest.raises(IllegalAction) as refused:
        table.do("make", definition=odd, controller=0)
    assert "isn't automated" in refused.value.detail
    assert table.objects() == []


def test_several_abilities_need_which_and_x_only_when_the_table_cannot_count() -> None:
    table = Table()
    two = card(
        "Two Ways",
        "{1}: Create a 1/1 white Soldier creature token.\n{2}: Create X 2/2 black Zombie "
        "creature tokens.",
        "Artifact",
    )
    with pytest.raises(InvalidAction):
        table.do("make", definition=two, controller=0)
    with pytest.raises(InvalidAction):
        table.do("make", definition=two, controller=0, which=1)  # X paid: the table can't count
    table.do("make", definition=two, controller=0, which=1, x=3)
    assert table.count("Zombie Token") == 3


def test_a_tokens_own_quoted_ability_makes_tokens_too_111_3_603_6c() -> None:
    table = Table()
    worm = card(
        "Reef Worm",
        'When Reef Worm dies, create a 3/3 blue Fish creature token with "When this creature '
        "dies, create a 6/6 blue Whale creature token with \u2018When this creature dies, create a "
        "9/9 blue Kraken creature token.'\"",
        "Creature \u2014 Worm",
        "0/1",
    )
    table.do("destroy", object=put(table, worm))
    table.do("destroy", object=table.one("Fish Token")["id"])
    table.do("destroy", object=table.one("Whale Token")["id"])
    kraken = table.one("Kraken Token")
    assert (kraken["power"], kraken["toughness"], kraken["colors"]) == (9, 9, ["U"])
