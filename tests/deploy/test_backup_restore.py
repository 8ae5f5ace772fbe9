"""Backups as the compose `backup` service takes them and the runbook restores them, end to end
as processes (docs/operations.md): a database with a catalogue, a table with actions and an
uploaded file is dumped by deploy/backup.sh, restored by deploy/restore.sh into an empty
database, and the restored site passes `migrate --check`, finds cards and plays on that table.

PostgreSQL only (pg_dump is the backup), on the server DATABASE_URL names; skipped on SQLite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
DATABASE = settings.DATABASES["default"]
pytestmark = pytest.mark.skipif(
    DATABASE["ENGINE"] != "django.db.backends.postgresql" or not shutil.which("pg_dump"),
    reason="backups are PostgreSQL dumps: needs DATABASE_URL on PostgreSQL and pg_dump",
)

SETUP = """
from django.contrib.auth import get_user_model
from play.table import services
owner = get_user_model().objects.create_user("keeper")
table = services.table_create(owner=owner, game="mtg", name="Kept", players=["Ann", "Ben"])
soldier = {"name": "Soldier Token", "types": ["Creature"], "subtypes": ["Soldier"],
           "colors": ["W"], "power": "1", "toughness": "1"}
for version in range(3):
    services.table_apply_action(table_id=table.pk, user=owner, expected_version=version,
        action={"type": "create_token", "controller": 0, "definition": soldier, "count": 2})
print(table.pk)
"""

CHECK = """
import sys
from django.test import Client
from play.models import Table
from play.table import selectors, services
found = Client().get("/catalog/?q=treasure")
assert found.status_code == 200 and "mtg-treasure" in found.content.decode(), found.status_code
table = Table.objects.get(pk=sys.argv[1])
assert table.version == 3, table.version
selectors.table_replay(table=table)  # the log replays to the stored state
goblin = {"name": "Goblin Token", "types": ["Creature"], "subtypes": ["Goblin"],
          "colors": ["R"], "power": "1", "toughness": "1"}
result = services.table_apply_action(table_id=table.pk, user=table.owner, expected_version=3,
    action={"type": "create_token", "controller": 1, "definition": goblin})
assert result.version == 4, result.version
print("restored site: search ok, table played on at version", result.version)
"""


def _server_url(name: str) -> str:
    user = DATABASE.get("USER") or "postgres"
    password = f":{DATABASE['PASSWORD']}" if DATABASE.get("PASSWORD") else ""
    host, port = DATABASE.get("HOST") or "127.0.0.1", DATABASE.get("PORT") or 5432
    return f"postgres://{user}{password}@{host}:{port}/{name}"


def _libpq(name: str) -> dict[str, str]:
    return {
        "PGHOST": str(DATABASE.get("HOST") or "127.0.0.1"),
        "PGPORT": str(DATABASE.get("PORT") or 5432),
        "PGUSER": str(DATABASE.get("USER") or "postgres"),
        "PGPASSWORD": str(DATABASE.get("PASSWORD") or ""),
        "PGDATABASE": name,
    }


def _run(command: list[str], env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        [*command, *args], env={**os.environ, **env}, cwd=ROOT, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{command} {args}: {done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def _psql(sql: str) -> None:
    _run(["psql", "-q", "-c", sql], _libpq("postgres"))


@pytest.fixture
def databases() -> object:
    names = [f"tokensite_backup_{part}_{os.getpid()}" for part in ("source", "restored")]
    for name in names:
        _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        _psql(f'CREATE DATABASE "{name}"')
    yield names
    for name in names:
        _psql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def test_a_backup_restores_into_an_empty_database_and_the_site_works(
    databases: list[str], tmp_path: Path
) -> None:
    source, restored = databases
    manage = [sys.executable, "manage.py"]
    site = {"DATABASE_URL": _server_url(source), "MEDIA_ROOT": str(tmp_path / "media")}
    _run(manage, site, "migrate", "--noinput")
    _run(manage, site, "load_catalog")
    table_id = _run(manage, site, "shell", "-c", SETUP).stdout.strip().splitlines()[-1]
    art = tmp_path / "media" / "token-art" / "kept.png"
    art.parent.mkdir(parents=True)
    art.write_bytes(b"\x89PNG uploaded art")

    backups = tmp_path / "backups"
    backup = {
        **_libpq(source),
        "BACKUP_ONCE": "1",
        "BACKUP_DIR": str(backups),
        "MEDIA_DIR": str(tmp_path / "media"),
        "BACKUP_KEEP": "2",
    }
    for _ in range(3):  # rotation: three backups, the newest two kept
        _run(["sh", "deploy/backup.sh"], backup)
        time.sleep(1.1)  # file names carry the second
    dumps = sorted(backups.glob("db-*.dump"))
    media = sorted(backups.glob("media-*.tar.gz"))
    assert len(dumps) == 2 and len(media) == 2, sorted(p.name for p in backups.iterdir())
    assert not list(backups.glob("*.partial"))

    restore_env = {**_libpq(restored), "MEDIA_DIR": str(tmp_path / "restored-media")}
    _run(["sh", "deploy/restore.sh", str(dumps[-1]), str(media[-1])], restore_env)
    restored_art = tmp_path / "restored-media" / "token-art" / "kept.png"
    assert restored_art.read_bytes() == art.read_bytes()

    site = {"DATABASE_URL": _server_url(restored), "MEDIA_ROOT": str(tmp_path / "restored-media")}
    _run(manage, site, "migrate", "--check")
    checked = _run(manage, site, "shell", "-c", CHECK.replace("sys.argv[1]", repr(table_id)))
    assert "table played on at version 4" in checked.stdout

    # A second restore over the now populated database is refused, and changes nothing.
    again = subprocess.run(
        ["sh", "deploy/restore.sh", str(dumps[-1])],
        env={**os.environ, **restore_env},
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert again.returncode == 1 and "restore into an empty one" in again.stderr
