"""One line per token-making entry, as the card page, the battlefield panel, the create palette
and the admin show it: "{T}: X Goblins, X = Goblins you control", with "→ 7" when a table
counted it."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

WHEN = {
    "enters": "When it enters",
    "dies": "When it dies",
    "attacks": "Whenever it attacks",
    "upkeep": "At the beginning of your upkeep",
    "end_step": "At the beginning of the end step",
}


def _token_words(token: dict[str, Any]) -> str:
    count = token.get("count")
    copy_of = token.get("copy_of")
    if copy_of:
        what = {
            "self": _("a copy of it"),
            "target": _("a copy of the target"),
        }.get(str(copy_of), _("a copy"))
        return what if count in (1, None) else f"{count}x {what}"
    name = str(token.get("name") or _("token")).removesuffix(" Token").strip()
    if count != 1 and not name.endswith("s"):
        name += "s"
    pt = ""
    if token.get("power") is not None and token.get("toughness") is not None:
        pt = f"{token['power']}/{token['toughness']} "
    words = f"{count} {pt}{name}"
    if token.get("x"):
        words += f", X = {token['x']}"
    return words


def makes_line(entry: dict[str, Any], made: int | None = None) -> str:
    """The entry in one line; `made`: how many the table would make now."""
    if not entry.get("automated"):
        return _("%(text)s (by hand: not read)") % {"text": entry.get("text") or ""}
    head = ""
    if entry.get("cost"):
        head = f"{entry['cost']}: "
    elif entry.get("when") == "replacement" or entry.get("own"):
        head = _("Replacement: ")
    elif entry.get("trigger"):
        head = f"{entry['trigger']}: "
    elif entry.get("when") in WHEN:
        head = f"{_(WHEN[entry['when']])}: "
    tokens = [_token_words(t) for t in entry.get("tokens") or []]
    body = _(" and ").join(tokens) if tokens else str(entry.get("text") or "")
    line = head + body
    if made is not None:
        line += f" → {made}"
    return line


def how(entry: dict[str, Any]) -> str:
    """How the table performs the entry, in a word or two."""
    if not entry.get("automated"):
        return _("by hand")
    return _("by itself") if entry.get("fires") else _("one tap")


def makes_rows(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The card page's rows: the line, how it is performed, and the catalogue tokens made."""
    return [
        {
            "line": makes_line(entry),
            "how": how(entry),
            "automated": bool(entry.get("automated")),
            # Each linked catalogue token as players name it (its id only in the link).
            "tokens": [
                {"id": t["token"], "name": t.get("name") or t["token"]}
                for t in entry.get("tokens") or []
                if t.get("token")
            ],
        }
        for entry in entries
    ]
