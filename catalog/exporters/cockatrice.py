"""The MTG catalogue as a Cockatrice card database v4 `tokens.xml` that Cockatrice loads.

Same-named tokens get trailing spaces, as in Cockatrice's own file (names must be unique there);
a double-faced token is its front with `<related attach="transform">` to a back entry; reference
cards (emblems, dungeons, designations...) keep their kind as the main type, so importing the
export gives the same catalogue.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from io import BytesIO

from catalog.models import (
    CardDefinition,
    ReferenceCard,
    ReferenceRelation,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)

# ReferenceCard.kind -> Cockatrice <maintype> (the importer maps them back).
MAINTYPES = {
    "emblem": "Emblem",
    "dungeon": "Dungeon",
    "designation": "State",
    "bounty": "Bounty",
    "boss": "Boss",
    "event": "Event",
    "counter": "Counter",
}


def type_line(face: TokenDefinition | TokenFace) -> str:
    left = " ".join(["Token", *face.supertypes, *face.types])
    return f"{left} — {' '.join(face.subtypes)}" if face.subtypes else left


def _maintype(face: TokenDefinition | TokenFace) -> str:
    return "Creature" if "Creature" in face.types else (face.types[0] if face.types else "")


class _Names:
    """Unique Cockatrice names: the first "Angel Token" bare, the next with one trailing space."""

    def __init__(self) -> None:
        self.used: set[str] = set()

    def unique(self, name: str) -> str:
        candidate = name
        while candidate in self.used:
            candidate += " "
        self.used.add(candidate)
        return candidate


def _card(
    cards: ET.Element,
    name: str,
    text: str,
    props: dict[str, str],
    printings: list[dict[str, str]],
) -> ET.Element:
    card = ET.SubElement(cards, "card")
    ET.SubElement(card, "name").text = name
    if text:
        ET.SubElement(card, "text").text = text
    prop = ET.SubElement(card, "prop")
    for tag, value in props.items():
        if value:
            ET.SubElement(prop, tag).text = value
    for printing in printings:
        attributes = {"picURL": printing["picture_url"]}
        if printing.get("scryfall_id"):
            attributes["uuid"] = printing["scryfall_id"]
        if printing.get("collector_number"):
            attributes["num"] = printing["collector_number"]
        ET.SubElement(card, "set", attributes).text = printing["set_code"]
    return card


def _face_props(face: TokenDefinition | TokenFace) -> dict[str, str]:
    pt = f"{face.power}/{face.toughness}" if face.power is not None else ""
    return {
        "colors": "".join(face.colors),
        "type": type_line(face),
        "maintype": _maintype(face),
        "cmc": "0",
        "pt": pt,
    }


def _printing(printing: TokenPrinting) -> dict[str, str]:
    return {
        "set_code": printing.set_code,
        "collector_number": printing.collector_number,
        "scryfall_id": str(printing.scryfall_id) if printing.scryfall_id else "",
        "picture_url": printing.picture_url,
    }


def _links(card: ET.Element, relations: list[TokenRelation] | list[ReferenceRelation]) -> None:
    for relation in relations:
        attributes = {}
        if relation.count != "1":
            attributes["count"] = relation.count
        if relation.attach:
            attributes["attach"] = "attach"
        if relation.exclude_from_create_all:
            attributes["exclude"] = "exclude"
        if getattr(relation, "persistent", False):
            attributes["persistent"] = "persistent"
        if getattr(relation, "facedown", False):
            attributes["facedown"] = "facedown"
        ET.SubElement(card, "reverse-related", attributes).text = relation.card.name


def _token_row(face: TokenDefinition | TokenFace) -> str:
    return "2" if "Creature" in face.types else ("0" if "Land" in face.types else "1")


def export_tokens_xml() -> bytes:
    """The MTG tokens and reference cards as tokens.xml (UTF-8 bytes)."""
    root = ET.Element("cockatrice_carddatabase", {"version": "4"})
    info = ET.SubElement(root, "info")
    ET.SubElement(info, "author").text = "Tokensite"
    cards = ET.SubElement(root, "cards")
    names = _Names()
    printings: dict[int, list[TokenPrinting]] = {}
    for printing in TokenPrinting.objects.filter(token__game="mtg").order_by(
        "set_code", "collector_number", "pk"
    ):
        printings.setdefault(printing.token_id, []).append(printing)
    relations: dict[int, list[TokenRelation]] = {}
    for relation in TokenRelation.objects.filter(token__game="mtg").select_related("card"):
        relations.setdefault(relation.token_id, []).append(relation)
    tokens = (
        TokenDefinition.objects.filter(game="mtg").select_related("back").order_by("name", "slug")
    )
    # Cockatrice loads tokens and cards into one namespace: a token named like a card (a copy,
    # "Adorned Pouncer") is spelled "Adorned Pouncer (Token)" there; the importer strips it again.
    card_names = set(CardDefinition.objects.filter(game="mtg").values_list("name", flat=True))

    def spelled(name: str) -> str:
        return f"{name} (Token)" if name in card_names else name

    for token in tokens:
        name = names.unique(spelled(token.name))
        card = _card(
            cards,
            name,
            token.text,
            _face_props(token),
            [_printing(p) for p in printings.get(token.pk, [])],
        )
        back: TokenFace | None = getattr(token, "back", None)
        if back is not None:
            back_name = names.unique(spelled(back.name))
            ET.SubElement(card, "related", {"attach": "transform"}).text = back_name
        _links(card, sorted(relations.get(token.pk, []), key=lambda r: r.card.name))
        ET.SubElement(card, "token").text = "1"
        ET.SubElement(card, "tablerow").text = _token_row(token)
        if back is not None:
            back_card = _card(cards, back_name, back.text, _face_props(back), [])
            ET.SubElement(back_card, "token").text = "1"
            ET.SubElement(back_card, "tablerow").text = _token_row(back)
    _references(cards, names)
    ET.indent(root, space="    ")
    out = BytesIO()
    ET.ElementTree(root).write(out, encoding="UTF-8", xml_declaration=True)
    return out.getvalue()


def _references(cards: ET.Element, names: _Names) -> None:
    links: dict[int, list[ReferenceRelation]] = {}
    for relation in ReferenceRelation.objects.filter(reference__game="mtg").select_related("card"):
        links.setdefault(relation.reference_id, []).append(relation)
    for reference in ReferenceCard.objects.filter(game="mtg").order_by("name", "slug"):
        props = {"type": reference.type_line, "maintype": MAINTYPES.get(reference.kind, "")}
        printings = [
            {key: str(value or "") for key, value in printing.items()}
            for printing in reference.printings
            if isinstance(printing, dict)
        ]
        card = _card(cards, names.unique(reference.name), reference.text, props, printings)
        _links(card, sorted(links.get(reference.pk, []), key=lambda r: r.card.name))
        ET.SubElement(card, "token").text = "1"
        ET.SubElement(card, "tablerow").text = "1"
