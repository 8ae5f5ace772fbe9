"""The PostgreSQL pool's connections, made through the database circuit (tokensite/circuit.py):
the pool connects in threads of its own and retries with backoff, so a request waiting in it
would learn of a lost server only at the pool's timeout; a failed connect of the pool opens the
circuit at once (which closes the pool, failing whoever waits in it)."""

from __future__ import annotations

from typing import Any

import psycopg

from tokensite import circuit


class CircuitConnection(psycopg.Connection[Any]):
    @classmethod
    def connect(cls, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().connect(*args, **kwargs)
        except psycopg.OperationalError as exc:
            circuit.database.trip(f"the pool could not connect ({type(exc).__name__})")
            raise
