"""Catalogue definitions: games, tokens (with back faces and printings), cards, card -> token links.

Tokens are keyed by a stable slug, never by name: many tokens share a name (CR 111.4). Cards are
unique by name within a game (CR 201.2), which is how decklists and importers find them.
"""

from __future__ import annotations

import datetime
import re
from typing import Any, ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models.functions import Lower
from django.utils.translation import gettext, gettext_lazy, ngettext

from catalog.search.expressions import whole_number
from rules.effects import EffectError, parse_abilities, parse_effects
from rules.mtg import RULES_EDITION as MTG_RULES_EDITION
from rules.mtg.typeline import CARD_TYPES
from rules.text import render

MTG_COLORS = ("W", "U", "B", "R", "G")
RIFTBOUND_DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
# The games the code has kernels for, with the rules edition the catalogue follows. Their rows are
# created after every migrate/flush (catalog.apps.ensure_games).
GAMES = (
    ("mtg", "Magic: The Gathering", datetime.date.fromisoformat(MTG_RULES_EDITION)),
    ("riftbound", "Riftbound", datetime.date(2026, 3, 30)),
)
MAX_ART_BYTES = 5 * 1024 * 1024
ART_FORMATS = {"JPEG", "PNG", "WEBP"}

# A printed power/toughness: "2", "-1", "*", "X", "1+*" (Tarmogoyf), "*+1".
_PT = re.compile(r"^-?(\d+|\*|X)([+-](\d+|\*|X))?$")
# A creator relation's count: a number, "x", or "x=3" (X with the value most often chosen).
_COUNT = re.compile(r"^(\d+|x|x=\d+)$")


_COST_SYMBOL = re.compile(r"\{([^}]*)\}")


def mana_value(cost: str) -> float:
    """The mana value of a mana cost (CR 202.3): generic numbers count as themselves, X as 0,
    every other symbol as 1, a hybrid {2/W} as its larger half; half mana {H...} as 0.5."""
    total = 0.0
    for symbol in _COST_SYMBOL.findall(cost or ""):
        halves = [part for part in symbol.upper().split("/") if part != "P"]
        values = [
            float(part) if part.isdigit() else 0.0 if part in ("X", "Y", "Z") else 1.0
            for part in halves
        ] or [1.0]
        value = max(values)
        total += 0.5 if symbol.upper().startswith("H") else value
    return total


def effect_token_slugs(effects: Any) -> list[str]:
    """The catalogue tokens a card's effects name (`token` of token_extra/token_replace, `tokens`
    of token_one_of_each), in order, once each: the card makes them, so it relates to them."""
    slugs: list[str] = []
    for effect in effects if isinstance(effects, list) else []:
        if not isinstance(effect, dict):
            continue
        named = [effect.get("token"), *(effect.get("tokens") or [])]
        slugs.extend(s for s in named if isinstance(s, str) and s and s not in slugs)
    return slugs


