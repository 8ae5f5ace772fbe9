"""The tokens on a table, to print them: read through the tables service's own access check."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from django.contrib.auth.models import AnonymousUser, User

from play.selectors import table_get_for_user, table_state


@dataclass(frozen=True)
class TableTokens:
    name: str
    items: list[tuple[str, int]]  # (token id, count) of the catalogue tokens on the table
    unprintable: list[str]  # names of tokens made from custom characteristics or copies


def table_tokens(*, table_id: uuid.UUID | str, user: User | AnonymousUser) -> TableTokens:
    """Every token stack on the table, summed by catalogue id (NotFound when it is not visible)."""
    table, access = table_get_for_user(table_id=table_id, user=user)
    state = table_state(table=table, access=access)
    counts: dict[str, int] = {}
    unprintable: list[str] = []
    for obj in state.get("objects", []):
        if not obj.get("token"):
            continue
        slug = obj.get("definition")
        if slug and not obj.get("copy_of"):
            counts[slug] = counts.get(slug, 0) + int(obj.get("count", 1))
        elif obj.get("name") not in unprintable:
            unprintable.append(str(obj.get("name")))
    return TableTokens(name=table.name, items=list(counts.items()), unprintable=unprintable)
