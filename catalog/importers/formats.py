"""Format name -> parser, and the one entry point the command and the admin page call."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from django.db import IntegrityError

from catalog.importers.jsonstream import ReadProgress
from catalog.importers.records import ImportFailed, ParsedFile
from catalog.importers.summary import ImportSummary, ImportWatch
from catalog.importers.upsert import Progress, import_parsed

Parser = Callable[[Path, ReadProgress | None], ParsedFile]


FORMATS = ("cockatrice", "scryfall", "mtgjson", "riftbound", "tokensite")


def parsers() -> dict[str, Parser]:
    """Format name -> parser (imported lazily so a parser's failure never breaks the others)."""
    from catalog.importers import cockatrice, mtgjson, riftbound, scryfall

    return {
        "cockatrice": cockatrice.parse,
        "scryfall": scryfall.stream,
        "mtgjson": mtgjson.stream,
        "riftbound": riftbound.parse,
    }


def import_file(
    fmt: str,
    path: Path,
    *,
    dry_run: bool = False,
    progress: Progress | None = None,
    read_progress: ReadProgress | None = None,
    watch: ImportWatch | None = None,
) -> ImportSummary:
    """Parse `path` as `fmt` and write it (nothing on a dry run or on any error). `read_progress`
    follows the bytes read, `progress` the records written, `watch` every record."""
    try:
        if fmt == "tokensite":  # an export of this app: restored as is, slugs and all
            from catalog.importers.native import import_native

            return import_native(path, dry_run=dry_run, progress=progress, watch=watch)
        parser = parsers().get(fmt)
        if parser is None:
            raise ImportFailed(f"unknown format {fmt!r}: use one of {', '.join(FORMATS)}")
        parsed = parser(path, read_progress)
        return import_parsed(parsed, dry_run=dry_run, progress=progress, watch=watch)
    except (OSError, MemoryError) as exc:
        raise ImportFailed(f"cannot read the file: {exc}") from None
    except IntegrityError as exc:
        # Rolled back already: two rows the file names alike (two cards one name), or another
        # import committed the same rows meanwhile.
        raise ImportFailed(
            f"the file conflicts with the catalogue ({exc}); nothing was written"
        ) from None
