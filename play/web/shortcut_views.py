"""Saving a signed-in player's battlefield shortcuts (play/web/shortcuts.py): one small JSON POST
from the help dialog, CSRF-protected like every POST, answered in the API's error envelope."""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_POST

from play.web.shortcuts import MAX_BYTES, shortcut_settings_save


def _error(status: int, code: str, detail: str) -> JsonResponse:
    return JsonResponse({"error": code, "detail": detail, "rule": None}, status=status)


@require_POST
def shortcut_settings(request: HttpRequest) -> JsonResponse:
    """Keep the posted settings on the player's profile; answer them as saved."""
    if not request.user.is_authenticated:
        return _error(403, "not_authenticated", "Log in to keep shortcuts with your account.")
    if request.content_type != "application/json":
        return _error(415, "unsupported_media_type", "Send the settings as application/json.")
    # The declared length first, so a large body is refused unread; then the body itself
    # (a chunked request declares none).
    declared = request.headers.get("Content-Length", "0")
    if not declared.isdigit() or int(declared) > MAX_BYTES or len(request.body) > MAX_BYTES:
        return _error(413, "too_large", f"Shortcut settings fit in {MAX_BYTES} bytes.")
    try:
        settings = json.loads(request.body)
    except (ValueError, UnicodeDecodeError):
        return _error(400, "invalid", "The settings are not valid JSON.")
    try:
        saved = shortcut_settings_save(user=request.user, settings=settings)
    except ValidationError as exc:
        return _error(400, "invalid", " ".join(exc.messages))
    return JsonResponse(saved)
