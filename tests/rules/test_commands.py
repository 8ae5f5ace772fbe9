"""Typed commands (rules/commands.py): phrases become the registry's actions, generated from its
data, with names matched as the palette matches them and ambiguous phrases offered by number."""

from __future__ import annotations

from typing import Any

import pytest

from rules.command_words import Named, word_matches
from rules.commands import (
    UNDO,
    Action,
    NotUnderstood,
    Options,
    Scene,
    Vocabulary,
    parse,
    verbs_of,
)
from rules.mtg.registry import REGISTRY

RU = {
    "Tap": "Повернуть",
    "Add counters": "Добавить счётчики",
    "Life": "Жизнь",
    "Block": "Блокировать",
}
VOCAB = Vocabulary(
    verbs=(*verbs_of(REGISTRY, lambda s: RU.get(s, s)), ("undo", UNDO)),
    questions=(("life", "life"), ("combat", "combat"), ("repeat", "repeat")),
    with_words=frozenset({"with", "\u0441"}),
    to_words=frozenset({"to", "on", "from", "на"}),
    fillers=frozenset({"token", "tokens", "the"}),
    me=frozenset({"me"}),
)


def stack(ref: str, name: str, controller: int, **flags: Any) -> Named:
    view: dict[str, Any] = {"id": ref, "name": name, "zone": "battlefield", "types": ["Creature"]}
    view |= {"controller": controller, "tapped": False, "attacking": None, "count": 10, **flags}
    return Named(ref, (name, *flags.pop("printed", ())), view)


TREASURE = Named("mtg-treasure", ("Treasure",))
SCENE = Scene(
    registry=REGISTRY,
    stacks=(
        stack("o1", "Soldier Token", 0),
        stack("o2", "Goblin Token", 0),
        stack("o3", "Wolf Token", 1),
        stack("o4", "Goblin Token", 1, attacking={"seat": 0}),
    ),
    seats=(Named(0, ("Ann",)), Named(1, ("Ben",))),
    speaker=0,
    tokens=lambda name: [TREASURE] if word_matches(name, "treasure") else [],
    known_names=("Treasure", "Clue"),
)


def act(text: str, scene: Scene = SCENE, choice: int | None = None) -> dict[str, Any]:
    result = parse(text, VOCAB, scene, choice)
    assert isinstance(result, Action) and result.action is not None, result
    return result.action


def test_create_by_count_and_name_is_the_palette_role_111_1() -> None:
    assert act("3 treasure") == {
        "type": "create_token",
        "controller": 0,
        "token": "mtg-treasure",
        "count": 3,
    }
    assert act("create 2 treasures")["count"] == 2


def test_tap_part_of_a_stack_701_26a() -> None:
    assert act("tap 4 soldier") == {"type": "tap", "object": "o1", "count": 4}
    assert act("Повернуть 4 soldier") == {"type": "tap", "object": "o1", "count": 4}


def test_counters_by_their_short_name_122_1() -> None:
    assert act("counter +1 on 2 soldier") == {
        "type": "add_counters",
        "kind": "+1/+1",
        "object": "o1",
        "count": 2,
    }
    assert act("remove counters -1 from soldier")["type"] == "remove_counters"


def test_attack_names_the_defender_and_the_attackers_508_1a() -> None:
    # The speaker's untapped Goblins attack, not Ben's attacking ones.
    assert act("attack ben with 10 goblin") == {
        "type": "attack",
        "defender": 1,
        "object": "o2",
        "count": 10,
    }


def test_a_count_larger_than_a_stack_picks_the_larger_one() -> None:
    small = stack("o5", "Goblin Token", 0, count=2)
    scene = Scene(**{**SCENE.__dict__, "stacks": (*SCENE.stacks[:3], small)})
    assert act("tap 8 goblin", scene)["object"] == "o2"
    assert isinstance(parse("tap 2 goblin", VOCAB, scene), Options)


def test_block_with_names_the_blocker_509_1a() -> None:
    ben = Scene(**{**SCENE.__dict__, "speaker": 1})
    # Ben's Wolf blocks the attacking Goblins ("with" marks what acts); without the word,
    # the stacks go where they fit: the attacker is attacking, the blocker Ben's.
    assert act("block goblin with wolf", ben) == {"type": "block", "object": "o3", "attacker": "o4"}
    assert act("Блокировать wolf goblin", ben) == {
        "type": "block",
        "object": "o3",
        "attacker": "o4",
    }


