"""Static files storage for DEBUG=0: whitenoise's compressed manifest storage that never fails a
page over a file its manifest lacks."""

from __future__ import annotations

import logging

from django.contrib.staticfiles import finders
from whitenoise.storage import CompressedManifestStaticFilesStorage

log = logging.getLogger(__name__)


class ForgivingManifestStorage(CompressedManifestStaticFilesStorage):  # type: ignore[misc]
    """A manifest collected under other settings (or none, or an older one) made every page
    that links a missing entry a 500. Such a name links unhashed instead, which is where
    `collectstatic` under any settings puts the file, and the log says to collect again."""

    manifest_strict = False

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        self.reported: set[str] = set()

    def stored_name(self, name: str) -> str:
        # Only where a page asks for a URL: `collectstatic` (post_process) still fails loudly.
        try:
            return str(super().stored_name(name))
        except ValueError:
            # Whitenoise asks at start-up for the unhashed name of every file whose name looks
            # hashed ("bootstrap.min.css.map" -> "bootstrap.min.map"): names of no file, which
            # said nothing but made 20 log lines per process. Only a real file is worth a line,
            # once.
            if name not in self.reported and finders.find(name):
                self.reported.add(name)
                log.warning("static file %s is not in the manifest: run collectstatic", name)
            return name
