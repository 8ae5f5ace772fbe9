"""Search ranks: the ranked index (SQLite's ranked full-text table, PostgreSQL's term index)
answers searches in the results' order, finds exactly what the other paths find, and follows
every write."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.db import connection

from catalog import selectors, services
from catalog.models import CardDefinition
from catalog.search import paging, rank, vendor
from catalog.search.query import Query

pytestmark = [
    pytest.mark.usefixtures("seeded"),
    pytest.mark.skipif(
        connection.vendor not in ("sqlite", "postgresql"), reason="the ranked indexes"
    ),
]
SQLITE = connection.vendor == "sqlite"

QUERIES = [
    "t:goblin",
    "t:creature pow>=3",
    'o:"create a" c:r -t:instant',
    "cmc<=2 (t:elf or t:goblin)",
    "c:rg",
    "c=g t:elf",
    "c>=w o:token",
    "t:elf or c:u",
    "-t:instant o:token",
    'o:"1/1" (c:r or c:b)',
    "c:fury",
    "pow>5 t:dragon",
]


def _results(q: str) -> list[str]:
    """Every page's slugs, in order; each page's count true to them (exact, or at most)."""
    slugs: list[str] = []
    number, more = 1, True
    while more:
        page = paging.page_of(selectors.card_results(q=q), number, 7)
        slugs += [card.slug for card in page.object_list]
        more, number = page.has_next(), number + 1
        counted = page.paginator
        if counted.count_exact:
            assert counted.count >= len(slugs) and (more or counted.count == len(slugs))
        else:
            assert counted.count >= len(slugs) - 1
    return slugs


@pytest.fixture
def ranked(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The seed's cards ranked, as `migrate`, an import or a save leaves them. In a catalogue
    this small every power is rare (`selectors.RARE_NUMBER`): that path is tested on its own."""
    monkeypatch.setattr(selectors, "RARE_NUMBER", 0)
    rank.assign(connection)
    yield


def _answers_from_the_ranked_table(q: str) -> bool:
    return isinstance(selectors.card_results(q=q), rank.RankWalk)


# PostgreSQL's term index holds type lines and colors, not texts: a search with o: walks from
# them only when its text is not the rarer (the planner's estimate), o: alone never.
RANKED = [q for q in QUERIES if SQLITE or "o:" not in q]


def test_ranked_searches_find_what_the_candidates_and_the_scans_find(
    ranked: None, settings: Any
) -> None:
    services.card_create(
        slug="mtg-test-rg", game="mtg", name="Aardvark Raider", colors=["R", "G"], text="Haste."
    )
    words = ["goblin", "elf", "dragon", "soldier", "angel", "zombie", "beast"]
    CardDefinition.objects.bulk_create(  # inserted out of name order, as imports do
        CardDefinition(
            slug=f"mtg-test-{n}",
            game_id="mtg",
            name=f"{words[n % 7].title()} of Rank {(n * 37) % 101}",
            types=["Creature"] if n % 3 else ["Instant"],
            subtypes=[words[n % 7].title()] if n % 3 else [],
            colors=["RGWUB"[n % 5]],
            power=str(n * 5 % 8) if n % 3 else None,
            toughness="1" if n % 3 else None,
            mana_value=n % 4,
            text=f"When this enters, create a 1/1 {words[n % 7]} token." if n % 2 else "",
        )
        for n in range(90)
    )
    rank.assign(connection)
    answered = [q for q in QUERIES if _answers_from_the_ranked_table(q)]
    assert set(RANKED) <= set(answered)
    assert SQLITE or "-t:instant o:token" not in answered
    found = {q: _results(q) for q in QUERIES}
    # The same searches through the unranked table: a card waiting for its rank sends them
    # there, and reading it needs no rank.
    with connection.cursor() as cursor:
        cursor.execute(f"UPDATE {vendor.TABLE} SET {vendor.RANK} = NULL")
    assert not any(_answers_from_the_ranked_table(q) for q in QUERIES)
    assert {q: _results(q) for q in QUERIES} == found
    settings.SEARCH_USE_FTS = False
    assert {q: _results(q) for q in QUERIES} == found
    assert "mtg-test-rg" in found["c:rg"]
    assert all(found[q] for q in QUERIES)
    assert all(len(found[q]) > 7 for q in ("t:goblin", "t:creature pow>=3", "t:elf or c:u"))


