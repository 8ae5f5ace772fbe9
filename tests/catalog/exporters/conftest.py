from __future__ import annotations

from tests.catalog.importers.conftest import cockatrice_file, shared_data

__all__ = ["cockatrice_file", "shared_data"]
