"""The admin's work on many records at once (catalog.admin_bulk, catalog.art): the filters find
what needs a curator, the actions fix many at once, one form uploads art for several tokens,
deleting retires ids, and labels name records, not ids."""

from __future__ import annotations

from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from PIL import Image

from catalog import services
from catalog.admin_bulk import alike_tokens
from catalog.models import RetiredSlug, TokenPrinting, TokenRelation
from catalog.printing import artfetch

CHANGELIST = "/admin/catalog/tokendefinition/"
SOLDIER: dict[str, Any] = {
    "name": "Soldier Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
}


def _png() -> bytes:
    buffer = BytesIO()
    Image.new("RGB", (8, 8), "red").save(buffer, "PNG")
    return buffer.getvalue()


@pytest.fixture
def media(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = tmp_path
    return tmp_path


def _names(client: Client, query: str) -> set[str]:
    response = client.get(CHANGELIST + query)
    assert response.status_code == 200
    return {t.slug for t in response.context["cl"].result_list}


@pytest.mark.django_db
def test_filters_find_missing_art_text_duplicates_and_curated(
    staff_client: Client, media: Path
) -> None:
    a, _ = services.token_upsert(slug="mtg-a", game="mtg", **SOLDIER)
    b, _ = services.token_upsert(slug="mtg-b", game="mtg", **{**SOLDIER, "name": "soldier token"})
    services.token_upsert(slug="mtg-c", game="mtg", name="Scrap", types=["Artifact"], text="")
    d, _ = services.token_upsert(
        slug="mtg-d", game="mtg", name="Clue", types=["Artifact"], subtypes=["Clue"], text="?"
    )
    TokenPrinting.objects.create(token=a, picture_url="https://cards.scryfall.io/a.jpg")
    TokenPrinting.objects.create(token=b, art=SimpleUploadedFile("b.png", _png()))
    services.curate(d, None)
    assert _names(staff_client, "?art=none") == {"mtg-c", "mtg-d"}
    assert _names(staff_client, "?art=linked") == {"mtg-a"}
    assert _names(staff_client, "?art=uploaded") == {"mtg-b"}
    assert _names(staff_client, "?text=missing") == {"mtg-c"}  # a vanilla creature is fine
    assert _names(staff_client, "?text=placeholder") == {"mtg-d"}
    assert _names(staff_client, "?alike=yes") == {"mtg-a", "mtg-b"}  # case aside (CR 707.2)
    assert sorted(alike_tokens()) == sorted([a.pk, b.pk])
    services.token_upsert(slug="mtg-e", game="mtg", **{**SOLDIER, "text": "Vigilance"})
    assert _names(staff_client, "?alike=yes") == {"mtg-a", "mtg-b"}  # other abilities
    assert _names(staff_client, "?alike=label") == {"mtg-a", "mtg-b", "mtg-e"}  # same label
    assert _names(staff_client, "?curated=yes") == {"mtg-d"}
    assert _names(staff_client, "?curated=no") == {"mtg-a", "mtg-b", "mtg-c", "mtg-e"}


@pytest.mark.django_db
def test_actions_mark_reviewed_and_release_to_imports(staff_client: Client) -> None:
    token, _ = services.token_upsert(slug="mtg-a", game="mtg", incomplete=True, **SOLDIER)
    token.curated_at = timezone.now()
    token.save()
    for action in ("mark_reviewed", "release_to_imports"):
        response = staff_client.post(
            CHANGELIST, {"action": action, "_selected_action": [token.pk]}, follow=True
        )
        assert response.status_code == 200
    token.refresh_from_db()
    assert token.incomplete is False and token.curated_at is None


@pytest.mark.django_db
def test_one_form_uploads_art_for_several_tokens(staff_client: Client, media: Path) -> None:
    tokens = [
        services.token_upsert(slug=f"mtg-{n}", game="mtg", **{**SOLDIER, "name": f"T{n}"})[0]
        for n in range(3)
    ]
    response = staff_client.post(
        CHANGELIST, {"action": "upload_art_selected", "_selected_action": [t.pk for t in tokens]}
    )
    assert response.status_code == 302
    page = staff_client.get(response["Location"])
    assert page.status_code == 200
    assert [row["token"].slug for row in page.context["rows"]] == ["mtg-0", "mtg-1", "mtg-2"]
    ids = ",".join(str(t.pk) for t in tokens)
    url = reverse("admin:catalog_tokendefinition_upload_art")
    # One bad file: nothing is stored, the row says why.
    files = {f"art-{t.pk}": SimpleUploadedFile(f"{t.pk}.png", _png()) for t in tokens}
    bad = {**files, f"art-{tokens[2].pk}": SimpleUploadedFile("x.png", b"not an image")}
    response = staff_client.post(url, {"ids": ids, **bad})
    assert response.status_code == 200
    assert response.context["rows"][2]["errors"]
    assert not TokenPrinting.objects.exists()
    files = {f"art-{t.pk}": SimpleUploadedFile(f"{t.pk}.png", _png()) for t in tokens}
    response = staff_client.post(url, {"ids": ids, f"artist-{tokens[0].pk}": "Ann", **files})
    assert response.status_code == 302
    stored = TokenPrinting.objects.order_by("token_id")
    assert [p.source for p in stored] == ["upload"] * 3
    assert all(p.art for p in stored) and stored[0].artist == "Ann"


@pytest.mark.django_db
def test_art_from_a_printing_is_fetched_and_stored(
    staff_client: Client, media: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fetched: list[str] = []

    def download(url: str, timeout: float = 0) -> bytes:
        fetched.append(url)
        if "gone" in url:
            raise artfetch.ArtFetchError(f"{url}: 404")
        return _png()

    monkeypatch.setattr(artfetch, "download", download)
    linked, _ = services.token_upsert(slug="mtg-a", game="mtg", **SOLDIER)
    gone, _ = services.token_upsert(slug="mtg-b", game="mtg", **{**SOLDIER, "name": "B"})
    bare, _ = services.token_upsert(slug="mtg-c", game="mtg", **{**SOLDIER, "name": "C"})
    TokenPrinting.objects.create(token=linked, picture_url="https://cards.scryfall.io/a.jpg")
    TokenPrinting.objects.create(token=gone, picture_url="https://cards.scryfall.io/gone.jpg")
    response = staff_client.post(
        CHANGELIST,
        {"action": "set_art_from_printing", "_selected_action": [linked.pk, gone.pk, bare.pk]},
        follow=True,
    )
    shown = [str(m) for m in response.context["messages"]]
    assert "Art set for 1 token." in shown
    assert any(m.startswith("B: no art set") for m in shown)
    assert any(m.startswith("C: no art set (no printing has a picture") for m in shown)
    assert TokenPrinting.objects.get(token=linked).art
    assert not TokenPrinting.objects.get(token=gone).art


@pytest.mark.django_db
def test_deleting_in_the_admin_retires_the_id(staff_client: Client) -> None:
    token, _ = services.token_upsert(slug="mtg-a", game="mtg", **SOLDIER)
    response = staff_client.post(
        CHANGELIST, {"action": "delete_selected", "_selected_action": [token.pk], "post": "yes"}
    )
    assert response.status_code == 302
    assert RetiredSlug.objects.filter(kind="token", slug="mtg-a", name="Soldier Token").exists()
    response = staff_client.post(
        "/admin/catalog/tokendefinition/add/",
        {"slug": "mtg-a", "game": "mtg", "name": "Again", "types": "Artifact"},
    )
    assert "ids are never reused" in response.content.decode()


@pytest.mark.django_db
def test_labels_name_records_not_ids() -> None:
    token, _ = services.token_upsert(slug="mtg-a", game="mtg", **SOLDIER)
    card, _ = services.card_upsert(slug="mtg-x", game="mtg", name="Raise the Alarm")
    relation = TokenRelation.objects.create(card=card, token=token, count="2")
    printing = TokenPrinting.objects.create(token=token, set_code="TRL", collector_number="1")
    assert str(relation) == "Raise the Alarm creates 2 x Soldier Token"
    assert str(printing) == "Soldier Token TRL 1"
