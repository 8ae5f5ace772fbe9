"""Importers: one module per format parses a file into plain records (catalog.importers.records,
no database); one write path (catalog.importers.upsert) puts them in the catalogue, idempotently
and atomically; catalog.importers.formats.import_file ties the two together."""

from __future__ import annotations
