"""Magic: The Gathering rules kernel."""

from __future__ import annotations

RULES_EDITION = "2026-09-25"
"""The Comprehensive Rules edition the kernel follows (effective September 25, 2026): rule
numbers cited in events and errors are that edition's."""
