from __future__ import annotations

import pytest
from django.core.management import call_command

from catalog import selectors, services
from catalog.importers.formats import import_file
from catalog.models import CardDefinition, TokenDefinition, TokenRelation
from catalog.seed import load_seed
from rules.effects import parse_effects

pytestmark = pytest.mark.django_db

EFFECT_CARDS = [
    "Doubling Season",
    "Parallel Lives",
    "Anointed Procession",
    "Primal Vigor",
    "Mondrak, Glory Dominus",
    "Ojer Taq, Deepest Foundation",
    "Adrix and Nev, Twincasters",
    "Elspeth, Storm Slayer",
    "Divine Visitation",
    "Academy Manufactor",
    "Chatterfang, Squirrel General",
    "Peregrin Took",
    "Xorn",
    "Hardened Scales",
    "Branching Evolution",
    "Corpsejack Menace",
    "Intangible Virtue",
]
TEXT_CARDS = [
    "Jade Mage",
    "Dwarven Reinforcements",
    "Minsc, Beloved Ranger",
    "Cursed Courtier",
    "Monstrous Rage",
    "Cackling Counterpart",
    "Kiki-Jiki, Mirror Breaker",
    "Mimic Vat",
    "Teysa, Orzhov Scion",
    "Blood Artist",
    "Krenko, Mob Boss",
    "Scute Swarm",
    "Smothering Tithe",
]


def test_it_loads_idempotently(capsys: pytest.CaptureFixture[str]) -> None:
    call_command("load_catalog")
    counts = (
        TokenDefinition.objects.count(),
        CardDefinition.objects.count(),
        TokenRelation.objects.count(),
    )
    call_command("load_catalog")
    out = capsys.readouterr().out
    assert "created" not in out.split("loaded", 2)[2]
    assert "updated" not in out
    assert counts == (
        TokenDefinition.objects.count(),
        CardDefinition.objects.count(),
        TokenRelation.objects.count(),
    )


def test_it_has_every_predefined_token(seeded: None) -> None:
    assert selectors.token_list(game="mtg", predefined=True).count() == 22  # 111.10a-x (2026-09-25)
    assert selectors.token_list(game="riftbound", predefined=True).count() == 9
    incubator = selectors.token_payload("mtg-incubator")
    assert incubator is not None and incubator["back"]["name"] == "Phyrexian Token"
    walker = selectors.token_payload("mtg-walker")
    assert walker is not None
    assert (walker["name"], walker["colors"], walker["power"]) == ("Walker", ["B"], "2")


def test_it_has_the_generic_tokens_and_basic_lands(seeded: None) -> None:
    assert selectors.token_list(game="mtg", predefined=False).count() >= 40
    for name in ("Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"):
        land = selectors.card_by_name("mtg", name)
        assert land is not None and "Basic" in land.supertypes
    boo = selectors.token_payload("mtg-boo")
    assert boo is not None
    assert (boo["name"], boo["supertypes"], boo["subtypes"]) == ("Boo", ["Legendary"], ["Hamster"])
    assert boo["keywords"] == ["Trample", "Haste"]
    soldier = selectors.token_payload("mtg-soldier-1-1-w")
    assert soldier is not None and soldier["name"] == "Soldier Token"
    assert "mtg-elspeth-storm-slayer" in soldier["created_by"]


def test_it_has_the_effect_cards_with_valid_effects(seeded: None) -> None:
    for name in EFFECT_CARDS:
        card = selectors.card_by_name("mtg", name)
        assert card is not None, name
        assert parse_effects(card.effects), name
    for name in TEXT_CARDS:
        assert selectors.card_by_name("mtg", name) is not None, name


def test_it_links_creators_to_their_tokens(seeded: None) -> None:
    courtier = selectors.card_payload("mtg-cursed-courtier")
    assert courtier is not None
    assert courtier["creates"][0]["token"] == "mtg-cursed-role"
    assert courtier["creates"][0]["attach"] is True
    krenko = selectors.card_payload("mtg-krenko-mob-boss")
    assert krenko is not None and krenko["creates"][0]["count"] == "x"
    sprite = selectors.token_payload("rb-sprite")
    assert sprite is not None and "rb-sprite-queen" in sprite["created_by"]


