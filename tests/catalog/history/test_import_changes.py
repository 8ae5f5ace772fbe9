"""An import's change set (old and new value of each field), kept after a dry run, and the
revert of an applied import: what it created goes, what it changed gets its old values, what
was curated since stays and is reported."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.history.models import ImportChange
from catalog.history.revert import NotRevertible, revert_start
from catalog.history.selectors import change_counts, changes, csv_lines
from catalog.jobs import KIND
from catalog.models import CardDefinition, TokenDefinition, TokenRelation
from catalog.seed import load_seed
from catalog.services import token_update
from jobs.models import Job
from jobs.services import job_start
from tests.factories import CuratorFactory

GOBLIN = "Goblin"


def _card(name: str, pt: str, color: str, text: str, creators: tuple[str, ...] = ()) -> str:
    links = "".join(f"<reverse-related>{c}</reverse-related>" for c in creators)
    return (
        f"<card><name>{name}</name><text>{text}</text><prop><colors>{color}</colors>"
        f"<type>Token Creature — {name}</type><maintype>Creature</maintype><pt>{pt}</pt></prop>"
        f"<set>TST</set>{links}<token>1</token></card>"
    )


def _file(*cards: str) -> bytes:
    body = "".join(cards)
    return (
        '<?xml version="1.0" encoding="UTF-8"?><cockatrice_carddatabase version="4"><cards>'
        f"{body}</cards></cockatrice_carddatabase>"
    ).encode()


FIRST = _file(
    _card(GOBLIN, "1/1", "R", "Haste", ("Goblin Maker",)),
    _card("Spirit", "1/1", "W", "Flying"),
)
SECOND = _file(
    _card(GOBLIN, "1/1", "R", "Haste, menace", ("Goblin Maker",)),
    _card("Spirit", "1/1", "W", "Flying"),
    _card("Bird", "1/1", "U", "Flying", ("Bird Maker",)),
)


@pytest.fixture
def curator(db):
    return CuratorFactory.create(username="curator")


@pytest.fixture(autouse=True)
def media(tmp_path, settings):
    settings.MEDIA_ROOT = tmp_path


def _run(curator, content: bytes, *, dry_run: bool) -> Job:
    params = {"format": "cockatrice", "dry_run": dry_run, "name": "tokens.xml"}
    upload = SimpleUploadedFile("tokens.xml", content)
    job = job_start(KIND, user=curator, params=params, upload=upload)
    assert job.status == Job.Status.DONE, job.detail
    return job


def _goblin() -> TokenDefinition:
    return TokenDefinition.objects.get(name__startswith=GOBLIN)


def test_a_dry_run_lists_each_record_with_old_and_new_values_and_writes_nothing(curator):
    _run(curator, FIRST, dry_run=False)
    tokens_before = TokenDefinition.objects.count()
    preview = _run(curator, SECOND, dry_run=True)
    assert TokenDefinition.objects.count() == tokens_before  # nothing written
    assert _goblin().text == "Haste"
    changed = {c.name: c for c in changes(preview.pk, "update")}
    goblin = next(c for name, c in changed.items() if name.startswith(GOBLIN))
    assert goblin.kind == "token" and goblin.object_id == _goblin().slug
    assert goblin.fields == {
        "text": ["Haste", "Haste, menace"],
        "keywords": [["Haste"], ["Haste", "Menace"]],
    }
    created = changes(preview.pk, "create")
    kinds = {(c.kind, c.name.split(" ")[0]) for c in created}
    assert ("token", "Bird") in kinds and ("card", "Bird") in kinds
    bird = next(c for c in created if c.kind == "token")
    assert bird.fields["name"] == [None, bird.name] and bird.fields["colors"] == [None, ["U"]]
    relation = next(c for c in created if c.kind == "relation")
    assert relation.name.startswith("Bird Maker → Bird")
    counts = change_counts(preview.pk)
    assert counts["create"] == created.count() and counts["update"] == 1
    lines = "".join(csv_lines(changes(preview.pk, "update")))
    assert "text" in lines and "Haste, menace" in lines


def test_an_applied_import_is_reverted_created_rows_go_changed_rows_get_old_values(curator):
    _run(curator, FIRST, dry_run=False)
    applied = _run(curator, SECOND, dry_run=False)
    assert _goblin().text == "Haste, menace"
    assert TokenDefinition.objects.filter(name__startswith="Bird").exists()
    # The import's writes are in the history, stamped with its job (bulk inserts included).
    history = TokenRelation.history.filter(history_job=applied.pk)
    assert history.count() == 1 and history.get().history_source == "import"
    assert ImportChange.objects.filter(job=applied).count() == changes(applied.pk).count() > 0

    revert = revert_start(applied, curator)
    revert.refresh_from_db()
    assert revert.status == Job.Status.DONE, revert.detail
    assert revert.result is not None
    assert _goblin().text == "Haste"
    assert not TokenDefinition.objects.filter(name__startswith="Bird").exists()
    assert not CardDefinition.objects.filter(name="Bird Maker").exists()
    assert CardDefinition.objects.filter(name="Goblin Maker").exists()  # the first import's
    assert revert.result["kept_count"] == 0 and revert.result["removed"] >= 3
    assert revert.result["restored"] == 1
    with pytest.raises(NotRevertible):
        revert_start(applied, curator)


def test_a_revert_leaves_rows_curated_since_and_reports_them(curator):
    _run(curator, FIRST, dry_run=False)
    applied = _run(curator, SECOND, dry_run=False)
    token_update(token=_goblin(), curator=curator, text="Haste, menace, trample")
    revert = revert_start(applied, curator)
    revert.refresh_from_db()
    assert revert.result is not None
    assert _goblin().text == "Haste, menace, trample"
    assert revert.result["kept_count"] == 1
    assert revert.result["kept"][0]["name"].startswith(GOBLIN)
    assert revert.result["kept"][0]["why"] == "changed since the import"


def test_a_dry_run_or_a_failed_import_cannot_be_reverted(curator):
    preview = _run(curator, FIRST, dry_run=True)
    with pytest.raises(NotRevertible):
        revert_start(preview, curator)


def test_a_failed_dry_run_lists_the_problem_it_stopped_at(curator):
    params = {"format": "cockatrice", "dry_run": True, "name": "bad.xml"}
    bad = _file(_card(GOBLIN, "1/1", "R", "Haste"), _card(GOBLIN, "1/1", "R", "Haste"))
    job = job_start(KIND, user=curator, params=params, upload=SimpleUploadedFile("b.xml", bad))
    assert job.status == Job.Status.FAILED
    problem = changes(job.pk, "problem").get()
    assert "appears twice" in problem.problem


def _token_counts(job: Job) -> dict[str, int]:
    assert job.result is not None
    counts: dict[str, int] = dict(job.result["rows"])["tokens"]
    return counts


def test_a_dry_run_lists_the_tokens_it_matches_or_finds_unchanged_with_filters(
    curator, shared_data
):
    """The real Cockatrice file on the seed: its predefined and seed tokens are matched, not
    written, and each is a "matched" record; once applied, a dry run of the same file lists
    each of its tokens as "unchanged" and nothing to create or change."""
    load_seed()
    content = (shared_data / "cockatrice_tokens.xml").read_bytes()
    preview = _run(curator, content, dry_run=True)
    matched = changes(preview.pk, "match").filter(kind="token")
    assert matched.count() == _token_counts(preview)["matched"] > 50
    slugs = set(matched.values_list("object_id", flat=True))
    assert {"mtg-treasure", "mtg-bird-1-1-u-flying"} <= slugs  # the seed's, linked as they are
    assert all(change.fields == {} for change in matched)  # nothing of theirs changes
    assert not changes(preview.pk, "unchanged").exists()  # nothing was imported from it before
    assert change_counts(preview.pk)["match"] >= matched.count()

    _run(curator, content, dry_run=False)
    again = _run(curator, content, dry_run=True)
    counts = change_counts(again.pk)
    assert counts["create"] == counts["update"] == counts["delete"] == 0
    unchanged = changes(again.pk, "unchanged").filter(kind="token")
    assert (
        unchanged.count()
        == _token_counts(again)["unchanged"]
        == _token_counts(preview)["created"] + _token_counts(preview)["matched"]
    )
    assert unchanged.filter(object_id="mtg-bird-1-1-u-flying").exists()
    assert not changes(again.pk, "match").filter(kind="token").exists()
    lines = "".join(csv_lines(changes(again.pk, "unchanged")))
    assert "mtg-bird-1-1-u-flying" in lines and ",unchanged," in lines
