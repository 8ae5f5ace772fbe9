from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth

from catalog.printing import symbols
from catalog.printing.compose import INK, ITALIC, PANEL, REGULAR, Text, compose
from catalog.printing.faces import card_faces, frame_for
from catalog.printing.textfit import PT_PER_MM, printable, text_width
from rules.mtg.predefined import predefined_tokens as mtg_predefined
from rules.riftbound.predefined import predefined_tokens as riftbound_predefined
from tests.catalog.printing.payloads import brush, goblin, incubator, recruit, token

ROOT = Path(__file__).resolve().parents[3]
ASCENT, DESCENT = 0.718, 0.207  # Helvetica, as a fraction of the font size


def _text_box(item: Text) -> tuple[float, float, float, float]:
    width = text_width(item.text, item.font, item.size_pt) / PT_PER_MM
    left = {"start": item.x, "middle": item.x - width / 2, "end": item.x - width}[item.anchor]
    return left, item.y - DESCENT * item.size_mm, left + width, item.y + ASCENT * item.size_mm


def _assert_fits(payload: dict[str, Any]) -> None:
    for face in filter(None, card_faces(payload)):
        composed = compose(face)
        box = composed.rules_box
        pad = 1.5
        rules_lines = []
        for item in composed.primitives:
            if not isinstance(item, Text):
                continue
            x0, y0, x1, y1 = _text_box(item)
            assert 0 <= x0 and x1 <= composed.width and 0 <= y0 and y1 <= composed.height, item
            if item.font in (REGULAR, symbols.FONT):
                rules_lines.append(item.text)
                assert box.x + pad - 1e-6 <= x0 and x1 <= box.x + box.w - pad + 1e-6, item
                assert box.y + pad - 1e-6 <= y0 and y1 <= box.y + box.h - pad + 1e-6, item
        # Nothing cut: every word of the rules text is on the card, in order.
        assert "".join("".join(rules_lines).split()) == "".join(face.text.split())


def _catalogue_tokens() -> list[dict[str, Any]]:
    seeds = []
    for name in ("mtg_tokens.json",):
        seeds.extend(json.loads((ROOT / "catalog" / "data" / name).read_text()))
    return [*seeds, *mtg_predefined(), *riftbound_predefined()]


def test_it_keeps_every_catalogue_token_text_inside_its_box() -> None:
    tokens = _catalogue_tokens()
    assert len(tokens) > 50
    for payload in tokens:
        _assert_fits(payload)


def test_it_keeps_the_longest_real_token_texts_inside_their_boxes(shared_data: Path) -> None:
    xml = (shared_data / "cockatrice_tokens.xml").read_text()
    texts = sorted(set(re.findall(r"<text>(.*?)</text>", xml, re.S)), key=len, reverse=True)
    assert len(texts[0]) > 1000
    for text in texts[:25]:
        plain = re.sub(r"&[a-z]+;", "'", text)
        _assert_fits(token(text=plain, types=["Creature"], power="2", toughness="2"))
        _assert_fits(brush() | {"text": plain})


def test_it_shrinks_long_text_and_gives_it_the_art_space() -> None:
    short = compose(card_faces(token())[0])
    long_text = "Whenever a creature you control dies, create a Treasure token. " * 8
    long = compose(card_faces(token(text=long_text))[0])
    assert long.rules.size < short.rules.size
    assert long.rules_box.h > short.rules_box.h


def test_it_breaks_a_word_wider_than_the_box() -> None:
    _assert_fits(token(text="Supercalifragilistic" * 8))


def test_it_colours_frames_by_colour_identity() -> None:
    assert frame_for("mtg", []).name == "colorless"
    assert frame_for("mtg", ["R"]).name == "red"
    assert frame_for("mtg", ["W", "U"]).name == "gold"
    assert frame_for("riftbound", ["Fury"]).name == "Fury"
    assert frame_for("riftbound", ["Fury", "Calm"]).name == "gold"
    assert frame_for("riftbound", []).name == "colorless"


def _contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    def lum(rgb: tuple[float, float, float]) -> float:
        r, g, b = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((lum(a), lum(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.mark.parametrize("colors", [["B"], ["U"], ["R"], ["G"], ["W"], []])
def test_it_prints_the_rule_reference_legibly_on_every_frame(colors: list[str]) -> None:
    """The rule reference sits on the frame itself: ink on a black frame was invisible."""
    face = card_faces(token(colors=colors))[0]
    note = next(t for t in compose(face).primitives if isinstance(t, Text) and t.font == ITALIC)
    assert note.color in (INK, PANEL)
    assert _contrast(note.color, face.frame.rgb) >= 3.0, (colors, note.color)


def test_it_reads_faces_from_payloads() -> None:
    front, back = card_faces(incubator())
    assert back is not None
    assert (front.side, back.side) == ("front", "back")
    assert back.type_line == "Token Artifact Creature \u2014 Phyrexian"
    assert back.stats == "0/0" and back.frame.name == "black"
    assert front.rule_ref == "Predefined token, CR 111.10i"
    goblin_face, no_back = card_faces(goblin() | {"keywords": ["Haste"]})
    assert no_back is None and goblin_face.text == "Haste"
    rb, _ = card_faces(recruit())
    assert (rb.stats, rb.stats_label, rb.type_line) == ("1", "Might", "Token Unit \u2014 Recruit")
    battlefield, _ = card_faces(brush())
    assert battlefield.landscape and "+1 Might" in battlefield.text


@pytest.mark.parametrize(
    ("raw", "printed"),
    [("\u22121/\u22121", "-1/-1"), ("can\u2019t", "can\u2019t"), ("\u4e00", "?")],
)
def test_it_keeps_text_printable_in_the_pdf_fonts(raw: str, printed: str) -> None:
    assert printable(raw) == printed


@pytest.mark.parametrize("font", ["Helvetica", "Helvetica-Bold", "Helvetica-Oblique"])
def test_it_measures_text_as_reportlab_does(font: str) -> None:
    sample = "Token Creature \u2014 Goblin\u2019s {T}: \u00fc (1/1)"
    assert text_width(sample, font, 9) == pytest.approx(stringWidth(sample, font, 9))