class Game(models.Model):
    slug = models.SlugField(primary_key=True, max_length=20, verbose_name=gettext_lazy("slug"))
    name = models.CharField(max_length=100, verbose_name=gettext_lazy("name"))
    rules_edition = models.DateField(
        help_text=gettext_lazy("Date of the rules edition the catalogue follows."),
        verbose_name=gettext_lazy("rules edition"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["slug"]
        verbose_name = gettext_lazy("game")
        verbose_name_plural = gettext_lazy("games")

    def __str__(self) -> str:
        return self.name

    def color_vocabulary(self) -> tuple[str, ...]:
        """MTG colors in WUBRG order; Riftbound domains in rules order."""
        return MTG_COLORS if self.slug == "mtg" else RIFTBOUND_DOMAINS


def _list_of_strings(value: Any, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise ValidationError({field: "Must be a list of non-empty strings."})
    return [v.strip() for v in value]


# The copiable characteristics (CR 707.2), as fields of Characteristics: forms, services and the
# native format all use this one list.
CHARACTERISTIC_FIELDS = (
    "name",
    "supertypes",
    "types",
    "subtypes",
    "colors",
    "power",
    "toughness",
    "might",
    "tags",
    "keywords",
    "text",
)


class Characteristics(models.Model):
    """The copiable characteristics shared by token faces and cards (CR 707.2)."""

    name = models.CharField(max_length=200, verbose_name=gettext_lazy("name"))
    supertypes = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('e.g. ["Legendary"]'),
        verbose_name=gettext_lazy("supertypes"),
    )
    types = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('e.g. ["Artifact", "Creature"]'),
        verbose_name=gettext_lazy("types"),
    )
    subtypes = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('e.g. ["Zombie", "Army"]'),
        verbose_name=gettext_lazy("subtypes"),
    )
    colors = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy(
            "MTG: letters from W U B R G (stored in WUBRG order); Riftbound: domains."
        ),
        verbose_name=gettext_lazy("colors"),
    )
    power = models.CharField(
        max_length=8, null=True, blank=True, verbose_name=gettext_lazy("power")
    )
    toughness = models.CharField(
        max_length=8, null=True, blank=True, verbose_name=gettext_lazy("toughness")
    )
    might = models.IntegerField(
        null=True,
        blank=True,
        help_text=gettext_lazy("Riftbound units only."),
        verbose_name=gettext_lazy("might"),
    )
    tags = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy("Riftbound tags."),
        verbose_name=gettext_lazy("tags"),
    )
    keywords = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('e.g. ["Flying", "Haste"]'),
        verbose_name=gettext_lazy("keywords"),
    )
    text = models.TextField(blank=True, verbose_name=gettext_lazy("text"))

    class Meta:
        abstract = True

    def clean_characteristics(self, game: Game | None) -> None:
        """Normalise list fields and colors; reject what no printed object can have."""
        errors: dict[str, list[str]] = {}
        for field in ("supertypes", "types", "subtypes", "tags", "keywords", "colors"):
            try:
                setattr(self, field, _list_of_strings(getattr(self, field), field))
            except ValidationError as exc:
                errors.update(exc.message_dict)
        if game is not None and "colors" not in errors:
            vocabulary = game.color_vocabulary()
            unknown = [c for c in self.colors if c not in vocabulary]
            if unknown:
                errors["colors"] = [
                    ngettext(
                        "Unknown color %(colors)s for %(game)s: use %(vocabulary)s.",
                        "Unknown colors %(colors)s for %(game)s: use %(vocabulary)s.",
                        len(unknown),
                    )
                    % {
                        "colors": ", ".join(unknown),
                        "game": game.name,
                        "vocabulary": ", ".join(vocabulary),
                    }
                ]
            else:
                self.colors = [c for c in vocabulary if c in self.colors]
        for field in ("power", "toughness"):
            value = getattr(self, field)
            if value is not None and value.strip() == "":
                value = None
                setattr(self, field, None)
            if value is not None and not _PT.match(value.strip()):
                errors.setdefault(field, []).append(
                    f'"{value}" is not a power/toughness: use a number, "*", "X" or "1+*".'
                )
        errors.update(self._pt_errors(game, errors))
        if "Role" in (self.subtypes or []) and "enchant creature" not in self.text.lower():
            errors.setdefault("text", []).append(
                'A Role is an Aura with "Enchant creature" (CR 111.10j-r, 303.4a): '
                "its text must say so."
            )
        if errors:
            raise ValidationError(errors)

    def _pt_errors(self, game: Game | None, known: dict[str, list[str]]) -> dict[str, list[str]]:
        errors: dict[str, list[str]] = {}
        types = self.types if isinstance(self.types, list) else []
        subtypes = self.subtypes if isinstance(self.subtypes, list) else []
        has_pt = self.power is not None or self.toughness is not None
        # Vehicles and Spacecraft print P/T although they are not creatures (CR 301.7b, 301.7c).
        may_have_pt = "Creature" in types or "Vehicle" in subtypes or "Spacecraft" in subtypes
        if game is not None and game.slug != "mtg":
            if has_pt:
                errors["power"] = [f"{game.name} has no power/toughness; use Might."]
            if self.might is not None and "Unit" not in types:
                errors["might"] = ["Only units have Might (Riftbound 182.1.b)."]
            return errors
        if self.might is not None:
            errors["might"] = ["Might is a Riftbound characteristic; MTG uses power/toughness."]
        unknown = [t for t in types if t not in CARD_TYPES]
        if has_pt and not may_have_pt and unknown:
            # A misspelt "Creature" is why it is not a creature: say so, not "non-creature".
            errors["power"] = [
                gettext(
                    "Power/toughness: only a creature has them (CR 208.1), and “%(type)s” is not "
                    "a card type (CR 205.2a)."
                )
                % {"type": unknown[0]}
            ]
        elif has_pt and not may_have_pt:
            errors["power"] = [
                "Power/toughness on a non-creature: only creatures, Vehicles and Spacecraft "
                "have them (CR 208.1, 301.7b)."
            ]
        elif "Creature" in types and (self.power is None or self.toughness is None):
            if "power" not in known and "toughness" not in known:
                errors["power"] = ["A creature needs both power and toughness (CR 208.1)."]
        elif (self.power is None) != (self.toughness is None):
            errors["toughness"] = ["Give both power and toughness, or neither."]
        return errors


