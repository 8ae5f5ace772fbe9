"""Time to draw 180 token proxies (20 A4 pages) against a bare ReportLab baseline, same run.

Ours: full card faces (frame, name, type line, rules text fitted by measuring, P/T or Might,
rule reference, cut marks), from the catalogue's seed payloads and the predefined tokens, every
distinct token appearing twice. Caches (text fitting, composed faces) are cleared before each
timed run, so every face is laid out from scratch.
Baseline: a plain ReportLab script drawing 180 bare 63 x 88 mm rectangles with one line of text
each, 9 per A4 page. Both write compressed PDFs to memory. The two alternate, N runs each;
the times are CPU time of this process (other work on the machine does not count);
the best time of each is kept.

Usage: .venv/bin/python bench/print.py [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")

import django  # noqa: E402

django.setup()

from reportlab.lib.pagesizes import A4  # noqa: E402
from reportlab.lib.units import mm  # noqa: E402
from reportlab.pdfgen.canvas import Canvas  # noqa: E402

from catalog.printing import compose, pdf, pdfops, textfit  # noqa: E402
from catalog.printing.faces import card_faces  # noqa: E402
from catalog.printing.layout import PrintOptions, sheet_layout  # noqa: E402
from catalog.printing.pdf import render_sheets  # noqa: E402
from catalog.printing.sheets import Print, paginate  # noqa: E402
from rules.mtg.predefined import predefined_tokens as mtg_predefined  # noqa: E402
from rules.riftbound.predefined import predefined_tokens as rb_predefined  # noqa: E402

CARDS = 180


def payloads() -> list[dict[str, Any]]:
    seed = json.loads((ROOT / "catalog" / "data" / "mtg_tokens.json").read_text())
    distinct = [*seed, *mtg_predefined(), *rb_predefined()]
    singles = [p for p in distinct if not p.get("back")]  # one card each: exactly 180 slots
    chosen = singles[: CARDS // 2]
    return (chosen * 2)[:CARDS]


def ours(tokens: list[dict[str, Any]]) -> bytes:
    compose.compose.cache_clear()
    pdf.face_stream.cache_clear()
    pdfops.fill_color.cache_clear()
    pdfops.stroke_color.cache_clear()
    pdfops.rect_path.cache_clear()
    pdfops.pdf_string.cache_clear()
    textfit.fit_text.cache_clear()
    textfit._unit_width.cache_clear()
    layout = sheet_layout(PrintOptions(paper="a4"))
    # As catalog.printing.jobs does: one face per distinct token, repeated for its copies.
    faces: dict[str, Print] = {}
    prints = [faces.get(p["id"]) or faces.setdefault(p["id"], card_faces(p)) for p in tokens]
    pages = paginate(prints, layout)
    return render_sheets(pages, layout)


def baseline(tokens: list[dict[str, Any]]) -> bytes:
    buffer = BytesIO()
    canvas = Canvas(buffer, pagesize=A4, pageCompression=1)
    left, bottom = 10.5 * mm, 16.5 * mm
    for i, payload in enumerate(tokens):
        if i and i % 9 == 0:
            canvas.showPage()
        row, col = divmod(i % 9, 3)
        x, y = left + col * 63 * mm, bottom + (2 - row) * 88 * mm
        canvas.rect(x, y, 63 * mm, 88 * mm)
        canvas.drawString(x + 3 * mm, y + 80 * mm, payload["name"])
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def best_of(runs: int, tokens: list[dict[str, Any]]) -> tuple[float, bytes, float, bytes]:
    """Alternate the two so that both see the same machine load; keep each one's best time."""
    ours_times, base_times = [], []
    ours_pdf = base_pdf = b""
    for _ in range(runs):
        start = time.process_time()
        ours_pdf = ours(tokens)
        ours_times.append(time.process_time() - start)
        start = time.process_time()
        base_pdf = baseline(tokens)
        base_times.append(time.process_time() - start)
    return min(ours_times), ours_pdf, min(base_times), base_pdf


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    tokens = payloads()
    distinct = len({p["id"] for p in tokens})
    ours_time, ours_pdf, base_time, base_pdf = best_of(args.runs, tokens)
    print(f"{CARDS} tokens ({distinct} distinct), 20 A4 pages, best of {args.runs} runs, CPU time")
    print(f"tokensite sheets : {ours_time * 1000:7.1f} ms  ({len(ours_pdf) / 1024:.0f} KiB)")
    print(f"bare ReportLab   : {base_time * 1000:7.1f} ms  ({len(base_pdf) / 1024:.0f} KiB)")
    print(f"ratio            : {ours_time / base_time:7.2f}  (target < 3)")


if __name__ == "__main__":
    main()
