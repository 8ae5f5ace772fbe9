"""Who may do what. The MATRIX below is the spec: one row per request, one status per
role. Roles: anonymous (no session), outsider (an account with no part in the table), spectator
(follows the table), player (claimed seat 1), owner (created the table, acts for seat 0, owns the
deck and collection item), staff (is_staff, not at the table). "WS" rows are the table websocket:
101 accepted, 403 refused. A 302 is a redirect (to the login page for anonymous users).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
from dataclasses import dataclass
from typing import Any

import pytest
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import transaction
from django.test import Client
from django.urls import URLResolver, get_resolver

from catalog import services as catalog_services
from catalog.models import TokenDefinition
from catalog.printing.background import print_start
from catalog.printing.layout import PrintOptions
from collection import services as collection_services
from play.models import Table
from tests.play.conftest import SOLDIER, Cast, make_cast
from tokensite.asgi import application

ROLES = ("anonymous", "outsider", "spectator", "player", "owner", "staff")
T = "/api/v1/tables/{table}"
P = "/play/{table}"
SEAT0 = {"type": "create_token", "controller": 0, "definition": SOLDIER}
SEAT1 = {"type": "create_token", "controller": 1, "definition": SOLDIER}
PRINT = {"items": [{"token": "mtg-treasure", "count": 1}], "paper": "a4"}
CSV = "kind,id,quantity\ntoken,mtg-treasure,2\n"
TOKEN = {"id": "mtg-new", "game": "mtg", "name": "New Token", "types": ["Artifact"]}


@dataclass(frozen=True)
class Row:
    route: str  # the URL pattern, as get_resolver() spells it
    method: str
    path: str
    body: Any = None
    form: bool = False  # a form post (HTML pages) rather than JSON


# fmt: off
MATRIX: list[tuple[tuple[int, int, int, int, int, int], Row]] = [
    # anon  outs  spec  play  ownr  staf
    ((200, 200, 200, 200, 200, 200), Row("", "GET", "/")),
    ((200, 200, 200, 200, 200, 200), Row("healthz", "GET", "/healthz")),
    ((200, 200, 200, 200, 200, 200), Row("favicon.ico", "GET", "/favicon.ico")),
    ((404, 404, 404, 404, 404, 404), Row("^media/(?P<path>.+)$", "GET", "/media/art/none.png")),
    ((200, 200, 200, 200, 200, 200), Row("accounts/signup/", "GET", "/accounts/signup/")),
    ((200, 200, 200, 200, 200, 200), Row("accounts/login/", "GET", "/accounts/login/")),
    ((302, 302, 302, 302, 302, 302), Row("accounts/logout/", "POST", "/accounts/logout/",
        {}, True)),
    # The language switcher: anyone, back to `next`; a signed-in player's profile.
    ((302, 302, 302, 302, 302, 302), Row("language/", "POST", "/language/",
        {"language": "ru", "next": "/"}, True)),
    ((302, 200, 200, 200, 200, 200), Row(
        "accounts/password_change/", "GET",
        "/accounts/password_change/",
    )),
    ((302, 200, 200, 200, 200, 200), Row(
        "accounts/password_change/done/", "GET",
        "/accounts/password_change/done/",
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "accounts/password_reset/", "GET",
        "/accounts/password_reset/",
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "accounts/password_reset/done/", "GET",
        "/accounts/password_reset/done/",
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "accounts/reset/<uidb64>/<token>/", "GET",
        "/accounts/reset/MQ/bad-token/",
    )),
    ((200, 200, 200, 200, 200, 200), Row("accounts/reset/done/", "GET", "/accounts/reset/done/")),
    ((302, 302, 302, 302, 302, 200), Row("admin/", "GET", "/admin/")),
    ((302, 302, 302, 302, 302, 200), Row("admin/", "GET", "/admin/play/table/")),
    ((403, 403, 403, 403, 403, 200), Row("metrics", "GET", "/metrics")),
    # Imports: staff only (the import needs a multipart upload, hence 415 for a JSON body).
    ((403, 403, 403, 403, 403, 415), Row("api/v1/imports/", "POST", "/api/v1/imports/", {})),
    # A job (the owner's print): its owner and staff; nobody else learns it exists.
    ((404, 404, 404, 404, 200, 200), Row(
        "api/v1/jobs/<uuid:job_id>/", "GET",
        "/api/v1/jobs/{job}/",
    )),
    ((404, 404, 404, 404, 200, 200), Row(
        "api/v1/jobs/<uuid:job_id>/output/", "GET",
        "/api/v1/jobs/{job}/output/",
    )),
    ((404, 404, 404, 404, 404, 404), Row(
        "api/v1/jobs/<uuid:job_id>/", "GET",
        "/api/v1/jobs/00000000-0000-0000-0000-000000000000/",
    )),
    # Curation (issue 33): an import's changes and revert, staff only (a print job has no
    # changes and cannot be reverted); histories are read by anyone, reverted by staff.
    ((403, 403, 403, 403, 403, 200), Row(
        "api/v1/jobs/<uuid:job_id>/changes/", "GET",
        "/api/v1/jobs/{job}/changes/",
    )),
    ((403, 403, 403, 403, 403, 409), Row(
        "api/v1/jobs/<uuid:job_id>/revert/", "POST",
        "/api/v1/jobs/{job}/revert/", {},
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/tokens/<str:id>/history/", "GET",
        "/api/v1/tokens/mtg-treasure/history/",
    )),
    ((403, 403, 403, 403, 403, 404), Row(
        "api/v1/tokens/<str:id>/history/<str:entry>/revert/", "POST",
        "/api/v1/tokens/mtg-treasure/history/token-999999/revert/", {},
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/cards/<str:id>/history/", "GET",
        "/api/v1/cards/mtg-test-card/history/",
    )),
    ((403, 403, 403, 403, 403, 404), Row(
        "api/v1/cards/<str:id>/history/<str:entry>/revert/", "POST",
        "/api/v1/cards/mtg-test-card/history/card-999999/revert/", {},
    )),
    ((200, 200, 200, 200, 200, 200), Row("api/schema/", "GET", "/api/schema/")),
    ((200, 200, 200, 200, 200, 200), Row("api/docs/", "GET", "/api/docs/")),
    # Catalogue API: read by anyone, written by staff only.
    ((200, 200, 200, 200, 200, 200), Row("api/v1/^games/$", "GET", "/api/v1/games/")),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/^games/(?P<id>[^/.]+)/$", "GET",
        "/api/v1/games/mtg/",
    )),
    ((200, 200, 200, 200, 200, 200), Row("api/v1/^tokens/$", "GET", "/api/v1/tokens/")),
    ((200, 200, 200, 200, 200, 200), Row("api/v1/search/", "GET", "/api/v1/search/?q=treasure")),
    ((403, 403, 403, 403, 403, 201), Row("api/v1/^tokens/$", "POST", "/api/v1/tokens/", TOKEN)),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/^tokens/(?P<id>[^/]+)/$", "GET",
        "/api/v1/tokens/mtg-treasure/",
    )),
    ((403, 403, 403, 403, 403, 200), Row(
        "api/v1/^tokens/(?P<id>[^/]+)/$", "PATCH",
        "/api/v1/tokens/mtg-treasure/",
        {"text": "x"},
    )),
    ((403, 403, 403, 403, 403, 409), Row(
        "api/v1/^tokens/(?P<id>[^/]+)/$", "DELETE",
        "/api/v1/tokens/mtg-treasure/",
    )),
    ((200, 200, 200, 200, 200, 200), Row("api/v1/^cards/$", "GET", "/api/v1/cards/")),
    ((200, 200, 200, 200, 200, 200), Row("api/v1/search/", "GET", "/api/v1/search/?q=treasure")),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/^cards/(?P<id>[^/]+)/$", "GET",
        "/api/v1/cards/mtg-test-card/",
    )),
    ((403, 403, 403, 403, 403, 200), Row(
        "api/v1/^cards/(?P<id>[^/]+)/$", "PATCH",
        "/api/v1/cards/mtg-test-card/",
        {"text": "x"},
    )),
    # Catalogue and print pages.
    ((200, 200, 200, 200, 200, 200), Row("catalog/", "GET", "/catalog/")),
    ((200, 200, 200, 200, 200, 200), Row(
        "catalog/tokens/<str:slug>/", "GET",
        "/catalog/tokens/mtg-treasure/",
    )),
    ((200, 200, 200, 200, 200, 200), Row(
        "catalog/cards/<str:slug>/", "GET",
        "/catalog/cards/mtg-test-card/",
    )),
    ((200, 200, 200, 200, 200, 200), Row("print/", "GET", "/print/")),
    ((302, 302, 302, 302, 302, 302), Row("print/basket/", "POST", "/print/basket/",
        {"token": "mtg-treasure", "count": "2"}, True)),
    ((302, 302, 302, 302, 302, 302), Row("print/basket/add/", "POST", "/print/basket/add/",
        {"tokens": "mtg-treasure"}, True)),
    ((200, 200, 200, 200, 200, 200), Row("print/decklist/", "POST", "/print/decklist/",
        {"decklist": "1 Test Card"}, True)),
    # The print-shop zip of the basket (empty here) and a printing's stored thumbnail.
    ((400, 400, 400, 400, 400, 400), Row("print/shop/", "GET", "/print/shop/")),
    ((404, 404, 404, 404, 404, 404), Row(
        "print/printings/<int:printing_id>/art/", "GET", "/print/printings/999999/art/",
    )),
    ((400, 400, 400, 400, 400, 400), Row("print/preview/", "GET", "/print/preview/")),
    ((400, 400, 400, 400, 400, 400), Row("print/pdf/", "GET", "/print/pdf/")),
    ((200, 200, 200, 200, 200, 200), Row("print/calibration/", "GET", "/print/calibration/")),
    ((200, 200, 200, 200, 200, 200), Row("api/v1/print/", "POST", "/api/v1/print/", PRINT)),
    # Background prints: started by anyone signed in (the page: anyone, into their session)...
    ((403, 202, 202, 202, 202, 202), Row(
        "api/v1/print/jobs/", "POST",
        "/api/v1/print/jobs/", PRINT,
    )),
    ((400, 400, 400, 400, 400, 400), Row("print/jobs/", "POST", "/print/jobs/", {}, True)),
    # ...and followed by whoever started them (and staff).
    ((404, 404, 404, 404, 200, 200), Row("print/jobs/<uuid:job_id>/", "GET", "/print/jobs/{job}/")),
    # Tables API: 404 for a table the caller may not see; 403 for a seat they don't act for.
    ((403, 200, 200, 200, 200, 200), Row("api/v1/tables/", "GET", "/api/v1/tables/")),
    ((403, 201, 201, 201, 201, 201), Row("api/v1/tables/", "POST", "/api/v1/tables/",
        {"game": "mtg", "name": "X", "players": ["A"]})),
    ((403, 200, 200, 200, 200, 200), Row(
        "api/v1/tables/join/", "GET",
        "/api/v1/tables/join/?invite={invite}",
    )),
    ((403, 409, 409, 200, 409, 409), Row("api/v1/tables/join/", "POST", "/api/v1/tables/join/",
        {"invite": "{invite}", "seat": 1})),
    ((403, 200, 200, 200, 200, 200), Row(
        "api/v1/tables/spectate/", "POST",
        "/api/v1/tables/spectate/",
        {"token": "{spectate}"},
    )),
    ((404, 404, 200, 200, 200, 404), Row("api/v1/tables/<uuid:table_id>/", "GET", T + "/")),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/tables/<uuid:table_id>/", "GET",
        T + "/?spectate={spectate}",
    )),
    ((403, 404, 403, 403, 200, 404), Row("api/v1/tables/<uuid:table_id>/", "PATCH", T + "/",
        {"status": "finished"})),
    ((403, 404, 403, 403, 200, 404), Row(
        "api/v1/tables/<uuid:table_id>/actions/", "POST",
        T + "/actions/",
        {"expected_version": 1, "action": SEAT0},
    )),
    ((403, 404, 403, 200, 403, 404), Row(
        "api/v1/tables/<uuid:table_id>/actions/", "POST",
        T + "/actions/",
        {"expected_version": 1, "action": SEAT1},
    )),
    ((404, 404, 200, 200, 200, 404), Row("api/v1/tables/<uuid:table_id>/log/", "GET", T + "/log/")),
    ((200, 200, 200, 200, 200, 200), Row(
        "api/v1/tables/<uuid:table_id>/log/", "GET",
        T + "/log/?spectate={spectate}",
    )),
    ((404, 404, 200, 200, 200, 404), Row(
        "api/v1/tables/<uuid:table_id>/history/", "GET",
        T + "/history/",
    )),
    # A player with no action of their own to take back: 409, told why (undo follows play).
    ((403, 404, 403, 409, 200, 404), Row(
        "api/v1/tables/<uuid:table_id>/undo/", "POST",
        T + "/undo/",
        {"expected_version": 1},
    )),
    ((403, 404, 403, 403, 200, 404), Row(
        "api/v1/tables/<uuid:table_id>/links/", "POST",
        T + "/links/",
        {},
    )),
    # The command line: questions need only a view of the table; acting needs a seat.
    ((403, 404, 200, 200, 200, 404), Row(
        "api/v1/tables/<uuid:table_id>/command/", "POST",
        T + "/command/",
        {"text": "life"},
    )),
    ((403, 404, 403, 403, 302, 404), Row(
        "play/<uuid:table_id>/command/", "POST", P + "/command/",
        {"expected_version": "1", "text": "next"}, True,
    )),
    # Battlefield pages.
    ((200, 200, 200, 200, 200, 200), Row("play/", "GET", "/play/")),
    ((302, 302, 302, 302, 302, 302), Row("play/", "POST", "/play/",
        {"game": "mtg", "name": "X", "players": "A, B", "starting_life": "20"}, True)),
    # Anyone may open an invite (sign up, log in or play as a guest); who sits there goes on.
    ((200, 200, 200, 302, 200, 200), Row("play/join/<str:invite>/", "GET", "/play/join/{invite}/")),
    # A table without an account: anyone, a visitor as a guest of this session.
    ((200, 200, 200, 200, 200, 200), Row("play/new/", "GET", "/play/new/")),
    ((302, 302, 302, 302, 302, 302), Row("play/new/", "POST", "/play/new/",
        {"game": "mtg", "name": "X", "players": "A, B", "starting_life": "20"}, True)),
    # Battlefield shortcuts kept with the account: any signed-in player, their own.
    ((403, 200, 200, 200, 200, 200), Row("play/shortcuts/", "POST", "/play/shortcuts/",
        {"enabled": False, "keys": {"next": "j"}})),
    ((405, 405, 405, 405, 405, 405), Row("play/shortcuts/", "GET", "/play/shortcuts/")),
    ((302, 302, 302, 302, 302, 302), Row(
        "play/watch/<str:token>/", "GET",
        "/play/watch/{spectate}/",
    )),
    ((404, 404, 200, 200, 200, 404), Row("play/<uuid:table_id>/", "GET", P + "/")),
    ((200, 200, 200, 200, 200, 200), Row(
        "play/<uuid:table_id>/", "GET",
        P + "/?spectate={spectate}",
    )),
    ((404, 404, 200, 200, 200, 404), Row("play/<uuid:table_id>/board/", "GET", P + "/board/")),
    ((403, 404, 403, 403, 302, 404), Row("play/<uuid:table_id>/act/", "POST", P + "/act/",
        {"expected_version": "1", "type": "adjust_life", "seat": "0", "amount": "-1"}, True)),
    ((403, 404, 403, 302, 302, 404), Row("play/<uuid:table_id>/undo/", "POST", P + "/undo/",
        {"expected_version": "1"}, True)),
    ((403, 404, 403, 403, 302, 404), Row(
        "play/<uuid:table_id>/untap-all/", "POST",
        P + "/untap-all/",
        {"expected_version": "1", "seat": "0"}, True,
    )),
    ((404, 404, 200, 200, 200, 404), Row(
        "play/<uuid:table_id>/objects/<str:object_id>/", "GET",
        P + "/objects/o1/",
    )),
    # The multi-select bar and the palette's favourites.
    ((403, 404, 403, 302, 302, 404), Row(
        "play/<uuid:table_id>/act-on-stacks/", "POST", P + "/act-on-stacks/",
        {"expected_version": "1", "type": "untap", "objects": "o1"}, True,
    )),
    # Favourites are the viewer's own palette memory: a spectator may keep them too.
    ((404, 404, 302, 302, 302, 404), Row(
        "play/<uuid:table_id>/favourite/", "POST", P + "/favourite/",
        {"favourite": "1:mtg-treasure"}, True,
    )),
    ((404, 404, 200, 200, 200, 404), Row(
        "play/<uuid:table_id>/palette/", "GET",
        P + "/palette/?q=treasure",
    )),
    # Tokens of a table into the print basket: a message and the print page, seen or not.
    ((302, 302, 302, 302, 302, 302), Row("play/<uuid:table_id>/print/", "GET", P + "/print/")),
    ((403, 403, 101, 101, 101, 403), Row(
        "ws/tables/<uuid:table_id>/", "WS",
        "/ws/tables/{table}/",
    )),
    ((101, 101, 101, 101, 101, 101), Row(
        "ws/tables/<uuid:table_id>/", "WS",
        "/ws/tables/{table}/?spectate={spectate}",
    )),
    # Collections and decks: each user's own; someone else's deck or item is 404.
    ((403, 200, 200, 200, 200, 200), Row("api/v1/collection/", "GET", "/api/v1/collection/")),
    ((403, 201, 201, 201, 201, 201), Row("api/v1/collection/", "POST", "/api/v1/collection/",
        {"token": "mtg-treasure"})),
    ((403, 404, 404, 404, 200, 404), Row(
        "api/v1/collection/<int:item_id>/", "GET",
        "/api/v1/collection/{item}/",
    )),
    ((403, 404, 404, 404, 200, 404), Row(
        "api/v1/collection/<int:item_id>/", "PATCH",
        "/api/v1/collection/{item}/",
        {"quantity": 2},
    )),
    ((403, 404, 404, 404, 204, 404), Row(
        "api/v1/collection/<int:item_id>/", "DELETE",
        "/api/v1/collection/{item}/",
    )),
    ((403, 200, 200, 200, 200, 200), Row(
        "api/v1/collection/totals/", "GET",
        "/api/v1/collection/totals/",
    )),
    ((403, 201, 201, 201, 201, 201), Row(
        "api/v1/collection/bulk/", "POST",
        "/api/v1/collection/bulk/",
        {"game": "mtg", "list": "1 Test Card"},
    )),
    ((403, 201, 201, 201, 201, 201), Row(
        "api/v1/collection/import/", "POST",
        "/api/v1/collection/import/",
        {"csv": CSV},
    )),
    ((403, 200, 200, 200, 200, 200), Row(
        "api/v1/collection/export/", "GET",
        "/api/v1/collection/export/",
    )),
    ((403, 200, 200, 200, 200, 200), Row("api/v1/decks/", "GET", "/api/v1/decks/")),
    ((403, 201, 201, 201, 201, 201), Row("api/v1/decks/", "POST", "/api/v1/decks/",
        {"name": "D", "game": "mtg", "decklist": "1 Test Card"})),
    ((403, 404, 404, 404, 200, 404), Row(
        "api/v1/decks/<int:deck_id>/", "GET",
        "/api/v1/decks/{deck}/",
    )),
    ((403, 404, 404, 404, 200, 404), Row(
        "api/v1/decks/<int:deck_id>/", "PATCH",
        "/api/v1/decks/{deck}/",
        {"name": "E"},
    )),
    ((403, 404, 404, 404, 204, 404), Row(
        "api/v1/decks/<int:deck_id>/", "DELETE",
        "/api/v1/decks/{deck}/",
    )),
    ((403, 404, 404, 404, 201, 404), Row(
        "api/v1/decks/<int:deck_id>/table/", "POST",
        "/api/v1/decks/{deck}/table/",
        {"name": "T", "players": ["A", "B"]},
    )),
    ((404, 404, 200, 200, 200, 404), Row(
        "api/v1/table-pins/<uuid:table_id>/", "GET",
        "/api/v1/table-pins/{table}/",
    )),
    ((302, 200, 200, 200, 200, 200), Row("collection/", "GET", "/collection/")),
    ((302, 302, 302, 302, 302, 302), Row("collection/add/", "POST", "/collection/add/",
        {"token": "mtg-treasure"}, True)),
    ((302, 404, 404, 404, 302, 404), Row(
        "collection/items/<int:item_id>/", "POST",
        "/collection/items/{item}/",
        {"quantity": "2"}, True,
    )),
    ((302, 302, 302, 302, 302, 302), Row("collection/bulk/", "POST", "/collection/bulk/",
        {"game": "mtg", "list": "1 Test Card", "finish": "normal"}, True)),
    ((302, 302, 302, 302, 302, 302), Row("collection/import/", "POST", "/collection/import/",
        {"file": CSV}, True)),
    ((302, 200, 200, 200, 200, 200), Row("collection/export.csv", "GET", "/collection/export.csv")),
    ((302, 200, 200, 200, 200, 200), Row("decks/", "GET", "/decks/")),
    ((302, 302, 302, 302, 302, 302), Row("decks/", "POST", "/decks/",
        {"name": "D", "game": "mtg", "decklist": "1 Test Card"}, True)),
    ((302, 404, 404, 404, 200, 404), Row("decks/<int:deck_id>/", "GET", "/decks/{deck}/")),
    ((302, 404, 404, 404, 302, 404), Row("decks/<int:deck_id>/edit/", "POST", "/decks/{deck}/edit/",
        {"name": "E", "decklist": "1 Test Card"}, True)),
    ((302, 404, 404, 404, 302, 404), Row(
        "decks/<int:deck_id>/delete/", "POST",
        "/decks/{deck}/delete/",
        {}, True,
    )),
    ((302, 404, 404, 404, 302, 404), Row(
        "decks/<int:deck_id>/table/", "POST",
        "/decks/{deck}/table/",
        {"name": "T", "players": "A, B"}, True,
    )),
]
# fmt: on


@dataclass
class World:
    cast: Cast
    staff: User
    values: dict[str, str]

    def user(self, role: str) -> User | None:
        if role == "staff":
            return self.staff
        if role == "anonymous":
            return None
        found: User = getattr(self.cast, "outsider" if role == "outsider" else role)
        return found


@pytest.fixture(autouse=True)
def media(settings: Any, tmp_path: Any) -> None:
    settings.MEDIA_ROOT = tmp_path  # the world's print job writes its PDF


def make_world() -> World:
    catalog_services.token_upsert(
        slug="mtg-treasure", game="mtg", name="Treasure Token", types=["Artifact"]
    )
    catalog_services.card_upsert(
        slug="mtg-test-card", game="mtg", name="Test Card", types=["Enchantment"]
    )
    cast = make_cast()
    staff = User.objects.create_user("staff", is_staff=True, is_superuser=True)
    deck = collection_services.deck_create(owner=cast.owner, game="mtg", decklist="1 Test Card")
    item = collection_services.collection_add(
        owner=cast.owner, token=TokenDefinition.objects.get(slug="mtg-treasure")
    )
    from play.table import services as play_services

    play_services.table_apply_action(
        table_id=cast.table.id, user=cast.owner, expected_version=0, action=SEAT0
    )
    table = Table.objects.get(pk=cast.table.pk)
    job = print_start([("mtg-treasure", 1)], PrintOptions(), user=cast.owner)
    values = {
        "job": str(job.pk),
        "table": str(table.id),
        "invite": table.invite_token,
        "spectate": table.spectate_token,
        "deck": str(deck.pk),
        "item": str(item.pk),
    }
    return World(cast, staff, values)


def _fill(value: Any, values: dict[str, str]) -> Any:
    return None if value is None else json.loads(_format(json.dumps(value), values))


def _format(text: str, values: dict[str, str]) -> str:
    for key, value in values.items():
        text = text.replace("{" + key + "}", value)
    return text


# A browser's handshake from the site's own pages: the Origin matches the Host it connects to.
BROWSER = [(b"host", b"testserver"), (b"origin", b"http://testserver")]


def _websocket_status(path: str, user: User | None) -> int:
    headers = list(BROWSER)
    if user is not None:
        client = Client()
        client.force_login(user)
        headers.append((b"cookie", f"sessionid={client.cookies['sessionid'].value}".encode()))

    async def attempt() -> bool:
        communicator = WebsocketCommunicator(application, path, headers=headers)
        connected, _ = await communicator.connect()
        await communicator.disconnect()
        return bool(connected)

    # A loop in a thread of its own: Playwright's sync API may have left one running in this one.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        connected = pool.submit(asyncio.run, attempt()).result(timeout=60)
    return 101 if connected else 403


def _status(row: Row, world: World, role: str) -> int:
    path = _format(row.path, world.values)
    user = world.user(role)
    if row.method == "WS":
        return _websocket_status(path, user)
    client = Client()
    if user is not None:
        client.force_login(user)
    body = _fill(row.body, world.values)
    if row.method == "GET":
        return client.get(path).status_code
    if row.form:
        if "file" in body:
            body["file"] = SimpleUploadedFile("c.csv", body["file"].encode(), "text/csv")
        return client.post(path, body).status_code
    send = getattr(client, row.method.lower())
    response = send(path, json.dumps(body) if body is not None else None, "application/json")
    return int(response.status_code)


# The websocket consumer reads the database from another thread: on PostgreSQL it sees only
# committed rows, so those rows run without the test's enclosing transaction.
CASES = [
    pytest.param(
        expected,
        row,
        marks=pytest.mark.django_db(transaction=row.method == "WS"),
        id=f"{row.method} {row.path}",
    )
    for expected, row in MATRIX
]


@pytest.mark.parametrize(("expected", "row"), CASES)
def test_it_answers_each_role_as_the_matrix_says(row: Row, expected: tuple[int, ...]) -> None:
    world = make_world()
    actual = []
    for role in ROLES:
        if row.method == "WS":  # connecting writes nothing, and channels closes old connections
            actual.append(_status(row, world, role))
            continue
        with transaction.atomic():  # each role meets the same world: its writes are undone
            actual.append(_status(row, world, role))
            transaction.set_rollback(True)
    assert dict(zip(ROLES, actual, strict=True)) == dict(zip(ROLES, expected, strict=True))


def _routes(patterns: list[Any], prefix: str = "") -> list[str]:
    routes: list[str] = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            routes += ["admin/"] if route == "admin/" else _routes(pattern.url_patterns, route)
        else:
            routes.append(route)
    return routes


def test_it_covers_every_url_pattern() -> None:
    from play.live.routing import websocket_urlpatterns

    routes = set(_routes(get_resolver().url_patterns)) | {
        str(p.pattern) for p in websocket_urlpatterns
    }
    covered = {row.route for _, row in MATRIX}
    assert routes - covered == set(), "URL patterns missing from the authorization matrix"
    assert covered - routes == set(), "matrix rows for URL patterns that no longer exist"
