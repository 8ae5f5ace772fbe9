"""Writes to the catalogue. Every write runs `full_clean()` before `save()` inside one transaction,
so bad input raises `ValidationError` (a message per field) and nothing is saved.

The upserts are keyed by stable ids (token and card slugs; card + token for relations), never by
token name, and report "created", "updated" or "unchanged" so importers and the seed loader can
count what they did and stay idempotent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from django.contrib.sessions.backends.base import SessionBase
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext as _

from catalog import makers, validation
from catalog.history.record import bulk_create
from catalog.models import (
    CHARACTERISTIC_FIELDS,
    CardDefinition,
    Game,
    RetiredSlug,
    TokenDefinition,
    TokenFace,
    TokenRelation,
    effect_token_slugs,
)
from catalog.printing.basket import basket_add
from tokensite.api import Conflict

Status = Literal["created", "updated", "unchanged"]

TOKEN_FIELDS = (
    *CHARACTERISTIC_FIELDS,
    "predefined",
    "rule",
    "abilities",
    "effects",
    "double_faced",
    "incomplete",
)
FACE_FIELDS = (*CHARACTERISTIC_FIELDS, "abilities", "effects")
CARD_FIELDS = (*CHARACTERISTIC_FIELDS, "mana_cost", "loyalty", "effects", "oracle_id", "incomplete")
RELATION_FIELDS = (
    "count",
    "attach",
    "transform",
    "exclude_from_create_all",
    "persistent",
    "facedown",
)
_UNSET: Any = object()


def _game(slug: str | Game) -> Game:
    if isinstance(slug, Game):
        return slug
    game = Game.objects.filter(pk=slug).first()
    if game is None:
        raise ValidationError({"game": f"Unknown game “{slug}”: use mtg or riftbound."})
    return game


def _check_fields(fields: Mapping[str, Any], allowed: tuple[str, ...]) -> None:
    unknown = sorted(set(fields) - set(allowed))
    if unknown:
        raise ValidationError({name: "Unknown field." for name in unknown})


def _assign(instance: Any, fields: Mapping[str, Any]) -> bool:
    """Set the given fields; True when any value differs from what is stored."""
    changed = False
    for name, value in fields.items():
        if name == "game":
            if instance.game_id != value.pk:
                instance.game = value
                changed = True
            continue
        if getattr(instance, name) != value:
            setattr(instance, name, value)
            changed = True
    return changed


def _save(instance: Any, changed: bool) -> Status:
    if instance.pk is None:
        instance.full_clean()
        instance.save()
        return "created"
    if not changed:
        return "unchanged"
    instance.full_clean()
    instance.save()
    return "updated"


@transaction.atomic
def token_upsert(
    *,
    slug: str,
    game: str | Game,
    back: Mapping[str, Any] | None = _UNSET,
    **fields: Any,
) -> tuple[TokenDefinition, Status]:
    """Create or update the token `slug`. `back` (face fields) makes it double-faced; `back=None`
    removes a back face; leaving `back` out keeps whatever back face it has."""
    _check_fields(fields, TOKEN_FIELDS)
    token = TokenDefinition.objects.select_for_update().filter(slug=slug).first()
    if token is None:
        token = TokenDefinition(slug=slug)
    changed = _assign(token, {"game": _game(game), **fields})
    face_status: Status = "unchanged"
    if back is not _UNSET:
        changed |= _assign(token, {"double_faced": back is not None})
        if back is None and token.pk is not None:
            face_status = _face_set(token, None)  # before the token stops being double-faced
    status = _save(token, changed)
    if back is not None and back is not _UNSET:
        face_status = _face_set(token, back)
    if face_status != "unchanged" and status == "unchanged":
        status = "updated"
    return token, status


def _face_set(token: TokenDefinition, back: Mapping[str, Any] | None) -> Status:
    face = TokenFace.objects.filter(token=token).first()
    if back is None:
        if face is None:
            return "unchanged"
        face.delete()
        return "updated"
    _check_fields(back, FACE_FIELDS)
    if face is None:
        face = TokenFace(token=token)
    try:
        return _save(face, _assign(face, back))
    except ValidationError as exc:
        raise ValidationError(
            {f"back.{key}": value for key, value in exc.message_dict.items()}
        ) from None


def _refuse(instance: Any, errors: dict[str, list[str]]) -> None:
    """Raise the curator's problems with the model's own, so one answer lists them all."""
    if not errors:
        return
    try:
        instance.full_clean(validate_unique=False)
    except ValidationError as exc:
        for field, messages in exc.message_dict.items():
            errors.setdefault(field, []).extend(m for m in messages if m not in errors[field])
    raise ValidationError(errors)


def _checked_back(game: str, back: Mapping[str, Any] | None) -> Mapping[str, Any] | None:
    """A back face's words checked as the front's (errors named back.<field>)."""
    if back is None:
        return None
    _check_fields(back, FACE_FIELDS)
    face = TokenFace(**{k: v for k, v in back.items() if k in validation.LIST_FIELDS})
    errors = validation.words(face, game, None)
    if errors:
        raise ValidationError({f"back.{key}": value for key, value in errors.items()})
    return {**back, **{f: getattr(face, f) for f in validation.LIST_FIELDS if f in back}}


@transaction.atomic
def token_create(
    *,
    slug: str,
    game: str | Game,
    back: Mapping[str, Any] | None = None,
    keep_both: bool = False,
    **fields: Any,
) -> TokenDefinition:
    """Create a new token (a curator's: `catalog.validation` checks it first); an id in use or
    retired is rejected (ids are never reused)."""
    if TokenDefinition.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": f"A token with id “{slug}” already exists."})
    _check_fields(fields, TOKEN_FIELDS)
    candidate = TokenDefinition(slug=slug, game=_game(game), **fields)
    back = _checked_back(candidate.game_id, back)
    _refuse(
        candidate,
        validation.token_problems(candidate, stored=None, back=back, keep_both=keep_both),
    )
    fields.update({f: getattr(candidate, f) for f in validation.LIST_FIELDS if f in fields})
    token, _ = token_upsert(slug=slug, game=game, back=back, **fields)
    return token


@transaction.atomic
def token_update(
    *, token: TokenDefinition, curator: Any | None = None, **fields: Any
) -> TokenDefinition:
    """Change some fields of an existing token (API PATCH/PUT): a curator's edit, checked by
    `catalog.validation` (`keep_both`: the curator means it to be alike another)."""
    back = fields.pop("back", _UNSET)
    keep_both = bool(fields.pop("keep_both", False))
    if "game" in fields:
        fields["game"] = _game(fields["game"])
    _check_fields({k: v for k, v in fields.items() if k != "game"}, TOKEN_FIELDS)
    stored = validation.stored_words(token)
    changed = _assign(token, fields)
    if back is not _UNSET:
        back = _checked_back(token.game_id, back)
        changed |= _assign(token, {"double_faced": back is not None})
    if changed:
        kept = TokenFace.objects.filter(token=token).first() if token.double_faced else None
        kept = kept if back is _UNSET else back
        _refuse(
            token, validation.token_problems(token, stored=stored, back=kept, keep_both=keep_both)
        )
    if back is None:
        _face_set(token, None)
    if changed or back is not _UNSET:
        mark_curated(token, curator)
        changed = True
    _save(token, changed)
    if back is not None and back is not _UNSET:
        _face_set(token, back)
    problems = validation.faces(token.double_faced, TokenFace.objects.filter(token=token).exists())
    if problems:
        raise ValidationError(problems)  # the transaction writes nothing
    return token


def mark_curated(instance: TokenDefinition | CardDefinition, user: Any | None) -> None:
    """Record a curator's hand edit on `instance` (saved by the caller): the seed loader and the
    importers then keep the row as the curator left it."""
    instance.curated_at = timezone.now()
    instance.curated_by = user if getattr(user, "is_authenticated", False) else None


def curate(instance: TokenDefinition | CardDefinition, user: Any | None) -> None:
    """Record a curator's edit of a row already saved (the admin's form and inlines)."""
    mark_curated(instance, user)
    instance.save(update_fields=["curated_at", "curated_by"])


def retire(instance: TokenDefinition | CardDefinition, user: Any | None) -> None:
    """Record a deleted record's id, which is then never reused (`validation.retired`)."""
    RetiredSlug.objects.update_or_create(
        kind="token" if isinstance(instance, TokenDefinition) else "card",
        slug=instance.slug,
        defaults={
            "name": instance.name,
            "retired_by": user if getattr(user, "is_authenticated", False) else None,
        },
    )


