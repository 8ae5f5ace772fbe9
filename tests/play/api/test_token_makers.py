"""The named token makers, played through the public API: a table, the card on the battlefield
(`put_card`) or not on it (`make` with `card`, a paper player's), `make`, and the tokens made
with their counts. Each test cites the rules it follows."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from tests.play.api.apitable import ApiTable

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalog(db: Any) -> None:
    call_command("load_catalog", verbosity=0)


def _put(t: ApiTable, card: str, seat: int = 0) -> str:
    t.act({"type": "put_card", "controller": seat, "card": card})
    return str(t.objects()[-1]["id"])


def _count(t: ApiTable, name: str) -> int:
    return sum(o["count"] for o in t.objects(name))


def _created(t: ApiTable) -> int:
    return sum(e.get("count", 0) for e in t.events if e["type"] == "token_created")


def test_krenko_111_2_107_3_x_counts_the_goblins_on_the_table(catalog: None) -> None:
    """{T}: create X 1/1 red Goblins, X = Goblins you control (107.3a). From the palette (a
    paper Krenko, not on the table) X counts the table's Goblins and the paper Krenko, itself a
    Goblin its player controls; on the battlefield Krenko counts as itself. `make` neither pays
    nor checks the cost, like paper."""
    t = ApiTable()
    t.act({"type": "create_token", "controller": 0, "token": "mtg-goblin-1-1-r", "count": 2})
    t.act({"type": "make", "card": "mtg-krenko-mob-boss", "controller": 0})
    assert _created(t) == 3
    assert _count(t, "Goblin Token") == 5
    krenko = _put(t, "mtg-krenko-mob-boss")
    t.act({"type": "make", "object": krenko})
    assert _created(t) == 6  # five Goblin tokens and Krenko
    [goblins] = t.objects("Goblin Token")
    assert (goblins["count"], goblins["definition"], goblins["colors"]) == (
        11,
        "mtg-goblin-1-1-r",
        ["R"],
    )
    assert (goblins["power"], goblins["toughness"]) == (1, 1)


def test_krenko_616_1_the_tables_doubler_applies_to_make(catalog: None) -> None:
    """Doubling Season's replacement (614.1a) applies to what `make` creates."""
    t = ApiTable()
    _put(t, "mtg-doubling-season")
    t.act({"type": "make", "object": _put(t, "mtg-krenko-mob-boss")})
    assert _count(t, "Goblin Token") == 2  # X = 1 (Krenko), doubled


def test_krenko_for_another_seat_counts_that_seats_goblins(catalog: None) -> None:
    t = ApiTable()
    t.act({"type": "create_token", "controller": 1, "token": "mtg-goblin-1-1-r", "count": 3})
    t.act({"type": "make", "card": "mtg-krenko-mob-boss", "controller": 0})
    assert _created(t) == 1  # Ann's only Goblin is her paper Krenko
    t.act({"type": "make", "card": "mtg-krenko-mob-boss", "controller": 1})
    assert _created(t) == 4  # Ben's three and his Krenko


def test_doomed_dissenter_603_6c_dies_and_makes_a_zombie_by_itself(catalog: None) -> None:
    """ "When this creature dies, create a 2/2 black Zombie" (700.4): it fires, no `make`."""
    t = ApiTable()
    t.act({"type": "destroy", "object": _put(t, "mtg-doomed-dissenter")})
    [zombie] = t.objects("Zombie Token")
    assert (zombie["count"], zombie["power"], zombie["toughness"], zombie["colors"]) == (
        1,
        2,
        2,
        ["B"],
    )
    assert zombie["definition"] == "mtg-zombie-2-2-b"


def test_dreadhorde_invasion_701_47_amasses_at_the_upkeep(catalog: None) -> None:
    """At the beginning of your upkeep, amass Zombies 1 (701.47a: a 0/0 black Zombie Army
    with a +1/+1 counter)."""
    t = ApiTable()
    _put(t, "mtg-dreadhorde-invasion")
    t.act({"type": "pass_turn"})
    t.act({"type": "pass_turn"})  # Ann's next upkeep
    [army] = t.objects("Zombie Army Token")
    assert (army["counters"].get("+1/+1"), army["power"], army["toughness"]) == (1, 1, 1)


def test_dreadhorde_invasion_its_upkeep_trigger_also_costs_a_life_119_3(catalog: None) -> None:
    t = ApiTable()
    _put(t, "mtg-dreadhorde-invasion")
    t.act({"type": "pass_turn"})
    t.act({"type": "pass_turn"})
    assert t.state["seats"][0]["life"] == 19


def test_growing_ranks_701_36_populates_at_the_upkeep(catalog: None) -> None:
    """At the beginning of your upkeep, populate: a copy of a creature token you control."""
    t = ApiTable()
    _put(t, "mtg-growing-ranks")
    t.act({"type": "create_token", "controller": 0, "token": "mtg-zombie-2-2-b"})
    t.act({"type": "pass_turn"})
    assert _count(t, "Zombie Token") == 1  # Ben's upkeep: not Ann's
    t.act({"type": "pass_turn"})
    assert _count(t, "Zombie Token") == 2


