"""The command line's API (play/api/commands.py, play/table/commands.py): phrases run as the
registry's actions through the same services, questions are answered from the state, an
ambiguous phrase offers its readings by number, and what is not understood is a clear 400."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from play.models import Action
from tests.play.conftest import Cast, client_for

GOBLIN = {
    "name": "Goblin",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
WOLF = {**GOBLIN, "name": "Wolf", "subtypes": ["Wolf"], "power": "2", "toughness": "2"}


def say(cast: Cast, text: str, user: Any = None, status: int = 200, **extra: Any) -> dict[str, Any]:
    cast.table.refresh_from_db()
    body = {"text": text, "expected_version": cast.table.version, **extra}
    response = client_for(user or cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/command/", body, format="json"
    )
    assert response.status_code == status, response.json()
    answer: dict[str, Any] = response.json()
    return answer


def act(cast: Cast, action: dict[str, Any]) -> None:
    cast.table.refresh_from_db()
    user = cast.player if action.get("controller") == 1 else cast.owner
    response = client_for(user).post(
        f"/api/v1/tables/{cast.table.id}/actions/",
        {"expected_version": cast.table.version, "action": action},
        format="json",
    )
    assert response.status_code == 200, response.json()


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """A request in Russian leaves its language active in this thread: each test starts and
    ends in English."""
    translation.activate("en")
    yield
    translation.deactivate()


@pytest.fixture
def board(cast: Cast) -> Cast:
    act(cast, {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 10})
    act(cast, {"type": "create_token", "controller": 1, "definition": WOLF, "count": 1})
    return cast


def test_a_whole_combat_by_phrases_508_1a_509_1a_510_1(board: Cast) -> None:
    assert say(board, "next")["kind"] == "done"
    assert say(board, "next")["action"] == {"type": "next_step"}
    attacked = say(board, "attack ben with 10 goblin")
    assert attacked["action"] == {"type": "attack", "defender": 1, "object": "o1", "count": 10}
    assert "CR" not in attacked["said"]
    say(board, "next")
    # Ben, who acts for seat 1, blocks with his Wolf.
    blocked = say(board, "block goblin with wolf", user=board.player)
    assert blocked["action"]["type"] == "block" and blocked["action"]["object"] == "o2"
    combat = say(board, "combat", user=board.player)["said"]
    assert "attacks Ben" in combat and "blocked by Wolf" in combat
    damage = say(board, "next")
    assert "who loses that much life" in damage["said"] and "CR" not in damage["said"]
    assert "Ben: 11 life" in say(board, "life")["said"]


def test_undo_in_words_and_questions(board: Cast) -> None:
    say(board, "tap 4 goblin")
    undone = say(board, "undo")
    assert undone["kind"] == "undone"
    assert undone["said"] == "Undid: Ann's Tap."
    entry = Action.objects.filter(table=board.table).last()
    assert entry is not None and entry.events[0]["type"] == "undone"
    say(board, "next")
    assert "back to" in say(board, "undo")["said"]
    assert "Nothing is pending" in say(board, "pending")["said"]
    assert say(board, "stack", focus="o2")["said"].startswith("Wolf, Ben, 2/2")
    assert "Undid: Ann's Next step; back to" in say(board, "last")["said"]


def test_counters_damage_and_life_122_1_120_3_119_3(board: Cast) -> None:
    say(board, "counter +1 on 2 goblin")
    say(board, "damage 3 to wolf")
    say(board, "life +3")
    state = client_for(board.owner).get(f"/api/v1/tables/{board.table.id}/").json()
    seats = {s["seat"]: s for s in state["seats"]}
    assert seats[0]["life"] == 23
    assert any(o["counters"].get("+1/+1") == 1 and o["count"] == 2 for o in state["objects"])
    assert not any(o["name"] == "Wolf" for o in state["objects"])  # 3 damage, 2 toughness


def test_an_ambiguous_phrase_asks_by_number_and_the_number_acts(board: Cast) -> None:
    act(board, {"type": "create_token", "controller": 1, "definition": GOBLIN, "count": 1})
    asked = say(board, "damage 1 to goblin")
    assert asked["kind"] == "options" and [o["number"] for o in asked["options"]] == [1, 2]
    assert "o1" not in asked["said"] and "Which one?" in asked["said"]
    done = say(board, "damage 1 to goblin", choice=2)
    assert done["action"]["object"] == asked["options"][1]["action"]["object"]


def test_not_understood_is_a_400_with_did_you_mean(board: Cast) -> None:
    wrong = say(board, "tap 2 gblin", status=400)
    assert wrong["error"] == "not_understood" and "Did you mean" in wrong["detail"]
    assert say(board, "x" * 300, status=400)["error"] == "invalid"
    assert say(board, "tap 2 goblin", user=board.spectator, status=403)


def test_russian_phrases(board: Cast) -> None:
    with translation.override("ru"):
        client = client_for(board.owner)
        board.table.refresh_from_db()
        response = client.post(
            f"/api/v1/tables/{board.table.id}/command/",
            {"text": "повернуть 3 goblins", "expected_version": board.table.version},
            format="json",
            HTTP_ACCEPT_LANGUAGE="ru",
        )
    assert response.status_code == 200, response.json()
    assert response.json()["action"] == {"type": "tap", "object": "o1", "count": 3}


def test_the_schema_documents_the_command_endpoint(client: Any) -> None:
    schema = client.get("/api/schema/", {"format": "json"}).json()
    post = schema["paths"]["/api/v1/tables/{table_id}/command/"]["post"]
    assert "400" in post["responses"] and "200" in post["responses"]
    assert "CommandResponse" in schema["components"]["schemas"]


def test_russian_printed_names_and_words_make_tokens(cast: Cast) -> None:
    """ "3 сокровища": the Treasure by its Russian printed name, another word ending."""
    from catalog.seed import load_seed

    load_seed()
    cast.table.refresh_from_db()
    response = client_for(cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/command/",
        {"text": "3 сокровища", "expected_version": cast.table.version},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 200, response.json()
    assert response.json()["action"] == {
        "type": "create_token",
        "controller": 0,
        "token": "mtg-treasure",
        "count": 3,
    }
    asked = client_for(cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/command/",
        {"text": "жизнь"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert asked.json()["said"] == "Ann: 20 жизней; Ben: 20 жизней."