@transaction.atomic
def token_delete(*, token: TokenDefinition, user: Any | None = None) -> None:
    retire(token, user)
    try:
        token.delete()
    except ProtectedError:
        raise Conflict(
            _("%(token)s is in someone's collection; it can't be deleted.") % {"token": token.slug},
            code="in_use",
        ) from None


@transaction.atomic
def card_upsert(*, slug: str, game: str | Game, **fields: Any) -> tuple[CardDefinition, Status]:
    """Create or update the card `slug` (effects validated by the rules kernel in clean())."""
    _check_fields(fields, CARD_FIELDS)
    card = CardDefinition.objects.select_for_update().filter(slug=slug).first()
    if card is None:
        card = CardDefinition(slug=slug)
    status = _save(card, _assign(card, {"game": _game(game), **fields}))
    makers.refresh(card)
    return card, status


def relate_effect_tokens(card: CardDefinition) -> list[TokenRelation]:
    """Link `card` to every catalogue token its effects name and it is not linked to yet (one
    per event unless a relation says otherwise): effect data is where a doubler's or a
    replacement's tokens are known, so "made by" is complete without a curator repeating it.
    Slugs the catalogue lacks (an inline definition only) and other games' tokens are skipped."""
    slugs = effect_token_slugs(card.effects)
    if not slugs:
        return []
    linked = set(TokenRelation.objects.filter(card=card).values_list("token__slug", flat=True))
    tokens = TokenDefinition.objects.filter(slug__in=slugs, game_id=card.game_id)
    created = [TokenRelation(card=card, token=t) for t in tokens if t.slug not in linked]
    for relation in created:
        relation.full_clean()
    return bulk_create(TokenRelation, created)


