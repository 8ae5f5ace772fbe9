"""Read back what a PDF page really draws: page size, stroked/filled paths and lines, in mm."""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from typing import Any

from pypdf import PdfReader
from pypdf.generic import ContentStream

PT = 72 / 25.4


@dataclass(frozen=True)
class Path:
    op: str  # the painting operator: S (stroke), f (fill), B (both), n (none: clip)
    x0: float
    y0: float
    x1: float
    y1: float
    segments: tuple[tuple[float, float, float, float], ...]  # straight lines, mm

    def matches(self, x: float, y: float, w: float, h: float, tol: float = 0.1) -> bool:
        return (
            abs(self.x0 - x) <= tol
            and abs(self.y0 - y) <= tol
            and abs(self.x1 - (x + w)) <= tol
            and abs(self.y1 - (y + h)) <= tol
        )


def _mul(a: list[float], b: list[float]) -> list[float]:
    return [
        a[0] * b[0] + a[1] * b[2],
        a[0] * b[1] + a[1] * b[3],
        a[2] * b[0] + a[3] * b[2],
        a[2] * b[1] + a[3] * b[3],
        a[4] * b[0] + a[5] * b[2] + b[4],
        a[4] * b[1] + a[5] * b[3] + b[5],
    ]


def reader(data: bytes) -> PdfReader:
    return PdfReader(BytesIO(data))


def print_scaling(data: bytes) -> str | None:
    """The /PrintScaling viewer preference, e.g. "/None" (print at 100 %)."""
    root: Any = reader(data).trailer["/Root"]
    preferences = root.get("/ViewerPreferences") or {}
    value = preferences.get("/PrintScaling")
    return str(value) if value is not None else None


def page_size_mm(data: bytes, index: int = 0) -> tuple[float, float]:
    box = reader(data).pages[index].mediabox
    return float(box.width) / PT, float(box.height) / PT


def page_paths(data: bytes, index: int = 0) -> list[Path]:
    """Every painted path of the page's own content stream (forms are not entered), in mm."""
    pdf = reader(data)
    page = pdf.pages[index]
    stream = ContentStream(page.get_contents(), pdf)
    ctm = [1.0, 0.0, 0.0, 1.0, 0.0, 0.0]
    stack: list[list[float]] = []
    points: list[tuple[float, float]] = []
    segments: list[tuple[float, float, float, float]] = []
    last: tuple[float, float] | None = None
    paths: list[Path] = []

    def point(x: float, y: float) -> tuple[float, float]:
        return (
            (ctm[0] * x + ctm[2] * y + ctm[4]) / PT,
            (ctm[1] * x + ctm[3] * y + ctm[5]) / PT,
        )

    for operands, op in stream.operations:
        numeric = op in (b"cm", b"re", b"m", b"l", b"c")
        args = [float(v) for v in operands] if numeric else []
        if op == b"q":
            stack.append(ctm)
        elif op == b"Q":
            ctm = stack.pop()
        elif op == b"cm":
            ctm = _mul(args, ctm)
        elif op == b"re":
            x, y, w, h = args
            corners = [point(x, y), point(x + w, y), point(x + w, y + h), point(x, y + h)]
            points.extend(corners)
        elif op == b"m":
            last = point(*args)
            points.append(last)
        elif op == b"l":
            new = point(*args)
            if last is not None:
                segments.append((*last, *new))
            points.append(new)
            last = new
        elif op == b"c":
            pts = [point(args[i], args[i + 1]) for i in (0, 2, 4)]
            points.extend(pts)
            last = pts[-1]
        elif op in (b"S", b"s", b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*", b"n"):
            if points:
                xs = [p[0] for p in points]
                ys = [p[1] for p in points]
                paths.append(Path(op.decode(), min(xs), min(ys), max(xs), max(ys), tuple(segments)))
            points, segments, last = [], [], None
    return paths
