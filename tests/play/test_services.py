from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.contrib.auth.models import User

import rules
from play.models import Action, Table
from play.table import selectors, services
from tests.play.conftest import SOLDIER, Cast, create_soldiers
from tokensite.api import Conflict, DomainError, Forbidden, NotFound, RulesViolation


def act(cast: Cast, user: User, action: dict[str, Any]) -> services.ActionResult:
    table = Table.objects.get(pk=cast.table.pk)
    return services.table_apply_action(
        table_id=table.id, user=user, expected_version=table.version, action=action
    )


def undo(cast: Cast, user: User) -> services.ActionResult:
    table = Table.objects.get(pk=cast.table.pk)
    return services.table_undo(table_id=table.id, user=user, expected_version=table.version)


def stored_equals_replay(table_id: Any) -> bool:
    table = Table.objects.get(pk=table_id)
    replayed = json.loads(json.dumps(rules.codec.dump(selectors.table_replay(table=table))))
    return bool(replayed == table.state)


def objects_of(result: services.ActionResult) -> list[dict[str, Any]]:
    return list(result.state["objects"])


@pytest.mark.django_db
def test_it_creates_a_table_at_version_zero_with_unclaimed_seats() -> None:
    owner = User.objects.create_user("ann")
    table = services.table_create(
        owner=owner,
        game="mtg",
        name="Friday",
        players=["Ann", "Ben"],
        options={"starting_life": 40},
    )
    assert table.version == 0
    assert [(s.number, s.name, s.user_id) for s in table.seats.all()] == [
        (0, "Ann", None),
        (1, "Ben", None),
    ]
    assert table.setup == {"players": ["Ann", "Ben"], "starting_life": 40}
    assert [seat["life"] for seat in rules.view(rules.codec.load(table.state))["seats"]] == [40, 40]
    assert table.invite_token != table.spectate_token
    assert len(table.invite_token) >= 40


@pytest.mark.django_db
def test_it_refuses_an_unknown_game_without_writing() -> None:
    owner = User.objects.create_user("ann")
    with pytest.raises(DomainError):
        services.table_create(owner=owner, game="chess", name="x", players=["A"])
    assert not Table.objects.exists()


def test_it_applies_an_action_logs_it_and_bumps_the_version(cast: Cast) -> None:
    result = act(cast, cast.owner, create_soldiers(count=3))
    assert result.version == 1
    assert result.events and all("text" in e and "rule" in e for e in result.events)
    [soldiers] = objects_of(result)
    assert soldiers["count"] == 3
    entry = Action.objects.get(table=cast.table, seq=1)
    assert entry.actor == cast.owner
    assert entry.seat == 0
    assert entry.payload["type"] == "create_token"
    assert entry.events == result.events
    assert stored_equals_replay(cast.table.pk)


def test_it_refuses_a_conflicting_stale_version_and_writes_nothing(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers(count=3))
    tap = {"type": "tap", "object": "o1", "count": 2}
    act(cast, cast.owner, tap)
    with pytest.raises(Conflict) as caught:
        services.table_apply_action(
            table_id=cast.table.id, user=cast.owner, expected_version=1, action=tap
        )
    assert caught.value.code == "conflict"
    assert Table.objects.get(pk=cast.table.pk).version == 2
    assert Action.objects.filter(table=cast.table).count() == 2


def test_it_lets_the_owner_act_only_for_seats_nobody_else_claimed(cast: Cast) -> None:
    act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -3})
    with pytest.raises(Forbidden):
        act(cast, cast.owner, {"type": "adjust_life", "seat": 1, "amount": -3})
    result = act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -2})
    assert [s["life"] for s in result.state["seats"]] == [17, 18]


