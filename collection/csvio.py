"""The collection CSV format, read and written (no database here: rows in, rows out).

The columns are COLUMN_HELP below; the collection page and the OpenAPI schema show that table.
The header row is required on import and unknown columns are refused.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from collection.errors import LineError
from collection.models import MAX_QUANTITY, Condition, Finish

COLUMN_HELP: tuple[tuple[str, str], ...] = (
    ("kind", "card or token (required)"),
    ("id", "the catalogue id (mtg-doubling-season, mtg-treasure); may be empty for cards"),
    ("name", "the card name, matched exactly with case ignored (CR 201.2), when id is empty"),
    ("game", "mtg or riftbound; needed when a card is given by name"),
    ("quantity", f"a whole number from 1 to {MAX_QUANTITY} (required)"),
    ("set_code", "the printing's set code, when known (may be empty)"),
    ("collector_number", "the printing's collector number, when known (may be empty)"),
    ("finish", "normal, foil or etched (empty means normal)"),
    (
        "condition",
        "near_mint, lightly_played, moderately_played, heavily_played or damaged "
        "(empty means near_mint)",
    ),
    ("notes", "free text, at most 500 characters"),
)
COLUMNS = tuple(name for name, _ in COLUMN_HELP)
REQUIRED_COLUMNS = ("kind", "quantity")
MAX_ROWS = 20_000
MAX_BYTES = 5 * 1024 * 1024


@dataclass(frozen=True)
class CsvRow:
    line: int
    kind: str
    id: str
    name: str
    game: str
    quantity: int
    set_code: str
    collector_number: str
    finish: str
    condition: str
    notes: str


def _row(line: int, raw: dict[str, str]) -> CsvRow | LineError:
    values = {key: (raw.get(key) or "").strip() for key in COLUMNS}
    kind = values["kind"].lower()
    if kind not in ("card", "token"):
        return LineError(line, f'kind must be "card" or "token", not "{values["kind"]}"')
    if not values["id"] and not values["name"]:
        return LineError(line, "give the id or the name")
    if kind == "token" and not values["id"]:
        return LineError(line, "a token needs its id (many tokens share a name, CR 111.4)")
    if not values["id"] and not values["game"]:
        return LineError(line, "a card given by name needs its game (mtg or riftbound)")
    if not values["quantity"].isdigit() or not 1 <= int(values["quantity"]) <= MAX_QUANTITY:
        return LineError(line, f"quantity must be a whole number from 1 to {MAX_QUANTITY}")
    finish = values["finish"].lower() or Finish.NORMAL
    if finish not in Finish.values:
        return LineError(line, f"finish must be one of {', '.join(Finish.values)}")
    condition = values["condition"].lower() or Condition.NEAR_MINT
    if condition not in Condition.values:
        return LineError(line, f"condition must be one of {', '.join(Condition.values)}")
    for field, limit in (("set_code", 16), ("collector_number", 16), ("notes", 500)):
        if len(values[field]) > limit:
            return LineError(line, f"{field} is longer than {limit} characters")
    return CsvRow(
        line=line,
        kind=kind,
        id=values["id"],
        name=values["name"],
        game=values["game"].lower(),
        quantity=int(values["quantity"]),
        set_code=values["set_code"].upper(),
        collector_number=values["collector_number"],
        finish=finish,
        condition=condition,
        notes=values["notes"],
    )


def read_csv(text: str) -> tuple[list[CsvRow], list[LineError]]:
    """Rows and per-line errors; line numbers are the file's (the header is line 1)."""
    if len(text.encode("utf-8")) > MAX_BYTES:
        return [], [LineError(1, "the file is larger than 5 MB")]
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = [name.strip().lower() for name in reader.fieldnames or []]
    except csv.Error as exc:
        return [], [LineError(1, f"unreadable header: {exc}")]
    if not header:
        return [], [LineError(1, "the file is empty: the first line must name the columns")]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    unknown = [c for c in header if c not in COLUMNS]
    if missing or unknown:
        parts = [f"missing column(s) {', '.join(missing)}"] if missing else []
        parts += [f"unknown column(s) {', '.join(unknown)}"] if unknown else []
        return [], [LineError(1, "; ".join(parts) + f"; the columns are {', '.join(COLUMNS)}")]
    reader.fieldnames = header
    rows: list[CsvRow] = []
    errors: list[LineError] = []
    try:
        for raw in reader:
            line = reader.line_num
            if len(rows) + len(errors) >= MAX_ROWS:
                errors.append(LineError(line, f"more than {MAX_ROWS} rows"))
                break
            if None in raw:
                errors.append(LineError(line, f"more values than the {len(header)} columns"))
                continue
            if not any((value or "").strip() for value in raw.values()):
                continue
            parsed = _row(line, raw)
            if isinstance(parsed, LineError):
                errors.append(parsed)
            else:
                rows.append(parsed)
    except csv.Error as exc:
        errors.append(LineError(reader.line_num, f"unreadable CSV: {exc}"))
    return rows, errors


def write_csv(rows: Iterable[dict[str, object]]) -> str:
    """The export: a header row, then one row per collection item, in COLUMNS order."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()
