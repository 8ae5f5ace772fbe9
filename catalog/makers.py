"""What cards make: the token-making entries compiled from a card's Oracle text
(`rules.mtg.oracle.compile_makes`), kept on the card (`makes`, `makes_status`) and recompiled on
every import and every save.

Each entry's tokens are linked to the catalogue token with the same characteristics (name,
types, colors, P/T and abilities), so a page can show that token's art and a table's `make`
creates it under its catalogue id. A card's own effect data (the seed's or a curator's) wins over
the compiler: where its `effects` already replace or multiply tokens, the compiled replacement
entry only describes them (`effect` None, the battlefield applies the card's effects).
"""

from __future__ import annotations

import hashlib
import logging
import re
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.db import reset_queries
from django.db.models import Q

from catalog.importers.records import keywords_from_text
from catalog.models import CardDefinition, TokenDefinition

log = logging.getLogger(__name__)

JsonDict = dict[str, Any]
# Effect kinds with which a card's own data already replaces or multiplies the tokens made.
TOKEN_EFFECT_KINDS = frozenset(
    {"token_multiplier", "token_extra", "token_replace", "token_one_of_each"}
)
# Keys of an entry that are the kernel's business, never shown by the API.
INTERNAL_KEYS = ("effect",)
STATUSES = ("fires", "one_tap", "manual")
BATCH = 500

_REMINDER = re.compile(r"\([^)]*\)")
_WORDS = re.compile(r"[^a-z0-9{}/+*-]+")


