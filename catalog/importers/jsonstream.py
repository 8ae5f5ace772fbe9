"""Read JSON files of any size in memory that does not grow with the file, with ijson: a top-level
array one element at a time; a top-level object one member at a time, opening the members that
hold the bulk of the data (MTGJSON AllPrintings' `data`, a bundle's card lists) one level more.
Only our own small exports are loaded whole (`load_object`)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import ijson

from catalog.importers.records import ImportFailed

CHUNK = 64 * 1024
MAX_OBJECT_FILE = 64 << 20
_WHITESPACE = b" \t\r\n"
_BOM = b"\xef\xbb\xbf"

# (bytes read, file size): how far through the file the reader is, for a progress bar.
ReadProgress = Callable[[int, int], None]
Key = str | int | None


def first_char(path: Path) -> str:
    """The first non-blank character: '[' or '{' for JSON; an error for empty or other files."""
    with path.open("rb") as handle:
        head = handle.read(4096)
    if not head:
        raise ImportFailed("the file is empty (0 bytes): expected JSON")
    text = head.removeprefix(_BOM).lstrip(_WHITESPACE)
    if not text:
        raise ImportFailed("the file holds only blank space: expected JSON")
    if text[:1] not in (b"[", b"{"):
        raise ImportFailed("not JSON: the file must start with '[' or '{'")
    return text[:1].decode()


def load_object(path: Path) -> Any:
    """A whole JSON document: only for this app's own exports, which are catalogue-sized."""
    size = path.stat().st_size
    if size > MAX_OBJECT_FILE:
        raise ImportFailed(f"a {size / 1e6:.0f} MB export is too large to read at once")
    try:
        return json.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ImportFailed(f"the file is not UTF-8 text: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        raise ImportFailed(
            f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


class _Reader:
    """The file without its byte-order mark, reporting how far it has been read."""

    def __init__(self, handle: IO[bytes], progress: ReadProgress | None) -> None:
        self.handle = handle
        self.progress = progress
        self.size = Path(handle.name).stat().st_size
        self.started = False

    def read(self, size: int = -1) -> bytes:
        data = self.handle.read(size)
        if not self.started and data:  # ijson first reads 0 bytes to learn the file's type
            self.started = True
            data = data.removeprefix(_BOM)
        if self.progress is not None:
            self.progress(self.handle.tell(), self.size)
        return data


def _failed(exc: Exception, location: str) -> ImportFailed:
    if isinstance(exc, UnicodeDecodeError) or "UTF8" in str(exc) or "utf-8" in str(exc):
        return ImportFailed("the file is not UTF-8 text", location=location)
    # yajl's message spans lines (the text around the error, a caret): keep its first line.
    message = str(exc).strip().splitlines()[0] if str(exc).strip() else "cut short"
    message = message.removeprefix("parse error: ")
    return ImportFailed(f"not valid JSON: {message}", location=location)


def iter_array(path: Path, progress: ReadProgress | None = None) -> Iterator[tuple[int, Any]]:
    """(index, element) for each element of a top-level JSON array."""
    count = 0
    with path.open("rb") as handle:
        items = ijson.items(_Reader(handle, progress), "item", use_float=True, buf_size=CHUNK)
        try:
            for element in items:
                yield count, element
                count += 1
        except (ijson.JSONError, UnicodeDecodeError) as exc:
            raise _failed(exc, f"index {count}") from None


def _build(events: Iterator[tuple[str, str, Any]], event: str, value: Any) -> Any:
    """The value whose first parse event is (event, value), built from the events that follow."""
    builder = ijson.ObjectBuilder()
    builder.event(event, value)
    depth = 1 if event in ("start_map", "start_array") else 0
    while depth:
        _, event, value = next(events)
        builder.event(event, value)
        if event in ("start_map", "start_array"):
            depth += 1
        elif event in ("end_map", "end_array"):
            depth -= 1
    return builder.value


def iter_members(
    path: Path,
    *,
    open_objects: frozenset[str] = frozenset(),
    open_arrays: bool = False,
    progress: ReadProgress | None = None,
) -> Iterator[tuple[str, Key, Any]]:
    """(key, inner key or index, value) for each member of a top-level JSON object; an object under
    a key in `open_objects` yields its members (key, member name, value) and, with `open_arrays`,
    an array yields its elements (key, index, element); other members come whole (key, None,
    value). Memory holds one such value at a time."""
    location = "the top-level object"
    with path.open("rb") as handle:
        events = iter(ijson.parse(_Reader(handle, progress), use_float=True, buf_size=CHUNK))
        try:
            if next(events)[1] != "start_map":
                raise ImportFailed("not a JSON object")
            for _, event, key in events:
                if event == "end_map":
                    return
                location = f"member {key!r}"
                _, event, value = next(events)
                if event == "start_map" and key in open_objects:
                    for _, inner_event, inner in events:
                        if inner_event == "end_map":
                            break
                        location = f"{key}.{inner}"
                        yield key, inner, _build(events, *next(events)[1:])
                elif event == "start_array" and open_arrays:
                    index = 0
                    for _, inner_event, inner in events:
                        if inner_event == "end_array":
                            break
                        location = f"{key}[{index}]"
                        yield key, index, _build(events, inner_event, inner)
                        index += 1
                else:
                    yield key, None, _build(events, event, value)
        except StopIteration:
            raise ImportFailed("not valid JSON: the file is cut short", location=location) from None
        except (ijson.JSONError, UnicodeDecodeError) as exc:
            raise _failed(exc, location) from None