def validate_effects(value: Any) -> None:
    try:
        parse_effects(value)
    except EffectError as exc:
        raise ValidationError(
            gettext("Malformed effect: %(problem)s")
            % {"problem": render(exc.text.data(), gettext, ngettext)}
        ) from None


def validate_abilities(value: Any) -> None:
    try:
        parse_abilities(value)
    except EffectError as exc:
        raise ValidationError(
            gettext("Malformed ability %(index)s, field %(field)s: %(problem)s")
            % {
                "index": exc.index,
                "field": repr(exc.field),
                "problem": render(exc.problem.data(), gettext, ngettext),
            }
        ) from None


class Curated(models.Model):
    """When a curator last edited the row by hand (admin, API): the seed loader and importers then
    leave its characteristics alone, so `make run` never reverts an edit."""

    curated_at = models.DateTimeField(
        null=True, blank=True, editable=False, verbose_name=gettext_lazy("curated at")
    )
    curated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        editable=False,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("curated by"),
    )

    class Meta:
        abstract = True


class TokenDefinition(Characteristics, Curated):
    """A token a card or rule can create; the front face for double-faced tokens."""

    slug = models.SlugField(
        max_length=120,
        unique=True,
        help_text=gettext_lazy("Stable id, never reused: mtg-soldier-1-1-w."),
        verbose_name=gettext_lazy("slug"),
    )
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="tokens", verbose_name=gettext_lazy("game")
    )
    predefined = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Defined by the rules (111.10, 184)."),
        verbose_name=gettext_lazy("predefined"),
    )
    rule = models.CharField(
        max_length=20,
        blank=True,
        help_text=gettext_lazy("Rule defining it, e.g. 111.10a."),
        verbose_name=gettext_lazy("rule"),
    )
    abilities = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_abilities],
        help_text=gettext_lazy("Activated abilities."),
        verbose_name=gettext_lazy("abilities"),
    )
    effects = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_effects],
        help_text=gettext_lazy("Static effects."),
        verbose_name=gettext_lazy("effects"),
    )
    double_faced = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Has a back face (CR 712), e.g. the Incubator token."),
        verbose_name=gettext_lazy("double faced"),
    )
    incomplete = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Imported with characteristics still to be checked."),
        verbose_name=gettext_lazy("incomplete"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["game", "name", "slug"]
        indexes: ClassVar[list[models.Index]] = [models.Index(Lower("name"), name="token_lname")]
        verbose_name = gettext_lazy("token definition")
        verbose_name_plural = gettext_lazy("token definitions")

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"

    def clean(self) -> None:
        game = Game.objects.filter(pk=self.game_id).first() if self.game_id else None
        errors: dict[str, list[str]] = {}
        try:
            self.clean_characteristics(game)
        except ValidationError as exc:
            errors.update(exc.message_dict)
        if self.pk and not self.double_faced and TokenFace.objects.filter(token=self).exists():
            errors["double_faced"] = [
                "This token has a back face: delete the back face or keep it double-faced."
            ]
        if errors:
            raise ValidationError(errors)


class TokenFace(Characteristics):
    """The back face of a double-faced token (CR 712), e.g. the Incubator's Phyrexian Token."""

    token = models.OneToOneField(
        TokenDefinition,
        on_delete=models.CASCADE,
        related_name="back",
        verbose_name=gettext_lazy("token"),
    )
    abilities = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_abilities],
        verbose_name=gettext_lazy("abilities"),
    )
    effects = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_effects],
        verbose_name=gettext_lazy("effects"),
    )

    class Meta:
        verbose_name = gettext_lazy("back face")
        verbose_name_plural = gettext_lazy("back faces")

    def __str__(self) -> str:
        return f"Back of {self.token_id}: {self.name}"

    def clean(self) -> None:
        token: TokenDefinition | None = getattr(self, "token", None)
        game = token.game if token is not None and token.game_id else None
        errors: dict[str, list[str]] = {}
        try:
            self.clean_characteristics(game)
        except ValidationError as exc:
            errors.update(exc.message_dict)
        if token is not None and not token.double_faced:
            errors.setdefault("name", []).append(
                f"{token.name} is not double-faced: only double-faced tokens have a back face "
                "(CR 712.1). Tick “double faced” on the token first."
            )
        if errors:
            raise ValidationError(errors)


