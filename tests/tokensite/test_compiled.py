"""A compiled query gives what its queryset gives, for any value, from SQL built once."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play.models import Action, Seat, Table
from play.table import services
from tokensite.compiled import CompiledInsert, CompiledQuery

pytestmark = pytest.mark.django_db

SEATS = CompiledQuery(
    Seat, "table", lambda table: Seat.objects.filter(table=table).select_related("user__guest")
)


def test_it_reads_what_the_queryset_reads_for_every_value() -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    first = services.table_create(owner=ann, game="mtg", name="One", players=["Ann", "Bo", "Cy"])
    second = services.table_create(owner=ben, game="mtg", name="Two", players=["Ben", "Di"])
    Seat.objects.filter(table=second, number=1).update(user=ann)
    for table in (first, second, first):
        expected = list(Seat.objects.filter(table=table).select_related("user__guest"))
        with CaptureQueriesContext(connection) as queries:
            found = SEATS.all(table.pk)
            users = [seat.user for seat in found]  # loaded with the seats: no query of its own
        assert len(queries) == 1
        assert [(s.pk, s.number, s.name, s.user_id) for s in found] == [
            (s.pk, s.number, s.name, s.user_id) for s in expected
        ]
        assert [user.username if user else None for user in users] == [
            seat.user.username if seat.user else None for seat in expected
        ]


def test_a_missing_row_is_the_models_does_not_exist_and_deferred_fields_stay_deferred() -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="One", players=["Ann"])
    shell = CompiledQuery(
        Table, "id", lambda pk: Table.objects.select_related("owner").defer("state").filter(pk=pk)
    )
    found = shell.get(table.pk)
    assert found.name == "One" and found.owner.username == "ann"
    assert "state" in found.get_deferred_fields()
    other = services.table_create(owner=ann, game="mtg", name="Two", players=["Ann"])
    assert shell.get(other.pk).name == "Two"
    Table.objects.filter(pk=other.pk).delete()
    with pytest.raises(Table.DoesNotExist):
        shell.get(other.pk)


def test_a_queryset_whose_sql_could_hold_the_value_twice_is_refused() -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="One", players=["Ann"])
    twice = CompiledQuery(
        Table, "id", lambda pk: Table.objects.filter(pk=pk) | Table.objects.filter(pk=pk)
    )
    with pytest.raises(ValueError, match="one parameter"):
        twice.get(table.pk)


def test_the_api_token_still_authenticates_and_refuses_as_drf_does() -> None:
    ann = User.objects.create_user("ann")
    key = Token.objects.create(user=ann).key
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/tables/").status_code == 200
    client.credentials(HTTP_AUTHORIZATION="Token " + "0" * 40)
    refused = client.get("/api/v1/tables/")
    # 403, not 401: the session comes first and has no WWW-Authenticate challenge (DRF).
    assert refused.status_code == 403 and refused.json()["detail"] == "Invalid token."
    User.objects.filter(pk=ann.pk).update(is_active=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/v1/tables/").json()["detail"] == "User inactive or deleted."


def test_a_compiled_insert_stores_what_create_stores() -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="One", players=["Ann"])
    values = {
        "table": table,
        "kind": Action.Kind.ACTION,
        "actor": ann,
        "seat": 0,
        "history_start": 3,
        "payload": {"type": "tap", "object": "o1", "count": 2},
        "events": [{"type": "tapped", "text": "Ann taps 2."}],
        "touched": {"stacks": ["o1"], "seats": [], "table": []},
        "inverse": None,
        "forward": {"objects": {}},
    }
    insert = CompiledInsert(Action)
    for seq in (1, 2):
        insert.insert(Action(seq=seq, **values))
    Action.objects.create(seq=3, **values)
    columns = [f.attname for f in Action._meta.concrete_fields if f.attname not in ("id",)]
    rows = list(Action.objects.filter(table=table).order_by("seq").values(*columns))
    assert [row["seq"] for row in rows] == [1, 2, 3]
    for row in rows:
        row.pop("seq"), row.pop("created_at")
    assert rows[0] == rows[1] == rows[2]
    assert rows[0]["payload"] == values["payload"] and rows[0]["undone_by"] is None