@transaction.atomic
def card_create(
    *,
    slug: str,
    game: str | Game,
    creates: list[Mapping[str, Any]] | None = None,
    **fields: Any,
) -> CardDefinition:
    """Create a new card with the tokens it creates (a curator's: `catalog.validation` checks
    it first); an id in use or retired is rejected."""
    if CardDefinition.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": f"A card with id “{slug}” already exists."})
    _check_fields(fields, CARD_FIELDS)
    candidate = CardDefinition(slug=slug, game=_game(game), **fields)
    _refuse(candidate, validation.card_problems(candidate, stored=None))
    fields.update({f: getattr(candidate, f) for f in validation.LIST_FIELDS if f in fields})
    card, _ = card_upsert(slug=slug, game=game, **fields)
    card_relations_set(card=card, creates=list(creates or []))
    return card


@transaction.atomic
def card_update(
    *, card: CardDefinition, curator: Any | None = None, **fields: Any
) -> CardDefinition:
    """Change some fields of an existing card (a curator's edit); `creates` replaces its token
    relations."""
    creates = fields.pop("creates", None)
    if "game" in fields:
        fields["game"] = _game(fields["game"])
    _check_fields({k: v for k, v in fields.items() if k != "game"}, CARD_FIELDS)
    stored = validation.stored_words(card)
    changed = _assign(card, fields)
    if changed:
        _refuse(card, validation.words(card, card.game_id, stored))
    if changed or creates is not None:
        mark_curated(card, curator)
        changed = True
    _save(card, changed)
    makers.refresh(card)  # what it makes follows its text and its own effects
    if creates is not None:
        card_relations_set(card=card, creates=list(creates))
    elif "effects" in fields:
        relate_effect_tokens(card)
    return card


@transaction.atomic
def card_delete(*, card: CardDefinition, user: Any | None = None) -> None:
    retire(card, user)
    try:
        card.delete()
    except ProtectedError:
        # A deck's line or a collection's item holds it (their rows protect it).
        raise Conflict(
            _("%(card)s is in someone's deck or collection; it can't be deleted.")
            % {"card": card.slug},
            code="in_use",
        ) from None


def _lookup(model: Any, value: Any, field: str) -> Any:
    if isinstance(value, model):
        return value
    found = model.objects.filter(slug=value).first()
    if found is None:
        raise ValidationError({field: f"Unknown {field} “{value}”."})
    return found


@transaction.atomic
def relation_upsert(
    *, card: CardDefinition | str, token: TokenDefinition | str, **fields: Any
) -> tuple[TokenRelation, Status]:
    """Record that `card` creates `token` (count "2" / "x" / "x=3" and flags)."""
    _check_fields(fields, RELATION_FIELDS)
    card_obj: CardDefinition = _lookup(CardDefinition, card, "card")
    token_obj: TokenDefinition = _lookup(TokenDefinition, token, "token")
    relation = TokenRelation.objects.filter(card=card_obj, token=token_obj).first()
    if relation is None:
        relation = TokenRelation(card=card_obj, token=token_obj)
    if "count" in fields:
        fields["count"] = str(fields["count"]).strip().lower()
    return relation, _save(relation, _assign(relation, fields))


@transaction.atomic
def card_relations_set(
    *, card: CardDefinition, creates: list[Mapping[str, Any]]
) -> list[TokenRelation]:
    """Replace the tokens `card` creates with `creates` ([{"token": slug, "count": "2", ...}])."""
    relations = []
    for index, item in enumerate(creates):
        data = dict(item)
        token = data.pop("token", None)
        try:
            relation, _ = relation_upsert(card=card, token=token or "", **data)
        except ValidationError as exc:
            raise ValidationError(
                {f"creates[{index}].{key}": value for key, value in exc.message_dict.items()}
            ) from None
        relations.append(relation)
    TokenRelation.objects.filter(card=card).exclude(pk__in=[r.pk for r in relations]).delete()
    return relations + relate_effect_tokens(card)


def print_basket_add(session: SessionBase, *, additions: list[tuple[str, int]]) -> list[str]:
    """Add copies of catalogue tokens to the print basket (other apps print through this);
    returns the ids that are not in the catalogue (not added)."""
    return basket_add(session, additions=additions)
