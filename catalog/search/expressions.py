"""Database expressions the card model indexes and the search compares with, kept in one place so
the search's SQL is the index's expression (a database uses an index on an expression only for
that same expression)."""

from __future__ import annotations

from typing import Any

from django.db.models import BooleanField, Case, Func, IntegerField, When
from django.db.models.functions import Cast


class WholeNumber(Func):
    """The column holds a whole number ("3", "-1"; not "*", "1+*", nor nothing), matched by the
    database itself: Django's __regex on SQLite calls back into Python for every row."""

    output_field = BooleanField()

    def as_sql(
        self,
        compiler: Any,
        connection: Any,
        function: str | None = None,
        template: str | None = None,
        arg_joiner: str | None = None,
        **extra: Any,
    ) -> Any:
        sql, params = compiler.compile(self.source_expressions[0])
        return f"COALESCE({sql} ~ '^-?[0-9]+$', false)", list(params)

    def as_sqlite(self, compiler: Any, connection: Any, **extra: Any) -> tuple[str, list[Any]]:
        sql, params = compiler.compile(self.source_expressions[0])
        digits = f"(CASE WHEN substr({sql}, 1, 1) = '-' THEN substr({sql}, 2) ELSE {sql} END)"
        found = f"COALESCE({digits} GLOB '[0-9]*' AND {digits} NOT GLOB '*[^0-9]*', 0)"
        return found, list(params) * 6


def whole_number(field: str) -> Case:
    """The number a power or toughness column prints ("3" is 3, "-1" is -1), NULL for "*",
    "1+*" or none. The card table indexes it (`card_power_number`), so "pow>=9" reads the few
    cards with that power instead of every creature."""
    return Case(
        When(WholeNumber(field), then=Cast(field, IntegerField())),
        default=None,
        output_field=IntegerField(),
    )
