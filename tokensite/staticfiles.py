"""Static files storage for DEBUG=0: whitenoise's compressed manifest storage that never fails a
page over a file its manifest lacks."""

from __future__ import annotations

import logging
from typing import Any

from whitenoise.storage import CompressedManifestStaticFilesStorage

log = logging.getLogger(__name__)


class ForgivingManifestStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """A manifest collected under other settings (or none, or an older one) made every page
    that links a missing entry a 500. Such a name links unhashed instead, which is where
    `collectstatic` under any settings puts the file, and the log says to collect again."""

    manifest_strict = False

    def hashed_name(self, name: str, content: Any = None, filename: str | None = None) -> str:
        try:
            return str(super().hashed_name(name, content, filename))
        except ValueError:
            log.warning("static file %s is not in the manifest: run collectstatic", name)
            return name
