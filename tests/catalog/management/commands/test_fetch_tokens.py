"""fetch_tokens (the first start's token catalogue) against a local server shaped like Scryfall's
search API: pages followed through next_page, art and artists kept, makers compiled and linked
to the tokens fetched, the job recorded; offline, the seed stays and the command says how to
fetch later."""

from __future__ import annotations

import socket
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import override_settings

from catalog.jobs import MAKERS_KIND
from catalog.models import CardDefinition, TokenDefinition, TokenPrinting
from jobs.models import Job
from tests.fake_scryfall import PAGE_SIZE, serving

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("fetch_tokens", *args, stdout=out, stderr=out)
    return out.getvalue()


def test_a_first_start_fetches_every_token_and_maker_with_art(
    seeded: None, capsys: pytest.CaptureFixture[str]
) -> None:
    tokens_before = TokenDefinition.objects.count()
    with serving(tokens=60, printings=3, makers=2 * PAGE_SIZE + 10) as server:
        with override_settings(CATALOG_FETCH_API=server.base()):
            said = _run("--first-start")
        pages = [r for r in server.requests if r.startswith("/cards/search")]
    assert len(pages) == 2 + 3  # 180 token printings, 360 makers: next_page followed
    assert any("page=3" in r for r in pages)
    assert "fetch_tokens: 100%" in capsys.readouterr().out  # the progress line on the console
    assert "done, 5 pages, 540 cards read" in said
    assert TokenDefinition.objects.count() > tokens_before
    art = TokenPrinting.objects.filter(set_code="T002").exclude(art_crop_url="")
    assert art.count() == 60
    assert all(p.artist.startswith("Artist ") for p in art)
    makers = CardDefinition.objects.filter(name__startswith="Maker ")
    assert makers.count() == 2 * PAGE_SIZE + 10
    maker = makers.get(name="Maker 4")  # makes token 4, an Elf Warrior
    assert maker.artist and maker.art_crop_url  # the card's art, credited, comes along too
    [entry] = maker.makes
    assert entry["fires"] is True
    [made] = entry["tokens"]
    assert made["token"] is not None
    assert TokenDefinition.objects.get(slug=made["token"]).subtypes == ["Elf", "Warrior"]
    job = Job.objects.get(kind=MAKERS_KIND)
    assert (job.status, job.progress) == (Job.Status.DONE, 1.0)
    assert (job.result or {}).get("pages") == 5


def test_a_later_start_does_not_fetch_again(seeded: None) -> None:
    with serving(tokens=5, printings=1, makers=5) as server:
        with override_settings(CATALOG_FETCH_API=server.base()):
            _run("--first-start")
            server.requests.clear()
            said = _run("--first-start")
        assert server.requests == []
    assert "was fetched on" in said
    assert Job.objects.filter(kind=MAKERS_KIND).count() == 1


def test_offline_keeps_the_seed_and_says_how_to_fetch_later(seeded: None) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    tokens, cards = TokenDefinition.objects.count(), CardDefinition.objects.count()
    with override_settings(CATALOG_FETCH_API=f"http://127.0.0.1:{port}"):
        said = _run("--first-start")
    assert "offline" in said
    assert "python manage.py fetch_tokens" in said
    assert f"keeps its seed ({tokens} tokens, {cards} cards)" in said
    assert not Job.objects.filter(kind=MAKERS_KIND).exists()
    assert (TokenDefinition.objects.count(), CardDefinition.objects.count()) == (tokens, cards)


def test_a_fetch_cut_short_is_tried_again(seeded: None) -> None:
    from datetime import timedelta

    from django.utils import timezone

    cut = Job.objects.create(kind=MAKERS_KIND, status=Job.Status.RUNNING)
    Job.objects.filter(pk=cut.pk).update(created_at=timezone.now() - timedelta(hours=3))
    with serving(tokens=5, printings=1, makers=5) as server:
        with override_settings(CATALOG_FETCH_API=server.base()):
            _run("--first-start")
    cut.refresh_from_db()
    assert cut.status == Job.Status.FAILED
    assert Job.objects.filter(kind=MAKERS_KIND, status=Job.Status.DONE).count() == 1
