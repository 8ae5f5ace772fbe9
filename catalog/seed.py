"""The seed catalogue: the predefined tokens (rules facts from the kernel), the generic tokens, the
basic lands and the cards in catalog/data/. Loading is idempotent: upserts keyed by slug."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.db import transaction

from catalog import services
from play.rules.mtg.predefined import predefined_tokens as mtg_predefined
from play.rules.riftbound.predefined import predefined_tokens as riftbound_predefined

DATA_DIR = Path(__file__).resolve().parent / "data"
TOKEN_FILES = ("mtg_tokens.json",)
CARD_FILES = ("mtg_cards.json", "riftbound_cards.json")


def _read(name: str) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return data


def _load_tokens(payloads: Iterable[dict[str, Any]], counts: Counter[str]) -> None:
    for payload in payloads:
        fields = dict(payload)
        slug, game, back = fields.pop("id"), fields.pop("game"), fields.pop("back", None)
        fields.pop("created_by", None)
        _, status = services.token_upsert(slug=slug, game=game, back=back, **fields)
        counts[f"tokens {status}"] += 1


def _load_cards(payloads: Iterable[dict[str, Any]], counts: Counter[str]) -> None:
    for payload in payloads:
        fields = dict(payload)
        slug, game, creates = fields.pop("id"), fields.pop("game"), fields.pop("creates", [])
        card, status = services.card_upsert(slug=slug, game=game, **fields)
        counts[f"cards {status}"] += 1
        for item in creates:
            relation = dict(item)
            _, rel_status = services.relation_upsert(
                card=card, token=relation.pop("token"), **relation
            )
            counts[f"relations {rel_status}"] += 1


@transaction.atomic
def load_seed() -> Counter[str]:
    """Load everything in one transaction (a bad row writes nothing); counts by kind and status."""
    counts: Counter[str] = Counter()
    _load_tokens(mtg_predefined(), counts)
    _load_tokens(riftbound_predefined(), counts)
    for name in TOKEN_FILES:
        _load_tokens(_read(name), counts)
    for name in CARD_FILES:
        _load_cards(_read(name), counts)
    return counts


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
