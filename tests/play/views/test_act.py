"""POST /play/<id>/act/: every action type for the owner, the other player and an outsider."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import rules
from play.models import Table
from play.table import services
from tests.play.conftest import Cast
from tests.play.views.conftest import HASTY_SOLDIER, HTMX, act, browser_for, object_named

Setup = Callable[[Cast], dict[str, Any]]


def _treasure(cast: Cast) -> str:
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    return str(object_named(state, "Treasure Token")["id"])


def _soldier(cast: Cast, **extra: Any) -> str:
    action = {"type": "create_token", "controller": 0, "definition": HASTY_SOLDIER, **extra}
    return str(object_named(act(cast.table, cast.owner, action), "Soldier Token")["id"])


def _on_soldier(action_type: str, **fields: Any) -> Setup:
    return lambda cast: {"type": action_type, "object": _soldier(cast), "count": 1, **fields}


def _tapped_soldier(cast: Cast) -> dict[str, Any]:
    return {"type": "untap", "object": _soldier(cast, tapped=True), "count": 1}


def _countered_soldier(cast: Cast) -> dict[str, Any]:
    soldier = _soldier(cast, counters={"+1/+1": 2})
    return {"type": "remove_counters", "object": soldier, "kind": "+1/+1", "amount": 1}


def _phased_soldier(cast: Cast) -> dict[str, Any]:
    soldier = _soldier(cast)
    act(cast.table, cast.owner, {"type": "phase_out", "object": soldier})
    return {"type": "phase_in", "object": soldier}


def _attacking(cast: Cast) -> dict[str, Any]:
    soldier = _soldier(cast)
    for _ in range(2):
        act(cast.table, cast.owner, {"type": "next_step"})
    return {"type": "attack", "object": soldier, "count": 1, "defender": "seat:1"}


def _blocking(cast: Cast) -> dict[str, Any]:
    soldier = _soldier(cast)
    ben = {"type": "create_token", "controller": 1, "definition": HASTY_SOLDIER}
    state = act(cast.table, cast.player, ben)
    blocker = str(next(o["id"] for o in state["objects"] if o["controller"] == 1))
    for _ in range(2):
        act(cast.table, cast.owner, {"type": "next_step"})
    act(cast.table, cast.owner, {"type": "attack", "object": soldier, "defender": {"seat": 1}})
    act(cast.table, cast.owner, {"type": "next_step"})
    return {"type": "block", "object": blocker, "count": 1, "attacker": soldier}


def _treasure_for_red(cast: Cast) -> dict[str, Any]:
    return {"type": "activate", "object": _treasure(cast), "ability": 0, "color": "R"}


def _role(cast: Cast) -> dict[str, Any]:
    soldier = _soldier(cast)
    return {"type": "create_token", "token": "mtg-cursed-role", "attach_to": soldier}


SETUPS: dict[str, Setup] = {
    "tap": _on_soldier("tap"),
    "untap": _tapped_soldier,
    "sacrifice": _on_soldier("sacrifice"),
    "destroy": _on_soldier("destroy"),
    "phase_out": _on_soldier("phase_out"),
    "phase_in": _phased_soldier,
    "turn_face_down": _on_soldier("turn_face_down"),
    "move": _on_soldier("move", to="exile"),
    "add_counters": _on_soldier("add_counters", kind="+1/+1", amount=2),
    "remove_counters": _countered_soldier,
    "damage": _on_soldier("damage", amount=1),
    "pump": _on_soldier("pump", power=2, toughness=2, until="end_of_turn"),
    "gain_control": _on_soldier("gain_control", seat=1),
    "attack": _attacking,
    "adjust_player_counters": lambda cast: {
        "type": "adjust_player_counters",
        "seat": 0,
        "kind": "poison",
        "amount": 1,
    },
    "empower_jace": lambda cast: {"type": "empower_jace", "seat": 0, "amount": 3},
    "set_designation": lambda cast: {
        "type": "set_designation",
        "seat": 0,
        "designation": "monarch",
    },
    "activate": _treasure_for_red,
    "adjust_life": lambda cast: {"type": "adjust_life", "seat": 0, "amount": -3},
    "next_step": lambda cast: {"type": "next_step"},
    "pass_turn": lambda cast: {"type": "pass_turn"},
    "create_token": lambda cast: {"type": "create_token", "pick": "create_token:mtg-treasure"},
    "create_copy": lambda cast: {"type": "create_copy", "of": _soldier(cast), "controller": 0},
    "put_card": lambda cast: {"type": "put_card", "pick": "put_card:mtg-doubling-season"},
    "resolve_spell_copy": lambda cast: {
        "type": "resolve_spell_copy",
        "pick": "resolve_spell_copy:mtg-krenko-mob-boss",
    },
    "attach_role": _role,
}


def _post(cast: Cast, user: Any, data: dict[str, Any], htmx: bool = True) -> Any:
    cast.table.refresh_from_db()
    fields = {"expected_version": cast.table.version, "slot": "err-x", **data}
    headers = HTMX if htmx else {}
    return browser_for(user).post(f"/play/{cast.table.id}/act/", fields, headers=headers)


def _version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_it_lets_the_owner_act_and_returns_the_board_partial(seeded, cast, name):
    data = SETUPS[name](cast)
    before = _version(cast.table)
    response = _post(cast, cast.owner, data)
    assert response.status_code == 200, response.content.decode()[:500]
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="board"')
    assert "<html" not in html
    assert _version(cast.table) == before + 1


def _effect(game: str, name: str) -> bool:
    """Whether any seated player may send this action (an effect of a spell on any object)."""
    spec = rules.registries()[game].get(name)
    return spec is not None and spec.actor.kind == "anyone"


@pytest.mark.parametrize("name", sorted(n for n in SETUPS if _effect("mtg", n)))
def test_it_lets_the_other_player_apply_an_effect_to_an_opponents_object(seeded, cast, name):
    """Damage, destroy, exile, tap, counters, control: any seated player's spell
    may do it to any object; the log names the player."""
    data = SETUPS[name](cast)
    before = _version(cast.table)
    response = _post(cast, cast.player, data)
    assert response.status_code == 200, response.content.decode()[:300]
    entry = cast.table.actions.get(seq=before + 1)
    assert (entry.actor, entry.seat) == (cast.player, 1)


@pytest.mark.parametrize("name", sorted(n for n in SETUPS if not _effect("mtg", n)))
def test_it_refuses_the_other_player_beside_the_control(seeded, cast, name):
    data = SETUPS[name](cast)
    before = _version(cast.table)
    response = _post(cast, cast.player, data)
    assert response.status_code == 403
    assert response["HX-Retarget"] == "#err-x"
    assert "act for Ann at this table" in response.content.decode()  # by name, not "seat 0"
    assert _version(cast.table) == before


@pytest.mark.parametrize("name", sorted(SETUPS))
def test_it_hides_the_table_from_an_outsider(seeded, cast, name):
    data = SETUPS[name](cast)
    before = _version(cast.table)
    response = _post(cast, cast.outsider, data)
    assert response.status_code == 404
    assert _version(cast.table) == before


def test_it_refuses_a_spectator(seeded, cast):
    response = _post(cast, cast.spectator, {"type": "next_step"})
    assert response.status_code == 403
    assert "Spectators" in response.content.decode()


def test_it_refuses_an_anonymous_visitor(seeded, cast):
    response = _post(cast, None, {"type": "next_step"})
    assert response.status_code == 403
    assert _version(cast.table) == 0


def test_it_redirects_to_the_page_without_htmx(seeded, cast):
    response = _post(cast, cast.owner, {"type": "next_step"}, htmx=False)
    assert response.status_code == 302
    assert response["Location"] == f"/play/{cast.table.id}/"


def test_it_lets_the_other_player_act_for_their_own_seat(seeded, cast):
    response = _post(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": 2})
    assert response.status_code == 200
    assert ">22<" in response.content.decode()


def test_it_sends_the_current_board_on_a_stale_version(seeded, cast):
    act(cast.table, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -1})
    fields = {"expected_version": 0, "type": "adjust_life", "seat": 0, "amount": -5}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/act/", fields, headers=HTMX)
    assert response.status_code == 409
    html = response.content.decode()
    assert 'id="board"' in html and 'data-version="1"' in html
    assert "nothing was done" in html
    assert ">19<" in html
    assert _version(cast.table) == 1


def test_it_shows_a_rules_error_with_its_rule_beside_the_control(seeded, cast):
    soldier = {**HASTY_SOLDIER, "keywords": []}
    state = act(cast.table, cast.owner, {"type": "create_token", "definition": soldier})
    for _ in range(2):
        act(cast.table, cast.owner, {"type": "next_step"})
    data = {"type": "attack", "object": object_named(state, "Soldier Token")["id"]}
    response = _post(cast, cast.owner, data)
    assert response.status_code == 422
    assert response["HX-Retarget"] == "#err-x"
    html = response.content.decode()
    assert "302.6" in html
    assert html.count("302.6") == 1, "the rule is in the sentence: no second badge"


def test_the_defending_player_blocks_from_the_board(seeded, cast):
    data = _blocking(cast)
    before = _version(cast.table)
    assert _post(cast, cast.owner, data).status_code == 403
    response = _post(cast, cast.player, {**data, "blocked": 1})
    assert response.status_code == 200, response.content.decode()[:500]
    assert _version(cast.table) == before + 1


def test_it_shows_errors_on_a_full_page_without_htmx(seeded, cast):
    response = _post(cast, cast.owner, {"type": "tap", "object": "o99"}, htmx=False)
    assert response.status_code == 400
    html = response.content.decode()
    assert "<html" in html and "o99" in html and f'href="/play/{cast.table.id}/"' in html


@pytest.mark.parametrize(
    "fields",
    [
        {"type": "no_such_action"},
        {"type": "tap", "object": "o1", "count": 0},
        {"type": "tap", "object": "o1", "count": "many"},
        {"type": "adjust_life", "seat": 0, "amount": 10**13},
        {"type": "choose", "choice": "{not json"},
        {"type": "choose"},
        {"type": "create_token", "pick": "drop_table:x"},
        {"expected_version": "", "type": "next_step"},
    ],
)
def test_it_answers_bad_input_with_a_400(seeded, cast, fields):
    response = _post(cast, cast.owner, fields)
    assert response.status_code == 400
    assert _version(cast.table) == 0


def test_it_only_accepts_post(seeded, cast):
    response = browser_for(cast.owner).get(f"/play/{cast.table.id}/act/")
    assert response.status_code == 405


def test_it_says_how_replacement_effects_changed_a_creation(seeded, cast):
    act(cast.table, cast.owner, {"type": "put_card", "card": "mtg-doubling-season"})
    act(cast.table, cast.owner, {"type": "put_card", "card": "mtg-parallel-lives"})
    data = {"type": "create_token", "pick": "create_token:mtg-soldier-1-1-w", "count": 1}
    response = _post(cast, cast.owner, data)
    html = response.content.decode()
    assert "x4 Soldier Token" in html
    doubler = "(Doubling Season|Parallel Lives)"
    twice = "twice that many \\(614.1\\)"
    pattern = rf"Created 1 → 4: {doubler}: {twice} · {doubler}: {twice}"
    assert re.search(pattern, html), html[:600]


def test_it_creates_a_custom_token_with_all_characteristics(seeded, cast):
    data = {
        "type": "create_token",
        "count": 2,
        "def_name": "Ooze Token",
        "def_types": "Creature",
        "def_subtypes": "Ooze",
        "def_colors": ["G", "U"],
        "def_power": "3",
        "def_toughness": "3",
        "def_keywords": "Trample, Haste",
        "def_text": "Grows.",
    }
    response = _post(cast, cast.owner, data)
    html = response.content.decode()
    assert response.status_code == 200
    assert "x2 Ooze Token" in html and "frame-gold" in html and "Trample, Haste" in html


def test_it_opens_a_dialog_for_a_pending_choice_and_answers_it(seeded, cast):
    legend = {**HASTY_SOLDIER, "name": "Legend", "supertypes": ["Legendary"]}
    act(cast.table, cast.owner, {"type": "create_token", "definition": legend, "tapped": True})
    data = {"type": "create_token", "def_name": "Legend", "def_supertypes": "Legendary"}
    _post(cast, cast.owner, {**data, "def_types": "Creature", "def_power": "1"})
    page = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    assert '<dialog open class="choice"' in page and "must choose" in page
    value = page.split('name="choice" value="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    response = _post(cast, cast.owner, {"type": "choose", "choice": value})
    assert response.status_code == 200
    assert "must choose" not in response.content.decode()


@pytest.fixture
def rift(seeded, cast) -> Cast:
    """The same cast at a Riftbound table (owner at seat 0, the player at seat 1)."""
    players = ["A", "B"]
    table = services.table_create(owner=cast.owner, game="riftbound", name="Rift", players=players)
    services.table_join(user=cast.player, invite=table.invite_token, seat=1)
    services.table_spectate(user=cast.spectator, token=table.spectate_token)
    return Cast(cast.owner, cast.player, cast.spectator, cast.outsider, table)


def _recruit(cast: Cast, **extra: Any) -> str:
    action = {"type": "create_token", "token": "rb-recruit", "controller": 0, **extra}
    return str(object_named(act(cast.table, cast.owner, action), "Recruit")["id"])


def _on_recruit(action_type: str, **fields: Any) -> Setup:
    return lambda cast: {"type": action_type, "object": _recruit(cast, ready=True), **fields}


def _gold_for_fury(cast: Cast) -> dict[str, Any]:
    state = act(
        cast.table, cast.owner, {"type": "create_token", "token": "rb-gold", "controller": 0}
    )
    gold = object_named(state, "Gold")["id"]
    return {"type": "activate", "object": gold, "ability": 0, "domain": "Fury"}


RIFTBOUND_SETUPS: dict[str, Setup] = {
    "create_token": lambda cast: {
        "type": "create_token",
        "pick": "create_token:rb-recruit",
        "controller": 0,
    },
    "exhaust": _on_recruit("exhaust"),
    "ready": lambda cast: {"type": "ready", "object": _recruit(cast)},
    "move": _on_recruit("move", to="bf1"),
    "damage": _on_recruit("damage", amount=1),
    "kill": _on_recruit("kill"),
    "buff": _on_recruit("buff"),
    "activate": _gold_for_fury,
    "adjust_points": lambda cast: {"type": "adjust_points", "seat": 0, "amount": 1},
}


@pytest.mark.parametrize("name", sorted(RIFTBOUND_SETUPS))
@pytest.mark.parametrize(("who", "status"), [("owner", 200), ("player", 403), ("outsider", 404)])
def test_it_runs_riftbound_actions_by_access(rift, name, who, status):
    if who == "player" and _effect("riftbound", name):
        status = 200  # an effect on any object: any seated player
    data = RIFTBOUND_SETUPS[name](rift)
    before = _version(rift.table)
    response = _post(rift, getattr(rift, who), data)
    assert response.status_code == status, response.content.decode()[:300]
    assert _version(rift.table) == before + (1 if status == 200 else 0)


def test_it_names_the_new_object_in_a_pending_choice(seeded, cast):
    legend = {**HASTY_SOLDIER, "name": "Legend", "supertypes": ["Legendary"]}
    act(cast.table, cast.owner, {"type": "create_token", "definition": legend, "tapped": True})
    data = {"type": "create_token", "def_name": "Legend", "def_supertypes": "Legendary"}
    response = _post(cast, cast.owner, {**data, "def_types": "Creature", "def_power": "1"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "The new one" in html and "(o2)" not in html  # no object ids on screen
    # The legend already there is named as the board shows it (CR 704.5j).
    assert ">Legend (1/1)</button>" in html


def test_it_says_how_replacement_effects_changed_a_creation_a_choice_finished(seeded, cast):
    act(cast.table, cast.owner, {"type": "put_card", "card": "mtg-doubling-season"})
    legend = {**HASTY_SOLDIER, "name": "Legend", "supertypes": ["Legendary"]}
    act(cast.table, cast.owner, {"type": "create_token", "definition": legend, "tapped": True})
    data = {"type": "create_token", "def_name": "Legend", "def_supertypes": "Legendary"}
    asked = _post(cast, cast.owner, {**data, "def_types": "Creature", "def_power": "2"}).content
    assert "must choose" in asked.decode() and "Created " not in asked.decode()
    value = asked.decode().split('name="choice" value="', 1)[1].split('"', 1)[0]
    response = _post(cast, cast.owner, {"type": "choose", "choice": value.replace("&quot;", '"')})
    assert "Created 1 → 2: Doubling Season: twice that many (614.1)" in response.content.decode()


def test_a_riftbound_table_names_its_battlefields_in_the_readers_language(rift) -> None:
    """The battlefields the table named itself are data ("Battlefield {number}"),
    told in Russian on the board, in the move form and in the log; the API keeps the kernel's
    name with the sentence that made it."""
    recruit = _recruit(rift, ready=True)
    act(rift.table, rift.owner, {"type": "move", "object": recruit, "to": "bf2"})
    russian = browser_for(rift.owner)
    page = russian.get(f"/play/{rift.table.id}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<h2 id="field-bf1">Поле битвы 1 ' in page and '<h2 id="field-bf2">Поле битвы 2 ' in page
    assert "Battlefield 1" not in page and "Battlefield 2" not in page
    history = russian.get(
        f"/api/v1/tables/{rift.table.id}/history/", HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    assert "Поле битвы 2" in history and "Battlefield 2" not in history
    english = browser_for(rift.owner).get(f"/play/{rift.table.id}/", HTTP_ACCEPT_LANGUAGE="en")
    assert '<h2 id="field-bf1">Battlefield 1 ' in english.content.decode()
    api = russian.get(f"/api/v1/tables/{rift.table.id}/", HTTP_ACCEPT_LANGUAGE="ru").json()
    field = api["battlefields"][0]
    assert field["name"] == "Battlefield 1"
    assert field["name_message"] == {"id": "Battlefield {number}", "args": {"number": 1}}