def test_it_lets_a_player_act_for_their_seat_only(cast: Cast) -> None:
    result = act(cast, cast.owner, create_soldiers(controller=0))
    [soldier] = objects_of(result)
    with pytest.raises(Forbidden):
        act(cast, cast.player, {"type": "sacrifice", "object": soldier["id"]})
    with pytest.raises(Forbidden):
        act(cast, cast.player, {"type": "attack", "object": soldier["id"]})
    with pytest.raises(Forbidden):
        act(cast, cast.player, {"type": "adjust_life", "seat": 0, "amount": -1})
    assert Table.objects.get(pk=cast.table.pk).version == 1


def test_a_players_spell_taps_damages_and_takes_an_opponents_token_and_undoes_its_own(
    cast: Cast,
) -> None:
    """Effects of a player's spells reach any object; the log records the player
    and their seat, and that player may undo that action (undo stays per action)."""
    [soldier] = objects_of(act(cast, cast.owner, create_soldiers(controller=0, count=3)))
    act(cast, cast.player, {"type": "tap", "object": soldier["id"]})
    act(cast, cast.player, {"type": "gain_control", "object": soldier["id"], "seat": 1})
    entries = list(Action.objects.filter(table=cast.table).order_by("seq"))
    assert [(e.actor, e.seat) for e in entries[1:]] == [(cast.player, 1), (cast.player, 1)]
    services.table_undo(table_id=cast.table.id, user=cast.player, expected_version=3)


def test_pre_answers_inside_an_action_are_their_seats_to_give(cast: Cast) -> None:
    """A player answers their own choices only, also the ones an action asks on the way: the
    order of counter replacement effects is the affected permanent's controller's (616.1)."""
    scales: dict[str, Any] = {"name": "Scales", "types": ["Enchantment"]}
    season: dict[str, Any] = {"name": "Season", "types": ["Enchantment"]}
    scales["effects"] = [{"kind": "counter_extra", "count": 1, "counter": "+1/+1"}]
    season["effects"] = [{"kind": "counter_multiplier", "factor": 2, "counter": None}]
    for definition in (scales, season):
        act(cast, cast.owner, {"type": "put_card", "controller": 0, "definition": definition})
    [soldier] = [
        o
        for o in objects_of(act(cast, cast.owner, create_soldiers(controller=0)))
        if o["name"] == "Soldier Token"
    ]
    counters = {"type": "add_counters", "object": soldier["id"], "kind": "+1/+1", "amount": 1}
    asked = act(cast, cast.player, counters).state["pending_choice"]
    assert asked["seat"] == 0
    services.table_undo(table_id=cast.table.id, user=cast.player, expected_version=4)
    with pytest.raises(Forbidden):
        act(cast, cast.player, {**counters, "answers": [asked["options"][0]]})
    assert Table.objects.get(pk=cast.table.pk).version == 5


def test_it_lets_a_player_tap_an_opponents_token_after_gaining_control(cast: Cast) -> None:
    [soldier] = objects_of(act(cast, cast.owner, create_soldiers(controller=0)))
    act(cast, cast.owner, {"type": "gain_control", "object": soldier["id"], "seat": 1})
    state = act(cast, cast.player, {"type": "tap", "object": soldier["id"]}).state
    assert [o["tapped"] for o in state["objects"]] == [True]


def test_it_hides_the_table_from_outsiders_and_spectators_cannot_act(cast: Cast) -> None:
    with pytest.raises(NotFound):
        act(cast, cast.outsider, create_soldiers())
    staff = User.objects.create_superuser("root")
    with pytest.raises(NotFound):
        act(cast, staff, create_soldiers())
    with pytest.raises(Forbidden):
        act(cast, cast.spectator, create_soldiers())
    assert Table.objects.get(pk=cast.table.pk).version == 0


