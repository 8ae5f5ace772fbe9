"""The API's token authentication: DRF's, with its one read compiled once (tokensite/compiled.py).

Every API request with a token reads it with its user; compiling that select_related read was
most of its cost (issue 36). What is accepted and refused is DRF's, unchanged.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from tokensite.compiled import CompiledQuery

_TOKEN = CompiledQuery(
    Token, "key", lambda key: Token.objects.select_related("user").filter(key=key)
)


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Any]:
        try:
            token = _TOKEN.get(key)
        except Token.DoesNotExist:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        return token.user, token
