"""The one write path every importer uses: parsed records -> catalogue rows.

One transaction: an error anywhere raises ImportFailed (record and field named) and writes
nothing; a dry run does all the work and rolls back. Definitions are found again by the source's
stable key (SourceKey), so importing the same file twice changes nothing. A record with no key yet
is matched before anything is created: by a Scryfall printing id it carries, then to a predefined
token with the same characteristics (rules facts are never restated nor duplicated), then to an
existing token with identical characteristics that this source has not claimed (a seed token).
The catalogue is read once into memory and written with bulk inserts, so a 1 MB file takes seconds.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from django.db import reset_queries, transaction
from django.db.models import Q

from catalog import makers
from catalog.history.record import bulk_create
from catalog.importers.records import (
    CardRecord,
    Link,
    ParsedFile,
    PrintedRecord,
    Skipped,
)
from catalog.importers.summary import ImportSummary, ImportWatch
from catalog.importers.writer import BATCH, Writer
from catalog.models import (
    CardDefinition,
    PrintedName,
    ReferenceRelation,
    SourceKey,
    TokenPrinting,
    TokenRelation,
    mana_value,
)
from catalog.search import rank
from catalog.seed import seed_card_slugs, seed_relations

Progress = Callable[[int, int], None]


def _write_relations(
    writer: Writer,
    pending: Iterable[tuple[CardDefinition, dict[str, Any], Any, int]],
    model: type[TokenRelation] | type[ReferenceRelation],
) -> None:
    new: list[Any] = []
    curated = seed_relations() if model is TokenRelation else frozenset()
    for card, fields, row, target_id in pending:
        target = {"token_id": target_id} if model is TokenRelation else {"reference_id": target_id}
        if row is None:
            fields.pop("details")
            new.append(model(card_id=card.pk, **target, **fields))
            writer.summary.count("relations", "created")
        elif card.curated_at is not None or (
            curated and (card.slug, writer.tokens[target_id].slug) in curated
        ):
            writer.summary.count("relations", "unchanged")  # a seed relation: linked, kept
        elif fields.pop("details") and writer.assign(row, fields):
            row.save()
            writer.summary.count("relations", "updated")
        else:
            writer.summary.count("relations", "unchanged")
    bulk_create(model, new)


def _token_link_fields(link: Link) -> dict[str, Any]:
    return {
        "details": link.details,
        "count": link.count,
        "attach": link.attach,
        "transform": link.transform,
        "exclude_from_create_all": link.exclude,
        "persistent": link.persistent,
        "facedown": link.facedown,
    }


def _reference_link_fields(link: Link) -> dict[str, Any]:
    return {
        "details": link.details,
        "count": link.count,
        "attach": link.attach,
        "exclude_from_create_all": link.exclude,
    }


def _batches(records: Iterable[CardRecord]) -> Iterator[list[CardRecord]]:
    batch: list[CardRecord] = []
    for record in records:
        batch.append(record)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def _cards(
    writer: Writer,
    records: Iterable[CardRecord],
    tick: Callable[[int], None],
    after_batch: Callable[[], None] = lambda: None,
) -> None:
    """Nontoken cards, a batch at a time (a bulk file has tens of thousands, streamed while they
    are written): matched by oracle id, then by name; curated effects are kept; only changed
    rows are saved; new cards are inserted in bulk."""
    for batch in _batches(records):
        writer.load_cards(
            oracle_ids=[r.oracle_id for r in batch if r.oracle_id],
            names=[r.face.name for r in batch],
        )
        for record in batch:
            _card(writer, record)
        writer.flush_cards()
        writer.forget_cards()
        after_batch()
        # With DEBUG on (`make run`), Django keeps the last 9,000 queries' SQL with their
        # values: tens of megabytes of bulk inserts a long import would hold for nothing.
        reset_queries()
        tick(len(batch))


def _card(writer: Writer, record: CardRecord) -> None:
    fields: dict[str, Any] = {
        **record.face.fields(),
        "mana_cost": record.mana_cost,
        "mana_value": mana_value(record.mana_cost),
        "loyalty": record.loyalty,
        "incomplete": False,
    }
    if record.image_url:  # only sources with pictures (Scryfall) set them
        fields |= {
            "image_url": record.image_url,
            "art_crop_url": record.art_crop_url,
            "artist": record.artist,
        }
    if record.oracle_id:
        fields["oracle_id"] = record.oracle_id
    if record.codes:  # only sources with printing codes (Riftbound) set them
        fields["codes"] = list(record.codes)
    card = (
        writer.cards_by_oracle.get(record.oracle_id or "")
        or writer.cards_by_name.get(record.face.name)
        or writer.cards_by_lower.get(record.face.name.lower())
    )
    if card is not None and (card.curated_at is not None or card.slug in seed_card_slugs()):
        # A curator's card (the seed's or edited by hand) is linked, never rewritten: only a
        # missing oracle id is filled in, so the next import finds it again.
        kept = {"oracle_id": record.oracle_id} if record.oracle_id and not card.oracle_id else {}
        # Not the curator's: pictures and printing codes are kept current.
        pictures = ("image_url", "art_crop_url", "artist", "codes")
        fields = kept | {name: fields[name] for name in pictures if name in fields}
    if card is None:
        slug = writer.slug(writer.game.slug, record.face.name)
        card = CardDefinition(slug=slug, game=writer.game)
        writer.assign(card, fields)
        writer.validate(card, record.location)
        makers.assign(card, None)  # its tokens are linked once the file's tokens are written
        writer.new_cards.append(card)
        status = "created"
    elif _changed(writer, card, fields):
        writer.validate(card, record.location)
        if card.pk is not None:  # else it is still waiting for the bulk insert
            card.save()
        status = "updated"
    else:
        status = "unchanged"
    writer.remember_card(card)
    writer.summary.count("cards", status)


def _changed(writer: Writer, card: CardDefinition, fields: dict[str, Any]) -> bool:
    """Assign the record's fields; recompile what the card makes when its text or the compiler
    moved (unchanged cards keep their compiled, linked entries)."""
    changed = writer.assign(card, fields)
    if changed or card.makes_compiled != makers.compiler_version():
        changed = makers.assign(card, None) or changed
    return changed


def _run(writer: Writer, parsed: ParsedFile, progress: Progress | None) -> None:
    done = 0
    total = len(parsed.cards)

    def tick(step: int = 1) -> None:
        nonlocal done
        done += step
        if progress is not None and total:
            progress(done, total)

    def cards_printed() -> None:
        """The printed names of the cards written so far (a streaming parser adds a card's
        before it yields the card), so that they never pile up over a whole file."""
        if any(record.kind == "card" for record in parsed.printed):
            cards = [record for record in parsed.printed if record.kind == "card"]
            parsed.printed[:] = [record for record in parsed.printed if record.kind != "card"]
            _printed(writer, cards)

    _cards(writer, parsed.cards, tick, cards_printed)
    if parsed.pending is not None:  # read while written; the tokens are complete only after it
        _cards(writer, parsed.pending, lambda step: None, cards_printed)
        parsed.pending = None
    total = done + len(parsed.tokens) + len(parsed.references) + 1
    new_printings: list[TokenPrinting] = []
    token_links: list[tuple[Link, int, str]] = []
    for token_record in parsed.tokens:
        token = writer.token(token_record)
        writer.printings(token, token_record, new_printings)
        token_links.extend((link, token.pk, token_record.location) for link in token_record.links)
        tick()
    reference_links: list[tuple[Link, int, str]] = []
    for reference_record in parsed.references:
        reference = writer.reference(reference_record)
        reference_links.extend(
            (link, reference.pk, reference_record.location) for link in reference_record.links
        )
        tick()
    creators = [link.creator for link, _, _ in (*token_links, *reference_links)]
    writer.load_cards(names=[*creators, *(link.creator for link in parsed.printing_links)])
    pending = [
        (found, link, token_id)
        for link, token_id, location in token_links
        if (found := writer.link(link, token_id, writer.relations, writer.seen_pairs, location))
    ]
    pending_refs = [
        (found, link, reference_id)
        for link, reference_id, location in reference_links
        if (
            found := writer.link(
                link,
                reference_id,
                writer.reference_relations,
                writer.seen_reference_pairs,
                location,
            )
        )
    ]
    for printing_link in parsed.printing_links:
        known = writer.printings_by_scryfall.get(printing_link.scryfall_id)
        reference_id = writer.references_by_scryfall.get(printing_link.scryfall_id)
        if known is None and reference_id is not None:  # a planeswalker's emblem
            link = Link(creator=printing_link.creator, details=False)
            found = writer.link(
                link,
                reference_id,
                writer.reference_relations,
                writer.seen_reference_pairs,
                printing_link.location,
            )
            if found:
                pending_refs.append((found, link, reference_id))
            continue
        if known is None:
            writer.summary.skip(
                Skipped(
                    printing_link.location,
                    f"{printing_link.creator} -> {printing_link.token_name}",
                    "token printing not in the catalogue",
                )
            )
            continue
        link = Link(creator=printing_link.creator, details=False)
        found = writer.link(
            link, known.token_id, writer.relations, writer.seen_pairs, printing_link.location
        )
        if found:
            pending.append((found, link, known.token_id))
    writer.flush_cards()
    bulk_create(TokenPrinting, new_printings)
    SourceKey.objects.bulk_create(writer.new_keys, batch_size=BATCH)
    _write_relations(
        writer,
        ((card, _token_link_fields(link), row, target) for (card, row), link, target in pending),
        TokenRelation,
    )
    _write_relations(
        writer,
        (
            (card, _reference_link_fields(link), row, target)
            for (card, row), link, target in pending_refs
        ),
        ReferenceRelation,
    )
    _printed(writer, parsed.printed)
    makers.relink(writer.game.slug)  # the cards' tokens to the catalogue's, new ones included
    tick()


def _printed(writer: Writer, records: list[PrintedRecord]) -> None:
    """Names as printed in other languages, on the definitions the file's records became:
    one per definition and language (the last one read wins), created or updated. Written a
    batch at a time, looking up only the keys each batch needs, so memory stays flat however
    many languages and cards the file holds."""
    if not records:
        return
    tokens_by_name = {t.name.lower(): pk for pk, t in writer.tokens.items()}
    last: dict[tuple[str, str, str, str], PrintedRecord] = {}
    for record in records:
        last[(record.kind, record.key, record.english.lower(), record.language)] = record
    unique = list(last.values())
    del last
    for start in range(0, len(unique), BATCH):
        _printed_batch(writer, unique[start : start + BATCH], tokens_by_name)
        reset_queries()


def _printed_batch(
    writer: Writer, records: list[PrintedRecord], tokens_by_name: dict[str, int]
) -> None:
    card_keys = {r.key for r in records if r.kind == "card" and r.key}
    card_names = {r.english for r in records if r.kind == "card"}
    cards = (
        CardDefinition.objects.filter(game=writer.game)
        .filter(Q(oracle_id__in=card_keys) | Q(name__in=card_names))
        .values_list("pk", "oracle_id", "name")
    )
    lower_names = {name.lower() for name in card_names}
    by_oracle: dict[str, int] = {}
    by_name: dict[str, int] = {}
    for pk, oracle_id, name in cards:
        if oracle_id:
            by_oracle[oracle_id] = pk
        if name.lower() in lower_names:
            by_name[name.lower()] = pk
    wanted: dict[tuple[str, int, str], PrintedRecord] = {}
    for record in records:
        if record.kind == "token":
            target = writer.token_keys.get(record.key) or tokens_by_name.get(record.english.lower())
        else:
            target = by_oracle.get(record.key) or by_name.get(record.english.lower())
        if target is None:
            writer.summary.skip(
                Skipped(record.location, record.name, "printed name of nothing in the catalogue")
            )
            continue
        wanted[(record.kind, target, record.language)] = record
    existing = {
        ("card" if p.card_id else "token", p.card_id or p.token_id, p.language): p
        for p in PrintedName.objects.filter(
            Q(card_id__in={t for k, t, _ in wanted if k == "card"})
            | Q(token_id__in={t for k, t, _ in wanted if k == "token"})
        )
    }
    new = []
    for (kind, target, language), record in wanted.items():
        fields = {"name": record.name, "type_line": record.type_line, "text": record.text}
        row = existing.get((kind, target, language))
        again = writer.printed_written[(kind, language)].add(target)  # the last one read wins
        if row is None:
            new.append(
                PrintedName(
                    **{f"{kind}_id": target},
                    language=language,
                    folded=record.name.casefold(),
                    **fields,
                )
            )
            writer.summary.count("printed names", "created")
        elif writer.assign(row, fields):
            row.save()
            if not again:
                writer.summary.count("printed names", "updated")
        elif not again:
            writer.summary.count("printed names", "unchanged")
    bulk_create(PrintedName, new)


def import_parsed(
    parsed: ParsedFile,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
    watch: ImportWatch | None = None,
) -> ImportSummary:
    """Write `parsed` in one transaction (rolled back on a dry run or on any error)."""
    summary = ImportSummary(source=parsed.source, dry_run=dry_run, watch=watch)
    started = time.perf_counter()
    for skipped in parsed.skipped:
        summary.skip(skipped)
    with transaction.atomic():
        writer = Writer(parsed, summary)
        _run(writer, parsed, progress)
        rank.after_commit()  # the new cards (bulk inserts send no post_save)
        if watch is not None:
            watch.written()
        if dry_run:
            transaction.set_rollback(True)
    summary.seconds = time.perf_counter() - started
    return summary
