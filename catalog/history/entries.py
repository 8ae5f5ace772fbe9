"""A token's or a card's history as curators read it: one entry per recorded change of the
definition and of what belongs to it (back face, printings, relations, printed names), each
with who, when, from where and {field: [old, new]}; reverting one entry; releasing a curated
definition back to the importers."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils.translation import gettext

from catalog import makers
from catalog.history.changes import Names, field_diff, history_model, jsonable, tracked_fields
from catalog.models import (
    CardDefinition,
    PrintedName,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)
from catalog.services import mark_curated

# Never restored by reverting an entry: who curated is the revert's own business.
NOT_RESTORED = frozenset({"curated_at", "curated_by_id"})


@dataclass(frozen=True)
class Part:
    """A model whose history belongs to a definition's history, and the field naming it."""

    label: str  # the entry id's prefix and the API's "kind"
    model: type[models.Model]
    field: str


PARTS: dict[type[models.Model], tuple[Part, ...]] = {
    TokenDefinition: (
        Part("token", TokenDefinition, "id"),
        Part("back", TokenFace, "token_id"),
        Part("printing", TokenPrinting, "token_id"),
        Part("relation", TokenRelation, "token_id"),
        Part("printed_name", PrintedName, "token_id"),
    ),
    CardDefinition: (
        Part("card", CardDefinition, "id"),
        Part("relation", TokenRelation, "card_id"),
        Part("printed_name", PrintedName, "card_id"),
    ),
}
TYPES = {"+": "create", "~": "update", "-": "delete"}


class EntryError(Exception):
    """An entry that cannot be reverted, with the reason for people."""


class NoSuchEntry(EntryError):
    pass


def _history(model: type[models.Model]) -> Any:
    return history_model(model)


def _label(part: Part, state: dict[str, Any], names: Names) -> str:
    if part.model is TokenPrinting:
        return f"{state['set_code']} {state['collector_number']}".strip() or f"#{state['id']}"
    if part.model is PrintedName:
        return f"{state['name']} ({state['language']})"
    if part.model is TokenRelation:
        card, _ = names.of(CardDefinition, state["card_id"])
        token, _ = names.of(TokenDefinition, state["token_id"])
        return f"{card} → {token}"
    return str(state.get("name", ""))


def entries(definition: TokenDefinition | CardDefinition) -> list[dict[str, Any]]:
    """Newest first."""
    found: list[dict[str, Any]] = []
    lookup = Names()
    for part in PARTS[type(definition)]:
        names = tracked_fields(part.model)
        rows = (
            _history(part.model)
            .objects.filter(**{part.field: definition.pk})
            .order_by("id", "history_id")
            .values(
                *names,
                "history_id",
                "history_type",
                "history_date",
                "history_source",
                "history_job",
                "history_user__username",
            )
        )
        previous: dict[int, dict[str, Any]] = {}
        for row in rows:
            before = previous.get(row["id"])
            after = None if row["history_type"] == "-" else row
            if row["history_type"] == "-":
                fields = field_diff(row, None, names)
            else:
                fields = field_diff(before, after, names)
            previous[row["id"]] = row
            if row["history_type"] == "~" and not fields:
                continue  # saved unchanged (the admin saves a form whose inlines changed)
            restorable = row["history_type"] != "~" or bool(set(fields) - NOT_RESTORED)
            found.append(
                {
                    "id": f"{part.label}-{row['history_id']}",
                    "kind": part.label,
                    "object": row["id"],
                    "name": _label(part, row, lookup),
                    "at": row["history_date"].isoformat(),
                    "by": row["history_user__username"],
                    "source": row["history_source"],
                    "job": jsonable(row["history_job"]),
                    "type": TYPES.get(row["history_type"], row["history_type"]),
                    "fields": fields,
                    "revertible": restorable and (before is not None or row["history_type"] != "+"),
                }
            )
    found.sort(key=lambda e: e["at"], reverse=True)
    return found


def _record(definition: TokenDefinition | CardDefinition, entry: str) -> tuple[Part, Any]:
    label, _, number = entry.rpartition("-")
    part = next((p for p in PARTS[type(definition)] if p.label == label), None)
    if part is None or not number.isdigit():
        raise NoSuchEntry(gettext("No such entry."))
    record = (
        _history(part.model)
        .objects.filter(history_id=int(number), **{part.field: definition.pk})
        .first()
    )
    if record is None:
        raise NoSuchEntry(gettext("No such entry."))
    return part, record


@transaction.atomic
def revert_entry(definition: TokenDefinition | CardDefinition, entry: str, user: Any) -> str:
    """Restore what the entry changed: a change gets its old values back, a creation is undone
    (a printing, relation or printed name deleted), a deletion undone (the row recreated).
    The definition counts as curated afterwards (the importers keep the restored values).
    Returns what was done, in words."""
    part, record = _record(definition, entry)
    model = part.model
    history = _history(model)
    names = tracked_fields(model)
    current = model._default_manager.filter(pk=record.id).first()
    if record.history_type == "+":
        if model is type(definition):
            raise EntryError(gettext("This entry created the definition: delete it instead."))
        if current is not None:
            current.delete()
        done = "removed"
    elif record.history_type == "-":
        if current is not None:
            raise EntryError(gettext("The row is there again already."))
        restored = model(**{name: getattr(record, name) for name in names})
        _save(restored)
        done = "restored"
    else:
        earlier = (
            history.objects.filter(id=record.id, history_id__lt=record.history_id)
            .order_by("-history_id")
            .first()
        )
        if earlier is None or current is None:
            raise EntryError(gettext("Nothing before this entry to go back to."))
        changed = [
            n for n in names if n not in NOT_RESTORED and getattr(earlier, n) != getattr(record, n)
        ]
        if not changed:
            raise EntryError(gettext("This entry changed nothing that can be restored."))
        for name in changed:
            setattr(current, name, getattr(earlier, name))
        if isinstance(current, TokenDefinition | CardDefinition):  # one record: values and curator
            mark_curated(current, user)
        _save(current)
        done = "reverted"
    definition.refresh_from_db()
    if model is not type(definition):
        mark_curated(definition, user)
        definition.save(update_fields=["curated_at", "curated_by"])
    if isinstance(definition, CardDefinition):
        makers.refresh(definition)
    return done


def _save(instance: models.Model) -> None:
    try:
        instance.full_clean()
    except ValidationError as exc:
        raise EntryError("; ".join(exc.messages)) from None
    instance.save()


@transaction.atomic
def release(definition: TokenDefinition | CardDefinition) -> bool:
    """Hand a curated definition back to the importers (its next import may rewrite it)."""
    if definition.curated_at is None:
        return False
    definition.curated_at = None
    definition.curated_by = None
    definition.save(update_fields=["curated_at", "curated_by"])
    return True
