"""The sentence the battlefield's live region says for one action: from the events'
data, the same for the acting player's answer, a polled board and the websocket."""

from __future__ import annotations

from play.table.sayings import SAID_EVENTS
from play.web.board import announcement


def test_it_names_who_acted_and_what_happened_without_the_rule():
    events = [
        {"type": "tapped", "text": "Tapped Soldier Token (x4) (CR 701.26a)", "rule": "701.26a"}
    ]
    assert announcement("Ben", events) == "Ben: Tapped Soldier Token (x4)."


def test_a_sentence_that_starts_with_the_name_is_not_prefixed_again():
    events = [{"type": "life_changed", "text": "Ben lost 3 life (CR 119.3)", "rule": "119.3"}]
    assert announcement("Ben", events) == "Ben lost 3 life."


def test_a_long_action_says_the_first_events_and_counts_the_rest():
    events = [{"type": "x", "text": f"Event {n}", "rule": None} for n in range(SAID_EVENTS + 2)]
    said = announcement(None, events)
    assert said.startswith("Event 0; Event 1; Event 2")
    assert said.endswith("; 2 more in the log.")


def test_an_action_without_events_says_nothing():
    assert announcement("Ann", []) == ""


def test_a_mode_switch_is_one_short_sentence_from_its_data():
    """The set_mode action's event keeps the mode as data: the live region and the log say who
    switched and to what, not the kernel's explanation of the mode."""
    from django.utils import translation

    track = [{"type": "mode_changed", "text": "Track only: nothing is refused…", "mode": "track"}]
    enforce = [{"type": "mode_changed", "text": "The rules are enforced again.", "mode": "enforce"}]
    assert announcement("Ann", track) == "Ann switched the table to track only."
    assert announcement("Ann", enforce) == "Ann switched the table to enforcing the rules."
    assert announcement(None, track) == "The table switched to track only."
    with translation.override("ru"):
        said = announcement("Аня", track)
    assert said == "Аня: стол переведён в режим без проверки правил."


def test_the_outcome_is_said_without_rule_numbers_even_after_many_events():
    """Combat damage: the step, three damage events, a death; Ben's life loss is said and no
    rule number is read out (the log has them)."""
    step = {
        "id": "Turn {turn}, {seat}: {step} (CR 500.1)",
        "args": {"turn": 1, "seat": "Ann", "step": "combat damage step"},
    }
    hit = {
        "id": "{what} (CR 510.2, 120.3e)",
        "args": {"what": "2 combat damage from Wolf to each of Goblin"},
    }
    life = {
        "id": "{what}, who loses that much life (CR 120.3a); life {life}",
        "args": {"what": "9 combat damage from Goblin (x9) to Ben", "life": 11},
    }
    died = {"id": "{what} died (CR 700.4)", "args": {"what": "Goblin"}}
    ceased = {"id": "{what} ceased to exist (CR 704.5d)", "args": {"what": "Goblin"}}
    events = [
        {"type": "step", "message": step, "text": "", "rule": "500.1"},
        {"type": "damaged", "message": hit, "text": "", "rule": "510.2"},
        {"type": "damaged", "message": hit, "text": "", "rule": "510.2"},
        {"type": "damaged", "message": hit, "text": "", "rule": "510.2"},
        {"type": "damaged", "message": life, "text": "", "rule": "120.3a"},
        {"type": "died", "message": died, "text": "", "rule": "700.4"},
        {"type": "ceased_to_exist", "message": ceased, "text": "", "rule": "704.5d"},
    ]
    said = announcement("Ann", events)
    assert "CR" not in said
    assert "to Ben, who loses that much life; life 11" in said
    assert "Goblin died" in said
    assert "ceased" not in said
    assert said.startswith("Ann: Turn 1, Ann: combat damage step; 9 combat damage")
    assert said.endswith("; 3 more in the log.")
