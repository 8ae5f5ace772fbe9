"""Scryfall search syntax -> Q objects, on real rows."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from catalog import selectors
from catalog.models import CardDefinition, TokenDefinition, TokenPrinting, mana_value
from catalog.search.query import Query

pytestmark = pytest.mark.django_db


@pytest.fixture
def catalogue() -> None:
    def card(
        name: str,
        cost: str,
        types: list[str],
        subtypes: list[str],
        colors: list[str],
        pt: tuple[str, str] | None,
        text: str = "",
    ) -> None:
        CardDefinition.objects.create(
            slug=f"mtg-{name.lower().replace(' ', '-')}",
            game_id="mtg",
            name=name,
            mana_cost=cost,
            mana_value=mana_value(cost),
            types=types,
            subtypes=subtypes,
            colors=colors,
            power=pt[0] if pt else None,
            toughness=pt[1] if pt else None,
            text=text,
        )

    card(
        "Young Pyromancer",
        "{1}{R}",
        ["Creature"],
        ["Human", "Shaman"],
        ["R"],
        ("2", "1"),
        "Whenever you cast an instant or sorcery spell, create a 1/1 red Elemental token.",
    )
    card(
        "Krenko, Mob Boss",
        "{2}{R}{R}",
        ["Creature"],
        ["Goblin", "Warrior"],
        ["R"],
        ("3", "3"),
        "{T}: Create X 1/1 red Goblin creature tokens.",
    )
    card("Tarmogoyf", "{1}{G}", ["Creature"], ["Lhurgoyf"], ["G"], ("*", "1+*"))
    card("Sprout Swarm", "{1}{G}", ["Instant"], [], ["G"], None, "Create a 1/1 green Saproling.")
    card("Boros Charm", "{R}{W}", ["Instant"], [], ["R", "W"], None)
    goblin = TokenDefinition.objects.create(
        slug="mtg-goblin-1-1-r",
        game_id="mtg",
        name="Goblin Token",
        types=["Creature"],
        subtypes=["Goblin"],
        colors=["R"],
        power="1",
        toughness="1",
    )
    TokenPrinting.objects.create(token=goblin, set_code="M21", collector_number="1")
    TokenDefinition.objects.create(
        slug="mtg-thopter-1-1-c",
        game_id="mtg",
        name="Thopter Token",
        types=["Artifact", "Creature"],
        subtypes=["Thopter"],
        colors=[],
        power="1",
        toughness="1",
        text="Flying",
    )


def cards(query: str) -> set[str]:
    return set(
        CardDefinition.objects.filter(Query(query).q("cards")).values_list("name", flat=True)
    )


def tokens(query: str) -> set[str]:
    return set(
        TokenDefinition.objects.filter(Query(query).q("tokens")).values_list("name", flat=True)
    )


def test_it_reads_type_oracle_and_name_keys(catalogue):
    assert cards("t:goblin") == {"Krenko, Mob Boss"}
    assert cards('o:"instant or sorcery"') == {"Young Pyromancer"}
    assert cards("name:krenko") == {"Krenko, Mob Boss"}
    assert cards('!"Tarmogoyf"') == {"Tarmogoyf"}
    assert cards("pyro") == {"Young Pyromancer"}


def test_it_compares_power_toughness_and_mana_value_numerically(catalogue):
    assert cards("pow>=3") == {"Krenko, Mob Boss"}
    assert cards("pow<3") == {"Young Pyromancer"}  # Tarmogoyf's * is not a number
    assert cards("pow!=3") == {"Young Pyromancer"}
    # Negated: every card without that number, those with no number (*, none) too.
    assert cards("-pow>=3") == {"Young Pyromancer", "Tarmogoyf", "Sprout Swarm", "Boros Charm"}
    assert cards("-pow!=3") == {"Krenko, Mob Boss", "Tarmogoyf", "Sprout Swarm", "Boros Charm"}
    assert cards("tou=1") == {"Young Pyromancer"}
    assert cards("cmc=2") == {"Young Pyromancer", "Tarmogoyf", "Sprout Swarm", "Boros Charm"}
    assert cards("mv>3") == {"Krenko, Mob Boss"}
    assert tokens("cmc=0") == {"Goblin Token", "Thopter Token"}
    assert tokens("cmc>0") == set()


def test_it_reads_colors_as_scryfall_does(catalogue):
    assert cards("c:r") == {"Young Pyromancer", "Krenko, Mob Boss", "Boros Charm"}
    assert cards("c=r") == {"Young Pyromancer", "Krenko, Mob Boss"}
    assert cards("c:boros") == {"Boros Charm"}
    assert cards("c:m") == {"Boros Charm"}
    assert tokens("c:c") == {"Thopter Token"}
    assert cards("id<=rw") == {"Young Pyromancer", "Krenko, Mob Boss", "Boros Charm"}


def test_it_combines_negation_or_and_parentheses(catalogue):
    assert cards("t:instant -c:r") == {"Sprout Swarm"}
    assert cards("t:goblin or t:lhurgoyf") == {"Krenko, Mob Boss", "Tarmogoyf"}
    assert cards("(t:goblin or t:instant) c:r -t:goblin") == {"Boros Charm"}
    assert cards("-(t:creature)") == {"Sprout Swarm", "Boros Charm"}


def test_it_knows_tokens_from_cards_and_sets_of_printings(catalogue):
    assert tokens("is:token t:goblin") == {"Goblin Token"}
    assert cards("is:token") == set()
    assert cards("not:token t:goblin") == {"Krenko, Mob Boss"}
    assert tokens("set:m21") == {"Goblin Token"}
    assert tokens("is:token or t:goblin") == {"Goblin Token", "Thopter Token"}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("foo:bar", "Unknown search key"),
        ("pow>big", "not a number"),
        ("c:purple", "not a color"),
        ("(t:goblin", "not closed"),
        ("t:goblin)", "has no"),
        ("t:goblin or", "missing"),
        ("is:commander", "is:token"),
    ],
)
def test_it_refuses_what_it_cannot_read_with_a_message(catalogue, query, message):
    with pytest.raises(ValidationError, match=message):
        cards(query)


def test_it_serves_the_syntax_on_the_api_and_pages(catalogue, client):
    response = client.get("/api/v1/cards/", {"q": "t:goblin pow>2"})
    assert [card["name"] for card in response.json()["results"]] == ["Krenko, Mob Boss"]
    assert client.get("/api/v1/cards/", {"q": "nope:1"}).status_code == 400
    page = client.get("/catalog/", {"kind": "cards", "q": "c:g -t:creature"})
    assert b"Sprout Swarm" in page.content and b"Tarmogoyf" not in page.content
    first = selectors.token_list(q="goblin").first()
    assert first is not None and first.name == "Goblin Token"


def test_it_computes_mana_value_from_a_cost():
    assert mana_value("{2}{R}{R}") == 4
    assert mana_value("{X}{G}") == 1
    assert mana_value("{2/W}{2/W}") == 4
    assert mana_value("{G/P}") == 1
    assert mana_value("") == 0
