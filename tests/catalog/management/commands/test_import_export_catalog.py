"""import_catalog and export_catalog from the command line."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from catalog.models import TokenDefinition


def _run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


@pytest.mark.django_db
def test_it_prints_a_summary_and_changes_nothing_the_second_time(shared_data: Path):
    sample = str(shared_data / "mtgjson_sample.json")
    first = _run("import_catalog", "mtgjson", sample)
    assert "Imported: mtgjson" in first
    assert "tokens: " in first and "created" in first
    assert "3 emblem" in first
    second = _run("import_catalog", "mtgjson", sample)
    assert "created" not in second and "updated" not in second


@pytest.mark.django_db
def test_it_writes_nothing_on_a_dry_run(shared_data: Path):
    output = _run(
        "import_catalog", "mtgjson", str(shared_data / "mtgjson_sample.json"), "--dry-run"
    )
    assert output.startswith("Dry run (nothing written)")
    assert not TokenDefinition.objects.filter(name="Weird Token").exists()


@pytest.mark.django_db
def test_it_fails_with_a_clear_message_on_a_bad_file(tmp_path: Path):
    path = tmp_path / "tokens.xml"
    path.write_bytes(b"")
    with pytest.raises(CommandError, match=r"tokens.xml: the file is empty .*nothing was written"):
        _run("import_catalog", "cockatrice", str(path))
    with pytest.raises(CommandError, match="no such file"):
        _run("import_catalog", "cockatrice", str(tmp_path / "missing.xml"))


@pytest.mark.django_db
def test_it_exports_both_formats(shared_data: Path, tmp_path: Path):
    _run("import_catalog", "mtgjson", str(shared_data / "mtgjson_sample.json"))
    xml = tmp_path / "tokens.xml"
    _run("export_catalog", "cockatrice", "--output", str(xml))
    assert b"<name>Weird Token</name>" in xml.read_bytes()
    dump = json.loads(_run("export_catalog", "tokensite", "--game", "mtg"))
    assert dump["format"] == "tokensite-catalogue"
    assert any(token["name"] == "Weird Token" for token in dump["tokens"])
