"""The words a Magic type line and keyword list may hold, as the Comprehensive Rules list them
(MagicCompRules 2026-09-25): supertypes (205.4a), card types (205.2a), the subtypes of each card
type (205.3g-q) and the keyword abilities (702.2-702.195). The catalogue checks a curator's entries
against these lists; the battlefield counts card types with them (layers)."""

from __future__ import annotations

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
"""205.4a."""

CARD_TYPES = tuple(
    """
    Artifact Battle Conspiracy Creature Dungeon Enchantment Instant Kindred Land Phenomenon
    Plane Planeswalker Scheme Sorcery Vanguard
    """.split()
)
"""205.2a."""

ARTIFACT_TYPES = tuple(
    """
    Attraction Blood Bobblehead Book Clue Contraption Equipment Food Fortification Gold
    Heartwood Incubator Infinity Junk Lander Map Mutagen Powerstone Spacecraft Stone
    Treasure Vehicle Vibranium
    """.split()
)
"""205.3g."""

ENCHANTMENT_TYPES = tuple(
    """
    Aura Background Cartouche Case Class Curse Plan Role Room Rune Saga Shard Shrine
    """.split()
)
"""205.3h."""

LAND_TYPES = tuple(
    """
    Cave Desert Forest Gate Island Lair Locus Mine Mountain Plains Planet Power-Plant Sphere
    Swamp Tower Town Urza's
    """.split()
)
"""205.3i."""

PLANESWALKER_TYPES = tuple(
    """
    Ajani Aminatou Angrath Arlinn Ashiok Bahamut Basri Bolas Calix Chandra Comet Dack Dakkon
    Daretti Davriel Dellian Dihada Domri Dovin Ellywick Elminster Elspeth Estrid Freyalise
    Garruk Gideon Grist Guff Huatli Jace Jared Jaya Jeska Kaito Karn Kasmina Kaya Kiora Koth
    Liliana Lolth Lukka Minsc Mordenkainen Nahiri Narset Niko Nissa Nixilis Oko Quintorius
    Ral Rowan Saheeli Samut Sarkhan Serra Sivitri Sorin Szat Tamiyo Tasha Teferi Teyo
    Tezzeret Tibalt Tyvar Ugin Urza Venser Vivien Vraska Vronos Will Windgrace Wrenn Xenagos
    Yanggu Yanling Zariel
    """.split()
)
"""205.3j."""

SPELL_TYPES = tuple(
    """
    Adventure Arcane Lesson Omen Trap
    """.split()
)
"""205.3k."""

CREATURE_TYPES = (
    *"""
    Advisor Aetherborn Alien Ally Angel Antelope Ape Archer Archon Armadillo Army Artificer
    Assassin Assembly-Worker Astartes Atog Aurochs Avatar Azra Badger Balloon Barbarian Bard
    Basilisk Bat Bear Beast Beaver Beeble Beholder Berserker Bird Bison Blinkmoth Boar
    Bringer Brushwagg Camarid Camel Capybara Caribou Carrier Cat Centaur Child Chimera
    Citizen Cleric Clown Cockatrice Construct Coward Coyote Crab Crocodile Custodes Cyberman
    Cyclops C'tan Dalek Dauthi Demigod Demon Deserter Detective Devil Dinosaur Djinn Doctor
    Dog Dragon Drake Dreadnought Drix Drone Druid Dryad Dwarf Echidna Efreet Egg Elder
    Eldrazi Elemental Elephant Elf Elk Employee Eternal Eye Faerie Ferret Fish Flagbearer
    Fox Fractal Frog Fungus Gamer Gamma Gargoyle Germ Giant Giraffe Gith Glimmer Gnoll Gnome
    Goat Goblin God Golem Gorgon Graveborn Gremlin Griffin Guest Hag Halfling Hamster Harpy
    Hedgehog Hellion Hero Hippo Hippogriff Homarid Homunculus Horror Horse Human Hydra Hyena
    Illusion Imp Incarnation Inhuman Inkling Inquisitor Insect Jackal Jellyfish Juggernaut
    Kangaroo Kavu Kirin Kithkin Knight Kobold Kor Kraken Kree Lamia Lammasu Leech Lemur
    Leviathan Lhurgoyf Licid Lizard Llama Lobster Manticore Masticore Mercenary Merfolk
    Metathran Minion Minotaur Mite Mole Monger Mongoose Monk Monkey Moogle Moonfolk Mount
    Mouse Mutant Myr Mystic Nautilus Necron Nephilim Nightmare Nightstalker Ninja Noble
    Noggle Nomad Nymph Octopus Ogre Ooze Orb Orc Orgg Otter Ouphe Ox Oyster Pangolin Peasant
    Pegasus Pentavite Performer Pest Phelddagrif Phoenix Phyrexian Pilot Pincher Pirate
    Plant Platypus Porcupine Possum Praetor Primarch Prism Processor Qu Rabbit Raccoon
    Ranger Rat Rebel Reflection Rhino Rigger Robot Rogue Sable Salamander Samurai Sand
    Saproling Satyr Scarecrow Scientist Scion Scorpion Scout Sculpture Seal Serf Serpent
    Servo Shade Shaman Shapeshifter Shark Sheep Shi'ar Siren Skeleton Skrull Skunk Slith
    Sliver Sloth Slug Snail Snake Soldier Soltari Sorcerer Spawn Specter Spellshaper Sphinx
    Spider Spike Spirit Splinter Sponge Spy Squid Squirrel Starfish Surrakar Survivor
    Symbiote Synth Tentacle Tetravite Thalakos Thopter Thrull Tiefling Toy Treefolk
    Trilobite Triskelavite Troll Turtle Tyranid Unicorn Utrom Vampire Varmint Vedalken
    Villain Volver Wall Walrus Warlock Warrior Weasel Weird Werewolf Whale Wizard Wolf
    Wolverine Wombat Worm Wraith Wurm Yeti Zombie Zubera
    """.split(),
    "Time Lord",  # the one creature type of two words (205.3m)
)
"""205.3m."""

