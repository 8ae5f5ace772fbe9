"""Garbage collection tuned for a server that keeps big, long-lived game states.

A table's state at 5,000 stacks is some 50,000 tracked objects, kept across requests by the
state cache (play/table/statecache.py). With CPython's default thresholds (700 allocations) an
action at that size ran one or two collections, and now and then a full one that walks every cached
state; bench/gc_tuning.py measures the difference (2026-11-25: 3-11% of an action's CPU time
at 1,000 to 5,000 stacks, collections from 1.5 per request to almost none). Two changes:

- What the process loaded before serving (modules, settings, URL patterns, templates) is moved
  out of the collector's reach (`gc.freeze`): it lives as long as the process, so walking it in
  every full collection finds nothing.
- Young collections run every `GC_GEN0_THRESHOLD` allocations instead of 700: a request's short
  cycles are freed a little later, and cached states are walked far less often.

10,000 rather than 50,000 (2026-11-26): at 50,000 each young collection walks so many objects
that the one request in twenty that meets it takes 5-15 ms longer, which lifted a catalogue
search's p95 from 16.6 to 20.0 ms (bench/search.py, `/search/?q=goblin` on PostgreSQL); at
10,000 the actions keep the gain (bench/gc_tuning.py: 0.95 and 0.83 of the default's CPU time
at 1,000 and 5,000 stacks, the collector's share 0.06-0.07 ms per request against 0.15-0.34).
"""

from __future__ import annotations

import gc
import os

DEFAULT_GEN0_THRESHOLD = 10_000


def tune_for_long_lived_state() -> None:
    """Call once the application is loaded, before serving. `GC_GEN0_THRESHOLD=0` keeps
    Python's defaults (and freezes nothing)."""
    threshold = int(os.environ.get("GC_GEN0_THRESHOLD", DEFAULT_GEN0_THRESHOLD))
    if threshold <= 0:
        return
    gc.collect()  # the garbage of start-up goes now, not frozen with the rest
    gc.freeze()
    _gen0, gen1, gen2 = gc.get_threshold()
    gc.set_threshold(threshold, gen1, gen2)
