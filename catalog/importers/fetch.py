"""Download Scryfall's bulk data the way their guidelines ask (https://scryfall.com/docs/api):
an identifying User-Agent and an Accept header on every request, the bulk-data listing to find the
file, one bulk file rather than per-card calls. The file is streamed to a temporary file (gzip
decoded on the fly), so memory does not grow with its size; the importer then streams it too."""

from __future__ import annotations

import json
import tempfile
import urllib.error
import urllib.request
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from catalog.importers.records import ImportFailed

SCRYFALL_API = "https://api.scryfall.com"
USER_AGENT = "Tokensite/0.1 (token catalogue import; bulk data only)"
ACCEPT = "application/json;q=0.9,*/*;q=0.8"
BULK_TYPES = ("oracle_cards", "default_cards", "unique_artwork", "all_cards")
CHUNK = 256 * 1024
TIMEOUT = 30

Progress = Callable[[int, int], None]


def _open(url: str) -> Any:
    if urlsplit(url).scheme not in ("http", "https"):
        raise ImportFailed(f"{url}: only http and https addresses can be fetched")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": ACCEPT})
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT)
    except urllib.error.HTTPError as exc:
        raise ImportFailed(f"{url} answered HTTP {exc.code} {exc.reason}") from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        reason = getattr(exc, "reason", exc)
        host = urlsplit(url).netloc
        raise ImportFailed(
            f"cannot reach {host} ({reason}): no network, or the address is wrong. "
            "Nothing was downloaded; try again when online, or import a downloaded file with "
            "import_catalog."
        ) from None


def bulk_file_url(api_base: str, bulk_type: str) -> str:
    """The download address of one bulk file, from the bulk-data listing."""
    with _open(f"{api_base.rstrip('/')}/bulk-data") as response:
        try:
            listing = json.loads(response.read())
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise ImportFailed(f"{api_base}/bulk-data did not answer JSON") from None
    entries = listing.get("data") if isinstance(listing, dict) else None
    if not isinstance(entries, list):
        raise ImportFailed(f"{api_base}/bulk-data: expected a list object with data[]")
    for entry in entries:
        if isinstance(entry, dict) and entry.get("type") == bulk_type:
            url = entry.get("download_uri")
            if isinstance(url, str) and url:
                return url
    offered = sorted(str(e.get("type")) for e in entries if isinstance(e, dict))
    raise ImportFailed(f"no {bulk_type} bulk file offered (offered: {', '.join(offered)})")


def download(url: str, directory: Path, progress: Progress | None = None) -> Path:
    """Stream `url` into a new file in `directory` and return its path (deleted on error)."""
    handle = tempfile.NamedTemporaryFile(
        dir=directory, prefix="scryfall-", suffix=".json", delete=False
    )
    target = Path(handle.name)
    try:
        with handle, _open(url) as response:
            total = int(response.headers.get("Content-Length") or 0)
            gzipped = response.headers.get("Content-Encoding", "").lower() == "gzip"
            inflate = zlib.decompressobj(wbits=47) if gzipped else None
            done = 0
            while chunk := response.read(CHUNK):
                done += len(chunk)
                handle.write(inflate.decompress(chunk) if inflate else chunk)
                if progress is not None and total:
                    progress(done, total)
            if inflate is not None:
                handle.write(inflate.flush())
            if total and done < total:
                raise ImportFailed(f"the download stopped after {done} of {total} bytes")
    except (OSError, zlib.error) as exc:
        target.unlink(missing_ok=True)
        raise ImportFailed(f"the download of {url} failed: {exc}") from None
    except BaseException:
        target.unlink(missing_ok=True)
        raise
    return target
