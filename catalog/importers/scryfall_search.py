"""Every token and every card that makes one, from Scryfall's search API (`/cards/search`), page
by page: the token catalogue with its art on a first start, without the 160 MB bulk file.

Scryfall answers a search in pages of up to 175 cards (a `list` object with `has_more` and
`next_page`). Each page is streamed to a temporary file, its cards are streamed from there into
a chunk file (one card object in memory at a time), and every few pages the chunk is imported by
the Scryfall importer in a transaction of its own. Memory stays flat however many pages there
are, and the database is never held for long, so the site stays usable meanwhile. Tokens come
first (every printing, so each card's `all_parts` finds the printing it names), then the cards.
Requests follow Scryfall's guidelines: an identifying User-Agent and Accept header, and a pause
between requests (https://scryfall.com/docs/api).
"""

from __future__ import annotations

import json
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any
from urllib.parse import urlencode, urlsplit

import ijson

from catalog.importers.fetch import ACCEPT, CHUNK, TIMEOUT, USER_AGENT
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.importers.summary import ImportSummary

# What is fetched, in this order: every token printing (its art, and the printing a card's
# all_parts names), then every card whose text makes a token (the keyword actions that create
# tokens say so in their reminder text, which Scryfall's oracle text keeps).
QUERIES: tuple[tuple[str, dict[str, str]], ...] = (
    ("tokens", {"q": "t:token", "unique": "prints", "include_extras": "true", "order": "set"}),
    (
        "token makers",
        {
            "q": "(o:token or o:amass or o:populate or o:incubate or o:investigate) -t:token",
            "unique": "cards",
            "order": "name",
        },
    ),
)
PAGES_PER_IMPORT = 4  # about 700 cards a transaction
PAUSE_SECONDS = 0.1  # Scryfall asks for 50-100 ms between requests

# (what is being fetched, pages done, pages expected, cards so far)
Progress = Callable[[str, int, int, int], None]


@dataclass
class Fetched:
    summary: ImportSummary
    pages: int = 0
    cards: int = 0


def search_url(api_base: str, params: dict[str, str]) -> str:
    return f"{api_base.rstrip('/')}/cards/search?{urlencode(params)}"


def _get(url: str, target: IO[bytes]) -> bool:
    """Stream `url` into `target`; False when Scryfall answers 404 (a search matching nothing)."""
    if urlsplit(url).scheme not in ("http", "https"):
        raise ImportFailed(f"{url}: only http and https addresses can be fetched")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": ACCEPT})
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as response:
            while chunk := response.read(CHUNK):
                target.write(chunk)
    except urllib.error.HTTPError as exc:
        if exc.code == 404:
            return False
        raise ImportFailed(f"{url} answered HTTP {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        host = urlsplit(url).netloc
        raise ImportFailed(
            f"cannot reach {host} ({getattr(exc, 'reason', exc)}): no network, or the address "
            "is wrong"
        ) from None
    return True


def reachable(api_base: str) -> str | None:
    """None when Scryfall's API answers, else why not (a sentence)."""
    url = f"{api_base.rstrip('/')}/bulk-data"
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": ACCEPT})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read(1)
    except urllib.error.HTTPError as exc:
        return f"{url} answered HTTP {exc.code}"
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        return f"cannot reach {urlsplit(url).netloc} ({getattr(exc, 'reason', exc)})"
    return None


def _page_list(path: Path) -> tuple[bool, str | None, int]:
    """(has_more, next_page, total_cards) of a page, read without building its cards."""
    has_more, next_page, total = False, None, 0
    with path.open("rb") as handle:
        try:
            for prefix, event, value in ijson.parse(handle, use_float=True):
                if prefix == "object" and value == "error":
                    raise ImportFailed(f"Scryfall answered an error object ({path.name})")
                if prefix == "has_more":
                    has_more = bool(value)
                elif prefix == "next_page" and event == "string":
                    next_page = str(value)
                elif prefix == "total_cards" and event == "number":
                    total = int(value)
        except ijson.JSONError as exc:
            raise ImportFailed(f"a search page is not valid JSON: {exc}") from None
    return has_more, next_page, total


class _Chunk:
    """A JSON array of card objects written one at a time, imported and emptied every few
    pages."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / "chunk.json"
        self.handle: IO[bytes] | None = None
        self.cards = 0
        self.pages = 0

    def add_page(self, page: Path) -> int:
        if self.handle is None:
            self.handle = self.path.open("wb")
            self.handle.write(b"[")
        added = 0
        with page.open("rb") as source:
            try:
                for card in ijson.items(source, "data.item", use_float=True):
                    self.handle.write(b"," if self.cards else b"")
                    self.handle.write(json.dumps(card).encode())
                    self.cards += 1
                    added += 1
            except ijson.JSONError as exc:
                raise ImportFailed(f"a search page is not valid JSON: {exc}") from None
        self.pages += 1
        return added

    def import_into(self, summary: ImportSummary) -> None:
        if self.handle is None:
            return
        self.handle.write(b"]")
        self.handle.close()
        self.handle = None
        if self.cards:
            merge(summary, import_file("scryfall", self.path))
        self.path.unlink(missing_ok=True)
        self.cards = 0
        self.pages = 0


def merge(into: ImportSummary, other: ImportSummary) -> None:
    for kind, counter in other.counts.items():
        into.counts.setdefault(kind, type(counter)()).update(counter)
    into.skipped.update(other.skipped)
    room = max(0, 20 - len(into.examples))
    into.examples.extend(other.examples[:room])
    into.references_by_kind.update(other.references_by_kind)
    into.seconds += other.seconds


def fetch_makers(
    api_base: str,
    *,
    progress: Progress | None = None,
    pause: float = PAUSE_SECONDS,
    queries: tuple[tuple[str, dict[str, str]], ...] = QUERIES,
    pages_per_import: int = PAGES_PER_IMPORT,
) -> Fetched:
    """Fetch and import every page of every query; raises ImportFailed (what was imported by
    then stays: each chunk is a complete import of its own, and a second run resumes
    idempotently)."""
    fetched = Fetched(ImportSummary(source="scryfall"))
    with tempfile.TemporaryDirectory(prefix="tokensite-search-") as name:
        folder = Path(name)
        for label, params in queries:
            url: str | None = search_url(api_base, params)
            expected = 0
            chunk = _Chunk(folder)
            done = 0
            while url:
                page = folder / "page.json"
                with page.open("wb") as target:
                    found = _get(url, target)
                if not found:
                    break
                has_more, next_page, total = _page_list(page)
                fetched.cards += chunk.add_page(page)
                page.unlink()
                done += 1
                fetched.pages += 1
                if total and not expected:
                    per_page = max(1, chunk.cards)
                    expected = -(-total // per_page)
                if chunk.pages >= pages_per_import or not has_more:
                    chunk.import_into(fetched.summary)
                if progress is not None:
                    progress(label, done, max(expected, done), fetched.cards)
                url = next_page if has_more else None
                if url and pause:
                    time.sleep(pause)
            chunk.import_into(fetched.summary)
    return fetched


def describe(fetched: Fetched) -> dict[str, Any]:
    return {"pages": fetched.pages, "cards": fetched.cards}