def test_it_updates_rows_no_curator_edited_and_reports_the_others() -> None:
    call_command("load_catalog")
    edited = TokenDefinition.objects.get(slug="mtg-treasure")
    services.token_update(token=edited, text="Edited by hand.")
    untouched = CardDefinition.objects.get(slug="mtg-xorn")
    CardDefinition.objects.filter(pk=untouched.pk).update(text="drifted")
    skipped: list[str] = []
    counts = load_seed(skipped)
    assert skipped == ["mtg-treasure"]
    assert counts["tokens kept as a curator edited them"] == 1
    assert TokenDefinition.objects.get(slug="mtg-treasure").text == "Edited by hand."
    assert CardDefinition.objects.get(slug="mtg-xorn").text != "drifted"


def test_it_and_the_riftbound_import_no_longer_undo_each_other(shared_data) -> None:
    call_command("load_catalog")
    import_file("riftbound", shared_data / "riftbound_cards.json")
    counts = load_seed()
    assert not any(key.endswith("updated") for key in counts)
    assert import_file("riftbound", shared_data / "riftbound_cards.json").changes() == 0


def test_the_seed_tokens_have_russian_printed_names(seeded: None) -> None:
    """A Russian player sees the seed's tokens by their Russian names (our own writing
    of the game's Russian terms), the English name kept; every seed MTG token has one."""
    from catalog.models import PrintedName

    ru = {
        str(p.token and p.token.slug): p
        for p in PrintedName.objects.filter(language="ru").select_related("token")
    }
    mtg_tokens = set(TokenDefinition.objects.filter(game="mtg").values_list("slug", flat=True))
    assert mtg_tokens <= set(ru)
    assert (ru["mtg-treasure"].name, ru["mtg-treasure"].type_line) == (
        "Сокровище",
        "Фишка Артефакт — Сокровище",
    )
    assert ru["mtg-clue"].folded == "улика"
    assert ru["mtg-clue"].text == "{2}, пожертвуйте эту фишку: возьмите карту."
    # Every token with rules text has it in Russian too.
    assert all(p.text for p in ru.values() if p.token and p.token.text)
    goblin = ru["mtg-goblin-1-1-r"].token
    assert goblin is not None and goblin.name == "Goblin Token"


def test_the_seed_never_overwrites_a_printed_name_or_a_curated_token(seeded: None) -> None:
    from django.utils import timezone

    from catalog.models import PrintedName

    treasure = PrintedName.objects.get(token__slug="mtg-treasure", language="ru")
    treasure.name = "Клад"  # an importer's or a curator's name
    treasure.save()
    clue = TokenDefinition.objects.get(slug="mtg-clue")
    PrintedName.objects.filter(token=clue).delete()
    clue.curated_at = timezone.now()
    clue.save()
    counts = load_seed()
    assert PrintedName.objects.get(token__slug="mtg-treasure", language="ru").name == "Клад"
    assert not PrintedName.objects.filter(token=clue).exists()
    assert counts["printed names kept as a curator edited the token"] == 1
    assert counts["printed names created"] == 0


def test_a_russian_player_finds_a_seed_token_by_its_russian_name(seeded: None) -> None:
    from django.test import Client

    assert [t.slug for t in selectors.token_list(q="сокровище")] == ["mtg-treasure"]
    assert {t.slug for t in selectors.token_list(q="зомби")} >= {
        "mtg-zombie-2-2-b",
        "mtg-zombie-2-2-b-decayed",
    }
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    found = russian.get("/catalog/", {"kind": "tokens", "q": "Улика"}).content.decode()
    assert "Улика" in found and 'title="Clue Token"' in found
    page = russian.get("/catalog/tokens/mtg-clue/").content.decode()
    assert '<h1 lang="ru">Улика' in page and '<p lang="en">Clue Token</p>' in page
    assert (
        "Улика"
        not in Client(HTTP_ACCEPT_LANGUAGE="en").get("/catalog/tokens/mtg-clue/").content.decode()
    )