def test_a_renamed_card_leaves_the_ranked_table_until_ranked_again(
    ranked: None, django_capture_on_commit_callbacks: Any
) -> None:
    card = CardDefinition.objects.get(slug="mtg-krenko-mob-boss")
    assert _results("t:goblin") == ["mtg-kiki-jiki-mirror-breaker", "mtg-krenko-mob-boss"]
    card.name = "Zzyzx Mob Boss"
    with django_capture_on_commit_callbacks(execute=True):
        card.save()  # ranked again once saved (`rank.after_commit`)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {vendor.RANK} FROM {vendor.TABLE} WHERE id = %s", [card.pk])
        assert cursor.fetchone()[0] is not None
    assert _answers_from_the_ranked_table("t:goblin")
    assert _results("t:goblin") == ["mtg-kiki-jiki-mirror-breaker", "mtg-krenko-mob-boss"]
    # A rename the signal does not see (a bulk update) waits for its rank, searches still right.
    CardDefinition.objects.filter(pk=card.pk).update(name="Aaa Mob Boss")
    assert not _answers_from_the_ranked_table("t:goblin")
    assert _results("t:goblin")[0] == "mtg-krenko-mob-boss"
    assert rank.assign(connection) == 1
    assert _answers_from_the_ranked_table("t:goblin")
    assert _results("t:goblin")[0] == "mtg-krenko-mob-boss"


def test_the_ranked_index_follows_changes_inserts_and_deletes(ranked: None) -> None:
    creature: dict[str, Any] = {"types": ["Creature"], "power": "1", "toughness": "1"}
    # Real creature types the seed has no card of (the curators' checks refuse made-up ones).
    card = services.card_create(
        slug="mtg-test-zq", game="mtg", name="Zq Herald", subtypes=["Homarid"], **creature
    )
    rank.assign(connection)
    assert _answers_from_the_ranked_table("t:homarid")
    assert _results("t:homarid") == ["mtg-test-zq"]
    services.card_update(card=card, subtypes=["Thalakos"])
    assert _answers_from_the_ranked_table("t:thalakos")
    assert _results("t:homarid") == [] and _results("t:thalakos") == ["mtg-test-zq"]
    CardDefinition.objects.bulk_create(
        [
            CardDefinition(slug=f"mtg-test-b{n}", game_id="mtg", name=f"B {n}", subtypes=["Bulkq"])
            for n in range(3)
        ]
    )
    assert len(_results("t:bulkq")) == 3  # unranked yet: the other index finds them
    assert rank.assign(connection) == 3
    assert _answers_from_the_ranked_table("t:bulkq")
    assert _results("t:bulkq") == ["mtg-test-b0", "mtg-test-b1", "mtg-test-b2"]
    CardDefinition.objects.filter(subtypes__icontains="Bulkq").delete()
    card.delete()
    assert _answers_from_the_ranked_table("t:goblin")
    assert _results("t:bulkq") == [] and _results("t:thalakos") == []


def test_new_cards_take_numbers_between_their_neighbours() -> None:
    assert rank.plan([(1, None), (2, None)]) == [
        (1, rank.GAP),
        (2, 2 * rank.GAP),
    ]
    assert rank.plan([(1, 10), (2, None), (3, None), (4, 40), (5, None)]) == [
        (2, 20),
        (3, 30),
        (5, 40 + rank.GAP),
    ]
    assert rank.plan([(1, 10), (2, None), (3, 11)]) is None  # no number left: renumber
    assert rank.plan([(1, 10), (2, 5)]) is None  # out of order: renumber


def test_a_full_gap_renumbers_every_card_and_the_index_follows(ranked: None) -> None:
    goblins = _results("t:goblin")
    with connection.cursor() as cursor:  # squeeze the ranks together: no number left between
        cursor.execute(f"UPDATE {vendor.TABLE} SET {vendor.RANK} = {vendor.RANK} / {rank.GAP}")
    services.card_create(
        slug="mtg-test-gob",
        game="mtg",
        name="Goblin Middle",
        types=["Creature"],
        subtypes=["Goblin"],
        power="1",
        toughness="1",
    )
    assert rank.assign(connection) == CardDefinition.objects.count()
    assert _answers_from_the_ranked_table("t:goblin")
    assert _results("t:goblin") == sorted(
        [*goblins, "mtg-test-gob"],
        key=lambda slug: CardDefinition.objects.get(slug=slug).name.lower(),
    )


@pytest.mark.skipif(not SQLITE, reason="SQLite's full-text tables")
def test_an_index_made_by_an_earlier_version_is_made_again(ranked: None) -> None:
    with connection.cursor() as cursor:
        for statement in vendor.SQLITE_DROP:
            cursor.execute(statement)
        cursor.execute(  # the table as it was before colors were indexed
            f"CREATE VIRTUAL TABLE {vendor.FTS} USING fts5(name, text, types, subtypes, "
            f"supertypes, content='{vendor.TABLE}', content_rowid='id', tokenize='trigram')"
        )
    vendor.create(connection)  # what the migration runs
    with connection.cursor() as cursor:
        cursor.execute("SELECT sql FROM sqlite_master WHERE name = %s", [vendor.FTS])
        assert cursor.fetchone()[0] == vendor.SQLITE_TABLE
    assert _answers_from_the_ranked_table("t:goblin") and _results("t:goblin")
    assert _results("c:r t:goblin")  # colors are in the table again


