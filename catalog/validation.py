"""What a curator's edit must not bring to players, checked the same way for the admin's forms
and the API's writes (catalog.services): words the rules do not know (catalog.vocabulary), a
token players could not tell from another, a double-faced token without its back face, a deleted
record's id. Each message names the field and the rule. Imports and the seed are not checked
here: their sources keep their own words (and the importers their own matching)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from django.db.models import Model
from django.utils.text import capfirst
from django.utils.translation import gettext

from catalog import makers, vocabulary
from catalog.models import (
    CHARACTERISTIC_FIELDS,
    CardDefinition,
    Characteristics,
    RetiredSlug,
    TokenDefinition,
    TokenFace,
)

Errors = dict[str, list[str]]
LIST_FIELDS = vocabulary.LIST_FIELDS
FACE_VALUES = CHARACTERISTIC_FIELDS
# The fields shown when two tokens alike are compared: what a curator may want to keep apart.
COMPARED = ("slug", *CHARACTERISTIC_FIELDS, "abilities", "effects", "double_faced")


def label(model: type[Model], field: str) -> str:
    return str(capfirst(model._meta.get_field(field).verbose_name))  # type: ignore[union-attr]


def _labels(model: type[Model]) -> dict[str, str]:
    return {f: label(model, f) for f in vocabulary.LIST_FIELDS}


def words(
    obj: Characteristics, game: str, stored: Characteristics | Mapping[str, Any] | None
) -> Errors:
    """Check the type line and keywords `obj` holds (its known words are set in their canonical
    case); the words `stored` already had are not checked again."""
    before: Mapping[str, Any] = (
        {f: getattr(stored, f) for f in vocabulary.LIST_FIELDS}
        if isinstance(stored, Characteristics)
        else stored or {}
    )
    values = {f: list(getattr(obj, f) or []) for f in vocabulary.LIST_FIELDS}
    errors, fixed = vocabulary.check(game, values, before, _labels(type(obj)))
    for field, value in fixed.items():
        setattr(obj, field, value)
    return errors


def retired(model: type[TokenDefinition] | type[CardDefinition], slug: str) -> Errors:
    kind = "token" if model is TokenDefinition else "card"
    gone = RetiredSlug.objects.filter(kind=kind, slug=slug).first()
    if gone is None:
        return {}
    return {
        "slug": [
            gettext(
                "%(field)s: “%(slug)s” was the id of %(name)s, deleted on %(date)s; ids are never "
                "reused (a collection, a deck or a printed sheet may still name it). Choose "
                "another id."
            )
            % {
                "field": label(model, "slug"),
                "slug": slug,
                "name": gone.name,
                "date": gone.retired_at.date().isoformat(),
            }
        ]
    }


def faces(double_faced: bool, has_back: bool) -> Errors:
    """Double-faced means two faces (CR 712.1)."""
    if double_faced and not has_back:
        return {
            "double_faced": [
                gettext(
                    "%(field)s: a double-faced token has a back face (CR 712.1): add the back "
                    "face or untick it."
                )
                % {"field": label(TokenDefinition, "double_faced")}
            ]
        }
    return {}


def _face_values(face: Characteristics | Mapping[str, Any]) -> dict[str, Any]:
    if isinstance(face, Mapping):
        return {f: face.get(f) for f in CHARACTERISTIC_FIELDS}
    return {f: getattr(face, f) for f in CHARACTERISTIC_FIELDS}


def likeness(front: Mapping[str, Any], back: Mapping[str, Any] | None) -> tuple[Any, ...]:
    """What players tell a token by: its copiable characteristics (CR 707.2) as the catalogue
    links tokens (`makers.signature`: case, order and reminder text aside), with Might and tags,
    and its back face's."""

    def one(face: Mapping[str, Any]) -> tuple[Any, ...]:
        tags = tuple(sorted(str(t) for t in face.get("tags") or ()))
        return (*makers.signature(dict(face)), face.get("might"), tags)

    return (one(front), None if back is None else one(back))


def _shown(value: Any) -> str:
    if isinstance(value, str):
        return f"“{value}”"
    return json.dumps(value, ensure_ascii=False)


def _difference(token: TokenDefinition, other: TokenDefinition) -> str:
    changed = [
        gettext("%(field)s %(mine)s, not %(theirs)s")
        % {
            "field": label(TokenDefinition, field),
            "mine": _shown(getattr(token, field)),
            "theirs": _shown(getattr(other, field)),
        }
        for field in COMPARED
        if getattr(token, field) != getattr(other, field)
    ]
    return "; ".join(changed)


def duplicates(
    token: TokenDefinition, back: Characteristics | Mapping[str, Any] | None, keep_both: bool
) -> Errors:
    """A token with the same characteristics as another of its game is refused unless the
    curator says to keep both; the message shows how the two differ."""
    if keep_both or not token.name or not token.game_id:
        return {}
    mine = likeness(_face_values(token), None if back is None else _face_values(back))
    others = (
        TokenDefinition.objects.filter(game_id=token.game_id, name__iexact=token.name.strip())
        .exclude(pk=token.pk)
        .select_related("back")
        .order_by("pk")
    )
    for other in others:
        other_back = TokenFace.objects.filter(token=other).first() if other.double_faced else None
        theirs = likeness(
            _face_values(other), None if other_back is None else _face_values(other_back)
        )
        if theirs == mine:
            return {
                "keep_both": [
                    gettext(
                        "%(field)s: %(name)s has the same characteristics as %(other)s "
                        "(%(slug)s), so players could not tell them apart (CR 707.2). "
                        "Differences: %(difference)s. Tick “%(field)s” to keep both."
                    )
                    % {
                        "field": gettext("Keep both"),
                        "name": token.name,
                        "other": other.name,
                        "slug": other.slug,
                        "difference": _difference(token, other),
                    }
                ]
            }
    return {}


def token_problems(
    token: TokenDefinition,
    *,
    stored: TokenDefinition | Mapping[str, Any] | None,
    back: Characteristics | Mapping[str, Any] | None,
    keep_both: bool = False,
) -> Errors:
    """Everything a curator's token must pass (unsaved `token` holding the edit; `stored`: its
    words before the edit; `back`: the back face it will have, or None)."""
    errors = words(token, token.game_id or "mtg", stored)
    if token.pk is None and token.slug:
        errors.update(retired(TokenDefinition, token.slug))
    if not errors:
        errors.update(duplicates(token, back, keep_both))
    return errors


def card_problems(
    card: CardDefinition, *, stored: CardDefinition | Mapping[str, Any] | None
) -> Errors:
    errors = words(card, card.game_id or "mtg", stored)
    if card.pk is None and card.slug:
        errors.update(retired(CardDefinition, card.slug))
    return errors


def stored_words(obj: Characteristics) -> dict[str, list[str]]:
    """The words `obj` holds now (taken before an edit changes it)."""
    return {f: list(getattr(obj, f) or []) for f in vocabulary.LIST_FIELDS}
