"""The collection CSV format, read and written (no database here: rows in, rows out).

The columns are COLUMN_HELP below; the collection page and the OpenAPI schema show that table.
The header row is required on import and unknown columns are refused.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

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
        return LineError(
            line, _('kind must be "card" or "token", not "%(kind)s"') % {"kind": values["kind"]}
        )
    if not values["id"] and not values["name"]:
        return LineError(line, _("give the id or the name"))
    if kind == "token" and not values["id"]:
        return LineError(line, _("a token needs its id (many tokens share a name, CR 111.4)"))
    if not values["id"] and not values["game"]:
        return LineError(line, _("a card given by name needs its game (mtg or riftbound)"))
    if not values["quantity"].isdigit() or not 1 <= int(values["quantity"]) <= MAX_QUANTITY:
        return LineError(
            line, _("quantity must be a whole number from 1 to %(most)d") % {"most": MAX_QUANTITY}
        )
    finish = values["finish"].lower() or Finish.NORMAL
    if finish not in Finish.values:
        return LineError(
            line, _("finish must be one of %(values)s") % {"values": ", ".join(Finish.values)}
        )
    condition = values["condition"].lower() or Condition.NEAR_MINT
    if condition not in Condition.values:
        return LineError(
            line,
            _("condition must be one of %(values)s") % {"values": ", ".join(Condition.values)},
        )
    for field, limit in (("set_code", 16), ("collector_number", 16), ("notes", 500)):
        if len(values[field]) > limit:
            return LineError(
                line,
                ngettext(
                    "%(column)s is longer than %(n)d character",
                    "%(column)s is longer than %(n)d characters",
                    limit,
                )
                % {"column": field, "n": limit},
            )
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
        return [], [
            LineError(
                1, _("the file is larger than %(most)d MB") % {"most": MAX_BYTES // 1024 // 1024}
            )
        ]
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff"), newline=""))
    try:
        header = [name.strip().lower() for name in reader.fieldnames or []]
    except csv.Error as exc:
        return [], [LineError(1, _("unreadable header: %(problem)s") % {"problem": exc})]
    if not header:
        return [], [LineError(1, _("the file is empty: the first line must name the columns"))]
    missing = [c for c in REQUIRED_COLUMNS if c not in header]
    unknown = [c for c in header if c not in COLUMNS]
    if missing or unknown:
        parts = []
        if missing:
            parts.append(
                ngettext("missing column %(names)s", "missing columns %(names)s", len(missing))
                % {"names": ", ".join(missing)}
            )
        if unknown:
            parts.append(
                ngettext("unknown column %(names)s", "unknown columns %(names)s", len(unknown))
                % {"names": ", ".join(unknown)}
            )
        parts.append(_("the columns are %(names)s") % {"names": ", ".join(COLUMNS)})
        return [], [LineError(1, "; ".join(parts))]
    reader.fieldnames = header
    rows: list[CsvRow] = []
    errors: list[LineError] = []
    try:
        for raw in reader:
            line = reader.line_num
            if len(rows) + len(errors) >= MAX_ROWS:
                errors.append(LineError(line, _more_rows()))
                break
            if None in raw:
                errors.append(LineError(line, _more_values(len(header))))
                continue
            if not any((value or "").strip() for value in raw.values()):
                continue
            parsed = _row(line, raw)
            if isinstance(parsed, LineError):
                errors.append(parsed)
            else:
                rows.append(parsed)
    except csv.Error as exc:
        errors.append(
            LineError(reader.line_num, _("unreadable CSV: %(problem)s") % {"problem": exc})
        )
    return rows, errors


def _more_rows() -> str:
    return ngettext("more than %(n)d row", "more than %(n)d rows", MAX_ROWS) % {"n": MAX_ROWS}


def _more_values(columns: int) -> str:
    return ngettext(
        "more values than the %(n)d column", "more values than the %(n)d columns", columns
    ) % {"n": columns}


def write_csv(rows: Iterable[dict[str, object]]) -> str:
    """The export: a header row, then one row per collection item, in COLUMNS order."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow(row)
    return out.getvalue()