def test_it_maps_kernel_errors_to_400_422_and_409(cast: Cast) -> None:
    with pytest.raises(DomainError) as invalid:
        act(cast, cast.owner, {"type": "tap", "object": "o999"})
    assert invalid.value.status == 400
    with pytest.raises(DomainError) as unknown:
        act(cast, cast.owner, {"type": "no_such_action"})
    assert unknown.value.status == 400
    [soldier] = objects_of(act(cast, cast.owner, create_soldiers()))
    act(cast, cast.owner, {"type": "tap", "object": soldier["id"]})
    with pytest.raises(RulesViolation) as illegal:
        act(cast, cast.owner, {"type": "attack", "object": soldier["id"]})
    assert illegal.value.status == 422
    assert illegal.value.rule
    assert Table.objects.get(pk=cast.table.pk).version == 2


def test_it_refuses_other_actions_while_a_choice_is_pending(cast: Cast) -> None:
    legend = {**create_soldiers()["definition"], "supertypes": ["Legendary"], "name": "Legend"}
    act(cast, cast.owner, {"type": "create_token", "controller": 0, "definition": legend})
    result = act(cast, cast.owner, {"type": "create_token", "controller": 0, "definition": legend})
    pending = result.state["pending_choice"]
    assert pending is not None
    with pytest.raises(Conflict) as caught:
        act(cast, cast.owner, create_soldiers())
    assert caught.value.code == "choice_pending"
    act(cast, cast.owner, {"type": "choose", "choice": pending["options"][0]})
    assert stored_equals_replay(cast.table.pk)


def test_it_undoes_the_last_action_and_keeps_it_in_the_log(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers(count=2))
    act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -5})
    result = undo(cast, cast.owner)
    assert result.version == 3
    assert [s["life"] for s in result.state["seats"]] == [20, 20]
    assert len(result.state["objects"]) == 1
    log = list(Action.objects.filter(table=cast.table).order_by("seq"))
    assert [(a.seq, a.kind, a.undone_by) for a in log] == [
        (1, "action", None),
        (2, "action", 3),
        (3, "undo", None),
    ]
    assert log[2].payload == {"type": "undo", "undoes": 2}
    assert stored_equals_replay(cast.table.pk)
    assert undo(cast, cast.owner).state["objects"] == []
    with pytest.raises(Conflict) as caught:
        undo(cast, cast.owner)
    assert caught.value.code == "nothing_to_undo"


def test_it_lets_only_someone_acting_for_that_seat_undo(cast: Cast) -> None:
    act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -1})
    with pytest.raises(Conflict) as caught:  # the owner has no action of their own to undo
        undo(cast, cast.owner)
    assert caught.value.code == "nothing_to_undo"
    with pytest.raises(Forbidden):
        undo(cast, cast.spectator)
    assert [s["life"] for s in undo(cast, cast.player).state["seats"]] == [20, 20]


def _count_kernel_applies(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    replays: list[int] = []
    real_apply = rules.apply

    def counting_apply(state: Any, action: dict[str, Any]) -> Any:
        replays.append(1)
        return real_apply(state, action)

    monkeypatch.setattr(rules, "apply", counting_apply)
    return replays


def test_it_undoes_with_the_stored_inverse_without_replaying(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(10):
        act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -1})
    assert not Action.objects.filter(table=cast.table, checkpoint__isnull=False).exists()
    replays = _count_kernel_applies(monkeypatch)
    assert undo(cast, cast.owner).state["seats"][0]["life"] == 11
    assert undo(cast, cast.owner).state["seats"][0]["life"] == 12
    assert replays == []
    monkeypatch.undo()
    assert stored_equals_replay(cast.table.pk)


def test_it_undoes_an_entry_logged_before_inverses_from_its_checkpoint(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    for _ in range(10):
        act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -1})
    # What the log looked like before inverses: a checkpoint (the state after #8), no inverses.
    state = rules.new_game("mtg", cast.table.setup)
    for entry in Action.objects.filter(table=cast.table).order_by("seq")[:8]:
        state = rules.apply(state, entry.payload).state
    Action.objects.filter(table=cast.table).update(inverse=None)
    Action.objects.filter(table=cast.table, seq=8).update(checkpoint=rules.codec.dump(state))
    replays = _count_kernel_applies(monkeypatch)
    assert undo(cast, cast.owner).state["seats"][0]["life"] == 11
    assert len(replays) == 1  # from the checkpoint at #8, only #9 is replayed
    monkeypatch.undo()
    assert stored_equals_replay(cast.table.pk)


