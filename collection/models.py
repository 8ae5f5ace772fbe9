"""What a player owns (cards and tokens) and their decks, with the tokens pinned to a table.

Everything here belongs to one user; selectors filter by owner so nobody else ever sees it.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy

from catalog.models import CardDefinition, Game, TokenDefinition

MAX_QUANTITY = 9999


class Finish(models.TextChoices):
    NORMAL = "normal", "Normal"
    FOIL = "foil", "Foil"
    ETCHED = "etched", "Etched"


class Condition(models.TextChoices):
    NEAR_MINT = "near_mint", "Near mint"
    LIGHTLY_PLAYED = "lightly_played", "Lightly played"
    MODERATELY_PLAYED = "moderately_played", "Moderately played"
    HEAVILY_PLAYED = "heavily_played", "Heavily played"
    DAMAGED = "damaged", "Damaged"


class Section(models.TextChoices):
    """Deck sections: MTG main / sideboard / commander (+ companion, maybeboard); Riftbound legend,
    champion, battlefields, runes. The same names the decklist parser gives (catalog.decklists)."""

    MAIN = "main", "Main deck"
    SIDEBOARD = "sideboard", "Sideboard"
    COMMANDER = "commander", "Commander"
    COMPANION = "companion", "Companion"
    MAYBEBOARD = "maybeboard", "Maybeboard"
    ATTRACTIONS = "attractions", "Attractions"
    STICKERS = "stickers", "Stickers"
    TOKENS = "tokens", "Tokens"
    LEGEND = "legend", "Legend"
    CHAMPION = "champion", "Champion"
    BATTLEFIELDS = "battlefields", "Battlefields"
    RUNES = "runes", "Runes"


class CollectionItem(models.Model):
    """Copies of one card or one token a user owns, in one printing, finish and condition."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="collection_items",
        verbose_name=gettext_lazy("owner"),
    )
    card = models.ForeignKey(
        CardDefinition,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="owned",
        verbose_name=gettext_lazy("card"),
    )
    token = models.ForeignKey(
        TokenDefinition,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="owned",
        verbose_name=gettext_lazy("token"),
    )
    quantity = models.PositiveIntegerField(default=1, verbose_name=gettext_lazy("quantity"))
    set_code = models.CharField(max_length=16, blank=True, verbose_name=gettext_lazy("set code"))
    collector_number = models.CharField(
        max_length=16, blank=True, verbose_name=gettext_lazy("collector number")
    )
    finish = models.CharField(
        max_length=8,
        choices=Finish.choices,
        default=Finish.NORMAL,
        verbose_name=gettext_lazy("finish"),
    )
    condition = models.CharField(
        max_length=20,
        choices=Condition.choices,
        default=Condition.NEAR_MINT,
        verbose_name=gettext_lazy("condition"),
    )
    notes = models.CharField(max_length=500, blank=True, verbose_name=gettext_lazy("notes"))
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("updated at"))

    class Meta:
        ordering: ClassVar[list[str]] = ["owner", "id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(
                condition=Q(card__isnull=True, token__isnull=False)
                | Q(card__isnull=False, token__isnull=True),
                name="collection_item_card_or_token",
                violation_error_message="An item is either a card or a token.",
            ),
            models.UniqueConstraint(
                fields=["owner", "card", "set_code", "collector_number", "finish", "condition"],
                condition=Q(card__isnull=False),
                name="collection_unique_card_printing",
            ),
            models.UniqueConstraint(
                fields=["owner", "token", "set_code", "collector_number", "finish", "condition"],
                condition=Q(token__isnull=False),
                name="collection_unique_token_printing",
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [models.Index(fields=["owner", "card"])]
        verbose_name = gettext_lazy("collection item")
        verbose_name_plural = gettext_lazy("collection items")

    def __str__(self) -> str:
        return f"{self.quantity} x {self.card_id or self.token_id}"

    def clean(self) -> None:
        if self.quantity < 1 or self.quantity > MAX_QUANTITY:
            raise ValidationError({"quantity": f"Use a quantity from 1 to {MAX_QUANTITY}."})
        self.set_code = self.set_code.strip().upper()
        self.collector_number = self.collector_number.strip()

    @property
    def game_id(self) -> str:
        item = self.card if self.card_id else self.token
        return item.game_id if item is not None else ""


class Deck(models.Model):
    """A user's deck: the pasted list (kept as written), its matched cards and unknown names."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="decks",
        verbose_name=gettext_lazy("owner"),
    )
    name = models.CharField(max_length=120, verbose_name=gettext_lazy("name"))
    game = models.ForeignKey(
        Game, on_delete=models.PROTECT, related_name="decks", verbose_name=gettext_lazy("game")
    )
    decklist = models.TextField(
        blank=True,
        help_text=gettext_lazy("The list as pasted."),
        verbose_name=gettext_lazy("decklist"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))
    updated_at = models.DateTimeField(auto_now=True, verbose_name=gettext_lazy("updated at"))

    class Meta:
        ordering: ClassVar[list[str]] = ["-updated_at", "id"]
        indexes: ClassVar[list[models.Index]] = [models.Index(fields=["owner", "-updated_at"])]
        verbose_name = gettext_lazy("deck")
        verbose_name_plural = gettext_lazy("decks")

    def __str__(self) -> str:
        return self.name


class DeckEntry(models.Model):
    """One decklist line that matched a card; the printing as written is kept, not matched on."""

    deck = models.ForeignKey(
        Deck, on_delete=models.CASCADE, related_name="entries", verbose_name=gettext_lazy("deck")
    )
    card = models.ForeignKey(
        CardDefinition,
        on_delete=models.PROTECT,
        related_name="deck_entries",
        verbose_name=gettext_lazy("card"),
    )
    count = models.PositiveIntegerField(verbose_name=gettext_lazy("count"))
    section = models.CharField(
        max_length=16,
        choices=Section.choices,
        default=Section.MAIN,
        verbose_name=gettext_lazy("section"),
    )
    line = models.PositiveIntegerField(
        help_text=gettext_lazy("Line number in the pasted list."), verbose_name=gettext_lazy("line")
    )
    set_code = models.CharField(max_length=16, blank=True, verbose_name=gettext_lazy("set code"))
    collector_number = models.CharField(
        max_length=16, blank=True, verbose_name=gettext_lazy("collector number")
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["deck", "line", "id"]
        verbose_name = gettext_lazy("deck entry")
        verbose_name_plural = gettext_lazy("deck entries")

    def __str__(self) -> str:
        return f"{self.count} {self.card_id} ({self.section})"


class DeckUnknown(models.Model):
    """A decklist line whose name matched no card (or that could not be read): never dropped."""

    deck = models.ForeignKey(
        Deck, on_delete=models.CASCADE, related_name="unknown", verbose_name=gettext_lazy("deck")
    )
    line = models.PositiveIntegerField(verbose_name=gettext_lazy("line"))
    name = models.CharField(max_length=300, verbose_name=gettext_lazy("name"))
    count = models.PositiveIntegerField(default=1, verbose_name=gettext_lazy("count"))
    section = models.CharField(max_length=16, blank=True, verbose_name=gettext_lazy("section"))
    suggestions = models.JSONField(
        default=list, blank=True, verbose_name=gettext_lazy("suggestions")
    )
    problem = models.CharField(
        max_length=300,
        blank=True,
        help_text=gettext_lazy("Set when the line could not be read at all."),
        verbose_name=gettext_lazy("problem"),
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["deck", "line", "id"]
        verbose_name = gettext_lazy("deck unknown")
        verbose_name_plural = gettext_lazy("deck unknowns")

    def __str__(self) -> str:
        return f"line {self.line}: {self.name}"


class TablePin(models.Model):
    """The tokens pinned in a table's battlefield palette, when the table was started from a deck.
    Kept here, keyed by the table, so the tables app needs no field for it."""

    table = models.OneToOneField(
        "play.Table",
        on_delete=models.CASCADE,
        related_name="pinned_tokens",
        verbose_name=gettext_lazy("table"),
    )
    deck = models.ForeignKey(
        Deck,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="tables",
        verbose_name=gettext_lazy("deck"),
    )
    tokens = models.JSONField(
        default=list,
        help_text=gettext_lazy("Token ids, in palette order."),
        verbose_name=gettext_lazy("tokens"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=gettext_lazy("created at"))

    class Meta:
        verbose_name = gettext_lazy("table pin")
        verbose_name_plural = gettext_lazy("table pins")

    def __str__(self) -> str:
        return f"{len(self.tokens)} tokens pinned on {self.table_id}"