def validate_art(upload: Any) -> None:
    """JPEG, PNG or WebP only, at most 5 MB, and Pillow must be able to read it.

    Pillow is asked to try those three formats only: a file in any other format (a PSD, an
    EPS, a crafted file that claims to be one) is refused without another plugin parsing it,
    so a flaw in a decoder the site never needs cannot be reached through an upload."""
    from PIL import Image, UnidentifiedImageError

    size = getattr(upload, "size", 0) or 0
    if size > MAX_ART_BYTES:
        raise ValidationError(
            gettext("The image is %(size).1f MB; the limit is 5 MB.") % {"size": size / 1048576}
        )
    handle: Any = upload
    try:
        position = handle.tell()
        handle.seek(0)
        with Image.open(handle, formats=sorted(ART_FORMATS)) as image:
            image.verify()
        handle.seek(position)
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, AttributeError):
        raise ValidationError(
            gettext("Not a JPEG, PNG or WebP image Pillow can read: upload one of those.")
        ) from None


class TokenPrinting(models.Model):
    """One printed version of a token, with a picture link or uploaded art."""

    token = models.ForeignKey(
        TokenDefinition,
        on_delete=models.CASCADE,
        related_name="printings",
        verbose_name=gettext_lazy("token"),
    )
    set_code = models.CharField(max_length=16, blank=True, verbose_name=gettext_lazy("set code"))
    collector_number = models.CharField(
        max_length=16, blank=True, verbose_name=gettext_lazy("collector number")
    )
    scryfall_id = models.UUIDField(
        null=True, blank=True, unique=True, verbose_name=gettext_lazy("scryfall id")
    )
    picture_url = models.URLField(
        max_length=500, blank=True, verbose_name=gettext_lazy("picture url")
    )
    art = models.ImageField(
        upload_to="token-art/",
        blank=True,
        validators=[validate_art],
        help_text=gettext_lazy("JPEG, PNG or WebP, at most 5 MB."),
        verbose_name=gettext_lazy("art"),
    )
    source = models.CharField(
        max_length=40,
        blank=True,
        help_text=gettext_lazy("e.g. scryfall, cockatrice."),
        verbose_name=gettext_lazy("source"),
    )
    art_crop_url = models.URLField(
        max_length=500,
        blank=True,
        help_text=gettext_lazy("The art alone."),
        verbose_name=gettext_lazy("art crop url"),
    )
    artist = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("artist"))

    class Meta:
        ordering: ClassVar[list[str]] = ["token", "set_code", "collector_number"]
        verbose_name = gettext_lazy("token printing")
        verbose_name_plural = gettext_lazy("token printings")

    def __str__(self) -> str:
        return f"{self.token.name} {self.set_code} {self.collector_number}".strip()


