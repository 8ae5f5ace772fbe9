"""play/web/board.py: how the battlefield page arranges and labels the table state (no database)."""

from __future__ import annotations

from typing import Any

import rules
from play.web import board


def _obj(oid: str, name: str, count: int = 1, **extra: Any) -> dict[str, Any]:
    return {
        "id": oid,
        "name": name,
        "count": count,
        "zone": "battlefield",
        "controller": 0,
        "token": True,
        "types": ["Creature"],
        "subtypes": [],
        "colors": ["R"],
        "keywords": [],
        "counters": {},
        "location": None,
        "attached_to": None,
        **extra,
    }


def _state(objects: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    return {
        "game": "mtg",
        "active_seat": 0,
        "seats": [{"seat": 0, "name": "Ann", "mana_pool": {"R": 1}}],
        "objects": objects,
        "battlefields": [],
        "pending_choice": None,
        "you": {"seats": [0]},
        **extra,
    }


def test_it_sums_stacks_of_one_name_into_a_pile():
    goblins = [_obj("o1", "Goblin Token", 28), _obj("o2", "Goblin Token", 12, tapped=True)]
    [pile] = board.layout(_state(goblins))["seats"][0]["piles"]
    assert pile["summary"] == "x40 Goblin Token (12 tapped)"
    assert [t["tapped"] for t in pile["tiles"]] == [False, True]


def test_it_shows_attached_roles_on_their_host_not_as_tiles():
    host = _obj("o1", "Soldier Token")
    role = _obj("o2", "Cursed Role", types=["Enchantment"], attached_to="o1")
    [pile] = board.layout(_state([host, role]))["seats"][0]["piles"]
    assert pile["name"] == "Soldier Token"
    assert [a["name"] for a in pile["tiles"][0]["attached"]] == ["Cursed Role"]


def test_it_badges_statuses():
    obj = _obj("o1", "Spirit", summoning_sick=True, phased_out=True, leaves_at="end_step:exile")
    assert board.badges(obj, "mtg") == [
        "summoning sick",
        "phased out",
        "leaves: exiled at end step",
    ]
    unit = _obj("o2", "Sprite", exhausted=True, keywords=["Temporary"], deflect=1)
    assert board.badges(unit, "riftbound") == ["exhausted", "Temporary", "Deflect 1"]


def test_it_frames_by_color_identity():
    assert board.frame(_obj("o1", "A", colors=["W", "U"])) == "gold"
    assert board.frame(_obj("o1", "A", colors=[])) == "colorless"
    assert board.frame(_obj("o1", "A", colors=["G"])) == "g"


def test_it_puts_riftbound_units_on_their_battlefield_by_controller():
    state = _state(
        [
            _obj("o1", "Recruit", zone="board", location="base", might=1),
            _obj("o2", "Recruit", zone="board", location="bf1", might=1),
        ],
        game="riftbound",
        battlefields=[{"id": "bf1", "name": "Altar", "controller": 0}],
    )
    layout = board.layout(state)
    assert layout["seats"][0]["piles"][0]["summary"] == "x1 Recruit"
    [field] = layout["fields"]
    assert field["controller"] == "Ann" and field["sides"][0]["name"] == "Ann"


def _applied(
    name: str, replaces: str, before: int, after: int, times: int = 1, added: int | None = None
) -> dict[str, Any]:
    """A replacement_applied event as the kernel tells it; its text is for people only."""
    return {
        "type": "replacement_applied",
        "text": "(not read)",
        "rule": "616.1",
        "effect_rule": "614.1",
        "source_name": name,
        "replaces": replaces,
        "times": times,
        "factor": None if added else 2,
        "added": added,
        "before": before,
        "after": after,
    }


def test_it_tells_how_replacement_effects_changed_a_creation():
    events = [
        _applied("Doubling Season", "tokens", 1, 2),
        _applied("Parallel Lives", "tokens", 2, 8, times=2),
        _applied("Peregrin Took", "tokens", 8, 9, added=1),
        {"type": "token_created", "count": 9},
    ]
    assert board.replacement_summary(events) == (
        "1 → 9: Doubling Season: twice that many (614.1) · Parallel Lives: twice that many, "
        "2 copies (614.1) · Peregrin Took: 1 more (614.1)"
    )
    assert board.replacement_summary([{"type": "token_created", "count": 1}]) is None


def test_it_leaves_counter_replacements_out_of_the_creation_summary():
    events = [
        _applied("Doubling Season", "tokens", 1, 2),
        _applied("Doubling Season", "counters", 2, 4),
        {"type": "token_created", "count": 2},
    ]
    assert board.replacement_summary(events) == "1 → 2: Doubling Season: twice that many (614.1)"
    assert board.replacement_summary(events[1:2]) is None  # counters only: no creation


def test_it_reads_the_kernels_replacement_events():
    """The summary is built from the data the kernel puts on its events (no English parsed)."""
    state = rules.new_game("mtg", {"players": ["Ann"]})
    season = {
        "name": "Doubling Season",
        "types": ["Enchantment"],
        "effects": [{"kind": "token_multiplier", "factor": 2}],
    }
    state = rules.apply(state, {"type": "create_token", "definition": season}).state
    soldier = {"name": "Soldier", "types": ["Creature"], "power": 1, "toughness": 1}
    events = rules.apply(state, {"type": "create_token", "definition": soldier, "count": 3}).events
    [applied] = [e for e in events if e["type"] == "replacement_applied"]
    assert applied["source_name"] == "Doubling Season" and applied["factor"] == 2
    assert applied["replaces"] == "tokens" and applied["rule"] == "616.1"
    assert board.replacement_summary(events) == "3 → 6: Doubling Season: twice that many (614.1)"


def test_it_names_a_face_down_pile():
    hidden = _obj("o1", "", face_down=True, colors=[])
    [pile] = board.layout(_state([hidden]))["seats"][0]["piles"]
    assert pile["summary"] == "x1 Face-down permanent"
    assert "face down" in pile["tiles"][0]["badges"]


def test_it_badges_the_color_chosen_as_the_permanent_entered():
    obj = _obj("o1", "Voice of All", chosen_color="U")
    assert "chosen: blue" in board.badges(obj, "mtg")


def test_it_names_the_colors_of_an_as_enters_color_choice():
    pending = {"kind": "as_enters_color", "seat": 0, "prompt": "?", "options": ["W", "G (all 2)"]}
    choice = board.pending_choice(_state([], pending_choice=pending))
    assert choice is not None
    assert [o["label"] for o in choice["options"]] == ["White", "Green (all 2)"]


def test_it_tells_two_legends_of_one_name_apart_in_a_choice():
    wolf = _obj("o1", "Voja", supertypes=["Legendary"], subtypes=["Wolf"], power=3, toughness=3)
    pending = {"kind": "legend_rule", "seat": 0, "prompt": "?", "options": ["o1", "o2"]}
    choice = board.pending_choice(_state([wolf], pending_choice=pending))
    assert choice is not None
    assert [o["label"] for o in choice["options"]] == ["Voja (3/3)", "The new one"]


def test_it_tells_two_legends_on_the_board_apart_by_what_differs():
    """704.5j with both on the board (one gained by control): the controllers differ."""
    mine = _obj("o1", "Voja", supertypes=["Legendary"], power=3, toughness=3)
    taken = {**mine, "id": "o4", "controller": 1}
    pending = {"kind": "legend_rule", "seat": 0, "prompt": "?", "options": ["o1", "o4"]}
    choice = board.pending_choice(_state([mine, taken], pending_choice=pending))
    assert choice is not None
    labels = [o["label"] for o in choice["options"]]
    assert labels[0] != labels[1] and all(label.startswith("Voja (") for label in labels)


def test_it_shows_deflect_as_a_badge_not_twice():
    unit = _obj("o1", "Shield", keywords=["Deflect 2", "Assault"], deflect=2, might=2)
    shown = board.tile(unit, "riftbound", [])
    assert "Deflect 2" in shown["badges"]
    assert shown["keywords"] == ["Assault"]


def test_it_shows_players_counters_with_the_kinds_every_seat_has_first():
    """122.1: poison, energy, experience and rad always; any other kind once the player has it."""
    seats = [{"seat": 0, "name": "Ann", "counters": {"poison": 2, "ticket": 1}}]
    [seat] = board.layout(_state([], seats=seats))["seats"]
    assert seat["counters"] == [
        ("poison", 2),
        ("energy", 0),
        ("experience", 0),
        ("rad", 0),
        ("ticket", 1),
    ]


def test_it_offers_only_the_designations_a_player_lacks():
    seats = [{"seat": 0, "name": "Ann", "designations": ["monarch"]}]
    [seat] = board.layout(_state([], seats=seats))["seats"]
    assert seat["designate"] == [("initiative", "takes the initiative")]


def test_it_shows_a_star_power_it_cant_count_as_star():
    """604.3: a characteristic-defining "*" the kernel can't evaluate isn't shown as 0."""
    assert board.stats(_obj("o1", "Wall", power=None, toughness=None, base_power="*")) == "*/*"


def test_it_badges_a_blocked_attacker_and_a_blocker():
    attacker = _obj("o1", "Goblin", attacking={"seat": 1}, blocked=True)
    blocker = _obj("o2", "Wall", blocking=["o1"])
    assert "attacking (blocked)" in board.badges(attacker, "mtg")
    assert "blocking" in board.badges(blocker, "mtg")
    assert "blocking" not in board.badges(_obj("o3", "Elf", blocking=[]), "mtg")


def test_it_gives_a_tile_the_art_of_its_definition():
    obj = _obj("o1", "Angel Token", definition="mtg-angel")
    art = {"mtg-angel": {"images": {"art_crop": "https://img.example/a.jpg"}, "artist": "Ann"}}
    assert board.tile(obj, "mtg", [], art)["art"]["artist"] == "Ann"
    assert board.tile(obj, "mtg", [], {})["art"] is None  # a frame in its colors instead


def test_a_tiles_keywords_read_in_the_readers_language():
    """Keywords by their name in the keyword table; the kernel keeps English ones."""
    obj = _obj("o1", "Dragon Token", keywords=["Flying", "Ward {2}", "Haste"])
    from django.utils import translation

    with translation.override("ru"):
        assert board.tile(obj, "mtg", [])["keywords"] == ["Полёт", "Оберег {2}", "Ускорение"]  # noqa: RUF001
    assert obj["keywords"] == ["Flying", "Ward {2}", "Haste"]


def test_a_tokens_type_line_says_token_as_the_catalogue_does_with_agreement() -> None:
    from django.utils import translation

    goblin = {
        "token": True,
        "supertypes": ["Legendary"],
        "types": ["Creature"],
        "subtypes": ["Goblin"],
    }
    with translation.override("ru"):
        assert board.type_line(goblin) == "Легендарная Фишка Существо — Goblin"
        assert board.type_line({**goblin, "token": False}) == "Легендарное Существо — Goblin"
    with translation.override("en"):
        assert board.type_line(goblin) == "Legendary Token Creature — Goblin"


def test_a_token_that_must_attack_names_the_player_not_a_seat():
    """Myriad and encore copies must attack the opponent they were made for (CR 702.116a,
    702.141a): the badge names that player; a seat number is an internal id."""
    from django.utils import translation

    copy = _obj("o1", "Amphin Mutineer", must_attack=1, leaves_at="end_step:sacrifice")
    seats = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Ben"}]
    shown = board.layout(_state([copy], seats=seats))
    [pile] = shown["seats"][0]["piles"]
    assert "must attack Ben" in pile["tiles"][0]["badges"]
    assert not any("seat" in badge for badge in pile["tiles"][0]["badges"])
    # The next page of a long pile names the player too.
    tiles, _more = board.pile_tiles(
        [copy],
        "mtg",
        {},
        board.pile_key(copy),
        seat_names=board.seat_names(_state([], seats=seats)),
    )
    assert "must attack Ben" in tiles[0]["badges"]
    with translation.override("ru"):
        assert "должен атаковать Ben" in board.badges(copy, "mtg", {1: "Ben"})
    # Once it attacks, the requirement is met: no badge.
    assert not any(
        "must attack" in b
        for b in board.badges({**copy, "attacking": {"seat": 1}}, "mtg", {1: "Ben"})
    )