BATTLE_TYPES = ("Siege",)
"""205.3q."""

DUNGEON_TYPES = ("Undercity",)
"""205.3p."""

SUBTYPES: dict[str, tuple[str, ...]] = {
    "Artifact": ARTIFACT_TYPES,
    "Battle": BATTLE_TYPES,
    "Creature": CREATURE_TYPES,
    "Dungeon": DUNGEON_TYPES,
    "Enchantment": ENCHANTMENT_TYPES,
    "Instant": SPELL_TYPES,
    "Kindred": CREATURE_TYPES,
    "Land": LAND_TYPES,
    "Planeswalker": PLANESWALKER_TYPES,
    "Sorcery": SPELL_TYPES,
}
"""The subtypes each card type may have (205.3c-d: kindreds share the creature types, 205.3m;
instants and sorceries the spell types, 205.3k). Planes' planar types (205.3n) are left out: no
token or catalogue card is a plane; phenomena, schemes, vanguards and conspiracies have none
(205.3r)."""

SUBTYPE_RULES = {
    "Artifact": "205.3g",
    "Battle": "205.3q",
    "Creature": "205.3m",
    "Dungeon": "205.3p",
    "Enchantment": "205.3h",
    "Instant": "205.3k",
    "Kindred": "205.3m",
    "Land": "205.3i",
    "Planeswalker": "205.3j",
    "Sorcery": "205.3k",
}