# A card's token making as a whole (`makers.status`): every entry performed by the table by
# itself, every entry understood (one `make` away, or some firing), some entry not understood.
MAKES_STATUSES = (
    ("", gettext_lazy("makes no token")),
    ("fires", gettext_lazy("automated")),
    ("one_tap", gettext_lazy("one tap")),
    ("manual", gettext_lazy("manual")),
)


class CardDefinition(Characteristics, Curated):
    """A nontoken card: its characteristics, the effects the battlefield applies, its tokens."""

    slug = models.SlugField(
        max_length=160,
        unique=True,
        help_text=gettext_lazy("Stable id, never reused: mtg-doubling-season."),
        verbose_name=gettext_lazy("slug"),
    )
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="cards", verbose_name=gettext_lazy("game")
    )
    mana_cost = models.CharField(
        max_length=60,
        blank=True,
        help_text=gettext_lazy("e.g. {4}{G}"),
        verbose_name=gettext_lazy("mana cost"),
    )
    loyalty = models.CharField(
        max_length=8, null=True, blank=True, verbose_name=gettext_lazy("loyalty")
    )
    effects = models.JSONField(
        default=list,
        blank=True,
        validators=[validate_effects],
        help_text=gettext_lazy("Machine-readable effects (docs/internals.md section 2)."),
        verbose_name=gettext_lazy("effects"),
    )
    oracle_id = models.CharField(
        max_length=64,
        null=True,
        blank=True,
        unique=True,
        help_text=gettext_lazy("Importers' stable id."),
        verbose_name=gettext_lazy("oracle id"),
    )
    mana_value = models.FloatField(
        default=0,
        editable=False,
        help_text=gettext_lazy("From mana_cost (202.3)."),
        verbose_name=gettext_lazy("mana value"),
    )
    image_url = models.URLField(
        max_length=500,
        blank=True,
        help_text=gettext_lazy("Card image (hot-linked)."),
        verbose_name=gettext_lazy("image url"),
    )
    art_crop_url = models.URLField(
        max_length=500,
        blank=True,
        help_text=gettext_lazy("The art alone."),
        verbose_name=gettext_lazy("art crop url"),
    )
    artist = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("artist"))
    incomplete = models.BooleanField(default=False, verbose_name=gettext_lazy("incomplete"))
    makes = models.JSONField(
        default=list,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "What it makes, compiled from its Oracle text on every import and save "
            "(catalog/makers.py): one entry per token-making ability."
        ),
        verbose_name=gettext_lazy("makes"),
    )
    makes_status = models.CharField(
        max_length=8,
        choices=MAKES_STATUSES,
        blank=True,
        default="",
        editable=False,
        help_text=gettext_lazy("How the table performs what it makes."),
        verbose_name=gettext_lazy("token making"),
    )
    makes_compiled = models.CharField(
        max_length=16,
        blank=True,
        default="",
        editable=False,
        help_text=gettext_lazy(
            "The compiler version `makes` comes from (recompiled when it moves)."
        ),
        verbose_name=gettext_lazy("makes compiled by"),
    )
    codes = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy(
            'The codes of its printings, e.g. ["OGN-007", "OGN-007a"]: Riftbound deck codes '
            "name cards by them."
        ),
        verbose_name=gettext_lazy("printing codes"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["game", "name"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(
                Lower("name"),
                "game",
                name="card_unique_name_per_game",
                violation_error_message="A card with this name already exists (CR 201.2).",
            )
        ]
        indexes: ClassVar[list[models.Index]] = [
            # The name searches' order (lowercased name, then slug): a walk of the names
            # starting with the words reads the page and stops (`selectors.card_walk`).
            models.Index(Lower("name"), "slug", name="card_name_order"),
            # Whole-number power and toughness (`catalog.search.expressions.whole_number`, the
            # search's own expression) and mana value: "pow>=9" or "cmc>=12" reads the few
            # such cards, not every creature (`selectors.card_results`).
            models.Index(whole_number("power"), name="card_power_number"),
            models.Index(whole_number("toughness"), name="card_toughness_number"),
            models.Index(fields=["mana_value"], name="card_mana_value"),
            # The token makers among tens of thousands of cards (`?makes=`, the admin filter).
            models.Index(fields=["makes_status"], name="card_makes_status"),
        ]
        verbose_name = gettext_lazy("card definition")
        verbose_name_plural = gettext_lazy("card definitions")

    def __str__(self) -> str:
        return self.name

    def clean(self) -> None:
        game = Game.objects.filter(pk=self.game_id).first() if self.game_id else None
        errors: dict[str, list[str]] = {}
        try:
            self.clean_characteristics(game)
        except ValidationError as exc:
            errors.update(exc.message_dict)
        if self.oracle_id == "":
            self.oracle_id = None
        self.mana_value = mana_value(self.mana_cost)
        if self.name and game is not None and "name" not in errors:
            clash = CardDefinition.objects.filter(game=game, name__iexact=self.name.strip())
            if self.pk:
                clash = clash.exclude(pk=self.pk)
            if clash.exists():
                errors["name"] = [
                    f"{game.name} already has a card named “{self.name}”: "
                    "cards are unique by name (CR 201.2)."
                ]
        if errors:
            raise ValidationError(errors)


class PrintedName(models.Model):
    """A card's or token's name (and type line, text) as printed in another language, from the
    importers' foreign data (Scryfall's printed_name of a non-English printing, MTGJSON's
    foreignData). Shown to players reading that language; the rules name stays the English
    one (CR 201.2), so the battlefield and the log keep it."""

    card = models.ForeignKey(
        CardDefinition,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="printed",
        verbose_name=gettext_lazy("card"),
    )
    token = models.ForeignKey(
        TokenDefinition,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="printed",
        verbose_name=gettext_lazy("token"),
    )
    language = models.CharField(
        max_length=8,
        help_text=gettext_lazy("Language code: ru, de, ja, zhs..."),
        verbose_name=gettext_lazy("language"),
    )
    name = models.CharField(max_length=200, verbose_name=gettext_lazy("name"))
    folded = models.CharField(
        max_length=200,
        editable=False,
        help_text=gettext_lazy("The name case-folded, for search."),
        verbose_name=gettext_lazy("folded"),
    )
    type_line = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("type line"))
    text = models.TextField(blank=True, verbose_name=gettext_lazy("text"))

    class Meta:
        ordering: ClassVar[list[str]] = ["language", "name"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=models.Q(card__isnull=True, token__isnull=False)
                | models.Q(card__isnull=False, token__isnull=True),
                name="printed_name_of_one_card_or_token",
            ),
            models.UniqueConstraint("card", "language", name="printed_name_one_per_card_language"),
            models.UniqueConstraint(
                "token", "language", name="printed_name_one_per_token_language"
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [models.Index("folded", name="printed_folded")]
        verbose_name = gettext_lazy("printed name")
        verbose_name_plural = gettext_lazy("printed names")

    def __str__(self) -> str:
        return f"{self.name} ({self.language})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.folded = self.name.casefold()
        super().save(*args, **kwargs)

    def clean(self) -> None:
        from catalog.importers.records import LANGUAGE_CODES  # the codes the importers write

        self.language = (self.language or "").strip().lower()
        codes = sorted(set(LANGUAGE_CODES.values()) - {"en"})
        if self.language not in codes:
            raise ValidationError(
                {
                    "language": gettext(
                        "Language: “%(code)s” is not a language cards are printed in; use one "
                        "of %(codes)s. English is the rules name itself (CR 201.2)."
                    )
                    % {"code": self.language, "codes": ", ".join(codes)}
                }
            )


class TokenRelation(models.Model):
    """Card -> a token it creates (Cockatrice's reverse-related links)."""

    card = models.ForeignKey(
        CardDefinition,
        on_delete=models.CASCADE,
        related_name="relations",
        verbose_name=gettext_lazy("card"),
    )
    token = models.ForeignKey(
        TokenDefinition,
        on_delete=models.CASCADE,
        related_name="creator_relations",
        verbose_name=gettext_lazy("token"),
    )
    count = models.CharField(
        max_length=12,
        default="1",
        help_text=gettext_lazy('"2", "x" or "x=3".'),
        verbose_name=gettext_lazy("count"),
    )
    attach = models.BooleanField(
        default=False,
        help_text=gettext_lazy("Created attached (Roles, Equipment)."),
        verbose_name=gettext_lazy("attach"),
    )
    transform = models.BooleanField(
        default=False,
        help_text=gettext_lazy("The card transforms into it."),
        verbose_name=gettext_lazy("transform"),
    )
    exclude_from_create_all = models.BooleanField(
        default=False, verbose_name=gettext_lazy("exclude from create all")
    )
    persistent = models.BooleanField(default=False, verbose_name=gettext_lazy("persistent"))
    facedown = models.BooleanField(default=False, verbose_name=gettext_lazy("facedown"))

    class Meta:
        ordering: ClassVar[list[str]] = ["card", "token"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["card", "token"], name="relation_unique_card_token")
        ]
        verbose_name = gettext_lazy("token relation")
        verbose_name_plural = gettext_lazy("token relations")

    def __str__(self) -> str:
        return gettext("%(card)s creates %(count)s x %(token)s") % {
            "card": self.card.name,
            "count": self.count,
            "token": self.token.name,
        }

    def clean(self) -> None:
        errors: dict[str, list[str]] = {}
        self.count = (self.count or "").strip().lower()
        if not _COUNT.match(self.count) or self.count == "0":
            errors["count"] = ['Use a positive number, "x", or "x=3".']
        if self.card_id and self.token_id:
            card_game = CardDefinition.objects.filter(pk=self.card_id).values("game").first()
            token_game = TokenDefinition.objects.filter(pk=self.token_id).values("game").first()
            if card_game and token_game and card_game != token_game:
                errors["token"] = ["The token belongs to another game than the card."]
        if errors:
            raise ValidationError(errors)


