from __future__ import annotations

import io
import struct

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from PIL import Image

from catalog.models import (
    CardDefinition,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)

pytestmark = pytest.mark.django_db


def token(**fields: object) -> TokenDefinition:
    values: dict[str, object] = {
        "slug": "mtg-test-1-1-w",
        "game_id": "mtg",
        "name": "Soldier Token",
        "types": ["Creature"],
        "subtypes": ["Soldier"],
        "colors": ["W"],
        "power": "1",
        "toughness": "1",
    }
    values.update(fields)
    return TokenDefinition(**values)


def errors_of(obj: object) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        obj.full_clean()  # type: ignore[attr-defined]
    return caught.value.message_dict


def test_it_accepts_a_plain_creature_token() -> None:
    soldier = token()
    soldier.full_clean()
    soldier.save()
    assert TokenDefinition.objects.get(slug="mtg-test-1-1-w").colors == ["W"]


def test_it_stores_colors_in_wubrg_order() -> None:
    spirit = token(colors=["G", "W", "B"])
    spirit.full_clean()
    assert spirit.colors == ["W", "B", "G"]


def test_it_rejects_unknown_colors_on_the_colors_field() -> None:
    errors = errors_of(token(colors=["W", "P"]))
    assert list(errors) == ["colors"]
    assert "Unknown color P" in errors["colors"][0]


def test_it_rejects_power_and_toughness_on_a_noncreature() -> None:
    errors = errors_of(token(types=["Artifact"], subtypes=["Treasure"], colors=[]))
    assert "non-creature" in errors["power"][0]


def test_it_allows_power_and_toughness_on_a_vehicle() -> None:
    token(
        types=["Artifact"], subtypes=["Vehicle"], colors=[], power="3", toughness="2"
    ).full_clean()


def test_it_requires_power_and_toughness_on_a_creature() -> None:
    errors = errors_of(token(power=None, toughness=None))
    assert "power" in errors


def test_it_rejects_a_malformed_power() -> None:
    assert "power" in errors_of(token(power="two"))


def test_it_accepts_star_power_toughness() -> None:
    token(power="*", toughness="1+*").full_clean()


def test_it_rejects_a_role_without_enchant_creature() -> None:
    role = token(
        slug="mtg-bad-role",
        name="Bad",
        types=["Enchantment"],
        subtypes=["Aura", "Role"],
        colors=[],
        power=None,
        toughness=None,
        text="Enchanted creature gets +1/+1.",
    )
    errors = errors_of(role)
    assert "Enchant creature" in errors["text"][0]
    role.text = "Enchant creature\nEnchanted creature gets +1/+1."
    role.full_clean()


def test_it_rejects_malformed_effects_naming_the_field() -> None:
    errors = errors_of(token(effects=[{"kind": "token_multiplier", "factor": 1}]))
    assert "effect 0" in errors["effects"][0]
    assert "factor" in errors["effects"][0]


def test_it_rejects_malformed_abilities() -> None:
    errors = errors_of(token(abilities=[{"text": "x", "effect": {"kind": "fly"}}]))
    assert "abilities" in errors


def test_it_rejects_might_on_an_mtg_token() -> None:
    assert "might" in errors_of(token(might=3))


def test_it_rejects_power_on_a_riftbound_unit() -> None:
    unit = token(slug="rb-x", game_id="riftbound", name="X", types=["Unit"], colors=[], might=2)
    assert "power" in errors_of(unit)


def test_it_rejects_a_duplicate_slug() -> None:
    token().save()
    errors = errors_of(token(name="Another"))
    assert "slug" in errors


def test_it_rejects_a_back_face_on_a_token_that_is_not_double_faced() -> None:
    front = token(types=["Artifact"], subtypes=["Incubator"], colors=[], power=None, toughness=None)
    front.save()
    face = TokenFace(
        token=front,
        name="Phyrexian Token",
        types=["Artifact", "Creature"],
        power="0",
        toughness="0",
    )
    errors = errors_of(face)
    assert "not double-faced" in errors["name"][0]
    front.double_faced = True
    front.save()
    face.full_clean()
    face.save()
    front.double_faced = False
    assert "double_faced" in errors_of(front)


def card(**fields: object) -> CardDefinition:
    values: dict[str, object] = {
        "slug": "mtg-parallel-lives",
        "game_id": "mtg",
        "name": "Parallel Lives",
        "mana_cost": "{3}{G}",
        "types": ["Enchantment"],
        "colors": ["G"],
        "effects": [{"kind": "token_multiplier", "factor": 2}],
    }
    values.update(fields)
    return CardDefinition(**values)