def test_damage_to_a_stack_or_a_player_120_3() -> None:
    assert act("damage 3 to wolf") == {"type": "damage", "amount": 3, "object": "o3"}
    assert act("deal damage 2 to ben") == {"type": "damage", "amount": 2, "seat": 1}


def test_turn_undo_and_life_119_3() -> None:
    assert act("next") == {"type": "next_step"}
    assert act("pass") == {"type": "pass_turn"}
    assert act("life +3") == {"type": "adjust_life", "amount": 3, "seat": 0}
    assert act("life -2 ben") == {"type": "adjust_life", "amount": -2, "seat": 1}
    assert act("Жизнь +1") == {"type": "adjust_life", "amount": 1, "seat": 0}
    assert parse("undo", VOCAB, SCENE) == Action(special=UNDO)


def test_questions_are_whole_phrases() -> None:
    assert parse("life", VOCAB, SCENE) == Action(special="life")
    assert parse("Combat?", VOCAB, SCENE) == Action(special="combat")


def test_an_ambiguous_phrase_offers_its_readings_by_number() -> None:
    result = parse("damage 1 to goblin", VOCAB, SCENE)
    assert isinstance(result, Options)
    assert [a["object"] for a in result.actions] == ["o2", "o4"]
    assert act("damage 1 to goblin", choice=2)["object"] == "o4"
    assert isinstance(parse("damage 1 to goblin", VOCAB, SCENE, choice=5), NotUnderstood)


@pytest.mark.parametrize(
    ("text", "suggestion"),
    [("tap 2 soljer", "Soldier Token"), ("3 tresure", "Treasure"), ("tpa soldier", "tap")],
)
def test_did_you_mean(text: str, suggestion: str) -> None:
    result = parse(text, VOCAB, SCENE)
    assert isinstance(result, NotUnderstood)
    assert suggestion in result.suggestions


def test_missing_and_extra_parts_are_said() -> None:
    assert isinstance(parse("tap", VOCAB, SCENE), NotUnderstood)
    assert isinstance(parse("damage 1 2 3 to wolf", VOCAB, SCENE), NotUnderstood)
    assert isinstance(parse("", VOCAB, SCENE), NotUnderstood)


def test_every_action_has_a_verb_generated_from_the_registry() -> None:
    verbs = dict(verbs_of(REGISTRY))
    offered = {s.type for s in REGISTRY if s.role not in ("answer", "mode")}
    assert set(verbs.values()) == offered
    assert verbs["deal damage"] == verbs["damage"] == "damage"


def test_russian_word_endings_match() -> None:
    assert word_matches("солдата", "солдат")
    assert word_matches("сокровища", "сокровище")
    assert not word_matches("wolf", "goblin")


def test_riftbound_phrases_come_from_its_own_registry() -> None:
    """The same reading for another game: its verbs are its registry's ("exhaust"), its create
    role makes Recruits."""
    from rules.riftbound.registry import REGISTRY as RIFTBOUND

    vocab = Vocabulary(verbs=verbs_of(RIFTBOUND), fillers=VOCAB.fillers)
    recruit = Named("rb-recruit", ("Recruit",))
    scene = Scene(
        registry=RIFTBOUND,
        stacks=(stack("o1", "Recruit Token", 0),),
        seats=SCENE.seats,
        speaker=0,
        tokens=lambda name: [recruit] if word_matches(name, "recruit") else [],
    )
    made = parse("2 recruit", vocab, scene)
    assert isinstance(made, Action) and made.action is not None
    assert made.action["token"] == "rb-recruit" and made.action["count"] == 2
    assert act_in(vocab, scene, "exhaust 1 recruit") == {
        "type": "exhaust",
        "object": "o1",
        "count": 1,
    }


def act_in(vocab: Vocabulary, scene: Scene, text: str) -> dict[str, Any]:
    result = parse(text, vocab, scene)
    assert isinstance(result, Action) and result.action is not None, result
    return result.action