KEYWORD_ABILITIES: dict[str, str] = {
    "Deathtouch": "702.2",
    "Defender": "702.3",
    "Double Strike": "702.4",
    "Enchant": "702.5",
    "Equip": "702.6",
    "First Strike": "702.7",
    "Flash": "702.8",
    "Flying": "702.9",
    "Haste": "702.10",
    "Hexproof": "702.11",
    "Indestructible": "702.12",
    "Intimidate": "702.13",
    "Landwalk": "702.14",
    "Lifelink": "702.15",
    "Protection": "702.16",
    "Reach": "702.17",
    "Shroud": "702.18",
    "Trample": "702.19",
    "Vigilance": "702.20",
    "Ward": "702.21",
    "Banding": "702.22",
    "Rampage": "702.23",
    "Cumulative Upkeep": "702.24",
    "Flanking": "702.25",
    "Phasing": "702.26",
    "Buyback": "702.27",
    "Shadow": "702.28",
    "Cycling": "702.29",
    "Echo": "702.30",
    "Horsemanship": "702.31",
    "Fading": "702.32",
    "Kicker": "702.33",
    "Flashback": "702.34",
    "Madness": "702.35",
    "Fear": "702.36",
    "Morph": "702.37",
    "Amplify": "702.38",
    "Provoke": "702.39",
    "Storm": "702.40",
    "Affinity": "702.41",
    "Entwine": "702.42",
    "Modular": "702.43",
    "Sunburst": "702.44",
    "Bushido": "702.45",
    "Soulshift": "702.46",
    "Splice": "702.47",
    "Offering": "702.48",
    "Ninjutsu": "702.49",
    "Epic": "702.50",
    "Convoke": "702.51",
    "Dredge": "702.52",
    "Transmute": "702.53",
    "Bloodthirst": "702.54",
    "Haunt": "702.55",
    "Replicate": "702.56",
    "Forecast": "702.57",
    "Graft": "702.58",
    "Recover": "702.59",
    "Ripple": "702.60",
    "Split Second": "702.61",
    "Suspend": "702.62",
    "Vanishing": "702.63",
    "Absorb": "702.64",
    "Aura Swap": "702.65",
    "Delve": "702.66",
    "Fortify": "702.67",
    "Frenzy": "702.68",
    "Gravestorm": "702.69",
    "Poisonous": "702.70",
    "Transfigure": "702.71",
    "Champion": "702.72",
    "Changeling": "702.73",
    "Evoke": "702.74",
    "Hideaway": "702.75",
    "Prowl": "702.76",
    "Reinforce": "702.77",
    "Conspire": "702.78",
    "Persist": "702.79",
    "Wither": "702.80",
    "Retrace": "702.81",
    "Devour": "702.82",
    "Exalted": "702.83",
    "Unearth": "702.84",
    "Cascade": "702.85",
    "Annihilator": "702.86",
    "Level Up": "702.87",
    "Rebound": "702.88",
    "Umbra Armor": "702.89",
    "Infect": "702.90",
    "Battle Cry": "702.91",
    "Living Weapon": "702.92",
    "Undying": "702.93",
    "Miracle": "702.94",
    "Soulbond": "702.95",
    "Overload": "702.96",
    "Scavenge": "702.97",
    "Unleash": "702.98",
    "Cipher": "702.99",
    "Evolve": "702.100",
    "Extort": "702.101",
    "Fuse": "702.102",
    "Bestow": "702.103",
    "Tribute": "702.104",
    "Dethrone": "702.105",
    "Hidden Agenda": "702.106",
    "Outlast": "702.107",
    "Prowess": "702.108",
    "Dash": "702.109",
    "Exploit": "702.110",
    "Menace": "702.111",
    "Renown": "702.112",
    "Awaken": "702.113",
    "Devoid": "702.114",
    "Ingest": "702.115",
    "Myriad": "702.116",
    "Surge": "702.117",
    "Skulk": "702.118",
    "Emerge": "702.119",
    "Escalate": "702.120",
    "Melee": "702.121",
    "Crew": "702.122",
    "Fabricate": "702.123",
    "Partner": "702.124",
    "Undaunted": "702.125",
    "Improvise": "702.126",
    "Aftermath": "702.127",
    "Embalm": "702.128",
    "Eternalize": "702.129",
    "Afflict": "702.130",
    "Ascend": "702.131",
    "Assist": "702.132",
    "Jump-Start": "702.133",
    "Mentor": "702.134",
    "Afterlife": "702.135",
    "Riot": "702.136",
    "Spectacle": "702.137",
    "Escape": "702.138",
    "Companion": "702.139",
    "Mutate": "702.140",
    "Encore": "702.141",
    "Boast": "702.142",
    "Foretell": "702.143",
    "Demonstrate": "702.144",
    "Daybound": "702.145",
    "Nightbound": "702.145",
    "Disturb": "702.146",
    "Decayed": "702.147",
    "Cleave": "702.148",
    "Training": "702.149",
    "Compleated": "702.150",
    "Reconfigure": "702.151",
    "Blitz": "702.152",
    "Casualty": "702.153",
    "Enlist": "702.154",
    "Read Ahead": "702.155",
    "Ravenous": "702.156",
    "Squad": "702.157",
    "Space Sculptor": "702.158",
    "Visit": "702.159",
    "Prototype": "702.160",
    "Living Metal": "702.161",
    "More Than Meets the Eye": "702.162",
    "For Mirrodin!": "702.163",
    "Toxic": "702.164",
    "Backup": "702.165",
    "Bargain": "702.166",
    "Craft": "702.167",
    "Disguise": "702.168",
    "Solved": "702.169",
    "Plot": "702.170",
    "Saddle": "702.171",
    "Spree": "702.172",
    "Freerunning": "702.173",
    "Gift": "702.174",
    "Offspring": "702.175",
    "Impending": "702.176",
    "Exhaust": "702.177",
    "Max Speed": "702.178",
    "Start Your Engines!": "702.179",
    "Harmonize": "702.180",
    "Mobilize": "702.181",
    "Job Select": "702.182",
    "Tiered": "702.183",
    "Station": "702.184",
    "Warp": "702.185",
    "Mayhem": "702.187",
    "Web-slinging": "702.188",
    "Firebending": "702.189",
    "Sneak": "702.190",
    "Increment": "702.191",
    "Paradigm": "702.192",
    "Power-up": "702.193",
    "Teamwork": "702.194",
    "Storied": "702.195",
}
"""Each keyword ability (702.2-702.195) with its rule; "Daybound and Nightbound" (702.145) are
two words on cards. Landwalk (702.14) is printed as a land type with "walk": `landwalk`."""


def landwalk(word: str) -> bool:
    """ "Islandwalk", "Nonbasic landwalk", "Snow swampwalk": landwalk of a land type or quality
    (702.14a)."""
    stem = word.strip().lower().rsplit(" ", 1)[-1]
    if not stem.endswith("walk"):
        return False
    land = stem[: -len("walk")]
    return land == "land" or land in {t.lower() for t in LAND_TYPES}
