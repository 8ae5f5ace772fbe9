"""The Riftbound turn (314-317), scoring (462-467) and winning (323.1)."""

from __future__ import annotations

from tests.rules.riftbound.conftest import Rift


def test_passing_the_turn_plays_the_next_seat_up_to_its_main_phase(rift: Rift) -> None:
    rift.do("pass_turn")
    shown = rift.view()
    assert (shown["turn"], shown["active_seat"], shown["step"]) == (2, 1, "main")
    ben = shown["seats"][1]
    # The player going second channels an extra rune in their first Channel Phase (480.7).
    assert (ben["rune_deck"], ben["runes"], ben["hand"], ben["main_deck"]) == (9, 3, 5, 35)
    assert [e["rule"] for e in rift.events if e["rule"]] == ["315", "480.7", "315.4"]


def test_480_7_only_the_first_channel_phase_of_the_player_going_last_has_an_extra_rune(
    rift: Rift,
) -> None:
    rift.do("pass_turn")
    rift.do("pass_turn")
    assert rift.seat(0)["runes"] == 2 + 2  # the player going first: 315.3 in turns 1 and 3
    rift.do("pass_turn")
    assert rift.seat(1)["runes"] == 3 + 2  # 480.7 once, then 315.3


def test_482_7_in_a_three_player_game_only_the_last_player_channels_an_extra_rune() -> None:
    rift = Rift(("Ann", "Ben", "Cat"))
    rift.do("pass_turn")
    rift.do("pass_turn")
    assert [rift.seat(i)["runes"] for i in range(3)] == [2, 2, 3]


def test_482_7_in_a_three_player_game_the_player_going_first_does_not_draw_in_turn_1() -> None:
    """FFA3 and FFA4: "The player going first does not draw a card during their first Draw
    Phase of the game" (482.7, 483.7); the others draw as usual (315.4), and in a duel the
    first player draws (480.7 has no such clause)."""
    rift = Rift(("Ann", "Ben", "Cat"))
    ann = rift.seat(0)
    assert (ann["hand"], ann["main_deck"], ann["runes"]) == (4, 36, 2)
    rift.do("pass_turn")
    assert (rift.seat(1)["hand"], rift.seat(1)["main_deck"]) == (5, 35)
    rift.do("pass_turn")
    rift.do("pass_turn")
    assert (rift.seat(0)["hand"], rift.seat(0)["main_deck"]) == (5, 35)
    four = Rift(("Ann", "Ben", "Cat", "Dan"))
    assert four.seat(0)["hand"] == 4
    assert Rift().seat(0)["hand"] == 5


def test_next_step_walks_the_phases_in_order(rift: Rift) -> None:
    steps = []
    for _ in range(6):
        rift.do("next_step")
        steps.append(rift.view()["step"])
    assert steps == ["end", "awaken", "beginning", "channel", "draw", "main"]
    assert rift.view()["active_seat"] == 1


def test_the_awaken_phase_readies_only_the_turn_players_objects(rift: Rift) -> None:
    rift.create("rb-recruit", controller=0)
    rift.create("rb-recruit", controller=1)
    rift.do("pass_turn")
    assert rift.obj("o1")["exhausted"] is True
    assert rift.obj("o2")["exhausted"] is False  # 315.1


def test_the_rune_pool_empties_after_the_draw_and_at_the_end_of_turn(rift: Rift) -> None:
    rift.create("rb-gold", count=2)
    rift.do("activate", object="o1", count=2, ability=0, choices={"domain": "Body"})
    assert rift.seat(0)["rune_pool"]["Body"] == 2
    rift.do("next_step")
    assert rift.seat(0)["rune_pool"]["Body"] == 0  # 317.2.d


def test_temporary_kills_only_at_its_controllers_beginning_phase(rift: Rift) -> None:
    rift.create("rb-sprite", controller=1, ready=True)
    rift.do("pass_turn")
    assert rift.count("Sprite") == 0
    killed = [e for e in rift.events if e["type"] == "killed"]
    assert [e["rule"] for e in killed] == ["816.1.b"]