class ReferenceCard(models.Model):
    """A card shipped with the tokens that is not a token: emblems (CR 114), dungeons (309),
    designations (the Monarch, Day/Night), bounties, bosses, events, counter and reminder helpers.
    Kept apart from TokenDefinition so that no token list ever shows one."""

    KINDS = (
        ("emblem", "Emblem"),
        ("dungeon", "Dungeon"),
        ("designation", "Designation"),
        ("bounty", "Bounty"),
        ("boss", "Boss"),
        ("event", "Event"),
        ("counter", "Counter helper"),
        ("helper", "Reminder card"),
    )

    slug = models.SlugField(max_length=160, unique=True, verbose_name=gettext_lazy("slug"))
    game = models.ForeignKey(
        Game,
        on_delete=models.PROTECT,
        related_name="reference_cards",
        verbose_name=gettext_lazy("game"),
    )
    kind = models.CharField(max_length=20, choices=KINDS, verbose_name=gettext_lazy("kind"))
    name = models.CharField(max_length=200, verbose_name=gettext_lazy("name"))
    type_line = models.CharField(max_length=200, blank=True, verbose_name=gettext_lazy("type line"))
    text = models.TextField(blank=True, verbose_name=gettext_lazy("text"))
    printings = models.JSONField(
        default=list,
        blank=True,
        help_text=gettext_lazy('[{"set_code", "collector_number", "picture_url"}]'),
        verbose_name=gettext_lazy("printings"),
    )
    creators: models.ManyToManyField[CardDefinition, ReferenceRelation] = models.ManyToManyField(
        CardDefinition,
        through="ReferenceRelation",
        related_name="reference_cards",
        blank=True,
        verbose_name=gettext_lazy("creators"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["game", "kind", "name"]
        verbose_name = gettext_lazy("reference card")
        verbose_name_plural = gettext_lazy("reference cards")

    def __str__(self) -> str:
        return f"{self.name} ({self.get_kind_display()})"


class ReferenceRelation(models.Model):
    """Card -> the reference card it brings along (a planeswalker's emblem, a venture's dungeon)."""

    card = models.ForeignKey(
        CardDefinition,
        on_delete=models.CASCADE,
        related_name="reference_relations",
        verbose_name=gettext_lazy("card"),
    )
    reference = models.ForeignKey(
        ReferenceCard,
        on_delete=models.CASCADE,
        related_name="creator_relations",
        verbose_name=gettext_lazy("reference"),
    )
    count = models.CharField(max_length=12, default="1", verbose_name=gettext_lazy("count"))
    attach = models.BooleanField(default=False, verbose_name=gettext_lazy("attach"))
    exclude_from_create_all = models.BooleanField(
        default=False, verbose_name=gettext_lazy("exclude from create all")
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["card", "reference"], name="refrel_unique_card_ref")
        ]
        verbose_name = gettext_lazy("reference relation")
        verbose_name_plural = gettext_lazy("reference relations")

    def __str__(self) -> str:
        return gettext("%(card)s brings %(reference)s") % {
            "card": self.card.name,
            "reference": self.reference.name,
        }


class SourceKey(models.Model):
    """An importer's stable id for a definition (a Cockatrice entry name with its trailing spaces,
    a Scryfall oracle id): re-importing a file upserts on it, so slugs never change."""

    source = models.CharField(max_length=20, verbose_name=gettext_lazy("source"))
    key = models.CharField(max_length=300, verbose_name=gettext_lazy("key"))
    token = models.ForeignKey(
        TokenDefinition,
        null=True,
        on_delete=models.CASCADE,
        related_name="source_keys",
        verbose_name=gettext_lazy("token"),
    )
    reference = models.ForeignKey(
        ReferenceCard,
        null=True,
        on_delete=models.CASCADE,
        related_name="source_keys",
        verbose_name=gettext_lazy("reference"),
    )
    matched = models.BooleanField(
        default=False,
        help_text=gettext_lazy(
            "Linked to a definition that existed (a seed token, another source's token): "
            "this source then never rewrites its characteristics."
        ),
        verbose_name=gettext_lazy("matched"),
    )

    class Meta:
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["source", "key"], name="sourcekey_unique"),
            models.CheckConstraint(
                condition=models.Q(token__isnull=True, reference__isnull=False)
                | models.Q(token__isnull=False, reference__isnull=True),
                name="sourcekey_one_target",
            ),
        ]
        verbose_name = gettext_lazy("source key")
        verbose_name_plural = gettext_lazy("source keys")

    def __str__(self) -> str:
        return f"{self.source}:{self.key}"


class RetiredSlug(models.Model):
    """The id of a deleted token or card: ids are never reused (a collection, a deck or a
    printed sheet may still name it), so a new record, an import or the seed never takes it."""

    KINDS = (("token", gettext_lazy("token")), ("card", gettext_lazy("card")))

    kind = models.CharField(max_length=8, choices=KINDS, verbose_name=gettext_lazy("kind"))
    slug = models.SlugField(max_length=160, verbose_name=gettext_lazy("id"))
    name = models.CharField(
        max_length=200,
        help_text=gettext_lazy("Its name when it was deleted."),
        verbose_name=gettext_lazy("name"),
    )
    retired_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("deleted at"))
    retired_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("deleted by"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["-retired_at"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["kind", "slug"], name="retired_slug_unique")
        ]
        verbose_name = gettext_lazy("retired id")
        verbose_name_plural = gettext_lazy("retired ids")

    def __str__(self) -> str:
        return f"{self.name} ({self.slug})"
