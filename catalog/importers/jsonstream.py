"""Read JSON files safely: a top-level array is streamed one element at a time (a 500 MB Scryfall
bulk file never sits in memory at once); a top-level object is loaded whole up to a size limit."""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from catalog.importers.records import ImportFailed

CHUNK = 1 << 20
MAX_RECORD = 16 << 20  # one card object is a few kB; more than this is not a card
MAX_OBJECT_FILE = 64 << 20
_WHITESPACE = " \t\r\n"


def first_char(path: Path) -> str:
    """The first non-blank character: '[' or '{' for JSON; an error for empty or other files."""
    with path.open("rb") as handle:
        head = handle.read(4096)
    if not head:
        raise ImportFailed("the file is empty (0 bytes): expected JSON")
    text = head.decode("utf-8-sig", errors="replace").lstrip(_WHITESPACE)
    if not text:
        raise ImportFailed("the file holds only blank space: expected JSON")
    if text[0] not in "[{":
        raise ImportFailed("not JSON: the file must start with '[' or '{'")
    return text[0]


def load_object(path: Path) -> Any:
    """A whole JSON document (objects cannot be streamed element by element)."""
    size = path.stat().st_size
    if size > MAX_OBJECT_FILE:
        raise ImportFailed(
            f"a {size / 1e6:.0f} MB JSON object is too large to read at once: "
            "use a file whose top level is a list (a bulk file)"
        )
    try:
        return json.loads(path.read_bytes().decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        raise ImportFailed(f"the file is not UTF-8 text: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        raise ImportFailed(
            f"not valid JSON at line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None


def iter_array(path: Path) -> Iterator[tuple[int, Any]]:
    """(index, element) for each element of a top-level JSON array, read in 1 MB chunks."""
    decoder = json.JSONDecoder()
    reader = codecs.getincrementaldecoder("utf-8-sig")()
    with path.open("rb") as handle:
        buffer = ""
        position = 0
        eof = False

        def more() -> None:
            nonlocal buffer, position, eof
            chunk = handle.read(CHUNK)
            try:
                text = reader.decode(chunk, final=not chunk)
            except UnicodeDecodeError as exc:
                raise ImportFailed(f"the file is not UTF-8 text: {exc.reason}") from None
            eof = not chunk
            buffer = buffer[position:] + text
            position = 0

        def skip_blank() -> str:
            nonlocal position
            while True:
                while position < len(buffer) and buffer[position] in _WHITESPACE:
                    position += 1
                if position < len(buffer) or eof:
                    return buffer[position] if position < len(buffer) else ""
                more()

        more()
        if skip_blank() != "[":
            raise ImportFailed("not a JSON list")
        position += 1
        index = 0
        if skip_blank() == "]":
            return
        while True:
            while True:
                try:
                    element, end = decoder.raw_decode(buffer, position)
                    break
                except json.JSONDecodeError as exc:
                    # An error well before the end of what is read cannot be cured by reading
                    # more (a cut \uXXXX escape or literal ends near the end; an unterminated
                    # string reports where it starts, so it may still be cured).
                    near_end = exc.pos >= len(buffer) - 32
                    truncated = near_end or exc.msg.startswith("Unterminated")
                    if eof or not truncated:
                        raise ImportFailed(
                            f"element {index} is not valid JSON: {exc.msg}",
                            location=f"index {index}",
                        ) from None
                    if len(buffer) - position > MAX_RECORD:
                        raise ImportFailed(
                            "not valid JSON, or one element larger than 16 MB",
                            location=f"index {index}",
                        ) from None
                    more()
            position = end
            yield index, element
            index += 1
            separator = skip_blank()
            if separator == "]":
                return
            if separator != ",":
                raise ImportFailed(
                    "expected ',' or ']' after an element", location=f"index {index - 1}"
                )
            position += 1
            skip_blank()
