"""The battlefield's single-key shortcuts (WCAG 2.1.4): the one declaration of what
they do and their default keys, and a signed-in player's settings (turned off, remapped), kept
on their profile so they follow the player to another browser. Guests and anonymous visitors
keep theirs in the browser (static/js/shortcut-store.js).

Settings are `{"enabled": bool, "keys": {action: key}}`; a key is one printable character, or
"" for "this shortcut is off"; an action not in `keys` keeps its default.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy

from tokensite.models import Profile

# (what, default key, what it does). The page's buttons name theirs with data-shortcut.
SHORTCUTS = [
    ("next", "n", gettext_lazy("Next step")),
    ("pass", "p", gettext_lazy("Pass the turn")),
    ("undo", "u", gettext_lazy("Undo the last action")),
    ("untap-all", "a", gettext_lazy("Untap (ready) all of the active player's permanents")),
    ("create", "c", gettext_lazy("Create tokens: the quantity, then Tab to the token")),
    ("search", "/", gettext_lazy("Search tokens and cards")),
    ("help", "?", gettext_lazy("This help")),
    # The command line and the questions it answers (play/table/commands.py).
    ("command", "k", gettext_lazy("Type a command (“3 treasure”, “attack ben with 10 goblin”)")),
    ("ask-life", "l", gettext_lazy("Say each player's life and counters")),
    ("ask-combat", "b", gettext_lazy("Say what is attacking and blocking")),
    ("ask-stack", "s", gettext_lazy("Say the stack with focus")),
    ("ask-last", "w", gettext_lazy("Say what the last action did, with its rules")),
    ("ask-pending", "q", gettext_lazy("Say what is pending and whose choice it is")),
    ("repeat", "r", gettext_lazy("Repeat the last announcement")),
]
DEFAULT_KEYS = {action: key for action, key, _does in SHORTCUTS}
# Keys the page keeps for itself, whatever the settings: the palette's quick counts (1 2 3 5 0)
# and "again" (.). A shortcut on one of them would never act.
RESERVED_KEYS = frozenset("12350.")
MAX_BYTES = 1024  # a request body larger than any valid settings is refused unread


def shortcut_settings_validate(value: Any) -> None:
    """Raise ValidationError unless `value` is settings as described above: known actions only,
    single printable keys (no space), none reserved, and no key doing two things."""
    if not isinstance(value, dict) or set(value) - {"enabled", "keys"}:
        raise ValidationError(
            gettext('Settings are {"enabled": true|false, "keys": {action: key}}.')
        )
    if not isinstance(value.get("enabled", True), bool):
        raise ValidationError(gettext('"enabled" is true or false.'))
    keys = value.get("keys", {})
    if not isinstance(keys, dict):
        raise ValidationError(gettext('"keys" maps actions to keys.'))
    unknown = sorted(set(keys) - set(DEFAULT_KEYS))
    if unknown:
        raise ValidationError(
            gettext("Unknown shortcut: %(names)s.") % {"names": ", ".join(unknown)}
        )
    for action, key in keys.items():
        if not isinstance(key, str) or len(key) > 1 or (key and not _printable(key)):
            raise ValidationError(
                gettext("The key for %(action)s is one printable character, or none.")
                % {"action": action}
            )
        if key in RESERVED_KEYS:
            raise ValidationError(
                gettext("“%(key)s” is kept for quick counts and “again”.") % {"key": key}
            )
    effective = [key for key in (DEFAULT_KEYS | keys).values() if key]
    clashes = sorted({key for key in effective if effective.count(key) > 1})
    if clashes:
        raise ValidationError(
            gettext("One key, two shortcuts: %(keys)s.") % {"keys": ", ".join(clashes)}
        )


def _printable(key: str) -> bool:
    return key.isprintable() and not key.isspace()


def shortcut_settings_for(*, user: AbstractBaseUser | AnonymousUser) -> dict[str, Any] | None:
    """A signed-in player's saved settings, or None (anonymous, or nothing saved yet: the page
    then keeps the browser's)."""
    if not user.is_authenticated:
        return None
    saved = Profile.objects.filter(user_id=user.pk).values_list("shortcuts", flat=True).first()
    return saved or None


def shortcut_settings_save(*, user: AbstractBaseUser, settings: Any) -> dict[str, Any]:
    """Keep `settings` on the player's profile (created on first save); ValidationError when
    they are not valid, and then nothing is written."""
    shortcut_settings_validate(settings)  # before anything is written
    clean = {"enabled": settings.get("enabled", True), "keys": dict(settings.get("keys", {}))}
    # update_or_create: two first saves at once (two tabs) make one profile, not an
    # IntegrityError; the language, if saved, is kept.
    Profile.objects.update_or_create(user_id=user.pk, defaults={"shortcuts": clean})
    return clean
