"""Restore a JSON export of the app's own schema (catalog.exporters.native): every definition is
upserted on its slug, so export -> import into an empty catalogue gives the same catalogue, and
importing the same export twice changes nothing. Atomic and validated like every importer."""

from __future__ import annotations

import time
import uuid
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction

from catalog import makers
from catalog.exporters.native import (
    CARD_FIELDS,
    FORMAT,
    PRINTING_FIELDS,
    REFERENCE_FIELDS,
    REFERENCE_RELATION_FIELDS,
    RELATION_FIELDS,
    TOKEN_FIELDS,
    VERSION,
)
from catalog.history.record import bulk_create
from catalog.importers.jsonstream import first_char, load_object
from catalog.importers.records import ImportFailed
from catalog.importers.summary import ImportSummary, ImportWatch
from catalog.importers.upsert import Progress
from catalog.models import CHARACTERISTIC_FIELDS as CHARACTERISTICS
from catalog.models import (
    CardDefinition,
    Game,
    ReferenceCard,
    ReferenceRelation,
    SourceKey,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)
from catalog.search import rank

SOURCE = "tokensite"
JsonDict = dict[str, Any]


def read(path: Path) -> JsonDict:
    if first_char(path) != "{":
        raise ImportFailed(f"wrong JSON shape: expected a {FORMAT} object")
    document: JsonDict = load_object(path)
    if document.get("format") != FORMAT:
        raise ImportFailed(f"not a Tokensite export: 'format' must be {FORMAT!r}")
    if document.get("version") != VERSION:
        raise ImportFailed(f"export version {document.get('version')!r} is not supported")
    for section in ("tokens", "references", "cards"):
        items = document.get(section, [])
        if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
            raise ImportFailed("must be a list of objects", field=section)
    return document


