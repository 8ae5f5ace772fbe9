"""Imported pictures for proxies: fetched once from an allowed host into the default storage.

An imported file names picture addresses; printing must not make the server fetch whatever an
address says. Only hosts listed in the environment variable ART_FETCH_HOSTS (comma-separated
`host` or `host:port`; a host alone allows any port) are fetched, over http(s), with a size and a
time limit, and a redirect is followed only to an allowed host. The picture is stored under a
name derived from its address, in two sizes (print and tile), so each is fetched once; a picture
that cannot be fetched (offline, refused, not an image) prints the card without it.
"""

from __future__ import annotations

import hashlib
import os
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from io import BytesIO
from typing import Any
from urllib.parse import urlsplit

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage

DEFAULT_HOSTS = "cards.scryfall.io"
MAX_BYTES = 10 * 1024 * 1024
TIMEOUT_SECONDS = 10.0
JOB_BUDGET_SECONDS = 30.0  # all of one print's fetches; later cards print without a picture
FAILURE_MEMORY_SECONDS = 600.0  # an address that failed is not retried for this long
USER_AGENT = "Tokensite/0.1 (proxy printing; one fetch per picture)"
FOLDER = "token-art/fetched"
# Long side in pixels: the print size covers the art box (55 mm) at 300 dpi with room for a
# crop; the tile size is what the catalogue's cards show.
SIZES = {"print": 1400, "tile": 480}

_failed: dict[str, float] = {}


class ArtFetchError(Exception):
    pass


def allowed_hosts() -> list[tuple[str, int | None]]:
    """(host, port or None for any port) from ART_FETCH_HOSTS."""
    hosts: list[tuple[str, int | None]] = []
    for entry in os.environ.get("ART_FETCH_HOSTS", DEFAULT_HOSTS).split(","):
        entry = entry.strip().lower()
        if not entry:
            continue
        host, _, port = entry.partition(":")
        hosts.append((host, int(port) if port.isdigit() else None))
    return hosts


def is_allowed(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return False
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return False
    host = parts.hostname.lower()
    return any(host == h and (p is None or p == port) for h, p in allowed_hosts())


class _AllowedRedirects(urllib.request.HTTPRedirectHandler):
    """Follow a redirect only to an allowed host: a listed host must not bounce the server to an
    address the list does not name."""

    def redirect_request(
        self, req: Any, fp: Any, code: int, msg: str, headers: Any, newurl: str
    ) -> Any:
        if not is_allowed(newurl):
            raise ArtFetchError(f"redirect to a host not in ART_FETCH_HOSTS: {newurl}")
        return super().redirect_request(req, fp, code, msg, headers, newurl)


_opener = urllib.request.build_opener(_AllowedRedirects)


def download(url: str, timeout: float = TIMEOUT_SECONDS) -> bytes:
    """The bytes at `url`, if its host is allowed and it is at most MAX_BYTES."""
    if not is_allowed(url):
        raise ArtFetchError(f"host not in ART_FETCH_HOSTS: {urlsplit(url).netloc}")
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "image/*"})
    deadline = time.monotonic() + timeout
    try:
        with _opener.open(request, timeout=timeout) as response:
            declared = response.headers.get("Content-Length")
            if declared and declared.isdigit() and int(declared) > MAX_BYTES:
                raise ArtFetchError(f"{url}: {declared} bytes, over the {MAX_BYTES} limit")
            chunks: list[bytes] = []
            size = 0
            while chunk := response.read(64 * 1024):
                size += len(chunk)
                if size > MAX_BYTES:
                    raise ArtFetchError(f"{url}: over the {MAX_BYTES} byte limit")
                if time.monotonic() > deadline:
                    raise ArtFetchError(f"{url}: slower than {timeout:g} s")
                chunks.append(chunk)
    except (urllib.error.URLError, TimeoutError, OSError, ValueError) as exc:
        raise ArtFetchError(f"{url}: {getattr(exc, 'reason', exc)}") from None
    return b"".join(chunks)


def stored_name(url: str, size: str) -> str:
    digest = hashlib.sha256(url.encode()).hexdigest()[:32]
    return f"{FOLDER}/{digest}-{size}.jpg"


def _resized(data: bytes) -> dict[str, bytes]:
    """The picture as JPEG in each of SIZES (never enlarged); ArtFetchError if not an image."""
    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = 40_000_000  # a picture larger than this is not a card's art
    try:
        with Image.open(BytesIO(data)) as image:
            image.load()
            rgb = image.convert("RGB")
    except (UnidentifiedImageError, OSError, Image.DecompressionBombError) as exc:
        raise ArtFetchError(f"not an image: {exc}") from None
    out: dict[str, bytes] = {}
    for name, longest in SIZES.items():
        copy = rgb.copy()
        copy.thumbnail((longest, longest))
        buffer = BytesIO()
        copy.save(buffer, "JPEG", quality=88, optimize=True)
        out[name] = buffer.getvalue()
    return out


def stored_copy(url: str, size: str = "tile") -> str | None:
    """The storage name of the copy of `url` at `size`, if it is stored (nothing is fetched)."""
    if not url:
        return None
    name = stored_name(url, size)
    try:
        return name if default_storage.exists(name) else None
    except OSError:
        return None


@dataclass
class Budget:
    """The time one print may spend fetching pictures."""

    seconds: float = JOB_BUDGET_SECONDS

    def __post_init__(self) -> None:
        self.ends = time.monotonic() + self.seconds

    def left(self) -> float:
        return self.ends - time.monotonic()


def fetched_art(url: str, budget: Budget | None = None) -> str | None:
    """The storage name of the print-size copy of the picture at `url`, fetched now if it is not
    stored yet; None when it cannot be had (not allowed, offline, too big, not an image)."""
    name = stored_name(url, "print")
    try:
        if default_storage.exists(name):
            return name
    except OSError:
        return None
    failed_at = _failed.get(url)
    if failed_at is not None and time.monotonic() - failed_at < FAILURE_MEMORY_SECONDS:
        return None
    left = budget.left() if budget is not None else TIMEOUT_SECONDS
    if left <= 0 or not is_allowed(url):
        return None
    try:
        sizes = _resized(download(url, timeout=min(TIMEOUT_SECONDS, left)))
    except ArtFetchError:
        _failed[url] = time.monotonic()
        return None
    for size, data in sizes.items():
        if not default_storage.exists(stored_name(url, size)):
            default_storage.save(stored_name(url, size), ContentFile(data))
    return name
