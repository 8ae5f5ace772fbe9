from __future__ import annotations

from typing import Any

import pytest

import rules
from play.table.payloads import InvalidPayload, action_check_shape


def nested(depth: int) -> Any:
    value: Any = 1
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    "action",
    [
        [],
        "tap",
        {},
        {"type": ""},
        {"type": 3},
        {"type": "tap", "object": "o1", "count": rules.MAX_COUNT + 1},
        {"type": "adjust_life", "seat": 0, "amount": -(rules.MAX_COUNT + 1)},
        {"type": "tap", "object": "o1", "count": 10**30},
        {"type": "tap", "object": "o1", "count": 1.5},
        {"type": "tap", "object": "x" * 5000},
        {"type": "activate", "choices": nested(50)},
        {"type": "activate", "choices": list(range(5000))},
        {"type": "activate", "choices": {"k" * 200: 1}},
        {"type": "activate", "choices": {"color": "R\x00"}},
        {"type": "activate", "choices": {"\x00": "R"}},
    ],
)
def test_it_refuses_hostile_actions_before_the_kernel(action: Any) -> None:
    with pytest.raises(InvalidPayload) as caught:
        action_check_shape(action)
    assert caught.value.status == 400
    assert caught.value.detail


def test_it_accepts_ordinary_actions_up_to_max_count() -> None:
    action_check_shape({"type": "tap", "object": "o1", "count": rules.MAX_COUNT})
    action_check_shape(
        {
            "type": "create_token",
            "definition": {"name": "X", "types": ["Creature"], "abilities": [{"text": "t"}]},
            "counters": {"+1/+1": 3},
            "tapped": True,
        }
    )
