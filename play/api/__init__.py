"""The tables API (docs/API.md, "Tables"): thin DRF views over play.table.services and
selectors."""

from __future__ import annotations
