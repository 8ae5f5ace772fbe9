"""The container image as CI can check it without a Docker daemon: its file tree is built the way
the Dockerfile builds it, then run under the image's production settings.

    python deploy/image_check.py [--keep DIR]

The final stage of the Dockerfile is read, not restated: the virtualenv comes from the lock file
its build stage installs (same wheels, hashes checked, binary only), each COPY line is copied to
the same place under a temporary root, the ENV lines are the environment, and its RUN lines run
there (all but the one that makes the system user). Then, with PostgreSQL and Redis from
IMAGE_CHECK_DATABASE_URL / IMAGE_CHECK_REDIS_URL, as compose runs them:

- `manage.py check --deploy` with no warning, `migrate` and `load_catalog` (the migrate service),
- the web process (the Dockerfile's CMD): `/healthz` 200, the container HEALTHCHECK passes, the
  catalogue in Russian for `Accept-Language: ru`, its stylesheet served from the collected files,
- the worker (compose's command): a print job started through the API is drawn by it, and its
  health check (compose's) passes.

Exits non-zero, naming the failed check, on any failure. Standard library and PyYAML only.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get(
    "IMAGE_CHECK_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/tokensite_image"
)
REDIS_URL = os.environ.get("IMAGE_CHECK_REDIS_URL", "redis://127.0.0.1:6379/14")
HOST = "tokensite.example"


class CheckFailed(Exception):
    pass


def instructions(dockerfile: Path) -> list[list[tuple[str, str]]]:
    """The Dockerfile's stages, each a list of (INSTRUCTION, arguments), continuations joined."""
    text = re.sub(r"\\\n", " ", dockerfile.read_text())
    stages: list[list[tuple[str, str]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        word, _, rest = line.partition(" ")
        if word.upper() == "FROM":
            stages.append([])
        stages[-1].append((word.upper(), rest.strip()))
    return stages


def _exec_form(arguments: str) -> list[str]:
    return list(json.loads(arguments)) if arguments.startswith("[") else shlex.split(arguments)


def _under(root: Path, path: str, workdir: str) -> Path:
    absolute = path if path.startswith("/") else f"{workdir.rstrip('/')}/{path}"
    return root / os.path.normpath(absolute).lstrip("/")


def _run(command: list[str] | str, env: dict[str, str], cwd: Path, what: str) -> None:
    started = time.monotonic()
    done = subprocess.run(
        command, env=env, cwd=cwd, shell=isinstance(command, str), capture_output=True, text=True
    )
    print(f"  {what}: exit {done.returncode} in {time.monotonic() - started:.1f} s")
    if done.returncode != 0:
        raise CheckFailed(f"{what} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")


def build_tree(root: Path) -> tuple[dict[str, str], Path, list[str], list[str]]:
    """Lays out the image under root; returns the image's environment, its WORKDIR, its CMD and
    its HEALTHCHECK command."""
    stages = instructions(ROOT / "Dockerfile")
    build, final = stages[-2:]
    # Other named stages (the symbol font's `npm ci`) are built in a root of their own.
    stage_roots = {"build": root}
    for stage in stages[:-2]:
        name = stage[0][1].split()[-1]
        stage_roots[name] = root / f"stage-{name}"
        build_stage(stage, stage_roots[name], f"stage {name}")
    venv = root / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    # The build stage's COPY of a lock file and its pip install, as written there.
    copied = {dest: src for word, args in build if word == "COPY" for src, dest in [args.split()]}
    for word, args in build:
        if word == "RUN" and "pip install" in args:
            # This machine's pip (and its download cache) installs into the image's venv.
            pip = f"{shlex.quote(sys.executable)} -m pip --python {venv}/bin/python"
            command = args.replace("/venv/bin/pip", "PIP").replace("/venv/", f"{venv}/")
            command = command.replace("PIP", pip)
            for dest, src in copied.items():
                command = command.replace(dest, str(ROOT / src))
            _run(command, dict(os.environ), ROOT, "build stage: pip install from the lock")
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(root), "LANG": "C.UTF-8"}
    workdir, cmd, healthcheck = "/", [], []
    for word, args in final:
        if word == "ENV":
            for key, value in re.findall(r'(\w+)=("[^"]*"|\S+)', args):
                env[key] = value.strip('"').replace("$PATH", env["PATH"])
        elif word == "WORKDIR":
            workdir = args
            _under(root, workdir, "/").mkdir(parents=True, exist_ok=True)
        elif word == "COPY":
            parts = args.split()
            sources, dest = [p for p in parts[:-1] if not p.startswith("--")], parts[-1]
            from_stage = re.search(r"--from=(\S+)", args)
            for source in sources:
                origin = (
                    stage_roots[from_stage[1]] / source.lstrip("/") if from_stage else ROOT / source
                )
                _copy(origin, _under(root, dest, workdir), dest.endswith("/"))
        elif word == "RUN" and "useradd" not in args:
            _run(args, _rooted(env, root), _under(root, workdir, "/"), f"RUN {args[:60]}...")
        elif word == "CMD":
            cmd = _exec_form(args)
        elif word == "HEALTHCHECK":
            healthcheck = _exec_form(args.split(" CMD ", 1)[1])
    return _rooted(env, root), _under(root, workdir, "/"), cmd, healthcheck


def _copy(origin: Path, target: Path, into: bool) -> None:
    if origin.is_dir():
        if origin != target:
            shutil.copytree(origin, target, dirs_exist_ok=True)
        return
    if into:
        target.mkdir(parents=True, exist_ok=True)
        target = target / origin.name
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy2(origin, target)


def build_stage(stage: list[tuple[str, str]], root: Path, what: str) -> None:
    """A stage that only copies from the context and runs commands (no venv, no ENV needed)."""
    workdir = "/"
    for word, args in stage:
        if word == "WORKDIR":
            workdir = args
            _under(root, workdir, "/").mkdir(parents=True, exist_ok=True)
        elif word == "COPY":
            parts = args.split()
            for source in parts[:-1]:
                _copy(ROOT / source, _under(root, parts[-1], workdir), parts[-1].endswith("/"))
        elif word == "RUN":
            _run(args, dict(os.environ), _under(root, workdir, "/"), f"{what}: RUN {args[:40]}")


def _rooted(env: dict[str, str], root: Path) -> dict[str, str]:
    """The image's absolute paths (/venv, /data/media) under the temporary root."""
    fixed = dict(env)
    for key, value in env.items():
        fixed[key] = re.sub(r"(^|:)/(venv|data)\b", lambda m: f"{m[1]}{root}/{m[2]}", value)
    return fixed


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _get(url: str, headers: dict[str, str] | None = None, data: bytes | None = None) -> Any:
    base = {"Host": HOST, "X-Forwarded-Proto": "https"}
    request = urllib.request.Request(url, data=data, headers={**base, **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def _wait_for(url: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if _get(url)[0] == 200:
                return
        except OSError:
            pass
        time.sleep(0.5)
    raise CheckFailed(f"{url} did not answer 200 within {seconds:.0f} s")


def _start(command: list[str], env: dict[str, str], cwd: Path, log: Path) -> subprocess.Popen[Any]:
    handle = log.open("w")
    return subprocess.Popen(command, env=env, cwd=cwd, stdout=handle, stderr=subprocess.STDOUT)


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


def _recreate_database() -> None:
    name = DATABASE_URL.rsplit("/", 1)[1]
    server = DATABASE_URL.rsplit("/", 1)[0] + "/postgres"
    for sql in (f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)', f'CREATE DATABASE "{name}"'):
        subprocess.run(["psql", server, "-q", "-c", sql], check=True, capture_output=True)


def check(root: Path) -> None:
    total = time.monotonic()
    print("== the image's file tree, from the Dockerfile")
    env, app, cmd, healthcheck = build_tree(root)
    compose = yaml.safe_load((ROOT / "compose.yaml").read_text())
    worker_command = compose["services"]["worker"]["command"]
    worker_health = compose["services"]["worker"]["healthcheck"]["test"][1:]
    port = _free_port()
    env |= {
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "DATABASE_URL": DATABASE_URL,
        "REDIS_URL": REDIS_URL,
        "JOB_HEARTBEAT_FILE": str(root / "worker-heartbeat.json"),
        "PROMETHEUS_MULTIPROC_DIR": str(root / "metrics"),
        "PORT": str(port),
        "LOG_LEVEL": "INFO",
    }
    print("== under the production settings")
    _recreate_database()
    manage = ["python", "manage.py"]
    _run([*manage, "check", "--deploy", "--fail-level", "WARNING"], env, app, "check --deploy")
    _run([*manage, "migrate", "--noinput"], env, app, "migrate")
    _run([*manage, "load_catalog"], env, app, "load_catalog")
    staff = (
        "from django.contrib.auth import get_user_model; "
        "from rest_framework.authtoken.models import Token; "
        "u = get_user_model().objects.create_user('imagecheck', is_staff=True); "
        "print(Token.objects.create(user=u).key)"
    )
    # The last line: Django's shell may first say what it imported by itself.
    token = (
        subprocess.run(
            [*manage, "shell", "-c", staff], env=env, cwd=app, capture_output=True, text=True
        )
        .stdout.strip()
        .splitlines()[-1]
    )
    with ExitStack() as stack:
        web_command = [part.replace("8000", str(port)) for part in cmd]
        web = _start(web_command, env, app, root / "web.log")
        stack.callback(_stop, web)
        worker = _start(worker_command, env, app, root / "worker.log")
        stack.callback(_stop, worker)
        base = f"http://127.0.0.1:{port}"
        _wait_for(f"{base}/healthz", 60)
        print("  /healthz: 200")
        _run(healthcheck, env, app, "the image's HEALTHCHECK")

        status, _headers, body = _get(f"{base}/catalog/", {"Accept-Language": "ru"})
        page = body.decode()
        if status != 200 or "Каталог" not in page or ">Catalogue<" in page:
            raise CheckFailed(f"/catalog/ in Russian: {status}, {page[:300]}")
        print("  /catalog/ with Accept-Language: ru: 200, in Russian")
        stylesheet = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', page)
        if not stylesheet or _get(base + stylesheet.group(1))[0] != 200:
            raise CheckFailed("the page's stylesheet is not a collected, hashed file")
        print(f"  {stylesheet.group(1)}: 200")

        headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
        order = json.dumps({"items": [{"token": "mtg-treasure", "count": 200}]}).encode()
        status, _headers, body = _get(f"{base}/api/v1/print/jobs/", headers, order)
        if status != 202:
            raise CheckFailed(f"starting a print job: {status} {body[:300]!r}")
        job_url = f"{base}/api/v1/jobs/{json.loads(body)['job']}/"
        deadline = time.monotonic() + 90
        job: dict[str, Any] = {"status": "queued"}
        while job["status"] in ("queued", "running") and time.monotonic() < deadline:
            time.sleep(0.5)
            job = json.loads(_get(job_url, headers)[2])
        if job["status"] != "done":
            raise CheckFailed(f"the worker did not finish the job: {job}")
        print(f"  the worker drew a print job: {job['result']['sheets']} sheets")
        _run(worker_health, env, app, "the worker's health check")
        metrics = _get(f"{base}/metrics", headers)[2].decode()
        if "tokensite_http_requests_total" not in metrics:
            raise CheckFailed("/metrics has no request counts")
        print("  /metrics: the web process's figures, from the multiprocess files")
        noise = (root / "web.log").read_text().count("not in the manifest")
        if noise:
            raise CheckFailed(f"the web process logged {noise} 'not in the manifest' lines")
        print("  start-up log: no 'not in the manifest' line")
    print(f"== image check passed in {time.monotonic() - total:.0f} s")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", type=Path, help="build the tree here and keep it")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="tokensite-image-"))
    root.mkdir(parents=True, exist_ok=True)
    try:
        check(root)
    except CheckFailed as failure:
        print(f"IMAGE CHECK FAILED: {failure}", file=sys.stderr)
        for log in ("web.log", "worker.log"):
            if (root / log).exists():
                print(f"--- {log}\n{(root / log).read_text()[-3000:]}", file=sys.stderr)
        return 1
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
