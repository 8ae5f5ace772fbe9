"""From a card's Oracle text to what it makes: one entry per token-making ability, in the API's
``makes`` shape, each with the kernel-executable ``effect`` (``rules/mtg/make.py`` runs it)."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle import counts, events, keywords
from rules.mtg.oracle.keywords import (
    AMASS,
    INCUBATE,
    INVESTIGATE,
    POPULATE,
    amass,
    incubate,
    investigate,
    populate,
)
from rules.mtg.oracle.lexicon import number
from rules.mtg.oracle.lines import Line, classify
from rules.mtg.oracle.phrases import Token, parse, with_clause
from rules.mtg.oracle.replacements import replacement
from rules.mtg.oracle.shapes import (
    FIRES,
    REMINDER,
    Card,
    base_entry,
    shown,
    token_step,
)

JsonDict = dict[str, Any]


_MAKES_WORDS = re.compile(
    r"\b(?:create|creates|investigate|investigates|amass|amasses|populate|incubate|fabricate|"
    r"afterlife|embalm|eternalize|encore|myriad|living weapon)\b",
    re.IGNORECASE,
)


_QUOTE = re.compile(r'"[^"]*"')


_CREATE = re.compile(
    r"(?P<who>\b(?:you|then|and|each opponent|each player|that player|its controller|"
    r"target opponent|target player|they|it|its owner|that creature's controller|"
    r"that permanent's controller|defending player)\s+)?\b(?P<verb>[Cc]reates?)\s+"
)


_LEAVES = re.compile(
    r"(?:(?P<verb1>[Ss]acrifice|[Ee]xile) (?:it|them|that token|those tokens|the tokens?) at the "
    r"beginning of the next end step|[Aa]t the beginning of the next end step, (?P<verb2>sacrifice|"
    r"exile) (?:it|them|that token|those tokens|the tokens?))"
)


_HASTE = re.compile(
    r"\b(?:It|They|That token|Those tokens|The tokens?) gains? haste(?: until end of turn)?\b"
)


_HAS = re.compile(
    r"^(?:It|They|That token|Those tokens|The tokens?|Those creatures) (?:has|have) (?P<what>.+)$"
)


_NEXT_SENTENCE = re.compile(r'^(?:[^."]|"[^"]*")*?(?:\.(?=\s|$)|(?<=\.")(?=\s|$)|$)')


_ABOUT_TOKENS = re.compile(r"^(?:It|They|That token|Those tokens|The tokens?|Those creatures)\b")


_ATTACH_SELF = re.compile(r"\b(?:then )?attach (?:this|it|this Equipment|CARDNAME) to it\b")


def compile_makes(
    *, name: str, oracle_text: str, type_line: str, power: str | None, toughness: str | None
) -> list[JsonDict]:
    """One entry per token-making ability or effect of the card (empty when it makes none)."""
    card = Card(name, oracle_text, type_line, power, toughness)
    entries: list[JsonDict] = []
    for line in card.lines:
        entry = _entry(card, line)
        if entry is not None:
            entries.append(entry)
    return entries


def _entry(card: Card, raw: str) -> JsonDict | None:
    keyword_entry = _keyword_line(card, raw)
    if keyword_entry is not None:
        return keyword_entry
    line_text = REMINDER.sub("", raw).strip()
    masked = _QUOTE.sub(lambda m: "Q" * len(m.group()), line_text)
    static = replacement(line_text)
    if static is not None or not _MAKES_WORDS.search(masked):
        return static
    if line_text.startswith("\u2022"):
        line_text = line_text.lstrip("\u2022 ").strip()
    # An ability word ("Landfall \u2014") has no rules meaning (207.2c).
    line_text = _ABILITY_WORD.sub("", line_text)
    line = classify(line_text, card.self_names, card.spell)
    return _effect_entry(card, line)


_ABILITY_WORD = re.compile(r"^[A-Z][a-z]+(?:[ -][a-z]+)* \u2014 (?=When|Whenever|At |Create|\{)")
_INSTEAD = re.compile(
    r"^(?P<first>.+?\.)\s+If you control (?P<n>\w+) or more (?P<what>[^,]+), (?P<second>create "
    r"[^.]+?) instead\.?$"
)


def _effect_entry(card: Card, line: Line) -> JsonDict:
    entry = base_entry(line)
    # "it" after another object's event ("whenever another creature dies") isn't this card.
    context = f"{line.trigger} " if line.when == "trigger" and line.trigger else ""
    steps, tokens, creator = _steps(card, line.effect, context)
    if steps is None:
        steps, tokens, creator = _alternative(card, line.effect)
    if steps is None:
        return entry
    entry["automated"] = True
    entry["tokens"] = tokens
    entry["effect"] = {"steps": steps, "creator": creator}
    event = events.event(line.trigger, card.self_names) if line.when == "trigger" else None
    if event is not None:
        entry["effect"]["event"] = event
    fires = line.when in FIRES or event is not None
    entry["fires"] = fires and not line.condition and creator == "you"
    return entry


def _alternative(card: Card, effect: str) -> tuple[list[JsonDict] | None, list[JsonDict], str]:
    """ "Create A. If you control N or more F, create B instead." (614.1a): A unless the table
    counts at least N, B if it does."""
    masked = _QUOTE.sub(lambda m: "Q" * len(m.group()), effect)
    match = _INSTEAD.match(masked)
    amount = number(match.group("n")) if match is not None else None
    if match is None or amount is None:
        return None, [], "you"
    spec = counts.spec(f"{match.group('what')} you control")
    if spec["count"] != "permanents":
        return None, [], "you"
    first, shown_first, who = _steps(card, effect[: match.end("first")])
    second, shown_second, who2 = _steps(
        card, effect[match.start("second") : match.end("second")] + "."
    )
    if first is None or second is None or who != who2:
        return None, [], "you"
    condition = {"x": spec, "at_least": amount}
    words = f"if you control {amount} or more {match.group('what')}"
    for token in shown_first:
        token["choice"] = f"unless {words}"
    for token in shown_second:
        token["choice"] = words
    steps = [
        *({**s, "unless": condition} for s in first),
        *({**s, "only_if": condition} for s in second),
    ]
    return steps, [*shown_first, *shown_second], who


def _steps(
    card: Card, effect: str, context: str = ""
) -> tuple[list[JsonDict] | None, list[JsonDict], str]:
    """The kernel steps of an effect text, the tokens they make (API shape) and who creates."""
    masked = _QUOTE.sub(lambda m: "Q" * len(m.group()), effect)
    if re.search(r"\binstead\b", masked) or re.search(r"\bcopy of\b.*\bcopy of\b", masked):
        return None, [], "you"
    found: list[tuple[int, int, list[JsonDict], list[JsonDict]]] = []
    creators: set[str] = set()
    for match in _CREATE.finditer(masked):
        who = (match.group("who") or "").strip().lower()
        verb = match.group("verb")
        if verb.lower() == "creates" or who in (
            "each opponent",
            "each player",
            "that player",
            "its controller",
            "target opponent",
            "target player",
            "defending player",
            "its owner",
            "that creature's controller",
            "that permanent's controller",
        ):
            creators.add(_creator(who))
        else:
            creators.add("you")
        parsed = parse(effect[match.end() :], card.name, context + effect[: match.start()])
        if parsed is None:
            return None, [], "you"
        tokens, rest = parsed
        if not _prefix(tokens, masked[: match.start()]):
            return None, [], "you"
        if not _follow(tokens, rest):
            return None, [], "you"
        steps: list[JsonDict] = []
        told: list[JsonDict] = []
        for token in tokens:
            step = token_step(card, token, rest)
            if step is None:
                return None, [], "you"
            steps.append(step)
            told.append(shown(card, token))
        found.append((match.start(), match.end(), steps, told))
    for pattern, maker in (
        (INVESTIGATE, investigate),
        (AMASS, amass),
        (POPULATE, populate),
        (INCUBATE, incubate),
    ):
        for match in pattern.finditer(masked):
            made = maker(match)
            if made is None:
                return None, [], "you"
            found.append((match.start(), match.end(), *made))
            creators.add("you")
    if not found or len(creators) != 1:
        return None, [], "you"
    life = _life_steps(masked)
    if life is None:
        return None, [], "you"
    found.extend((start, start, [step], []) for start, step in life)
    found.sort(key=lambda item: item[0])
    steps = [s for item in found for s in item[2]]
    tokens_made = [t for item in found for t in item[3]]
    return steps, tokens_made, creators.pop()


# "you lose 1 life and create ...", "Each opponent loses 2 life. You gain 2 life and create ...":
# a life total change beside the tokens (119.3), part of the same effect.
_LIFE = re.compile(
    r"\b(?P<who>you|each opponent|each player|target opponent|target player)\s+"
    r"(?P<verb>lose|loses|gain|gains)\s+(?P<n>\w+)\s+life\b",
    re.IGNORECASE,
)
_ANY_LIFE = re.compile(r"\b(?:lose|loses|gain|gains)\s+\w+\s+life\b", re.IGNORECASE)


def _life_steps(masked: str) -> list[tuple[int, JsonDict]] | None:
    """The life changes an effect makes beside its tokens, in order; None when the effect
    changes a life total this reader can't follow ("that player loses X life"), so that the
    ability is left to the player rather than done in part."""
    steps: list[tuple[int, JsonDict]] = []
    for match in _LIFE.finditer(masked):
        amount = number(match.group("n"))
        if amount is None:
            return None
        sign = -1 if match.group("verb").lower().startswith("lose") else 1
        who = match.group("who").lower().replace(" ", "_")
        steps.append((match.start(), {"do": "life", "who": who, "amount": sign * amount}))
    if len(steps) != len(_ANY_LIFE.findall(masked)):
        return None
    return steps


_FOR_EACH_FIRST = re.compile(r"(?:^|\.\s+|:\s+)For each (?P<what>[^,.]+), (?:you\s+)?$")


def _prefix(tokens: list[Token], before: str) -> bool:
    """ "For each creature your opponents control, create ...": the count is X."""
    match = _FOR_EACH_FIRST.search(before)
    if match is None:
        return True
    spec = counts.spec(match.group("what"))
    for token in tokens:
        if not isinstance(token.count, int):
            return False
        token.times, token.count, token.x = token.count, "X", spec
    return True


def _creator(who: str) -> str:
    if who == "each opponent":
        return "each_opponent"
    if who == "each player":
        return "each_player"
    return "chosen"


def _follow(tokens: list[Token], rest: str) -> bool:
    """What the sentences after "create" say of the tokens: when they leave (603.7), haste, "It
    has ..." abilities."""
    if _ATTACH_SELF.search(rest.split(".")[0]):
        for token in tokens:
            token.attach = True
    leaves = _LEAVES.search(rest)
    if leaves is not None:
        verb = (leaves.group("verb1") or leaves.group("verb2") or "").lower()
        for token in tokens:
            token.leaves_at = f"end_step:{verb}"
    if _HASTE.search(rest):
        for token in tokens:
            token.haste = True
    after = rest.lstrip()
    if not after.startswith("."):
        return True
    found = _NEXT_SENTENCE.match(after[1:].strip())
    sentence = found.group().strip().rstrip(".") if found else ""
    has = _HAS.match(sentence)
    if has is not None:
        probe = Token()
        left = with_clause(probe, " with " + has.group("what"))
        if left.strip(" .") or not (probe.keywords or probe.abilities):
            return False
        for token in tokens:
            token.keywords += probe.keywords
            token.abilities += probe.abilities
        return True
    # Another sentence about the tokens says something of them this reader doesn't know.
    return not _ABOUT_TOKENS.match(sentence) or bool(
        _HASTE.match(sentence) or _LEAVES.match(sentence)
    )


def _keyword_line(card: Card, raw: str) -> JsonDict | None:
    """A line of keyword abilities ("Flying, myriad", "Embalm {3}{W}", "Fabricate 2")."""
    bare = REMINDER.sub("", raw).strip()
    parts = [p.strip() for p in re.split(r",\s*|;\s*", bare) if p.strip()]
    for part in parts:
        match = keywords.KEYWORD_LINE.match(part)
        if match is None:
            continue
        kw = match.group("kw").lower()
        value = match.group("value")
        if kw == "living weapon":
            reminder = re.search(r"\(([^()]*)\)", raw)
            if reminder is None:
                return None
            line = classify(reminder.group(1), ("this Equipment", *card.self_names), False)
            entry = _effect_entry(card, line)
            entry["text"] = raw
            return entry
        return keywords.keyword_entry(card, kw, value, raw)
    return None
