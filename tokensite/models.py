"""What the site remembers about a player beyond the account itself."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


class Profile(models.Model):
    """A signed-in player's preferences; created the first time one is saved."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="profile",
        verbose_name=gettext_lazy("user"),
    )
    language = models.CharField(
        max_length=16,
        blank=True,
        default="",
        help_text=gettext_lazy(
            "The language the pages are shown in; empty: the browser's preference."
        ),
        verbose_name=gettext_lazy("language"),
    )
    # The battlefield's single-key shortcuts, turned off or remapped; empty: nothing saved yet,
    # the browser's settings or the defaults apply. Written only through
    # play.web.shortcuts.shortcut_settings_save, which validates them (the rules know the actions;
    # this app stays below play).
    shortcuts = models.JSONField(
        default=dict,
        blank=True,
        help_text=gettext_lazy('Battlefield shortcuts: {"enabled": bool, "keys": {action: key}}.'),
        verbose_name=gettext_lazy("shortcuts"),
    )

    class Meta:
        verbose_name = gettext_lazy("profile")
        verbose_name_plural = gettext_lazy("profiles")

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'browser'})"
