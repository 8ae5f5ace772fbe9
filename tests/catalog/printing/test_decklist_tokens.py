from __future__ import annotations

from typing import Any

import pytest

from catalog.printing.decklist_tokens import decklist_tokens, tokens_per_event


@pytest.mark.usefixtures("catalogue")
def test_it_finds_the_tokens_of_a_decklist_with_suggested_counts() -> None:
    result = decklist_tokens(
        "Deck\n4 Academy Manufactor (MH2) 219\n2 Xorn\n\nSideboard\n1 DIVINE VISITATION\n"
    )
    assert result.unknown == [] and result.matched_cards == 3
    by_token = {t.token: t for t in result.tokens}
    assert by_token["mtg-treasure"].suggested == 6  # 4 Manufactors + 2 Xorns, one each
    assert by_token["mtg-treasure"].cards == ("Academy Manufactor", "Xorn")
    assert by_token["mtg-clue"].suggested == 4
    assert by_token["mtg-angel-4-4-w-flying-vigilance"].suggested == 2  # "x": a guess of 2


@pytest.mark.usefixtures("catalogue")
def test_it_lists_unknown_names_with_suggestions_never_dropping_them() -> None:
    result = decklist_tokens("4 Xorn\n3 Xornn\n2 Totally Unknown\n")
    assert [(u.line, u.name) for u in result.unknown] == [(2, "Xornn"), (3, "Totally Unknown")]
    assert result.unknown[0].suggestions == ("Xorn",)


@pytest.mark.usefixtures("catalogue")
def test_it_reads_riftbound_sections_and_limits_to_a_game() -> None:
    text = "Champion:\n1 Viktor, Innovator\nMain Deck:\n3 Vanguard Captain\n"
    result = decklist_tokens(text, game="riftbound")
    assert [(t.token, t.suggested) for t in result.tokens] == [("rb-recruit", 7)]
    assert decklist_tokens(text, game="mtg").tokens == []


def test_it_counts_tokens_per_use() -> None:
    assert [tokens_per_event(c) for c in ("1", "3", "x=4", "x")] == [1, 3, 4, 2]


@pytest.mark.usefixtures("few_tokens")
def test_it_lists_hundreds_of_unknown_lines_in_a_few_queries(
    django_assert_max_num_queries: Any,
) -> None:
    text = "4 Xorn\n" + "".join(f"1 Unknown Card {i}\n" for i in range(500))
    with django_assert_max_num_queries(20):  # not one per line (500 lines)
        result = decklist_tokens(text)
    assert len(result.unknown) == 500 and result.unknown[-1].line == 501
    assert [t.token for t in result.tokens] == ["mtg-treasure"]