@pytest.mark.parametrize(
    "filters",
    [
        {"q": "t:creature", "game": "mtg"},
        {"q": "t:creature", "type": "Human"},
        {"q": "c:r", "color": "W"},
        {"q": "t:unit", "game": "riftbound"},
    ],
)
def test_the_ranked_index_keeps_the_other_filters(ranked: None, filters: dict[str, str]) -> None:
    def slugs() -> list[str]:
        page = paging.page_of(selectors.card_results(**filters), 1, 200)
        return [card.slug for card in page.object_list]

    assert _answers_from_the_ranked_table(filters["q"])
    ranked_slugs = slugs()
    assert ranked_slugs  # the seed has some of each
    with connection.cursor() as cursor:  # every card waiting for its rank: the other path
        cursor.execute(f"UPDATE {vendor.TABLE} SET {vendor.RANK} = NULL")
    assert slugs() == ranked_slugs


def test_a_walk_that_reads_many_cards_for_few_matches_hands_the_rest_to_the_search(
    ranked: None, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """Tiny batches and an early switch: every search crosses from the walk to the search's own
    indexes (`rank.SWITCH_AFTER`) and still pages exactly as without ranks."""
    found = {q: _results(q) for q in QUERIES}
    monkeypatch.setattr(rank, "FIRST_BATCH", 2)
    monkeypatch.setattr(rank, "LAST_BATCH", 3)
    monkeypatch.setattr(rank, "SWITCH_AFTER", 4)
    switched = {q: _results(q) for q in QUERIES}
    settings.SEARCH_USE_RANKS = False
    assert switched == found == {q: _results(q) for q in QUERIES}


def test_a_walk_counts_a_small_catalogue_exactly(ranked: None) -> None:
    # The seed's 139 cards: the walk reads them all within its budget, so the page says how
    # many match (as the search without ranks does), not "more than" what filled it.
    for q in ("-t:instant o:token", "o:token", "o:create"):
        found = selectors.card_results(q=q)
        assert isinstance(found, rank.RankWalk) == SQLITE  # PostgreSQL: no o: terms
        page = paging.page_of(found, 1, 7)
        everything = list(selectors.card_list(q=q).values_list("pk", flat=True))
        assert len(everything) > 7
        assert (page.paginator.count, page.paginator.count_exact) == (len(everything), True)


def test_a_number_few_cards_have_drives_the_search_through_its_index(ranked: None) -> None:
    """ "t:creature pow>=9": every creature is a candidate of the type, none has the power; the
    search reads the few cards with that power (`selectors.card_results`)."""
    queries = ["t:creature pow>=4", "c:r pow>=4 -t:goblin", "tou<=1 t:creature", "cmc>=5 c:g"]
    walked = {q: _results(q) for q in queries}
    assert all(_answers_from_the_ranked_table(q) for q in queries)
    selectors.RARE_NUMBER = 256  # the fixture's monkeypatch puts 0 back
    assert not any(_answers_from_the_ranked_table(q) for q in queries)
    assert {q: _results(q) for q in queries} == walked
    assert all(walked.values())
    # A comparison that not every match meets does not drive the search.
    for q in ("t:creature (pow>=4 or t:elf)", "t:elf or pow>=4", "t:creature -pow>=4"):
        assert Query(q).required_numbers() == []
    assert _answers_from_the_ranked_table("t:creature -pow>=4")
    assert len(Query("cmc>=3 t:creature tou<2").required_numbers()) == 2


@pytest.mark.parametrize("key", ["power", "toughness", "cmc"])
def test_a_number_comparison_reads_its_index(key: str) -> None:
    """The search's comparison is the indexed expression itself (a database uses an index on
    an expression only for that expression)."""
    (condition,) = Query(f"{key}>=9").required_numbers()
    found = CardDefinition.objects.filter(condition).values("pk")
    sql, params = found.query.sql_with_params()
    index = {"power": "card_power_number", "toughness": "card_toughness_number"}
    with connection.cursor() as cursor:
        if SQLITE:
            cursor.execute(f"EXPLAIN QUERY PLAN {sql}", params)
        else:  # the seed's few cards would be read whole: ask for the index
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute(f"EXPLAIN {sql}", params)
        plan = " ".join(str(row) for row in cursor.fetchall())
    assert index.get(key, "card_mana_value") in plan
