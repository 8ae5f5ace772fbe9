"""Small catalogue rows for the print tests (also used by the browser test)."""

from __future__ import annotations

from catalog.models import CardDefinition, TokenDefinition, TokenRelation


def make_few_tokens() -> None:
    """A handful of rows (the seed takes seconds): three tokens, three cards, two links."""
    treasure = TokenDefinition.objects.create(
        slug="mtg-treasure",
        game_id="mtg",
        name="Treasure Token",
        predefined=True,
        rule="111.10a",
        types=["Artifact"],
        subtypes=["Treasure"],
        text="{T}, Sacrifice this token: Add one mana of any color.",
    )
    TokenDefinition.objects.create(
        slug="mtg-food",
        game_id="mtg",
        name="Food Token",
        predefined=True,
        rule="111.10b",
        types=["Artifact"],
        subtypes=["Food"],
        text="{2}, {T}, Sacrifice this token: You gain 3 life.",
    )
    dwarf = TokenDefinition.objects.create(
        slug="mtg-dwarf-berserker-2-1-r",
        game_id="mtg",
        name="Dwarf Berserker Token",
        types=["Creature"],
        subtypes=["Dwarf", "Berserker"],
        colors=["R"],
        power="2",
        toughness="1",
    )
    xorn = CardDefinition.objects.create(
        slug="mtg-xorn", game_id="mtg", name="Xorn", types=["Creature"], power="3", toughness="2"
    )
    reinforcements = CardDefinition.objects.create(
        slug="mtg-dwarven-reinforcements",
        game_id="mtg",
        name="Dwarven Reinforcements",
        types=["Sorcery"],
    )
    CardDefinition.objects.create(slug="mtg-plains", game_id="mtg", name="Plains", types=["Land"])
    TokenRelation.objects.create(card=xorn, token=treasure, count="1")
    TokenRelation.objects.create(card=reinforcements, token=dwarf, count="2")