@pytest.mark.parametrize("seed", range(6))
def test_replaying_the_log_reproduces_the_stored_state(cast: Cast, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(30):
        state = Table.objects.get(pk=cast.table.pk)
        objects = rules.view(rules.codec.load(state.state))["objects"]
        mine = [o for o in objects if o["controller"] == 0 and o["zone"] == "battlefield"]
        choice = rng.random()
        try:
            if choice < 0.25:
                undo(cast, cast.owner)
            elif choice < 0.45 or not mine:
                act(cast, cast.owner, create_soldiers(count=rng.randint(1, 5)))
            else:
                target = rng.choice(mine)
                count = rng.randint(1, target["count"])
                action = rng.choice(
                    [
                        {"type": "tap", "object": target["id"], "count": count},
                        {"type": "untap", "object": target["id"], "count": count},
                        {
                            "type": "add_counters",
                            "object": target["id"],
                            "count": count,
                            "kind": "+1/+1",
                            "amount": rng.randint(1, 3),
                        },
                        {"type": "sacrifice", "object": target["id"], "count": count},
                        {"type": "adjust_life", "seat": 0, "amount": rng.randint(-3, 3)},
                    ]
                )
                act(cast, cast.owner, action)
        except DomainError as error:
            assert error.status in (409, 422), error.detail
        assert stored_equals_replay(cast.table.pk)


def test_it_joins_a_free_seat_once_and_refuses_a_taken_one(cast: Cast) -> None:
    other = User.objects.create_user("other")
    with pytest.raises(Conflict):
        services.table_join(user=other, invite=cast.table.invite_token, seat=1)
    with pytest.raises(NotFound):
        services.table_join(user=other, invite="guess", seat=0)
    with pytest.raises(DomainError):
        services.table_join(user=other, invite=cast.table.invite_token, seat=7)
    services.table_join(user=cast.spectator, invite=cast.table.invite_token, seat=0)
    _table, access = selectors.table_get_for_user(table_id=cast.table.id, user=cast.spectator)
    assert access.role == "player"
    assert access.seats == frozenset({0})
    _table, owner_access = selectors.table_get_for_user(table_id=cast.table.id, user=cast.owner)
    assert owner_access.seats == frozenset()
    with pytest.raises(Conflict):
        services.table_join(user=cast.spectator, invite=cast.table.invite_token, seat=1)


def test_it_closes_a_finished_table_for_actions_but_keeps_it_readable(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers())
    with pytest.raises(Forbidden):
        services.table_set_status(table_id=cast.table.id, user=cast.player, status="finished")
    services.table_set_status(table_id=cast.table.id, user=cast.owner, status="finished")
    with pytest.raises(Conflict) as caught:
        act(cast, cast.owner, create_soldiers())
    assert caught.value.code == "table_closed"
    table, _access = selectors.table_get_for_user(table_id=cast.table.id, user=cast.player)
    assert [line["seq"] for line in selectors.HistoryWindow(table)[0:1]] == [1]


def test_rotating_links_invalidates_the_old_ones(cast: Cast) -> None:
    old_invite, old_spectate = cast.table.invite_token, cast.table.spectate_token
    with pytest.raises(Forbidden):
        services.table_rotate_links(table_id=cast.table.id, user=cast.player)
    table = services.table_rotate_links(table_id=cast.table.id, user=cast.owner)
    assert table.invite_token != old_invite
    newcomer = User.objects.create_user("newcomer")
    with pytest.raises(NotFound):
        services.table_join(user=newcomer, invite=old_invite, seat=0)
    with pytest.raises(NotFound):
        services.table_spectate(user=newcomer, token=old_spectate)


def test_it_answers_not_found_for_malformed_or_unknown_table_ids(cast: Cast) -> None:
    for table_id in ("not-a-uuid", "00000000-0000-0000-0000-000000000000"):
        with pytest.raises(NotFound):
            services.table_apply_action(
                table_id=table_id, user=cast.owner, expected_version=0, action=create_soldiers()
            )
        with pytest.raises(NotFound):
            services.table_undo(table_id=table_id, user=cast.owner, expected_version=0)
        with pytest.raises(NotFound):
            services.table_set_status(table_id=table_id, user=cast.owner, status="finished")


def test_a_database_locked_past_the_busy_timeout_is_a_409(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    from django.db import OperationalError

    def locked(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("database is locked")

    monkeypatch.setattr(services, "_lock", locked)
    with pytest.raises(Conflict) as caught:
        act(cast, cast.owner, create_soldiers())
    assert caught.value.code == "busy"

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise OperationalError("no such table: play_table")

    monkeypatch.setattr(services, "_lock", broken)
    with pytest.raises(OperationalError):
        act(cast, cast.owner, create_soldiers())


UNIT = {"name": "Recruit", "types": ["Unit"], "tags": ["Recruit"], "might": 1}


def riftbound_cast() -> Cast:
    """A Riftbound table: the owner plays seat 0, `player` joined seat 1."""
    owner, player, spectator, outsider = (
        User.objects.create_user(name) for name in ("rb-owner", "rb-player", "rb-watch", "rb-out")
    )
    table = services.table_create(owner=owner, game="riftbound", name="Rift", players=["A", "B"])
    services.table_join(user=player, invite=table.invite_token, seat=1)
    return Cast(owner, player, spectator, outsider, table)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "action",
    [
        {"type": "move", "to": "bf1", "by": 1},
        {"type": "create_token", "controller": 0, "definition": UNIT, "by": 1},
        {"type": "adjust_points", "seat": 0, "amount": 5, "by": 1},
        {"type": "ready_all", "seat": 0, "by": 1},
    ],
)
def test_naming_yourself_as_by_doesnt_let_a_player_act_on_an_opponents_things(
    action: dict[str, Any],
) -> None:
    cast = riftbound_cast()
    [unit] = objects_of(
        act(cast, cast.owner, {"type": "create_token", "controller": 0, "definition": UNIT})
    )
    if action["type"] == "move":
        action = {**action, "object": unit["id"]}
    with pytest.raises(Forbidden):
        act(cast, cast.player, action)
    assert Table.objects.get(pk=cast.table.pk).version == 1


@pytest.mark.django_db
def test_by_still_works_for_a_players_own_things_and_never_reaches_an_opponents() -> None:
    cast = riftbound_cast()
    [unit] = objects_of(
        act(cast, cast.player, {"type": "create_token", "controller": 1, "definition": UNIT})
    )
    result = act(cast, cast.player, {"type": "exhaust", "object": unit["id"], "by": 1})
    assert [o["exhausted"] for o in objects_of(result)] == [True]
    # The owner acts for seat 0 only now; the unit is seat 1's.
    with pytest.raises(Forbidden):
        act(cast, cast.owner, {"type": "move", "object": unit["id"], "to": "bf1", "by": 0})


@pytest.mark.parametrize(
    "action",
    [
        {"type": "adjust_life", "seat": 7, "amount": 1},
        {"type": "create_token", "controller": 5, "definition": SOLDIER},
        {"type": "untap_all", "seat": 2},
    ],
)
def test_a_seat_the_table_doesnt_have_is_malformed_not_forbidden(
    cast: Cast, action: dict[str, Any]
) -> None:
    with pytest.raises(DomainError) as refused:
        act(cast, cast.player, action)
    assert refused.value.status == 400
    assert "no seat" in refused.value.detail
    assert Table.objects.get(pk=cast.table.pk).version == 0
