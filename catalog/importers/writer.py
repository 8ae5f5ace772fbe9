"""The catalogue of one game held in memory for one import, and the decisions that keep imports
idempotent: which existing definition a record is (source key, Scryfall printing, predefined
token, identical seed token), which slug a new one gets, and when a row really changed."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.text import slugify

from catalog.history.record import bulk_create
from catalog.importers.records import (
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    Printing,
    ReferenceRecord,
    Skipped,
    TokenRecord,
)
from catalog.importers.summary import ImportSummary
from catalog.models import (
    CardDefinition,
    Game,
    ReferenceCard,
    ReferenceRelation,
    RetiredSlug,
    SourceKey,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)

_COUNT = re.compile(r"^(\d+|x|x=\d+)$")
_REMINDER = re.compile(r"\([^)]*\)")
_WORDS = re.compile(r"[^a-z0-9{}/+*-]+")
BATCH = 500


def _identity(face: Face | TokenDefinition | TokenFace) -> tuple[Any, ...]:
    """What a predefined token is recognised by: name, types and P/T (its wording may differ)."""
    return (
        face.name.strip().lower(),
        tuple(face.types),
        tuple(face.subtypes),
        tuple(face.colors),
        face.power,
        face.toughness,
        face.might,
    )


def _likeness(face: Face | TokenDefinition | TokenFace) -> tuple[Any, ...]:
    """Full characteristics with reminder text and punctuation ignored (matches seed tokens)."""
    text = _WORDS.sub(" ", _REMINDER.sub("", face.text.lower())).strip()
    return (*_identity(face), tuple(face.supertypes), text)


class SeenIds:
    """A set of primary keys (small non-negative integers) as a bitmap."""

    def __init__(self) -> None:
        self.bits = bytearray()

    def add(self, pk: int) -> bool:
        """Add `pk`; whether it was there already."""
        byte, bit = divmod(pk, 8)
        if byte >= len(self.bits):
            self.bits.extend(bytes(max(byte + 1 - len(self.bits), len(self.bits))))
        seen = bool(self.bits[byte] & (1 << bit))
        self.bits[byte] |= 1 << bit
        return seen


def _failed(exc: ValidationError, location: str, prefix: str = "") -> ImportFailed:
    messages = exc.message_dict if hasattr(exc, "error_dict") else {"": exc.messages}
    name, problems = next(iter(messages.items()))
    return ImportFailed("; ".join(problems), location=location, field=f"{prefix}{name}")


class Writer:
    """Holds the catalogue of one game in memory for the length of one import."""

    def __init__(self, parsed: ParsedFile, summary: ImportSummary) -> None:
        game = Game.objects.filter(slug=parsed.game).first()
        if game is None:
            raise ImportFailed(f"the game {parsed.game!r} is not in the catalogue (migrate first)")
        self.game = game
        self.source = parsed.source
        self.summary = summary
        tokens = TokenDefinition.objects.filter(game=game).select_related("back")
        self.tokens = {token.pk: token for token in tokens}
        self.slugs = set(TokenDefinition.objects.values_list("slug", flat=True))
        self.slugs |= set(CardDefinition.objects.values_list("slug", flat=True))
        self.slugs |= set(ReferenceCard.objects.values_list("slug", flat=True))
        self.slugs |= set(RetiredSlug.objects.values_list("slug", flat=True))  # never reused
        keys = SourceKey.objects.filter(source=self.source)
        self.token_keys = {k.key: k.token_id for k in keys if k.token_id is not None}
        self.reference_keys = {k.key: k.reference_id for k in keys if k.reference_id is not None}
        self.matched_keys = {k.key for k in keys if k.matched and k.token_id is not None}
        self.matched_reference_keys = {k.key for k in keys if k.matched and k.reference_id}
        self.claimed = set(self.token_keys.values())
        self.predefined: dict[tuple[Any, ...], TokenDefinition] = {}
        self.alike: dict[tuple[Any, ...], list[TokenDefinition]] = {}
        for token in self.tokens.values():
            if token.predefined:
                self.predefined.setdefault(_identity(token), token)
            elif token.pk not in self.claimed:
                self.alike.setdefault(_likeness(token), []).append(token)
        self.printings_by_scryfall: dict[str, TokenPrinting] = {}
        self.printings_of: dict[int, list[TokenPrinting]] = {}
        for printing in TokenPrinting.objects.filter(token__game=game):
            if printing.scryfall_id is not None:
                self.printings_by_scryfall[str(printing.scryfall_id)] = printing
            self.printings_of.setdefault(printing.token_id, []).append(printing)
        # Cards are looked up a batch at a time (load_cards) and forgotten after each batch of
        # a file's cards, so memory stays flat however many cards the file and catalogue hold.
        self.cards_by_name: dict[str, CardDefinition] = {}
        self.cards_by_lower: dict[str, CardDefinition] = {}
        self.cards_by_oracle: dict[str, CardDefinition] = {}
        self.relations = {
            (r.card_id, r.token_id): r for r in TokenRelation.objects.filter(token__game=game)
        }
        self.reference_relations = {
            (r.card_id, r.reference_id): r
            for r in ReferenceRelation.objects.filter(reference__game=game)
        }
        self.references = {r.pk: r for r in ReferenceCard.objects.filter(game=game)}
        self.references_by_scryfall: dict[str, int] = {}
        for reference in self.references.values():
            self.remember_reference(reference)
        mine = set(self.reference_keys.values())
        self.references_alike = {
            (r.kind, r.name.lower()): r for r in self.references.values() if r.pk not in mine
        }
        self.new_keys: list[SourceKey] = []
        self.new_cards: list[CardDefinition] = []
        self.seen_pairs: set[tuple[str, int]] = set()
        self.seen_reference_pairs: set[tuple[str, int]] = set()
        # The definitions whose printed name in a language this import wrote so far, by (kind,
        # language): a bit per primary key, not a tuple each (263,000 printed names of a 300 MB
        # MTGJSON file held 27 MB as tuples; as bits, 7 KB per language).
        self.printed_written: defaultdict[tuple[str, str], SeenIds] = defaultdict(SeenIds)

    # --- slugs and cards -------------------------------------------------------------------

    def slug(self, *parts: str) -> str:
        base = slugify("-".join(part for part in parts if part))[:110].strip("-") or "unnamed"
        slug, n = base, 1
        while slug in self.slugs:
            n += 1
            slug = f"{base}-{n}"
        self.slugs.add(slug)
        return slug

    def remember_reference(self, reference: ReferenceCard) -> None:
        for printing in reference.printings:
            if isinstance(printing, dict) and printing.get("scryfall_id"):
                self.references_by_scryfall[str(printing["scryfall_id"])] = reference.pk

    def remember_card(self, card: CardDefinition) -> None:
        self.cards_by_name[card.name] = card
        self.cards_by_lower.setdefault(card.name.lower(), card)
        if card.oracle_id:
            self.cards_by_oracle[card.oracle_id] = card

    def load_cards(self, oracle_ids: Iterable[str] = (), names: Iterable[str] = ()) -> None:
        """Remember the game's cards with these oracle ids or names (case-insensitive)."""
        wanted_ids = [i for i in dict.fromkeys(oracle_ids) if i not in self.cards_by_oracle]
        wanted = [n for n in dict.fromkeys(names) if n.lower() not in self.cards_by_lower]
        cards = CardDefinition.objects.filter(game=self.game).annotate(lname=Lower("name"))
        for start in range(0, max(len(wanted_ids), len(wanted)), BATCH):
            ids, exact = wanted_ids[start : start + BATCH], wanted[start : start + BATCH]
            # SQLite's lower() folds ASCII only (Éomer): ask for the exact names as well.
            found = cards.filter(
                Q(oracle_id__in=ids) | Q(name__in=exact) | Q(lname__in=[n.lower() for n in exact])
            )
            for card in found:
                self.remember_card(card)

    def forget_cards(self) -> None:
        self.cards_by_name.clear()
        self.cards_by_lower.clear()
        self.cards_by_oracle.clear()

    def creator(self, name: str, location: str) -> CardDefinition:
        """The card named exactly so, else created with its name only and marked incomplete."""
        if name.lower() not in self.cards_by_lower:
            self.load_cards(names=[name])
        card = self.cards_by_name.get(name) or self.cards_by_lower.get(name.lower())
        if card is not None:
            return card
        # Only the name comes from the file (the slug is ours): check it without a full
        # clean_fields(), which would cost a second per thousand creators.
        limit = CardDefinition._meta.get_field("name").max_length or 200
        if len(name) > limit:
            raise ImportFailed(
                f"creator name longer than {limit} characters", location=location, field="creator"
            )
        card = CardDefinition(
            slug=self.slug(self.game.slug, name), game=self.game, name=name, incomplete=True
        )
        self.new_cards.append(card)
        self.remember_card(card)
        self.summary.count("cards", "created")
        return card

    def flush_cards(self) -> None:
        """Insert the cards created since the last flush (relations need their primary keys)."""
        if self.new_cards:
            bulk_create(CardDefinition, self.new_cards)
            self.new_cards = []

    # --- tokens ----------------------------------------------------------------------------

    def find_token(self, record: TokenRecord) -> tuple[TokenDefinition | None, str]:
        token_id = self.token_keys.get(record.key)
        if token_id is not None and token_id in self.tokens:
            return self.tokens[token_id], "keyed"
        name = record.front.name.lower()
        for printing in record.printings:
            known = self.printings_by_scryfall.get(printing.scryfall_id or "")
            if (
                known is not None
                and known.token_id not in self.claimed
                and self.tokens[known.token_id].name.lower() == name
            ):
                return self.tokens[known.token_id], "matched"
        predefined = self.predefined.get(_identity(record.front))
        if predefined is not None:
            return predefined, "matched"
        alike = self.alike.get(_likeness(record.front))
        if alike:
            return alike.pop(0), "matched"
        return None, "new"

    def token(self, record: TokenRecord) -> TokenDefinition:
        token, how = self.find_token(record)
        if token is None:
            front = record.front
            token = TokenDefinition(
                slug=self.token_slug(front),
                game=self.game,
                **front.fields(),
                double_faced=record.back is not None,
            )
            self.validate(token, record.location)
            token.save()
            self.tokens[token.pk] = token
            status = "created"
        elif (
            token.predefined
            or token.curated_at is not None
            or how == "matched"
            or record.key in self.matched_keys
        ):
            # Rules facts, seed tokens and other sources' tokens are linked, never rewritten:
            # two sources wording a token differently must not undo each other on every import.
            status = how
        else:
            changed = self.assign(
                token, {**record.front.fields(), "double_faced": bool(record.back)}
            )
            if changed:
                self.validate(token, record.location)
                token.save()
            status = "updated" if changed else how
        if how != "keyed":
            matched = how == "matched"
            self.new_keys.append(
                SourceKey(source=self.source, key=record.key, token=token, matched=matched)
            )
            if matched:
                self.matched_keys.add(record.key)
            self.token_keys[record.key] = token.pk
            self.claimed.add(token.pk)
        if status in ("created", "updated", "keyed") and record.key not in self.matched_keys:
            status = self.back_face(token, record, status)
        self.summary.count("tokens", "unchanged" if status == "keyed" else status)
        if status in ("matched", "keyed"):  # the token as it was: listed, not written
            how = "match" if status == "matched" else "unchanged"
            self.summary.keep("token", token.slug, token.name, how)
        return token

    def token_slug(self, face: Face) -> str:
        name = re.sub(r"\s*\(?\btoken\b\)?\s*$", "", face.name, flags=re.IGNORECASE)
        pt = f"{face.power}-{face.toughness}" if face.power is not None else ""
        if face.might is not None:
            pt = str(face.might)
        colors = "".join(face.colors).lower() if self.game.slug == "mtg" else ""
        if self.game.slug == "mtg" and face.power is not None and not colors:
            colors = "c"
        prefix = "rb" if self.game.slug == "riftbound" else self.game.slug
        return self.slug(prefix, name, pt, colors, *[k.lower() for k in face.keywords[:2]])

    def back_face(self, token: TokenDefinition, record: TokenRecord, status: str) -> str:
        # A token created by this import has no back face yet: don't ask the database.
        face: TokenFace | None = getattr(token, "back", None) if status != "created" else None
        if record.back is None:
            if face is not None:
                face.delete()
                return "updated"
            return status
        if face is None:
            face = TokenFace(token=token, **record.back.fields())
            changed = True
        else:
            changed = self.assign(face, record.back.fields())
        if changed:
            self.validate(face, record.location, "back.")
            face.save()
            self.summary.count("back faces", "created" if status == "created" else "updated")
            return status if status == "created" else "updated"
        return status

    def assign(self, instance: Any, fields: dict[str, Any]) -> bool:
        changed = False
        for name, value in fields.items():
            if getattr(instance, name) != value:
                setattr(instance, name, value)
                changed = True
        return changed

    def validate(self, instance: Any, location: str, prefix: str = "") -> None:
        try:
            instance.clean_fields(exclude=["game", "token", "art"])
            instance.clean_characteristics(self.game)
        except ValidationError as exc:
            raise _failed(exc, location, prefix) from None

    # --- printings and relations -----------------------------------------------------------

    def printings(
        self, token: TokenDefinition, record: TokenRecord, new: list[TokenPrinting]
    ) -> None:
        owned = self.printings_of.setdefault(token.pk, [])
        for printing in record.printings:
            status = self.printing(token, printing, owned, new, record.location)
            self.summary.count("printings", status)

    def printing(
        self,
        token: TokenDefinition,
        printing: Printing,
        owned: list[TokenPrinting],
        new: list[TokenPrinting],
        location: str,
    ) -> str:
        fields = {
            "set_code": printing.set_code[:16],
            "collector_number": printing.collector_number[:16],
            "picture_url": printing.picture_url,
        }
        # Only sources with art crops and artists (Scryfall) set them; others leave them be.
        if printing.art_crop_url:
            fields |= {"art_crop_url": printing.art_crop_url, "artist": printing.artist}
        known = self.printings_by_scryfall.get(printing.scryfall_id or "")
        if known is not None and known.token_id == token.pk:
            if known.source != self.source:  # another source's printing: fill blanks only
                fields = {name: value for name, value in fields.items() if not getattr(known, name)}
            if not self.assign(known, fields):
                return "unchanged"
            self.validate_printing(known, location)
            if known.pk is not None:  # else it is inserted with the others at the end
                known.save()
            return "updated"
        # A printing shared by two tokens (a Role pair, Angel // Angel) keeps its Scryfall id on
        # the first; the second gets the same set, number and picture.
        scryfall_id = printing.scryfall_id if known is None else None
        for mine in owned:
            if (mine.set_code, mine.collector_number, mine.picture_url) == (
                fields["set_code"],
                fields["collector_number"],
                fields["picture_url"],
            ) and (scryfall_id is None or str(mine.scryfall_id) == scryfall_id):
                return "unchanged"
        row = TokenPrinting(token=token, scryfall_id=scryfall_id, source=self.source, **fields)
        self.validate_printing(row, location)
        owned.append(row)
        new.append(row)
        if scryfall_id:
            self.printings_by_scryfall[scryfall_id] = row
        return "created"

    def validate_printing(self, printing: TokenPrinting, location: str) -> None:
        try:
            printing.clean_fields(exclude=["token", "art"])
        except ValidationError as exc:
            raise _failed(exc, location, "printing ") from None

    def link(
        self,
        link: Link,
        target_id: int,
        existing: dict[tuple[int, int], Any],
        seen: set[tuple[str, int]],
        location: str,
    ) -> tuple[CardDefinition, Any] | None:
        """(card, existing row or None), or None for a link already made in this file."""
        if not _COUNT.match(link.count) or link.count == "0":
            raise ImportFailed(
                f'count {link.count!r} for {link.creator}: use a number, "x" or "x=3"',
                location=location,
                field="count",
            )
        if (link.creator, target_id) in seen:
            self.summary.skip(Skipped(location, link.creator, "second link from the same card"))
            return None
        seen.add((link.creator, target_id))
        card = self.creator(link.creator, location)
        return card, existing.get((card.pk, target_id))

    # --- reference cards -------------------------------------------------------------------

    def reference(self, record: ReferenceRecord) -> ReferenceCard:
        fields = {
            "kind": record.kind,
            "name": record.name,
            "type_line": record.type_line[:200],
            "text": record.text,
            "printings": [
                {
                    "set_code": p.set_code,
                    "collector_number": p.collector_number,
                    "scryfall_id": p.scryfall_id,
                    "picture_url": p.picture_url,
                }
                for p in record.printings
            ],
        }
        reference_id = self.reference_keys.get(record.key)
        reference = self.references.get(reference_id) if reference_id else None
        if reference is None:
            # Another source's card of the same kind and name (The Monarch from Cockatrice and
            # from Scryfall) is linked, not duplicated, and left as it is.
            reference = self.references_alike.pop((record.kind, record.name.lower()), None)
            if reference is not None:
                self.new_keys.append(
                    SourceKey(source=self.source, key=record.key, reference=reference, matched=True)
                )
                self.reference_keys[record.key] = reference.pk
                self.summary.count("reference cards", "matched")
                self.summary.references_by_kind[record.kind] += 1
                self.summary.keep("reference", reference.slug, reference.name, "match")
                return reference
        if reference is None:
            reference = ReferenceCard(
                slug=self.slug(self.game.slug, record.kind, record.name), game=self.game, **fields
            )
            status = "created"
        elif record.key in self.matched_reference_keys:
            status = "unchanged"
        else:
            status = "updated" if self.assign(reference, fields) else "unchanged"
        if status != "unchanged":
            try:
                reference.clean_fields(exclude=["game"])
            except ValidationError as exc:
                raise _failed(exc, record.location) from None
            reference.save()
            self.references[reference.pk] = reference
            self.remember_reference(reference)
        if reference_id is None:
            self.new_keys.append(SourceKey(source=self.source, key=record.key, reference=reference))
            self.reference_keys[record.key] = reference.pk
        self.summary.count("reference cards", status)
        self.summary.references_by_kind[record.kind] += 1
        if status == "unchanged":
            self.summary.keep("reference", reference.slug, reference.name, "unchanged")
        return reference
