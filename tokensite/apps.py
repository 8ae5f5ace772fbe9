from __future__ import annotations

import sys
from typing import Any

from django.apps import AppConfig
from django.core.signals import got_request_exception
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections


def _trip_on_lost_connection(sender: Any, request: Any = None, **kwargs: Any) -> None:
    """A request failed on a connection the server dropped (a restart mid-request): the
    database circuit opens then, not only at the next connect (tokensite/circuit.py)."""
    from tokensite import circuit

    exc = sys.exc_info()[1]
    if isinstance(exc, DatabaseError) and circuit.connection_lost(
        exc, connections[DEFAULT_DB_ALIAS]
    ):
        circuit.database.trip(f"a request's connection was lost ({type(exc).__name__})")


class TokensiteConfig(AppConfig):
    name = "tokensite"

    def ready(self) -> None:
        from tokensite import circuit

        circuit.install()
        got_request_exception.connect(_trip_on_lost_connection, dispatch_uid="circuit-trip")