def test_it_keeps_cards_unique_by_name_ignoring_case() -> None:
    card().save()
    errors = errors_of(card(slug="mtg-parallel-lives-2", name="PARALLEL LIVES"))
    assert "CR 201.2" in errors["name"][0]


def test_it_allows_the_same_card_name_in_another_game() -> None:
    card().save()
    card(slug="rb-parallel-lives", game_id="riftbound", colors=[], effects=[]).full_clean()


def test_it_rejects_a_card_with_malformed_effects() -> None:
    errors = errors_of(card(effects=[{"kind": "token_doubler"}]))
    assert "kind" in errors["effects"][0]


def test_it_validates_relation_counts() -> None:
    lives = card()
    lives.save()
    soldier = token()
    soldier.save()
    for good in ("2", "x", "X=3"):
        TokenRelation(card=lives, token=soldier, count=good).full_clean()
    for bad in ("0", "two", "x=", "-1"):
        assert "count" in errors_of(TokenRelation(card=lives, token=soldier, count=bad))


def _image(fmt: str, size: tuple[int, int] = (8, 8)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, "red").save(buffer, format=fmt)
    return buffer.getvalue()


@pytest.fixture
def printing(settings, tmp_path) -> TokenPrinting:
    settings.MEDIA_ROOT = tmp_path
    soldier = token()
    soldier.save()
    return TokenPrinting(token=soldier, set_code="tm", collector_number="1")


@pytest.mark.parametrize(("fmt", "name"), [("PNG", "a.png"), ("JPEG", "a.jpg"), ("WEBP", "a.webp")])
def test_it_accepts_jpeg_png_and_webp_art(printing: TokenPrinting, fmt: str, name: str) -> None:
    printing.art = SimpleUploadedFile(name, _image(fmt))
    printing.full_clean()


def test_it_rejects_gif_art(printing: TokenPrinting) -> None:
    printing.art = SimpleUploadedFile("a.gif", _image("GIF"))
    assert "JPEG, PNG or WebP" in errors_of(printing)["art"][0]


def test_it_rejects_art_that_is_not_an_image(printing: TokenPrinting) -> None:
    printing.art = SimpleUploadedFile("a.png", b"not an image at all")
    assert "art" in errors_of(printing)


def test_it_rejects_art_over_5_mb(printing: TokenPrinting) -> None:
    printing.art = SimpleUploadedFile("a.png", _image("PNG") + b"\0" * (5 * 1024 * 1024))
    assert "5 MB" in errors_of(printing)["art"][0]


def _psd(width: int = 2, height: int = 2) -> bytes:
    """A minimal Photoshop file (RGB, 8 bits, raw): header, three empty sections, pixel data."""
    header = b"8BPS" + struct.pack(">H6xHIIHH", 1, 3, height, width, 8, 3)
    sections = struct.pack(">III", 0, 0, 0)
    return header + sections + struct.pack(">H", 0) + bytes(3 * width * height)


@pytest.fixture
def parsed_by(monkeypatch) -> list[str]:
    """The formats whose Pillow plugin was asked to parse a file (every opener is watched)."""
    Image.init()
    seen: list[str] = []
    for name, (factory, accept) in list(Image.OPEN.items()):

        def watched(*args, _name=name, _factory=factory):
            seen.append(_name)
            return _factory(*args)

        monkeypatch.setitem(Image.OPEN, name, (watched, accept))
    return seen


def test_the_crafted_psd_is_one_pillow_would_decode(parsed_by: list[str]) -> None:
    with Image.open(io.BytesIO(_psd())) as image:
        assert image.format == "PSD"
        image.load()
    assert "PSD" in parsed_by


@pytest.mark.parametrize(
    "content",
    [
        _psd(),
        b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 1 1\n",  # EPS: Ghostscript's territory
        b"\x89PNG\r\n\x1a\nnot really a png" + bytes(64),  # the PNG signature, then nonsense
        b"not an image at all",
    ],
    ids=["psd", "eps", "fake-png", "text"],
)
def test_it_refuses_other_formats_without_parsing_them(
    printing: TokenPrinting, parsed_by: list[str], content: bytes
) -> None:
    printing.art = SimpleUploadedFile("a.png", content)
    assert "JPEG, PNG or WebP" in errors_of(printing)["art"][0]
    assert set(parsed_by) <= {"JPEG", "PNG", "WEBP"}
