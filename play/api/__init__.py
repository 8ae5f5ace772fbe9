"""The tables API (../shared/API.md, "Tables"): thin DRF views over play.services and selectors."""

from __future__ import annotations
