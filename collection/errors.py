"""Domain errors of collections and decks (mapped to HTTP by tokensite.api)."""

from __future__ import annotations

from dataclasses import dataclass

from tokensite.api import DomainError


@dataclass(frozen=True)
class LineError:
    """What is wrong with one line of a pasted list or CSV file (1-based, header included)."""

    line: int
    detail: str
    suggestions: tuple[str, ...] = ()

    def to_data(self) -> dict[str, object]:
        return {"line": self.line, "detail": self.detail, "suggestions": list(self.suggestions)}


class LinesRejected(DomainError):
    """A list or file with bad lines: nothing was written; `lines` says what to fix, per line."""

    status = 400
    code = "invalid_lines"

    def __init__(self, detail: str, lines: list[LineError]) -> None:
        super().__init__(detail)
        self.lines = lines
