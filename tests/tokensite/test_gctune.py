from __future__ import annotations

import gc
import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tokensite import gctune


@pytest.fixture
def restored_gc() -> Iterator[None]:
    thresholds = gc.get_threshold()
    yield
    gc.set_threshold(*thresholds)


def test_the_server_freezes_what_it_loaded_and_collects_young_objects_less_often(
    restored_gc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("GC_GEN0_THRESHOLD", raising=False)
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    gctune.tune_for_long_lived_state()
    assert gc.get_freeze_count() > 0
    assert gc.get_threshold() == (gctune.DEFAULT_GEN0_THRESHOLD, 10, 10)


def test_a_zero_threshold_keeps_pythons_defaults(
    restored_gc: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GC_GEN0_THRESHOLD", "0")
    gc.unfreeze()
    gc.set_threshold(700, 10, 10)
    gctune.tune_for_long_lived_state()
    assert gc.get_freeze_count() == 0
    assert gc.get_threshold() == (700, 10, 10)


@pytest.mark.parametrize("module", ["tokensite.asgi", "tokensite.wsgi"])
def test_the_served_application_is_tuned_once_loaded(module: str) -> None:
    """In a process of its own, as a server loads it (this one's collector is shared)."""
    code = f"import gc, {module}; print(gc.get_threshold()[0], gc.get_freeze_count() > 0)"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tokensite.settings"}
    env.pop("GC_GEN0_THRESHOLD", None)
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == [str(gctune.DEFAULT_GEN0_THRESHOLD), "True"]
