"""Issue 35's table pages: one search for tokens and cards, the invite strip with its QR code,
color as one tap, tokens told apart, the log naming tokens in the reader's language and no
internal id where a player reads."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from catalog import services as catalog_services
from catalog.importers import cockatrice
from catalog.models import PrintedName, TokenDefinition
from catalog.seed import DATA_DIR
from play.table.commands import option_labels
from play.web.reader_names import translated_token_name
from tests.play.views.conftest import _upsert_token, act, browser_for, object_named

HTMX = {"HX-Request": "true"}
INTERNAL_ID = re.compile(r"\(o\d+\)|\bseat \d|#\d+|guest-")


def _palette(cast, q: str) -> str:
    url = f"/play/{cast.table.id}/palette/"
    return browser_for(cast.owner).get(url, {"q": q}, headers=HTMX).content.decode()


def test_it_finds_cards_and_tokens_in_one_search_tokens_first(seeded, cast):
    html = _palette(cast, "Doubling")
    assert "Doubling Season" in html and "Put onto battlefield" in html
    assert 'class="pill card-mark">Card</span>' in html
    both = _palette(cast, "l")  # Goblin Token, Soldier Token...; Doubling Season, Parallel Lives
    assert "Goblin Token" in both and "Parallel Lives" in both
    assert both.rindex('class="chip-pair"') < both.index('class="card-result"')  # tokens first
    page = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    assert "palette-kind" not in page  # no switch between tokens and cards


def test_the_search_says_what_it_found_leaving_out_a_kind_with_none(seeded, cast):
    """The count said after a search (data-found) was "1 token found, 0 cards found"."""

    def found(q: str) -> str:
        return _palette(cast, q).split('data-found="', 1)[1].split('"', 1)[0]

    assert found("treasure") == "1 token found"
    assert found("Doubling") == "1 card found"
    assert re.fullmatch(r"\d+ tokens found, \d+ cards found", found("l"))
    assert found("zzz") == "Nothing matches “zzz”."  # as the results say


def test_tokens_that_differ_only_in_abilities_are_named_apart(seeded, cast):
    tokens = json.loads((DATA_DIR / "mtg_tokens.json").read_text(encoding="utf-8"))
    for payload in tokens:
        if payload["id"] in ("mtg-zombie-2-2-b", "mtg-zombie-2-2-b-decayed"):
            _upsert_token(payload)
    html = _palette(cast, "Zombie")
    assert "Zombie Token 2/2 (B), decayed</button>" in html
    assert html.count("Zombie Token 2/2 (B)</button>") == 1


def _blue_birds(shared_data: Path) -> list[dict[str, Any]]:
    """The real file's three blue 1/1 Bird tokens, as the Cockatrice importer reads them."""
    parsed = cockatrice.parse(shared_data / "cockatrice_tokens.xml").read_all()
    return [
        record.front.fields()
        for record in parsed.tokens
        if record.front.name == "Bird Token"
        and record.front.colors == ("U",)
        and (record.front.power, record.front.toughness) == ("1", "1")
    ]


def test_three_blue_birds_read_apart_by_what_differs(seeded, cast, shared_data):
    """Flying; flying and a block limit; flying and vigilance: all "Bird Token 1/1 (U)" once."""
    birds = _blue_birds(shared_data)
    assert sorted(bird["text"] for bird in birds) == [
        "Flying",
        "Flying\nThis creature can block only creatures with flying.",
        "Flying, vigilance",
    ]
    seed = json.loads((DATA_DIR / "mtg_tokens.json").read_text(encoding="utf-8"))
    _upsert_token(next(t for t in seed if t["id"] == "mtg-bird-1-1-u-flying"))  # "Flying"
    for n, bird in enumerate(b for b in birds if b["text"] != "Flying"):
        catalog_services.token_upsert(slug=f"mtg-bird-1-1-u-{n}", game="mtg", **bird)
    html = _palette(cast, "Bird")
    labels = re.findall(r">(Bird Token 1/1 \(U\)[^<]*)</button>", html)
    assert sorted(labels) == [
        "Bird Token 1/1 (U), flying",
        "Bird Token 1/1 (U), flying, this creature can block only creatures with flying.",
        "Bird Token 1/1 (U), flying, vigilance",
    ]


def test_a_bird_that_is_also_an_enchantment_reads_apart_from_a_plain_one(seeded, cast):
    """Two 2/2 blue flying Birds of the real file (one a Theros Enchantment Creature): the
    same keywords and text, told apart by the card type the plain one lacks."""
    flying: dict[str, Any] = {"name": "Bird Token", "power": "2", "toughness": "2"}
    flying |= {"colors": ["U"]}
    flying |= {"subtypes": ["Bird"], "keywords": ["Flying"], "text": "Flying"}
    catalog_services.token_upsert(slug="mtg-bird-2-2-u", game="mtg", types=["Creature"], **flying)
    catalog_services.token_upsert(
        slug="mtg-bird-2-2-u-theros", game="mtg", types=["Enchantment", "Creature"], **flying
    )
    labels = re.findall(r">(Bird Token 2/2 \(U\)[^<]*)</button>", _palette(cast, "Bird"))
    assert sorted(labels) == [
        "Bird Token 2/2 (U), flying",
        "Bird Token 2/2 (U), flying, enchantment",
    ]


