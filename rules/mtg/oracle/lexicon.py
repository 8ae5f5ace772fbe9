"""The words of token-making Oracle text: numbers, colors, card types, keywords (CR 111.4,
111.10, 205, 702)."""

from __future__ import annotations

import re

NUMBERS = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "thirteen": 13,
    "fifteen": 15,
    "twenty": 20,
}
TIMES = {"once": 1, "twice": 2, "three times": 3, "four times": 4}
COLORS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
COLOR_ORDER = ("W", "U", "B", "R", "G")
CARD_TYPES = {
    "artifact": "Artifact",
    "creature": "Creature",
    "enchantment": "Enchantment",
    "land": "Land",
    "planeswalker": "Planeswalker",
    "battle": "Battle",
}
SUPERTYPES = {"legendary": "Legendary", "snow": "Snow", "basic": "Basic"}
PREDEFINED = {
    "Treasure": "mtg-treasure",
    "Food": "mtg-food",
    "Gold": "mtg-gold",
    "Shard": "mtg-shard",
    "Clue": "mtg-clue",
    "Blood": "mtg-blood",
    "Powerstone": "mtg-powerstone",
    "Incubator": "mtg-incubator",
    "Map": "mtg-map",
    "Junk": "mtg-junk",
    "Lander": "mtg-lander",
    "Mutagen": "mtg-mutagen",
    "Heartwood": "mtg-heartwood",
    "Vibranium": "mtg-vibranium",
}
"""The predefined tokens of 111.10 by their subtype; a Walker and the Roles are named."""
ROLES = {
    "Cursed": "mtg-cursed-role",
    "Monster": "mtg-monster-role",
    "Royal": "mtg-royal-role",
    "Sorcerer": "mtg-sorcerer-role",
    "Virtuous": "mtg-virtuous-role",
    "Wicked": "mtg-wicked-role",
    "Young Hero": "mtg-young-hero-role",
}

KEYWORDS = (
    "flying",
    "first strike",
    "double strike",
    "deathtouch",
    "defender",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "trample",
    "vigilance",
    "shroud",
    "intimidate",
    "fear",
    "wither",
    "infect",
    "persist",
    "undying",
    "decayed",
    "prowess",
    "exalted",
    "changeling",
    "devoid",
    "horsemanship",
    "shadow",
    "skulk",
    "myriad",
    "flanking",
    "phasing",
    "banding",
    "forestwalk",
    "islandwalk",
    "mountainwalk",
    "plainswalk",
    "swampwalk",
    "riot",
    "training",
    "flash",
    "convoke",
    "battle cry",
    "living weapon",
    "evolve",
    "dethrone",
    "mentor",
    "partner",
    "ravenous",
    "cascade",
    "storm",
    "enlist",
)
KEYWORDS_WITH_VALUE = (
    "ward",
    "toxic",
    "afflict",
    "annihilator",
    "bushido",
    "rampage",
    "modular",
    "afterlife",
    "fading",
    "vanishing",
    "equip",
    "crew",
    "protection from",
    "enchant",
    "cumulative upkeep",
    "bloodthirst",
    "backup",
    "devour",
    "fabricate",
    "renown",
    "tribute",
    "training",
    "dredge",
    "frenzy",
    "soulshift",
    "poisonous",
    "bloodthirst",
)
_KEYWORD = re.compile(
    r"(?:"
    + "|".join(sorted((re.escape(k) for k in KEYWORDS), key=len, reverse=True))
    + r")(?![a-z])"
    + r"|(?:"
    + "|".join(sorted((re.escape(k) for k in KEYWORDS_WITH_VALUE), key=len, reverse=True))
    + r") (?:\{[^}]+\})+|(?:"
    + "|".join(sorted((re.escape(k) for k in KEYWORDS_WITH_VALUE), key=len, reverse=True))
    + r") (?:\d+|[a-z]+(?: and from [a-z]+)*)"
)


def keyword(text: str) -> str | None:
    """The keyword ``text`` is exactly ("flying", "ward {2}", "protection from red"), capitalized
    as printed on a token ("Flying", "Ward {2}"), or None."""
    text = text.strip()
    match = _KEYWORD.fullmatch(text.lower())
    if match is None:
        return None
    return text[:1].upper() + text[1:].lower() if "{" not in text else text[:1].upper() + text[1:]


def number(word: str) -> int | None:
    """A count in words or digits ("two", "3"), or None."""
    word = word.lower()
    if word.isdigit():
        return int(word)
    return NUMBERS.get(word)


def singular(word: str) -> str:
    """A subtype or type named in the plural ("Goblins", "Elves", "creatures") as printed on a
    card (205.3): the plural forms of the subtypes that take one."""
    irregular = {
        "elves": "elf",
        "dwarves": "dwarf",
        "wolves": "wolf",
        "werewolves": "werewolf",
        "mice": "mouse",
        "sphinxes": "sphinx",
        "foxes": "fox",
        "allies": "ally",
        "faeries": "faerie",
        "zombies": "zombie",
        "humans": "human",
        "pegasi": "pegasus",
        "octopi": "octopus",
        "fungi": "fungus",
        "homunculi": "homunculus",
        "leviathans": "leviathan",
        "djinn": "djinn",
        "sheep": "sheep",
        "merfolk": "merfolk",
        "kithkin": "kithkin",
        "samurai": "samurai",
        "ninjas": "ninja",
        "lands": "land",
        "mercenaries": "mercenary",
        "sorceries": "sorcery",
        "berserkers": "berserker",
        "slivers": "sliver",
        "saprolings": "saproling",
        "thopters": "thopter",
        "servos": "servo",
        "spirits": "spirit",
        "rogues": "rogue",
        "clerics": "cleric",
        "wizards": "wizard",
        "warriors": "warrior",
        "knights": "knight",
        "soldiers": "soldier",
        "vampires": "vampire",
        "goblins": "goblin",
        "dragons": "dragon",
        "angels": "angel",
        "demons": "demon",
        "beasts": "beast",
        "cats": "cat",
        "dogs": "dog",
        "birds": "bird",
        "snakes": "snake",
        "insects": "insect",
        "squirrels": "squirrel",
        "rats": "rat",
        "treasures": "treasure",
        "clues": "clue",
        "foods": "food",
        "artifacts": "artifact",
        "creatures": "creature",
        "enchantments": "enchantment",
        "planeswalkers": "planeswalker",
        "tokens": "token",
        "permanents": "permanent",
        "elementals": "elemental",
        "eldrazi": "eldrazi",
        "plants": "plant",
        "pirates": "pirate",
        "dinosaurs": "dinosaur",
        "merfolks": "merfolk",
        "illusions": "illusion",
        "horrors": "horror",
        "golems": "golem",
        "constructs": "construct",
        "druids": "druid",
        "shamans": "shaman",
        "giants": "giant",
        "minotaurs": "minotaur",
        "orcs": "orc",
        "armies": "army",
        "skeletons": "skeleton",
        "islands": "island",
        "forests": "forest",
        "mountains": "mountain",
        "swamps": "swamp",
        "plains": "plains",
        "gates": "gate",
        "deserts": "desert",
        "auras": "aura",
        "equipment": "equipment",
        "vehicles": "vehicle",
    }
    low = word.lower()
    if low in irregular:
        found = irregular[low]
    else:
        return word
    return found[:1].upper() + found[1:] if word[:1].isupper() else found
