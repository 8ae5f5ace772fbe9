"""The seed catalogue: the predefined tokens (rules facts from the kernel), the generic tokens, the
basic lands and the cards in catalog/data/, and the tokens' names in other languages
(printed_names.json, our own writing of each language's game terms). Loading is idempotent:
upserts keyed by slug."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from catalog import services
from catalog.models import CardDefinition, PrintedName, RetiredSlug, TokenDefinition
from rules.mtg.predefined import predefined_tokens as mtg_predefined
from rules.riftbound.predefined import predefined_tokens as riftbound_predefined

DATA_DIR = Path(__file__).resolve().parent / "data"
TOKEN_FILES = ("mtg_tokens.json",)
CARD_FILES = ("mtg_cards.json", "riftbound_cards.json")
PRINTED_NAMES_FILE = "printed_names.json"


def _read(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return data


def _curated(model: type[TokenDefinition] | type[CardDefinition]) -> set[str]:
    return set(model.objects.filter(curated_at__isnull=False).values_list("slug", flat=True))


def _retired(kind: str) -> set[str]:
    """Ids a curator deleted: the seed never brings them back (ids are never reused)."""
    return set(RetiredSlug.objects.filter(kind=kind).values_list("slug", flat=True))


def _load_tokens(
    payloads: Iterable[dict[str, Any]], counts: Counter[str], skipped: list[str]
) -> None:
    curated = _curated(TokenDefinition)
    retired = _retired("token")
    for payload in payloads:
        fields = dict(payload)
        slug, game, back = fields.pop("id"), fields.pop("game"), fields.pop("back", None)
        fields.pop("created_by", None)
        if slug in retired:
            counts["tokens kept deleted"] += 1
            continue
        if slug in curated:
            counts["tokens kept as a curator edited them"] += 1
            skipped.append(slug)
            continue
        _, status = services.token_upsert(slug=slug, game=game, back=back, **fields)
        counts[f"tokens {status}"] += 1


def _load_cards(
    payloads: Iterable[dict[str, Any]], counts: Counter[str], skipped: list[str]
) -> None:
    curated = _curated(CardDefinition)
    retired, retired_tokens = _retired("card"), _retired("token")
    for payload in payloads:
        fields = dict(payload)
        slug, game, creates = fields.pop("id"), fields.pop("game"), fields.pop("creates", [])
        if slug in retired:
            counts["cards kept deleted"] += 1
            continue
        creates = [item for item in creates if item["token"] not in retired_tokens]
        if slug in curated:  # its relations too: the curator may have changed what it makes
            counts["cards kept as a curator edited them"] += 1
            skipped.append(slug)
            continue
        card, status = services.card_upsert(slug=slug, game=game, **fields)
        counts[f"cards {status}"] += 1
        for item in creates:
            relation = dict(item)
            _, rel_status = services.relation_upsert(
                card=card, token=relation.pop("token"), **relation
            )
            counts[f"relations {rel_status}"] += 1
        for _ in services.relate_effect_tokens(card):
            counts["relations created"] += 1


def _load_printed_names(rows: Iterable[dict[str, Any]], counts: Counter[str]) -> None:
    """A seed token's name (and type line) in another language, where the catalogue has none:
    a printed name already there came from an importer's foreign data or a curator, and a
    curated token keeps what it has, so neither is ever overwritten."""
    rows = list(rows)
    tokens = {
        t.slug: t for t in TokenDefinition.objects.filter(slug__in={row["token"] for row in rows})
    }
    have = set(
        PrintedName.objects.filter(token__in=tokens.values()).values_list("token__slug", "language")
    )
    retired = _retired("token")
    for row in rows:
        token = tokens.get(row["token"])
        if token is None and row["token"] in retired:
            continue
        if token is None:
            raise ValidationError(f"printed name of an unknown token: {row['token']}")
        if token.curated_at is not None:
            counts["printed names kept as a curator edited the token"] += 1  # listed as skipped
        elif (token.slug, row["language"]) in have:
            counts["printed names kept as found"] += 1
        else:
            printed = PrintedName(
                token=token,
                language=row["language"],
                name=row["name"],
                folded=row["name"].casefold(),
                type_line=row.get("type_line", ""),
                text=row.get("text", ""),
            )
            printed.full_clean()
            printed.save()
            counts["printed names created"] += 1


@transaction.atomic
def load_seed(skipped: list[str] | None = None) -> Counter[str]:
    """Load everything in one transaction (a bad row writes nothing); counts by kind and status.
    Inserts what is missing and updates the rows no curator has edited; the slugs of the edited
    ones are appended to `skipped`."""
    counts: Counter[str] = Counter()
    kept: list[str] = [] if skipped is None else skipped
    _load_tokens(mtg_predefined(), counts, kept)
    _load_tokens(riftbound_predefined(), counts, kept)
    for name in TOKEN_FILES:
        _load_tokens(_read(name), counts, kept)
    for name in CARD_FILES:
        _load_cards(_read(name), counts, kept)
    _load_printed_names(_read(PRINTED_NAMES_FILE), counts)
    return counts


@lru_cache(maxsize=1)
def seed_card_slugs() -> frozenset[str]:
    """The cards the seed writes: importers link them but never rewrite them (the seed and a
    data file must not undo each other on every load)."""
    return frozenset(card["id"] for name in CARD_FILES for card in _read(name))


@lru_cache(maxsize=1)
def seed_relations() -> frozenset[tuple[str, str]]:
    """(card slug, token slug) of every card -> token relation the seed writes.

    They are curated here from the rules (a Role is created attached; a doubler's own token
    count excludes the doubling), so an importer links to them but never rewrites them: the
    seed and a data file must not undo each other on every load."""
    return frozenset(
        (card["id"], item["token"])
        for name in CARD_FILES
        for card in _read(name)
        for item in card.get("creates", [])
    )