def test_helm_of_the_host_707_9b_copies_the_equipped_creature_not_legendary_with_haste(
    catalog: None,
) -> None:
    """A token copy of the equipped creature, except it isn't legendary (707.9b), with haste."""
    t = ApiTable()
    helm = _put(t, "mtg-helm-of-the-host")
    krenko = _put(t, "mtg-krenko-mob-boss")
    t.act({"type": "attach", "object": helm, "to": krenko})
    t.act({"type": "make", "object": helm})
    copies = [o for o in t.objects("Krenko, Mob Boss") if o["token"]]
    assert [c["count"] for c in copies] == [1]
    assert "Legendary" not in copies[0]["supertypes"]
    assert "Haste" in copies[0]["keywords"]


def test_mimic_vat_707_2_copies_the_exiled_card_with_haste_until_the_end_step(
    catalog: None,
) -> None:
    """{3}, {T}: a token copy of a card exiled with it (707.2), with haste, exiled at the next
    end step."""
    t = ApiTable()
    vat = _put(t, "mtg-mimic-vat")
    dissenter = _put(t, "mtg-doomed-dissenter")
    t.act({"type": "move", "object": dissenter, "to": "exile"})
    exiled = t.one("Doomed Dissenter", zone="exile")["id"]
    t.act({"type": "make", "object": vat, "of": exiled})
    [copy] = [o for o in t.objects("Doomed Dissenter") if o["token"]]
    assert "Haste" in copy["keywords"]
    assert copy["leaves_at"] == "end_step:exile"


def test_scute_swarm_603_2_landfall_makes_an_insect_by_itself(catalog: None) -> None:
    """Landfall: a land entering under your control makes a 1/1 green Insect (603.2)."""
    t = ApiTable()
    _put(t, "mtg-scute-swarm")
    _put(t, "mtg-forest")
    assert _count(t, "Insect Token") == 1


def test_teysa_karlov_603_2d_a_death_trigger_triggers_an_additional_time(catalog: None) -> None:
    """With Teysa, Doomed Dissenter's dies trigger triggers twice: two Zombies; creature tokens
    have vigilance and lifelink (613.1f)."""
    t = ApiTable()
    _put(t, "mtg-teysa-karlov")
    t.act({"type": "destroy", "object": _put(t, "mtg-doomed-dissenter")})
    [zombies] = t.objects("Zombie Token")
    assert {"Vigilance", "Lifelink"} <= set(zombies["keywords"])
    assert zombies["count"] == 2


def test_teysa_karlov_613_1f_creature_tokens_have_vigilance_and_lifelink(catalog: None) -> None:
    t = ApiTable()
    _put(t, "mtg-teysa-karlov")
    t.act({"type": "make", "card": "mtg-krenko-mob-boss", "controller": 0})
    t.act({"type": "create_token", "controller": 0, "token": "mtg-goblin-1-1-r"})
    [goblin] = t.objects("Goblin Token")
    assert {"Vigilance", "Lifelink"} <= set(goblin["keywords"])
    assert "Vigilance" not in t.one("Teysa Karlov")["keywords"]  # tokens only


def test_cathars_crusade_603_2_counters_for_each_creature_krenko_makes(catalog: None) -> None:
    """Each creature entering puts a +1/+1 counter on each creature you control: Krenko makes
    one Goblin (X = 1), whose arrival puts a counter on Krenko and on it."""
    t = ApiTable()
    _put(t, "mtg-cathars-crusade")
    krenko = _put(t, "mtg-krenko-mob-boss")
    t.act({"type": "make", "object": krenko})
    assert t.one("Goblin Token")["counters"] == {"+1/+1": 1}


def test_a_manual_entry_is_a_422_with_a_detail(catalog: None) -> None:
    """Text the compiler does not read is left to the players: `make` refuses it, never
    guesses."""
    from catalog.models import CardDefinition

    manual: dict[str, Any] = {
        "when": "other",
        "trigger": None,
        "cost": None,
        "automated": False,
        "fires": False,
        "tokens": [],
        "effect": None,
        "text": "Create a token of a kind no rule names.",
    }
    CardDefinition.objects.filter(slug="mtg-jade-mage").update(makes=[manual])
    t = ApiTable()
    body = t.act({"type": "make", "card": "mtg-jade-mage", "controller": 0}, status=422)
    assert "isn't automated" in body["detail"]
    assert t.objects() == []


def test_scute_swarm_603_2_six_lands_make_a_copy_instead(catalog: None) -> None:
    """If you control six or more lands, a token that's a copy of Scute Swarm instead (707.2)."""
    t = ApiTable()
    _put(t, "mtg-scute-swarm")
    for _ in range(6):
        _put(t, "mtg-forest")
    assert _count(t, "Insect Token") == 5  # the first five lands
    assert _count(t, "Scute Swarm") == 2  # the sixth: a copy of it, not an Insect


def test_make_for_an_unknown_card_is_a_400(catalog: None) -> None:
    t = ApiTable()
    body = t.act({"type": "make", "card": "mtg-no-such-card", "controller": 0}, status=400)
    assert body["error"] == "unknown_card"
