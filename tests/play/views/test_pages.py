"""The battlefield pages: lobby, links, table page, board partial, undo, untap all, stack dialog,
palette search. Each for the owner, the other player, a spectator and an outsider."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

import rules
from play.models import Spectator, Table
from play.table import selectors, services
from tests.play.conftest import Cast
from tests.play.views.conftest import HASTY_SOLDIER, HTMX, act, browser_for, object_named


def test_it_shows_the_lobby_with_my_tables(seeded, cast):
    response = browser_for(cast.player).get("/play/")
    assert response.status_code == 200
    link = f'href="/play/{cast.table.id}/"'
    assert link in response.content.decode()
    other = browser_for(cast.outsider).get("/play/").content.decode()
    assert link not in other and "No tables yet" in other


def test_it_asks_anonymous_visitors_to_log_in_before_creating(db):
    assert "Log in" in browser_for(None).get("/play/").content.decode()
    response = browser_for(None).post("/play/", {"game": "mtg", "name": "x", "players": "A"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    assert not Table.objects.exists()


def test_it_creates_a_table_from_the_lobby(db):
    user = User.objects.create_user("ann")
    data = {"game": "mtg", "name": "Commander", "players": "Ann, Ben, Cy", "starting_life": 40}
    response = browser_for(user).post("/play/", data)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == f"/play/{table.id}/"
    assert table.owner == user and table.setup["starting_life"] == 40
    assert list(table.seats.values_list("name", flat=True)) == ["Ann", "Ben", "Cy"]


@pytest.mark.parametrize(
    "data",
    [
        {"game": "chess", "name": "x", "players": "A", "starting_life": 20},
        {"game": "mtg", "name": "x", "players": " , ", "starting_life": 20},
        {"game": "mtg", "name": "x", "players": ",".join("ABCDEFGHI"), "starting_life": 20},
        {"game": "mtg", "name": "", "players": "A", "starting_life": 20},
    ],
)
def test_it_refuses_a_bad_table_with_a_400(db, data):
    user = User.objects.create_user("ann")
    response = browser_for(user).post("/play/", data)
    assert response.status_code == 400
    assert not Table.objects.exists()


def test_it_opens_a_pasted_link_from_the_lobby(seeded, cast):
    invite = f"https://example.org/play/join/{cast.table.invite_token}/"
    response = browser_for(cast.outsider).get("/play/", {"link": invite})
    assert response["Location"] == f"/play/join/{cast.table.invite_token}/"
    watch = f"http://x/play/watch/{cast.table.spectate_token}/"
    response = browser_for(cast.outsider).get("/play/", {"link": watch})
    assert response["Location"] == f"/play/watch/{cast.table.spectate_token}/"
    assert browser_for(cast.outsider).get("/play/", {"link": "nonsense"}).status_code == 200


def test_it_joins_a_free_seat_through_the_invite_link(seeded, cast):
    newcomer = User.objects.create_user("newcomer")
    table = services.table_create(owner=cast.owner, game="mtg", name="Open", players=["A", "Ben"])
    url = f"/play/join/{table.invite_token}/"
    page = browser_for(newcomer).get(url).content.decode()
    assert "Sit as Ben" in page
    response = browser_for(newcomer).post(url, {"seat": 1})
    assert response.status_code == 302 and response["Location"] == f"/play/{table.id}/"
    assert table.seats.get(number=1).user == newcomer


def test_it_refuses_a_taken_seat_and_a_bad_invite(seeded, cast):
    url = f"/play/join/{cast.table.invite_token}/"
    response = browser_for(cast.outsider).post(url, {"seat": 1})
    assert response.status_code == 409
    assert "already taken" in response.content.decode()
    assert browser_for(cast.outsider).get("/play/join/nope/").status_code == 404
    anonymous = browser_for(None).get(url)  # sign up, log in or play as a guest
    assert anonymous.status_code == 200 and "Play as a guest as" in anonymous.content.decode()


def test_it_follows_a_table_through_the_spectator_link(seeded, cast):
    url = f"/play/watch/{cast.table.spectate_token}/"
    response = browser_for(cast.outsider).get(url)
    assert response.status_code == 302 and response["Location"] == f"/play/{cast.table.id}/"
    assert Spectator.objects.filter(table=cast.table, user=cast.outsider).exists()
    anonymous = browser_for(None).get(url)
    assert anonymous.status_code == 302 and "?spectate=" in anonymous["Location"]
    page = browser_for(None).get(anonymous["Location"])
    assert page.status_code == 200 and "you are spectator" in page.content.decode()
    assert browser_for(None).get("/play/watch/nope/").status_code == 404


def test_it_renders_the_full_page_and_the_htmx_partial(seeded, cast):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure", "count": 3})
    url = f"/play/{cast.table.id}/"
    full = browser_for(cast.owner).get(url).content.decode()
    assert "<html" in full and 'id="palette"' in full and "x3 Treasure Token" in full
    partial = browser_for(cast.owner).get(url, headers=HTMX).content.decode()
    assert "<html" not in partial and partial.lstrip().startswith('<section id="board"')


def test_it_logs_each_event_with_its_rule_once(seeded, cast):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    html = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    log = html.split('id="log-title"', 1)[1]
    assert "Treasure Token" in log and "(CR 111.2)" in log
    assert log.count("111.2") == 1, "the sentence names the rule: no second badge"


def test_it_shows_a_phased_out_stack_as_a_ghost_without_a_tap_button(seeded, cast):
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    treasure = object_named(state, "Treasure Token")["id"]
    act(cast.table, cast.owner, {"type": "phase_out", "object": treasure})
    html = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    assert "is-phased-out" in html and "phased out" in html
    assert "Tap 1 Treasure Token" not in html  # the kernel would refuse it (CR 702.26b)


@pytest.mark.parametrize(
    ("who", "status", "controls"),
    [
        ("owner", 200, True),
        ("player", 200, True),
        ("spectator", 200, False),
        ("outsider", 404, False),
    ],
)
def test_it_shows_the_table_by_access(seeded, cast, who, status, controls):
    response = browser_for(getattr(cast, who)).get(f"/play/{cast.table.id}/")
    assert response.status_code == status
    html = response.content.decode()
    assert ('id="palette"' in html) is controls  # Undo shows once there is something to undo
    # Only whoever acts for the active seat (the owner, for seat 0) moves the turn on.
    assert ('value="next_step"' in html) is (who == "owner")


def test_it_hides_unknown_tables(seeded, cast):
    unknown = "/play/00000000-0000-0000-0000-000000000000/"
    assert browser_for(cast.owner).get(unknown).status_code == 404
    assert browser_for(None).get(f"/play/{cast.table.id}/").status_code == 404


def test_it_answers_polling_with_204_until_the_version_changes(seeded, cast):
    url = f"/play/{cast.table.id}/board/?known=0"
    assert browser_for(cast.player).get(url).status_code == 204
    act(cast.table, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -2})
    response = browser_for(cast.player).get(url)
    assert response.status_code == 200 and 'data-version="1"' in response.content.decode()
    assert browser_for(cast.outsider).get(url).status_code == 404
    spectate = f"/play/{cast.table.id}/board/?spectate={cast.table.spectate_token}"
    assert browser_for(None).get(spectate).status_code == 200


def test_the_boards_frame_has_the_head_seats_choice_and_log_without_the_stacks(
    seeded, cast, monkeypatch
):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    act(cast.table, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -2})
    viewed: list[int] = []
    real_view = rules.view

    def counting_view(state: Any) -> dict[str, Any]:
        viewed.append(len(state.objects))
        return real_view(state)

    monkeypatch.setattr(rules, "view", counting_view)
    response = browser_for(cast.player).get(
        f"/play/{cast.table.id}/board/?part=frame", headers=HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    for part in ("board-head", "board-choice", "seat-head-0", "seat-head-1", "board-log"):
        assert f'id="{part}"' in html
    assert html.count('hx-swap-oob="true"') == 5
    assert 'data-testid="life-0">18<' in html and "Treasure" in html  # the log names it
    assert "bf-tile" not in html and viewed == [0]  # no stack was viewed, none rendered
    assert 'data-seat-class="seat active"' in html
    spectate = f"/play/{cast.table.id}/board/?part=frame&spectate={cast.table.spectate_token}"
    assert browser_for(None).get(spectate).status_code == 200
    assert (
        browser_for(cast.outsider).get(f"/play/{cast.table.id}/board/?part=frame").status_code
        == 404
    )


def _undo(cast: Cast, user: User | None, version: int) -> Any:
    url = f"/play/{cast.table.id}/undo/"
    return browser_for(user).post(url, {"expected_version": version, "slot": "err-t"}, headers=HTMX)


def test_it_undoes_the_last_action(seeded, cast):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    assert _undo(cast, cast.outsider, 1).status_code == 404
    assert _undo(cast, cast.spectator, 1).status_code == 403
    refused = _undo(cast, cast.player, 1)  # the player has no action of their own
    assert refused.status_code == 409 and "You have no action to undo." in refused.content.decode()
    response = _undo(cast, cast.owner, 1)
    html = response.content.decode()
    assert response.status_code == 200
    assert "Treasure Token" not in html.split('class="log"')[0] and "Undid #1" in html


def test_it_refreshes_instead_of_undoing_on_a_stale_version(seeded, cast):
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    response = _undo(cast, cast.owner, 0)
    assert response.status_code == 409
    assert 'data-version="1"' in response.content.decode()
    cast.table.refresh_from_db()
    assert cast.table.version == 1


def _version(table: Table) -> int:
    table.refresh_from_db()
    return table.version


def test_it_untaps_all_of_a_seat(seeded, cast):
    for _ in range(2):
        act(cast.table, cast.owner, {"type": "create_token", "definition": HASTY_SOLDIER})
        state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    for obj in state["objects"]:
        act(cast.table, cast.owner, {"type": "tap", "object": obj["id"], "count": obj["count"]})
    cast.table.refresh_from_db()
    url = f"/play/{cast.table.id}/untap-all/"
    data = {"expected_version": cast.table.version, "seat": 0, "slot": "err-t"}
    assert browser_for(cast.player).post(url, data, headers=HTMX).status_code == 403
    assert browser_for(cast.outsider).post(url, data, headers=HTMX).status_code == 404
    stale = {**data, "expected_version": data["expected_version"] - 1}
    assert browser_for(cast.owner).post(url, stale, headers=HTMX).status_code == 409
    response = browser_for(cast.owner).post(url, data, headers=HTMX)
    assert response.status_code == 200
    board = response.content.decode()
    assert "is-tapped" not in board and "Ann untapped 4 permanents" in board
    untapped = data["expected_version"] + 1  # one kernel action: one log entry
    assert _version(cast.table) == untapped
    assert cast.table.actions.last().payload == {"type": "untap_all", "seat": 0}
    again = {**data, "expected_version": untapped}
    assert browser_for(cast.owner).post(url, again, headers=HTMX).status_code == 200
    assert _version(cast.table) == untapped  # nothing tapped: nothing logged
    spectator = browser_for(cast.spectator).post(url, again, headers=HTMX)
    assert spectator.status_code == 403
    undone = _undo(cast, cast.owner, untapped)  # one undo taps every stack again
    assert undone.status_code == 200 and undone.content.decode().count("is-tapped") >= 2
    state = rules.view(selectors.table_replay(table=cast.table))
    assert all(o["tapped"] for o in state["objects"])


def test_it_readies_all_of_a_seat_at_riftbound(seeded, cast):
    table = services.table_create(owner=cast.owner, game="riftbound", name="Rift", players=["A"])
    for _ in range(2):
        act(table, cast.owner, {"type": "create_token", "token": "rb-recruit", "controller": 0})
    state = act(table, cast.owner, {"type": "create_token", "token": "rb-gold", "controller": 0})
    gold = object_named(state, "Gold")["id"]
    act(table, cast.owner, {"type": "exhaust", "object": gold})
    before = _version(table)
    url = f"/play/{table.id}/untap-all/"
    data = {"expected_version": before, "seat": 0, "slot": "err-t"}
    response = browser_for(cast.owner).post(url, data, headers=HTMX)
    assert response.status_code == 200
    state = rules.view(selectors.table_replay(table=table))
    assert not any(o["exhausted"] for o in state["objects"])
    assert [o["count"] for o in state["objects"] if o["name"] == "Recruit"] == [2]
    assert _version(table) == before + 1


def test_it_opens_the_stack_dialog(seeded, cast):
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    treasure = object_named(state, "Treasure Token")["id"]
    url = f"/play/{cast.table.id}/objects/{treasure}/"
    partial = browser_for(cast.owner).get(url, headers=HTMX).content.decode()
    assert "<html" not in partial and "Sacrifice" in partial and 'name="color"' in partial
    full = browser_for(cast.owner).get(url).content.decode()
    assert "<html" in full and "Back to Friday" in full
    other = browser_for(cast.player).get(url).content.decode()
    # Another player's spells may destroy it; only its controller sacrifices it.
    assert 'value="sacrifice"' not in other and 'value="destroy"' in other
    watcher = browser_for(cast.spectator).get(url).content.decode()
    assert "You are watching this table" in watcher and 'value="destroy"' not in watcher
    assert browser_for(cast.outsider).get(url).status_code == 404
    assert browser_for(cast.owner).get(f"/play/{cast.table.id}/objects/o999/").status_code == 404


def test_it_searches_tokens_and_cards_for_the_palette(seeded, cast):
    url = f"/play/{cast.table.id}/palette/"
    tokens = browser_for(cast.owner).get(url, {"q": "sold"}).content.decode()
    assert 'value="create_token:mtg-soldier-1-1-w"' in tokens
    cards = browser_for(cast.owner).get(url, {"q": "krenko", "kind": "cards"}).content.decode()
    assert 'value="put_card:mtg-krenko-mob-boss"' in cards
    assert 'value="create_token:mtg-goblin-1-1-r"' in cards  # tokens this card makes
    assert browser_for(cast.outsider).get(url, {"q": "sold"}).status_code == 404


def test_it_shows_undo_only_to_who_may_undo_the_last_action(seeded, cast):
    """The last action's sender, or a player acting for its seat."""
    url = f"/play/{cast.table.id}/"
    assert 'data-shortcut="undo"' not in browser_for(cast.owner).get(url).content.decode()
    act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    assert 'data-shortcut="undo"' in browser_for(cast.owner).get(url).content.decode()
    assert 'data-shortcut="undo"' not in browser_for(cast.player).get(url).content.decode()


def test_a_treasure_offers_its_ability_first_and_no_attack_or_pump(seeded, cast):
    """What applies, most likely first; counts say what they count."""
    state = act(cast.table, cast.owner, {"type": "create_token", "token": "mtg-treasure"})
    treasure = object_named(state, "Treasure Token")["id"]
    html = (
        browser_for(cast.owner).get(f"/play/{cast.table.id}/objects/{treasure}/").content.decode()
    )
    assert "Sacrifice: add one mana of any color" in html
    assert html.index("Sacrifice: add one mana") < html.index('value="sacrifice"')
    assert 'value="attack"' not in html and 'value="pump"' not in html
    state = act(cast.table, cast.owner, {"type": "create_token", "definition": HASTY_SOLDIER})
    soldier = object_named(state, "Soldier Token")["id"]
    html = browser_for(cast.owner).get(f"/play/{cast.table.id}/objects/{soldier}/").content.decode()
    assert "How many creatures" in html and "How many counters" in html
    assert 'value="attack"' in html and 'value="pump"' in html
