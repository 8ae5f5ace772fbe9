"""The table's invite strip: the invite and spectator links as full addresses, and the invite's
QR code, drawn here as SVG (segno) so a friend across the table scans it from the owner's screen.
Only whoever the table's state gives links to (its owner; players get the spectator link) sees
them.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import segno
from django.http import HttpRequest
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext


@dataclass(frozen=True)
class Invite:
    invite: str | None
    """The address a friend opens to take a free seat (None: the reader may not invite)."""
    spectate: str | None
    qr_svg: SafeString | None
    """The invite address as a QR code, inline SVG."""


def invite_qr_svg(url: str) -> SafeString:
    """``url`` as a QR code in SVG, scaled by CSS (a viewBox, no fixed size), its accessible
    name in a <title>. Medium error correction: scanned off a screen, often at an angle."""
    # segno escapes the title and draws the rest from the code's modules: no user text inside.
    return mark_safe(_qr_svg(url, gettext("QR code of the invite link")))


@lru_cache(maxsize=256)
def _qr_svg(url: str, title: str) -> str:
    # Drawn once per link and language (15-35 ms each, on every open of the table page): an
    # invite link stays the same until the owner rotates it.
    code = segno.make(url, error="m")
    svg = code.svg_inline(scale=4, border=2, omitsize=True, title=title, svgclass="invite-code")
    return str(svg.replace("<svg ", '<svg role="img" ', 1))


def invite_links(request: HttpRequest, links: dict[str, Any]) -> Invite | None:
    """The reader's links of this table as full addresses (None when they have none)."""
    invite = links.get("invite")
    spectate = links.get("spectate")
    if not invite and not spectate:
        return None
    invite_url = request.build_absolute_uri(reverse("play-join", args=[invite])) if invite else None
    spectate_url = (
        request.build_absolute_uri(reverse("play-spectate", args=[spectate])) if spectate else None
    )
    return Invite(
        invite=invite_url,
        spectate=spectate_url,
        qr_svg=invite_qr_svg(invite_url) if invite_url else None,
    )
