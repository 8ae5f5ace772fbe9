"""The keyword names both games print, as the kernel names them (English identifiers).

Cards carry keywords as printed strings ("Flying", "Ward {2}", "Deflect 2", "Enchant creature");
the kernel tests them by these English names. This is the one table of the names themselves, so
pages can show a keyword in the reader's language (``play.table.i18n.keyword_label``): the name is
translated, what follows it (a number, a cost, what it enchants) is kept as printed.
"""

from __future__ import annotations

from collections.abc import Callable

MTG_KEYWORDS = (
    # Keyword abilities (CR 702), the evergreen ones first.
    "Deathtouch",
    "Defender",
    "Double strike",
    "Enchant",
    "Equip",
    "First strike",
    "Flash",
    "Flying",
    "Haste",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Protection",
    "Reach",
    "Trample",
    "Vigilance",
    "Ward",
    "Banding",
    "Rampage",
    "Cumulative upkeep",
    "Flanking",
    "Phasing",
    "Shroud",
    "Intimidate",
    "Landwalk",
    "Forestwalk",
    "Islandwalk",
    "Mountainwalk",
    "Plainswalk",
    "Swampwalk",
    "Fear",
    "Wither",
    "Infect",
    "Persist",
    "Undying",
    "Afterlife",
    "Toxic",
    "Decayed",
    "Prowess",
    "Exalted",
    "Changeling",
    "Training",
    "Devoid",
    "Horsemanship",
    "Shadow",
    "Skulk",
    "Myriad",
    "Dethrone",
    "Evolve",
    "Modular",
    "Riot",
    "Bushido",
    "Battle cry",
    "Annihilator",
    "Living weapon",
    "Reconfigure",
    "For Mirrodin!",
    "Blitz",
    "Dash",
    "Unearth",
    "Mentor",
    "Fabricate",
    "Afflict",
    "Enlist",
    "Ravenous",
    "Squad",
    "Backup",
    "Bloodthirst",
    "Flashback",
    "Kicker",
    "Cycling",
    "Convoke",
    "Cascade",
    "Storm",
    "Encore",
    "Enchant creature",
    # Protection from a quality the kernel reads (702.16; ``mtg.protection``): the whole phrase
    # is one name, so "from" and its quality are told in the reader's language too.
    "Protection from white",
    "Protection from blue",
    "Protection from black",
    "Protection from red",
    "Protection from green",
    "Protection from everything",
    "Protection from artifacts",
    "Protection from battles",
    "Protection from creatures",
    "Protection from enchantments",
    "Protection from instants",
    "Protection from lands",
    "Protection from planeswalkers",
    "Protection from sorceries",
    # Abilities the kernel reads from the keyword list as printed phrases (``mtg.combat``,
    # ``mtg.block_requirements``).
    "Can't attack",
    "Can't block",
    "Can't attack or block",
    "Can't be blocked",
    "Can block an additional creature each combat",
    "Can block any number of creatures",
    "Attacks each combat if able",
    "Blocks each combat if able",
    "All creatures able to block this creature do so",
    "Must be blocked if able",
)

RIFTBOUND_KEYWORDS = (
    "Accelerate",
    "Action",
    "Assault",
    "Backline",
    "Deathknell",
    "Deflect",
    "Equip",
    "Ganking",
    "Hidden",
    "Legion",
    "Reaction",
    "Repeat",
    "Shield",
    "Tank",
    "Temporary",
    "Vision",
    # "I must be assigned combat damage last" as the kernel reads it (460.2.c.5).
    "Assigned combat damage last",
)

KEYWORDS = tuple(dict.fromkeys((*MTG_KEYWORDS, *RIFTBOUND_KEYWORDS)))
"""Every name, once (Equip is both games')."""

_BY_LENGTH = sorted(KEYWORDS, key=len, reverse=True)


def keyword_parts(keyword: str) -> tuple[str | None, str]:
    """ "Ward {2}" -> ("Ward", " {2}"); "flying" -> ("Flying", ""); a name this table doesn't
    know -> (None, the keyword as printed). The longest known name that starts the keyword and
    ends at a word boundary wins ("Double strike" over a shorter name)."""
    folded = keyword.casefold()
    for name in _BY_LENGTH:
        if folded.startswith(name.casefold()):
            rest = keyword[len(name) :]
            if not rest or not rest[0].isalnum():
                return name, rest
    return None, keyword


def keyword_label(keyword: str, translate: Callable[[str], str]) -> str:
    """A printed keyword in the language of `translate` (the web layer passes gettext): its name
    from this table translated, what follows it ("{2}", "2") as printed; a name the table doesn't
    know stays as printed."""
    name, rest = keyword_parts(keyword)
    return f"{translate(name)}{rest}" if name else keyword
