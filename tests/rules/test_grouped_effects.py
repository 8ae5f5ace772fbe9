"""A stack of identical effect sources applies as one group, whatever its size: each
copy is its own replacement effect applying once (614.5, 616.1), and counts past what one stack
holds become more stacks or are capped, saying so, instead of refusing the action."""

from __future__ import annotations

import pytest

from rules import MAX_COUNT, IllegalAction
from rules.mtg.create import CEILING
from tests.rules.conftest import DOUBLING_SEASON, HARDENED_SCALES, Table, card

XORN = card(
    "Xorn",
    [
        {
            "kind": "token_extra",
            "count": 1,
            "token": "mtg-treasure",
            "filter": {"subtypes": ["Treasure"]},
        }
    ],
    types=["Creature"],
    subtypes=["Elemental"],
    power="3",
    toughness="2",
)
TREASURE = {"types": ["Artifact"], "subtypes": ["Treasure"]}
BILLION = 10**9


def _treasures(table: Table) -> int:
    return sum(o["count"] for o in table.objects() if "Treasure" in o["subtypes"])


def test_a_billion_xorn_copies_add_a_billion_treasures_614_5() -> None:
    """Each Xorn is a replacement effect that applies once to the event (614.5, 616.1f): with
    one Xorn card and a billion token copies, one Treasure becomes 1 + 1,000,000,001; past what
    one stack holds they are two stacks."""
    table = Table()
    table.put(XORN)
    table.do("create_copy", controller=0, definition=XORN, card="xorn", count=BILLION)
    table.create(TREASURE)
    assert _treasures(table) == 1 + BILLION + 1
    assert all(o["count"] <= MAX_COUNT for o in table.objects())
    applied = [e for e in table.events if e["type"] == "replacement_applied"]
    assert [e["after"] - e["before"] for e in applied] == [BILLION + 1] or sorted(
        e["after"] - e["before"] for e in applied
    ) == [1, BILLION]


def test_a_stack_of_doubling_seasons_doubles_per_copy_and_caps_with_a_message_616_1() -> None:
    """Two Doubling Seasons multiply by 4, three by 8 (Doubling Season rulings, 616.1f); 64 of
    them give 2**64 tokens, which no table holds: the count is capped and the event says so
    (the doubling stops counting once past the cap, so 64 copies cost what 34 do)."""
    table = Table()
    table.put(DOUBLING_SEASON, count=3)
    table.create(TREASURE)
    assert _treasures(table) == 8
    big = Table()
    big.put(DOUBLING_SEASON, count=64)
    big.create(TREASURE)
    assert _treasures(big) == CEILING
    [saturated] = [e for e in big.events if e["type"] == "saturated"]
    assert saturated["wanted"] > CEILING and saturated["rule"] == "616.1"


def test_counters_past_the_maximum_are_capped_with_a_message_122_6() -> None:
    """Hardened Scales a billion times over adds a billion counters (122.6, 614.1c); the site
    holds at most MAX_COUNT of one kind on a permanent, and says so instead of refusing."""
    table = Table()
    table.put(HARDENED_SCALES, count=BILLION)
    bear = table.put(card("Bear", [], types=["Creature"], power="2", toughness="2"))
    table.do("add_counters", object=bear, kind="+1/+1", amount=5)
    assert table.one("Bear")["counters"] == {"+1/+1": MAX_COUNT}
    assert any(e["type"] == "saturated" for e in table.events)


def test_untap_and_pass_turn_work_with_stacks_at_the_cap_502_3() -> None:
    """Two stacks of a billion identical Treasures, one tapped: untapping makes them identical
    again; they stay two full stacks instead of refusing the untap step (502.3)."""
    table = Table()
    table.create(TREASURE, count=BILLION)
    table.create(TREASURE, count=BILLION)
    assert [o["count"] for o in table.objects()] == [BILLION, BILLION]
    first = table.objects()[0]["id"]
    table.do("tap", object=first, count=BILLION)
    table.do("pass_turn")
    table.do("pass_turn")
    assert [(o["count"], o["tapped"]) for o in table.objects()] == [
        (BILLION, False),
        (BILLION, False),
    ]


def test_seven_doublers_and_a_billion_treasures_never_ask_a_dead_end_616_1() -> None:
    """Seven token doublers and Xorn: the orders differ only in how many extra Treasures come
    after the doublings; every option offered can be done (no refusal), so answering each
    question finishes the action."""
    table = Table()
    for index in range(7):
        table.put({**DOUBLING_SEASON, "name": f"Doubler {index}"})
    table.put(XORN)
    table.create(TREASURE, count=BILLION)
    asked = 0
    while table.view()["pending_choice"] is not None:
        asked += 1
        options = table.view()["pending_choice"]["options"]
        table.choose(next(o for o in options if o.startswith("Xorn")) if asked > 3 else options[0])
    assert asked <= 7
    assert _treasures(table) == CEILING + 2**4


WARD_ANTHEM = card(
    "Ward Banner",
    [
        {
            "kind": "anthem",
            "power": 0,
            "toughness": 0,
            "keywords": ["Ward {1}"],
            "filter": {"types": ["Creature"]},
        }
    ],
)


def test_a_billion_ward_sources_are_one_entry_and_targeting_is_refused_first_702_21a() -> None:
    """Each ward instance triggers on its own (702.21a, 603.2): a billion of them can't be
    resolved one by one, so targeting is refused with the rule before anything happens."""
    table = Table()
    table.put(WARD_ANTHEM, controller=1, count=BILLION)
    bear = table.put(card("Bear", [], types=["Creature"], power="2", toughness="2"), controller=1)
    assert table.one("Bear")["keywords"] == [f"Ward {{1}} (x{BILLION})"]
    before = table.view()
    with pytest.raises(IllegalAction) as refused:
        table.do("target", seat=0, objects=[bear])
    assert refused.value.rule == "702.21a"
    assert table.view() == before


def test_a_billion_aura_cards_with_one_legal_host_enchant_it_together_303_4f() -> None:
    table = Table()
    table.put(card("Bear", [], types=["Creature"], power="2", toughness="2"))
    aura = card("Pacifism", [], types=["Enchantment"], subtypes=["Aura"])
    aura["keywords"] = ["Enchant creature"]
    table.put(aura, count=BILLION)
    [stack] = table.objects("Pacifism")
    assert stack["count"] == BILLION and stack["attached_to"] == table.one("Bear")["id"]


ANTHEM = card(
    "Glorious Anthem",
    [{"kind": "anthem", "power": 1, "toughness": 1, "filter": {"types": ["Creature"]}}],
)


def test_anthems_add_once_per_object_across_stacks_and_only_for_their_controller_613_4c() -> None:
    """Each anthem is its own effect (613.4c): Ann's stack of three and a tapped one (another
    stack) give her creatures +4/+4; Ben's billion give his +1e9 and Ann's nothing."""
    table = Table()
    anthems = table.put(ANTHEM, count=4)
    table.do("tap", object=anthems, count=1)
    assert [o["count"] for o in table.objects("Glorious Anthem")] == [3, 1]
    table.put(ANTHEM, controller=1, count=BILLION)
    bear = card("Bear", [], types=["Creature"], power="2", toughness="2")
    table.put(bear)
    table.put(bear, controller=1)
    ann, ben = table.objects("Bear")
    assert (ann["power"], ann["toughness"]) == (6, 6)
    assert (ben["power"], ben["toughness"]) == (2 + BILLION, 2 + BILLION)
