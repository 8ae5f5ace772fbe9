"""What the site remembers about a player beyond the account itself."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy


def shortcut_settings_check(value: object) -> None:
    """The model's validator, importing the rules late: play.shortcuts imports this module."""
    from play.shortcuts import shortcut_settings_validate

    if value:
        shortcut_settings_validate(value)


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
    # The battlefield's single-key shortcuts, turned off or remapped (play/shortcuts.py); empty:
    # nothing saved yet, the browser's settings or the defaults apply.
    shortcuts = models.JSONField(
        default=dict,
        blank=True,
        validators=[shortcut_settings_check],
        help_text=gettext_lazy('Battlefield shortcuts: {"enabled": bool, "keys": {action: key}}.'),
        verbose_name=gettext_lazy("shortcuts"),
    )

    class Meta:
        verbose_name = gettext_lazy("profile")
        verbose_name_plural = gettext_lazy("profiles")

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'browser'})"