def test_a_command_read_two_ways_names_the_birds_apart_too(seeded, shared_data):
    seed = json.loads((DATA_DIR / "mtg_tokens.json").read_text(encoding="utf-8"))
    _upsert_token(next(t for t in seed if t["id"] == "mtg-bird-1-1-u-flying"))
    vigilant = next(b for b in _blue_birds(shared_data) if b["text"] == "Flying, vigilance")
    catalog_services.token_upsert(slug="mtg-bird-1-1-u-vigilance", game="mtg", **vigilant)
    readings = [
        {"type": "create_token", "token": "mtg-bird-1-1-u-flying"},
        {"type": "create_token", "token": "mtg-bird-1-1-u-vigilance"},
    ]
    assert option_labels(readings, {"objects": [], "seats": []}) == [
        "Bird Token 1/1 (U), flying",
        "Bird Token 1/1 (U), flying, vigilance",
    ]


def test_the_owner_gets_the_invite_with_copy_and_a_qr_code(seeded, cast):
    html = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    strip = html.split('<section class="invite"', 1)[1].split("</section>", 1)[0]
    assert f"http://testserver/play/join/{cast.table.invite_token}/" in strip
    assert "data-copy" in strip and "data-share" in strip
    assert (
        '<svg role="img" viewBox=' in strip and "<title>QR code of the invite link</title>" in strip
    )
    assert f"/play/watch/{cast.table.spectate_token}/" in strip
    player = browser_for(cast.player).get(f"/play/{cast.table.id}/").content.decode()
    assert cast.table.invite_token not in player and "<svg role" not in player
    assert f"/play/watch/{cast.table.spectate_token}/" in player  # players share the watch link


def test_a_treasures_color_is_one_tap(seeded, cast):
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    treasure = object_named(state, "Treasure Token")["id"]
    panel = browser_for(cast.owner).get(f"/play/{cast.table.id}/objects/{treasure}/")
    html = panel.content.decode()
    assert '<select name="color"' not in html
    for code, word in (("W", "White"), ("R", "Red"), ("G", "Green")):
        assert f'name="color" value="{code}" class="sym-{code.lower()}">{word}</button>' in html


def test_the_russian_log_names_tokens_by_their_printed_names(seeded, cast):
    treasure = TokenDefinition.objects.get(slug="mtg-treasure")
    PrintedName.objects.create(token=treasure, language="ru", name="Сокровище")
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure", "count": 2})
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-goblin-1-1-r"})
    page = browser_for(cast.owner).get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="ru")
    log = page.content.decode().split('id="board-log"', 1)[1]
    assert "Сокровище" in log and "Treasure Token" not in log
    assert "Жетон Гоблин" in log and "Goblin Token" not in log  # no printing: a translated form
    english = browser_for(cast.owner).get(f"/play/{cast.table.id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Treasure Token" in english.content.decode().split('id="board-log"', 1)[1]


def test_a_translated_token_name_translates_its_subtypes(settings):
    from django.utils import translation

    with translation.override("ru"):
        assert translated_token_name("Zombie Token") == "Жетон Зомби"
    with translation.override("en"):
        assert translated_token_name("Zombie Token") == "Zombie Token"


def test_a_refusal_names_the_seat_by_its_player_not_its_number(seeded, cast):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    url = f"/play/{cast.table.id}/act/"
    answer = browser_for(cast.player).post(
        url,
        {"type": "adjust_life", "seat": 0, "amount": 1, "expected_version": 1, "slot": "err-x"},
        headers=HTMX,
    )
    assert answer.status_code == 403
    assert "act for Ann at this table" in answer.content.decode()
    assert not INTERNAL_ID.search(answer.content.decode())


def test_recent_tokens_of_one_name_are_named_apart(seeded, cast):
    tokens = json.loads((DATA_DIR / "mtg_tokens.json").read_text(encoding="utf-8"))
    for payload in tokens:
        if payload["id"] in ("mtg-zombie-2-2-b", "mtg-zombie-2-2-b-decayed"):
            _upsert_token(payload)
    owner = browser_for(cast.owner)
    url = f"/play/{cast.table.id}/act/"
    for version, slug in enumerate(("mtg-zombie-2-2-b", "mtg-zombie-2-2-b-decayed")):
        owner.post(
            url,
            {
                "type": "create_token",
                "pick": f"create_token:{slug}",
                "count": 1,
                "controller": 0,
                "expected_version": version,
                "slot": "err-palette",
            },
            headers=HTMX,
        )
    html = owner.get(f"/play/{cast.table.id}/").content.decode()
    memory = html.split('id="palette-memory"', 1)[1].split('id="palette-results"', 1)[0]
    assert ">Zombie Token, decayed</button>" in memory and ">Zombie Token</button>" in memory
