"""What the table page says in sentences: a mode switch in the log is one short sentence ("Ann
switched the table to track only"), translated, instead of "Set mode: Track only: nothing is
refused…"; the palette's search count is said in the reader's language."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.utils import translation

from play.models import Action
from play.table import services
from play.web import board


@pytest.mark.django_db
def test_the_log_says_who_switched_the_table_and_to_what():
    ann = User.objects.create_user("annie")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    services.table_set_mode(table_id=table.id, user=ann, mode="track")
    services.table_set_mode(table_id=table.id, user=ann, mode="enforce")
    actions = list(Action.objects.filter(table=table))
    entries = board.log_groups(actions, {"seats": [{"seat": 0, "name": "Ann"}]}, {ann.pk: "Ann"})
    assert [e["sentence"] for e in entries] == [
        "Ann switched the table to enforcing the rules",
        "Ann switched the table to track only",
    ]
    with translation.override("ru"):
        russian = board.log_groups(actions, {}, {ann.pk: "Аня"})
    assert [e["sentence"] for e in russian] == [
        "Аня: за столом снова соблюдаются правила",
        "Аня: стол переведён в режим без проверки правил",
    ]


@pytest.mark.django_db
def test_the_table_page_shows_the_sentence_not_the_explanation(client):
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    services.table_set_mode(table_id=table.id, user=ann, mode="track")
    client.force_login(ann)
    page = client.get(f"/play/{table.id}/").content.decode()
    head = page.split('class="log-head">', 1)[1].split("</summary>", 1)[0]
    assert head.startswith("ann switched the table to track only")  # the owner, by account
    assert "Set mode" not in head and "nothing is refused" not in head


@pytest.mark.django_db
def test_the_palette_says_how_many_were_found_in_the_readers_language():
    """The search's count is said aloud (data-found): it was English in every language."""
    from django.test import Client

    from catalog.seed import load_seed

    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    russian.force_login(ann)
    with translation.override("en"):  # the middleware's Russian stays in this test
        html = russian.get(f"/play/{table.id}/palette/", {"q": "goblin"}).content.decode()
    found = html.split('data-found="', 1)[1].split('"', 1)[0]
    assert found.startswith("Найден") and "found" not in found


def test_a_creation_doubled_says_what_was_made_not_what_was_asked():
    """With Doubling Season out, "Create token: 5 Soldier Token" stood over 10 new Soldiers."""
    soldier = {"name": "Soldier Token", "types": ["Creature"]}
    events = [
        {"type": "replacement_applied", "replaces": "tokens", "before": 5, "after": 10},
        {"type": "token_created", "text": "Ann created Soldier Token (x10)", "count": 10},
    ]
    doubled = Action(
        seq=3, seat=0, payload={"type": "create_token", "definition": soldier, "count": 5}
    )
    doubled.events = events
    plain = Action(seq=2, seat=0, payload={"type": "create_token", "definition": soldier})
    plain.events = [{"type": "token_created", "text": "Ann created Soldier Token", "count": 1}]
    entries = board.log_groups([plain, doubled], {"seats": [{"seat": 0, "name": "Ann"}]})
    assert [e["summary"] for e in entries] == ["10 Soldier Token", "Soldier Token"]