def test_holding_a_battlefield_scores_at_the_beginning_phase(rift: Rift) -> None:
    rift.create("rb-recruit")
    rift.do("move", object="o1", to="bf1")  # conquer: 1 point (464.1)
    rift.do("pass_turn")
    rift.do("pass_turn")
    assert rift.seat(0)["points"] == 2  # hold (464.2)
    assert [e["type"] for e in rift.events].count("held") == 1


def test_a_battlefield_scores_once_per_turn(rift: Rift) -> None:
    rift.create("rb-recruit", count=2)
    rift.do("move", object="o1", count=1, to="bf1")
    rift.do("move", object="o2", to="base")
    rift.do("move", object="o1", to="bf1")
    assert rift.seat(0)["points"] == 1  # 465


def test_a_player_reaching_the_victory_score_wins_at_the_next_cleanup(rift: Rift) -> None:
    rift.do("adjust_points", seat=1, amount=8)
    assert rift.types() == ["points_changed", "won"]
    assert [s["lost"] for s in rift.view()["seats"]] == [True, False]  # 323.1


def test_the_winning_point_needs_every_battlefield_when_conquering(rift: Rift) -> None:
    rift.do("adjust_points", seat=0, amount=7)
    rift.create("rb-recruit", count=2)
    rift.do("move", object="o1", count=1, to="bf1")
    assert rift.seat(0)["points"] == 7 and rift.seat(0)["hand"] == 4 + 1 + 1  # 315.4, 466.1.b.2
    rift.do("move", object="o1", to="bf2")
    assert rift.seat(0)["points"] == 8 and "won" in rift.types()


def test_burning_out_gives_an_opponent_a_point_and_recycles_the_trash() -> None:
    rift = Rift(main_deck=0)
    rift.do("put_card", controller=1, definition={"name": "Rock", "types": ["Gear"]}, count=2)
    rift.do("kill", object="o1", count=2)
    rift.do("pass_turn")
    assert rift.seat(0)["points"] == 1  # 431.2.c
    assert (rift.seat(1)["main_deck"], rift.seat(1)["hand"]) == (1, 5)
    assert rift.view()["objects"] == []


def test_burning_out_with_two_opponents_asks_which_one_gains_the_point() -> None:
    rift = Rift(players=("Ann", "Ben", "Cat"), main_deck=0)
    rift.do("put_card", controller=1, definition={"name": "Rock", "types": ["Gear"]})
    rift.do("kill", object="o1")
    rift.do("pass_turn")
    assert rift.view()["pending_choice"]["options"] == ["Ann", "Cat"]
    rift.do("choose", choice="Cat")
    assert [s["points"] for s in rift.view()["seats"]] == [0, 0, 1]


def test_burning_out_with_an_empty_trash_repeats_until_an_opponent_wins() -> None:
    rift = Rift(main_deck=0)
    rift.do("adjust_points", seat=0, amount=5)
    rift.do("pass_turn")  # Ben draws from an empty Main Deck and an empty trash
    assert rift.types().count("burned_out") == 3  # 431.3.a
    assert [(s["points"], s["lost"]) for s in rift.view()["seats"]] == [(8, False), (0, True)]
    assert "won" in rift.types() and "drew" not in rift.types()


def test_damage_wears_off_at_the_end_of_the_turn_and_lethal_damage_kills(rift: Rift) -> None:
    rift.create("rb-mech")
    rift.do("damage", object="o1", amount=2)
    rift.do("pass_turn")
    assert rift.obj("o1")["damage"] == 0  # 143.3.b.1
    rift.do("damage", object="o1", amount=3)
    assert rift.count("Mech") == 0  # 143.2.a


def test_119_315_the_first_player_starts_in_main_after_channeling_and_drawing() -> None:
    """Play begins with the first player's turn (119): its Channel Phase takes 2 runes (315.3,
    no extra rune for the player going first, 480.7) and its Draw Phase 1 card (315.4); the
    others only have their opening hand (117)."""
    rift = Rift(("Ann", "Ben"))
    first, second = rift.seat(0), rift.seat(1)
    assert rift.view()["step"] == "main"
    assert (first["runes"], first["rune_deck"], first["hand"], first["main_deck"]) == (2, 10, 5, 35)
    assert (second["runes"], second["rune_deck"], second["hand"], second["main_deck"]) == (
        0,
        12,
        4,
        36,
    )