@lru_cache(maxsize=1)
def compiler_version() -> str:
    """A short hash of the compiler's source: cards compiled by another version are recompiled
    (`refresh_stale`), so a better compiler reaches the whole catalogue on the next start."""
    from rules.mtg import oracle

    digest = hashlib.sha256()
    folder = Path(oracle.__file__).parent
    for path in sorted(folder.rglob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def type_line(card: CardDefinition) -> str:
    left = " ".join([*card.supertypes, *card.types])
    return f"{left} — {' '.join(card.subtypes)}" if card.subtypes else left


def compile_card(card: CardDefinition) -> list[JsonDict]:
    """The card's token-making entries, with `effect` (tokens not linked yet)."""
    if card.game_id != "mtg" or not card.text:
        return []
    from rules.mtg.oracle import compile_makes

    try:
        entries = compile_makes(
            name=card.name,
            oracle_text=card.text,
            type_line=type_line(card),
            power=card.power,
            toughness=card.toughness,
        )
    except Exception:  # a compiler bug must not stop an import or a save: the card says manual
        log.exception("compiling what %s makes failed", card.name)
        return [_manual(card.text)]
    return _own_effects_win(card, [dict(entry) for entry in entries])


def effects(card: CardDefinition) -> list[JsonDict]:
    """The effects the battlefield applies for `card`: its own (the seed's or a curator's), then
    those its text compiles to (a token anthem, Teysa Karlov's extra death triggers, Cathars'
    Crusade's counters) of kinds it has none of: its own data wins."""
    own = [dict(e) for e in card.effects] if isinstance(card.effects, list) else []
    if card.game_id != "mtg" or not card.text:
        return own
    from rules.effects import EffectError, parse_effects
    from rules.mtg.oracle import compile_effects

    kinds = {e.get("kind") for e in own}
    try:
        compiled = compile_effects(card.text)
    except Exception:  # a compiler bug must not break a page or a table: its own effects stand
        log.exception("compiling the effects of %s failed", card.name)
        return own
    for effect in compiled:
        if effect.get("kind") in kinds:
            continue
        try:
            parse_effects([effect])
        except EffectError:
            continue  # never hand the kernel an effect it would refuse
        own.append(effect)
    return own


def _manual(text: str) -> JsonDict:
    return {
        "when": "other",
        "trigger": None,
        "cost": None,
        "text": text,
        "automated": False,
        "fires": False,
        "tokens": [],
        "effect": None,
    }


def _own_effects_win(card: CardDefinition, entries: list[JsonDict]) -> list[JsonDict]:
    """Where the card's own effects replace or multiply tokens, its replacement entries say what
    they do but leave the doing to those effects (the battlefield applies them by itself)."""
    effects = card.effects if isinstance(card.effects, list) else []
    own = any(isinstance(e, dict) and e.get("kind") in TOKEN_EFFECT_KINDS for e in effects)
    if not own:
        return entries
    kept = []
    for entry in entries:
        if _replaces_tokens(entry):
            entry = {**entry, "effect": None, "automated": True, "fires": True, "own": True}
        kept.append(entry)
    return kept


def _replaces_tokens(entry: JsonDict) -> bool:
    """A replacement of created tokens (614.1a): "if ... would create ... tokens", "would be
    created", whether or not the compiler read it."""
    text = str(entry.get("text") or "").lower()
    wording = "would create" in text or "would be created" in text
    return wording and (entry.get("when") == "replacement" or not entry.get("automated"))


def status(entries: Iterable[JsonDict]) -> str:
    """ "" (makes nothing), "manual" (some entry not understood), "fires" (the table does all of
    it by itself) or "one_tap" (understood; some entry is one `make` away)."""
    entries = list(entries)
    if not entries:
        return ""
    if not all(e.get("automated") for e in entries):
        return "manual"
    return "fires" if all(e.get("fires") for e in entries) else "one_tap"


# --- linking tokens to the catalogue ---------------------------------------------------------


def _abilities(keywords: Iterable[str], text: str) -> frozenset[str]:
    """Keywords and other ability lines, compared without reminder text, case or punctuation:
    a token "with flying" (keywords) and a catalogue token whose text is "Flying" are alike."""
    words = {k.strip().lower() for k in keywords if k.strip()}
    words |= {k.lower() for k in keywords_from_text(text or "")}
    lines = set()
    for line in (text or "").splitlines():
        plain = _WORDS.sub(" ", _REMINDER.sub("", line.lower())).strip()
        parts = [p.strip() for p in plain.replace(",", " , ").split(" , ") if p.strip()]
        if plain and not all(part in words for part in parts):
            lines.add(plain)
    return frozenset(words | lines)


def _name(name: str) -> str:
    return (name or "").strip().lower()


def signature(face: JsonDict) -> tuple[Any, ...]:
    def strings(key: str) -> tuple[str, ...]:
        return tuple(sorted(str(v) for v in face.get(key) or ()))

    def pt(key: str) -> str | None:
        value = face.get(key)
        return None if value is None else str(value)

    return (
        _name(str(face.get("name") or "")),
        strings("supertypes"),
        strings("types"),
        strings("subtypes"),
        strings("colors"),
        pt("power"),
        pt("toughness"),
        _abilities(face.get("keywords") or (), str(face.get("text") or "")),
    )


class TokenIndex:
    """The catalogue tokens of one game by characteristics (a few thousand rows, read once):
    where several are alike, a predefined one, then a complete one, then the oldest."""

    def __init__(self, game: str = "mtg") -> None:
        rows = TokenDefinition.objects.filter(game_id=game).values(
            "pk",
            "slug",
            "name",
            "supertypes",
            "types",
            "subtypes",
            "colors",
            "power",
            "toughness",
            "keywords",
            "text",
            "predefined",
            "incomplete",
        )
        ranked = sorted(rows, key=lambda r: (not r["predefined"], r["incomplete"], r["pk"]))
        self.by_signature: dict[tuple[Any, ...], str] = {}
        for row in ranked:
            self.by_signature.setdefault(signature(dict(row)), row["slug"])

    def find(self, token: JsonDict) -> str | None:
        if token.get("copy_of"):
            return None  # a copy has the characteristics of what it copies (707.2)
        return self.by_signature.get(signature(token))


def linked(entries: list[JsonDict], index: TokenIndex) -> list[JsonDict]:
    """The entries with each token's `token` set to its catalogue id (or None), and the same id
    on the definitions the effect's steps create (the table's token then has its catalogue id)."""
    out = []
    for entry in entries:
        tokens = [{**t, "token": index.find(t)} for t in entry.get("tokens") or []]
        linked_entry = {**entry, "tokens": tokens}
        effect = entry.get("effect")
        if isinstance(effect, dict) and isinstance(effect.get("steps"), list):
            linked_entry["effect"] = {
                **effect,
                "steps": [_linked_step(step, index) for step in effect["steps"]],
            }
        out.append(linked_entry)
    return out


def _linked_step(step: Any, index: TokenIndex) -> Any:
    definition = step.get("definition") if isinstance(step, dict) else None
    if not isinstance(definition, dict) or step.get("do") != "create":
        return step
    # The kernel takes a step's token by its embedded definition (a slug alone names only a
    # predefined token): the catalogue id goes on the definition, which the table's token keeps.
    return {**step, "definition": {**definition, "id": index.find(definition)}}


def public(entries: list[JsonDict] | None) -> list[JsonDict]:
    """The API's `makes`: the stored entries without the kernel's data."""
    return [{k: v for k, v in entry.items() if k not in INTERNAL_KEYS} for entry in entries or []]


# --- keeping cards current -------------------------------------------------------------------


def assign(card: CardDefinition, index: TokenIndex | None) -> bool:
    """Recompile `card` (unsaved); True when its makes changed. Without an index the tokens
    are left unlinked (an import links them once its tokens are written: `relink`)."""
    entries = compile_card(card)
    if index is not None:
        entries = linked(entries, index)
    fields = {
        "makes": entries,
        "makes_status": status(entries),
        "makes_compiled": compiler_version() if card.game_id == "mtg" else "",
    }
    changed = False
    for name, value in fields.items():
        if getattr(card, name) != value:
            setattr(card, name, value)
            changed = True
    return changed


def _unlinked(entries: list[JsonDict]) -> list[JsonDict]:
    """The entries as compiled, before `linked` put catalogue ids on tokens and steps."""
    out = []
    for entry in entries:
        plain = {**entry, "tokens": [{**t, "token": None} for t in entry.get("tokens") or []]}
        effect = entry.get("effect")
        if isinstance(effect, dict) and isinstance(effect.get("steps"), list):
            plain["effect"] = {**effect, "steps": [_unlinked_step(s) for s in effect["steps"]]}
        out.append(plain)
    return out


def _unlinked_step(step: Any) -> Any:
    definition = step.get("definition") if isinstance(step, dict) else None
    if not isinstance(definition, dict) or step.get("do") != "create":
        return step
    return {**step, "definition": {**definition, "id": None}}


def same_makes(stored: CardDefinition, compiled: CardDefinition) -> bool:
    """Whether `stored` already holds what `compiled` (unlinked) holds: an import restoring the
    same card changes nothing."""
    return stored.makes_compiled == compiled.makes_compiled and _unlinked(
        list(stored.makes)
    ) == _unlinked(list(compiled.makes))


def refresh(card: CardDefinition) -> None:
    """Recompile and save one card (a curator's save, the seed loader). The catalogue's tokens
    are read only when what it makes changed."""
    version = compiler_version() if card.game_id == "mtg" else ""
    if card.makes_compiled == version and _unlinked(card.makes) == compile_card(card):
        return
    if assign(card, TokenIndex(card.game_id)):
        CardDefinition.objects.filter(pk=card.pk).update(
            makes=card.makes, makes_status=card.makes_status, makes_compiled=card.makes_compiled
        )


def _in_batches(cards: Iterator[CardDefinition]) -> Iterator[list[CardDefinition]]:
    batch: list[CardDefinition] = []
    for card in cards:
        batch.append(card)
        if len(batch) == BATCH:
            yield batch
            batch = []
    if batch:
        yield batch


def relink(game: str = "mtg") -> int:
    """Link the tokens of every token maker of `game` to the catalogue as it is now (after an
    import wrote new tokens); returns how many cards changed. Reads them a batch at a time."""
    index = TokenIndex(game)
    makers = (
        CardDefinition.objects.filter(game_id=game)
        .exclude(makes_status="")
        .only("pk", "makes")
        .order_by("pk")
    )
    changed = 0
    for batch in _in_batches(makers.iterator(chunk_size=BATCH)):
        dirty = []
        for card in batch:
            entries = linked(list(card.makes), index)
            if entries != card.makes:
                card.makes = entries
                dirty.append(card)
        CardDefinition.objects.bulk_update(dirty, ["makes"], batch_size=BATCH)
        changed += len(dirty)
        reset_queries()  # DEBUG's query log would keep every batch's SQL
    return changed


def refresh_stale(game: str = "mtg") -> int:
    """Recompile the cards of `game` compiled by another compiler version (or never): after an
    upgrade, on the next start. Returns how many were recompiled."""
    if game != "mtg":
        return 0
    index = TokenIndex(game)
    stale = (
        CardDefinition.objects.filter(game_id=game)
        .filter(~Q(makes_compiled=compiler_version()))
        .order_by("pk")
    )
    done = 0
    for batch in _in_batches(stale.iterator(chunk_size=BATCH)):
        for card in batch:
            assign(card, index)
        CardDefinition.objects.bulk_update(
            batch, ["makes", "makes_status", "makes_compiled"], batch_size=BATCH
        )
        done += len(batch)
    return done