class _Restorer:
    """Reads the catalogue once, writes changed rows one by one and new rows in bulk."""

    def __init__(self, summary: ImportSummary) -> None:
        self.summary = summary
        self.games = {game.slug: game for game in Game.objects.all()}
        self.tokens = {t.slug: t for t in TokenDefinition.objects.select_related("back")}
        self.cards = {c.slug: c for c in CardDefinition.objects.all()}
        self.references = {r.slug: r for r in ReferenceCard.objects.all()}
        self.printings_of: dict[int, list[TokenPrinting]] = {}
        for printing in TokenPrinting.objects.all():
            self.printings_of.setdefault(printing.token_id, []).append(printing)
        self.relations = {(r.card_id, r.token_id): r for r in TokenRelation.objects.all()}
        self.links = {(r.card_id, r.reference_id): r for r in ReferenceRelation.objects.all()}
        self.keys = set(SourceKey.objects.values_list("source", "key"))
        self.new: dict[type, list[Any]] = {}
        self.pending_relations: list[tuple[CardDefinition, JsonDict, str]] = []

    def game(self, data: JsonDict, location: str) -> Game:
        game = self.games.get(str(data.get("game")))
        if game is None:
            raise ImportFailed(
                f"unknown game {data.get('game')!r}", location=location, field="game"
            )
        return game

    def check(self, instance: Any, game: Game | None, location: str) -> None:
        try:
            instance.clean_fields(exclude=["game", "token", "card", "reference", "art"])
            if game is not None:
                instance.clean_characteristics(game)
        except ValidationError as exc:
            name, problems = next(iter(exc.message_dict.items()))
            raise ImportFailed("; ".join(problems), location=location, field=name) from None

    def upsert(
        self,
        model: Any,
        existing: Any,
        values: JsonDict,
        game: Game | None,
        where: str,
        *,
        bulk: bool = False,
    ) -> tuple[Any, str]:
        """Create (in bulk later when `bulk`) or update; 'unchanged' writes nothing."""
        if existing is None:
            instance = model(**values)
            self.check(instance, game, where)
            if bulk:
                self.new.setdefault(model, []).append(instance)
            else:
                instance.save()
            return instance, "created"
        changed = False
        for name, value in values.items():
            if isinstance(value, models.Model):  # compare keys: never load the related row
                differs = getattr(existing, f"{name}_id") != value.pk
            else:
                differs = getattr(existing, name) != value
            if differs:
                setattr(existing, name, value)
                changed = True
        if changed:
            self.check(existing, game, where)
            existing.save()
        return existing, "updated" if changed else "unchanged"

    def flush(self, model: Any) -> None:
        bulk_create(model, self.new.pop(model, []))

    def token(self, index: int, data: JsonDict) -> None:
        where = f"tokens[{index}] ({data.get('id')})"
        game = self.game(data, where)
        values = {name: data[name] for name in TOKEN_FIELDS if name in data}
        values.update(slug=data.get("id"), game=game, double_faced=bool(data.get("back")))
        token, status = self.upsert(
            TokenDefinition, self.tokens.get(str(data.get("id"))), values, game, where
        )
        self.tokens[token.slug] = token
        back = data.get("back")
        face: TokenFace | None = getattr(token, "back", None) if status != "created" else None
        if isinstance(back, dict):
            face_values = {
                n: back[n] for n in (*CHARACTERISTICS, "abilities", "effects") if n in back
            }
            _, face_status = self.upsert(
                TokenFace, face, {**face_values, "token": token}, game, f"{where} back"
            )
            if face_status != "unchanged" and status == "unchanged":
                status = "updated"
        elif face is not None:
            face.delete()
            status = "updated"
        self.summary.count("tokens", status)
        if status == "unchanged":
            self.summary.keep("token", token.slug, token.name, "unchanged")
        self.printings(token, data.get("printings") or [], where)
        self.source_keys(data, {"token": token})

    def source_keys(self, data: JsonDict, target: JsonDict) -> None:
        """The importers' keys, so a later import of the same source finds its definitions."""
        for key in data.get("source_keys") or []:
            pair = (str(key["source"]), str(key["key"]))
            if pair not in self.keys:
                self.keys.add(pair)
                self.new.setdefault(SourceKey, []).append(
                    SourceKey(
                        source=pair[0], key=pair[1], matched=bool(key.get("matched")), **target
                    )
                )

    def printings(self, token: TokenDefinition, printings: list[JsonDict], where: str) -> None:
        owned = self.printings_of.setdefault(token.pk, [])
        for printing in printings:
            values = {name: printing.get(name) or "" for name in PRINTING_FIELDS}
            scryfall_id = (
                uuid.UUID(printing["scryfall_id"]) if printing.get("scryfall_id") else None
            )
            place = (values["set_code"], values["collector_number"], values["picture_url"])
            match = next(
                (
                    p
                    for p in owned
                    if p.scryfall_id == scryfall_id
                    and (scryfall_id or (p.set_code, p.collector_number, p.picture_url) == place)
                ),
                None,
            )
            row, status = self.upsert(
                TokenPrinting,
                match,
                {**values, "token": token, "scryfall_id": scryfall_id},
                None,
                f"{where} printing",
                bulk=True,
            )
            if match is None:
                owned.append(row)
            self.summary.count("printings", status)

    def reference(self, index: int, data: JsonDict) -> None:
        where = f"references[{index}] ({data.get('id')})"
        game = self.game(data, where)
        values = {name: data[name] for name in REFERENCE_FIELDS if name in data}
        reference, status = self.upsert(
            ReferenceCard,
            self.references.get(str(data.get("id"))),
            {**values, "slug": data.get("id"), "game": game},
            None,
            where,
        )
        self.references[reference.slug] = reference
        self.summary.count("reference cards", status)
        self.summary.references_by_kind[reference.kind] += 1
        self.source_keys(data, {"reference": reference})

    def card(self, index: int, data: JsonDict) -> None:
        where = f"cards[{index}] ({data.get('id')})"
        game = self.game(data, where)
        values = {name: data[name] for name in CARD_FIELDS if name in data}
        existing = self.cards.get(str(data.get("id")))
        compiled = CardDefinition(**values, game=game)
        makers.assign(compiled, None)  # linked to the tokens after the import (`relink`)
        if existing is None or not makers.same_makes(existing, compiled):
            values |= {f: getattr(compiled, f) for f in ("makes", "makes_status", "makes_compiled")}
        card, status = self.upsert(
            CardDefinition,
            existing,
            {**values, "slug": data.get("id"), "game": game},
            game,
            where,
            bulk=True,
        )
        self.cards[card.slug] = card
        self.summary.count("cards", status)
        self.pending_relations.append((card, data, where))

    def card_relations(self) -> None:
        """After the new cards are inserted (relations need their keys)."""
        for card, data, where in self.pending_relations:
            for item in data.get("creates") or []:
                token = self.tokens.get(str(item.get("token")))
                if token is None:
                    raise ImportFailed(
                        f"unknown token {item.get('token')!r}", location=where, field="creates"
                    )
                values = {name: item[name] for name in RELATION_FIELDS if name in item}
                _, status = self.upsert(
                    TokenRelation,
                    self.relations.get((card.pk, token.pk)),
                    {**values, "card": card, "token": token},
                    None,
                    where,
                    bulk=True,
                )
                self.summary.count("relations", status)
            for item in data.get("brings") or []:
                reference = self.references.get(str(item.get("reference")))
                if reference is None:
                    raise ImportFailed(
                        f"unknown reference card {item.get('reference')!r}",
                        location=where,
                        field="brings",
                    )
                values = {name: item[name] for name in REFERENCE_RELATION_FIELDS if name in item}
                _, status = self.upsert(
                    ReferenceRelation,
                    self.links.get((card.pk, reference.pk)),
                    {**values, "card": card, "reference": reference},
                    None,
                    where,
                    bulk=True,
                )
                self.summary.count("relations", status)


def import_native(
    path: Path,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
    watch: ImportWatch | None = None,
) -> ImportSummary:
    document = read(path)
    summary = ImportSummary(source=SOURCE, dry_run=dry_run, watch=watch)
    started = time.perf_counter()
    total = sum(len(document.get(section, [])) for section in ("tokens", "references", "cards"))
    done = 0
    with transaction.atomic():
        rank.after_commit()  # the new cards (bulk inserts send no post_save)
        restorer = _Restorer(summary)
        for section, write in (
            ("tokens", restorer.token),
            ("references", restorer.reference),
            ("cards", restorer.card),
        ):
            for index, data in enumerate(document.get(section, [])):
                try:
                    write(index, data)
                except (KeyError, TypeError, AttributeError, ValueError) as exc:
                    raise ImportFailed(
                        f"malformed record ({type(exc).__name__}: {exc})",
                        location=f"{section}[{index}]",
                    ) from None
                done += 1
                if progress is not None and done % 100 == 0:
                    progress(done, total)
        for model in (TokenPrinting, SourceKey, CardDefinition):
            restorer.flush(model)
        restorer.card_relations()
        restorer.flush(TokenRelation)
        restorer.flush(ReferenceRelation)
        for game in Game.objects.values_list("slug", flat=True):
            makers.relink(game)
        if watch is not None:
            watch.written()
        if dry_run:
            transaction.set_rollback(True)
    summary.seconds = time.perf_counter() - started
    return summary
