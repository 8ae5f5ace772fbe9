"""A local server shaped like Scryfall's search API (`/cards/search` in pages of 175 with
`has_more` and `next_page`, `/bulk-data` for the reachability check), serving synthetic tokens
and token makers sized like real card objects. Used by the fetch tests and bench/fetch_tokens.py.
"""

from __future__ import annotations

import json
import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlencode, urlsplit

PAGE_SIZE = 175
KINDS = ("Goblin", "Soldier", "Spirit", "Zombie", "Elf Warrior", "Insect", "Saproling", "Thopter")
COLORS = {
    "Goblin": "R",
    "Soldier": "W",
    "Spirit": "W",
    "Zombie": "B",
    "Elf Warrior": "G",
    "Insect": "G",
    "Saproling": "G",
    "Thopter": "",
}
LEGALITIES = {f: "legal" for f in ("standard", "modern", "legacy", "vintage", "commander")}
COLOR_WORDS = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "": "colorless"}


def _uuid(*parts: object) -> str:
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "/".join(map(str, parts))))


def _images(printing_id: str) -> dict[str, str]:
    url = "https://cards.scryfall.io/{}/front/" + f"{printing_id[0]}/{printing_id}.jpg"
    return {s: url.format(s) for s in ("small", "normal", "large", "png", "art_crop")}


def _common(printing_id: str, n: int, set_code: str) -> dict[str, Any]:
    return {
        "object": "card",
        "id": printing_id,
        "lang": "en",
        "released_at": "2024-01-01",
        "uri": f"https://api.scryfall.com/cards/{printing_id}",
        "image_uris": _images(printing_id),
        "legalities": LEGALITIES,
        "games": ["paper", "mtgo"],
        "set": set_code,
        "set_name": f"Synthetic {set_code}",
        "collector_number": str(n),
        "rarity": "common",
        "artist": f"Artist {n % 40}",
        "flavor_text": "A synthetic card, sized like a real one. " * 3,
        "prices": {"usd": "0.10", "eur": "0.08", "tix": "0.01"},
        "related_uris": {"gatherer": f"https://gatherer.wizards.com/{n}"},
    }


def token_kind(n: int) -> tuple[str, int, int]:
    """(subtype, power, toughness) of synthetic token n: several tokens share a kind."""
    kind = KINDS[n % len(KINDS)]
    return kind, 1 + n // len(KINDS) % 4, 1 + n // len(KINDS) % 3


def token(n: int, printing: int = 0) -> dict[str, Any]:
    kind, power, toughness = token_kind(n)
    color = COLORS[kind]
    printing_id = _uuid("token", n, printing)
    return {
        **_common(printing_id, n, f"t{printing:03d}"),
        "oracle_id": _uuid("token-oracle", n),
        "name": kind,
        "layout": "token",
        "type_line": f"Token {'Artifact ' if kind == 'Thopter' else ''}Creature — {kind}",
        "oracle_text": "Flying" if kind in ("Spirit", "Thopter") else "",
        "power": str(power),
        "toughness": str(toughness),
        "colors": [color] if color else [],
        "keywords": ["Flying"] if kind in ("Spirit", "Thopter") else [],
        "all_parts": [
            {
                "object": "related_card",
                "id": _uuid("maker", n),
                "component": "combo_piece",
                "name": f"Maker {n}",
                "type_line": "Creature — Human",
            }
        ],
    }


def maker(n: int, tokens: int) -> dict[str, Any]:
    """Card n makes token n % tokens (its first printing) when it enters."""
    made = n % tokens
    kind, power, toughness = token_kind(made)
    color = COLORS[kind]
    flying = " with flying" if kind in ("Spirit", "Thopter") else ""
    words = f"{COLOR_WORDS[color]} {kind}{' artifact' if kind == 'Thopter' else ''}"
    return {
        **_common(_uuid("maker", n), n, "mkr"),
        "oracle_id": _uuid("maker-oracle", n),
        "name": f"Maker {n}",
        "layout": "normal",
        "type_line": "Creature — Human",
        "mana_cost": "{2}{W}",
        "cmc": 3.0,
        "oracle_text": f"When this creature enters, create a {power}/{toughness} {words} "
        f"creature token{flying}.",
        "power": "2",
        "toughness": "2",
        "colors": ["W"],
        "keywords": [],
        "all_parts": [
            {
                "object": "related_card",
                "id": _uuid("token", made, 0),
                "component": "token",
                "name": kind,
                "type_line": f"Token Creature — {kind}",
            }
        ],
    }


class FakeScryfall(ThreadingHTTPServer):
    tokens: list[dict[str, Any]]
    makers: list[dict[str, Any]]
    requests: list[str]

    def base(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class Handler(BaseHTTPRequestHandler):
    server: FakeScryfall

    def do_GET(self) -> None:
        self.server.requests.append(self.path)
        url = urlsplit(self.path)
        if url.path == "/bulk-data":
            return self._json({"object": "list", "data": []})
        if url.path != "/cards/search":
            return self._json({"object": "error", "code": "not_found"}, 404)
        params = {k: v[0] for k, v in parse_qs(url.query).items()}
        q = params.get("q", "")
        cards = self.server.makers if "-t:token" in q else self.server.tokens
        page = int(params.get("page", "1"))
        found = cards[(page - 1) * PAGE_SIZE : page * PAGE_SIZE]
        if not found:
            return self._json({"object": "error", "code": "not_found"}, 404)
        more = page * PAGE_SIZE < len(cards)
        body: dict[str, Any] = {"object": "list", "total_cards": len(cards), "has_more": more}
        if more:
            body["next_page"] = f"{self.server.base()}/cards/search?" + urlencode(
                {**params, "page": page + 1}
            )
        body["data"] = found
        return self._json(body)

    def _json(self, body: Any, status: int = 200) -> None:
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: Any) -> None:
        pass


@contextmanager
def serving(tokens: int, printings: int, makers: int) -> Iterator[FakeScryfall]:
    """A server with `tokens` tokens of `printings` printings each and `makers` makers."""
    httpd = FakeScryfall(("127.0.0.1", 0), Handler)
    httpd.tokens = [token(n, p) for p in range(printings) for n in range(tokens)]
    httpd.makers = [maker(n, tokens) for n in range(makers)]
    httpd.requests = []
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
