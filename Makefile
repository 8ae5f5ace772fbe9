# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: symbols translations run test lint typecheck pytest install install-dev migrate bench faults faults-short clean lock worker topology audit lighthouse audit-deps lint-deploy image-check

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# Installs come only from the lock files (exact versions, every file's hash checked); the
# project itself runs from the checkout. Reinstall only when a lock file changes, so a second
# `make run` starts in seconds. `make lock` regenerates them after pyproject.toml changes.
# LOCK=deploy adds the PostgreSQL driver and S3 storage to `make run` (main has neither).
LOCK ?= main
$(VENV)/.installed-$(LOCK): requirements/$(LOCK).txt | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r requirements/$(LOCK).txt
	touch $@

$(VENV)/.installed-dev: requirements/dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet --require-hashes --no-deps -r requirements/dev.txt
	touch $@

# main: the embedded default (SQLite, no PostgreSQL driver); deploy: + PostgreSQL and S3 (the
# container); dev: + test and lint tools. Keeps versions already locked unless UPGRADE=1.
PIP_COMPILE = $(BIN)/pip-compile --quiet --generate-hashes --allow-unsafe --strip-extras \
	--no-emit-find-links --no-emit-index-url $(if $(UPGRADE),--upgrade)
lock: install-dev
	$(PIP_COMPILE) -o requirements/main.txt pyproject.toml
	$(PIP_COMPILE) --extra postgres --extra s3 -o requirements/deploy.txt pyproject.toml
	$(PIP_COMPILE) --extra postgres --extra s3 --extra dev -o requirements/dev.txt pyproject.toml

install: $(VENV)/.installed-$(LOCK)
install-dev: $(VENV)/.installed-dev

# The symbol font the proxy sheets embed (npm `mana-font`, MIT), exactly as package-lock.json
# pins it, into node_modules/ (not committed). Without npm or the network the sheets print
# symbols as text ({T}), so a failed fetch warns rather than stops the build.
node_modules/mana-font/fonts/mana.ttf: package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --no-audit --no-fund --silent || echo "npm ci failed: proxies print symbols as text"; \
	else echo "npm not found: proxies print symbols as text"; fi
	@test -f $@ && touch $@ || true

# The set symbols of the pages (npm `keyrune`, fonts SIL OFL 1.1) come with the same `npm ci`;
# without them pages show set codes alone.
node_modules/keyrune/fonts/keyrune.woff2: node_modules/mana-font/fonts/mana.ttf
	@test -f $@ && touch $@ || echo "keyrune not installed: pages show set codes without symbols"

symbols: node_modules/mana-font/fonts/mana.ttf node_modules/keyrune/fonts/keyrune.woff2

# The .mo files are built from the .po sources in locale/ (pure Python, no GNU gettext).
translations: install
	$(BIN)/python manage.py compile_translations

migrate: install translations symbols
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalog

# The first start also fetches every token and token maker from Scryfall (fetch_tokens, in the
# background beside the server, progress on this console and in the admin's jobs; once, and
# never offline). FETCH=0 skips it.
FETCH ?= 1
run: migrate
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "Tokensite is starting at http://$(HOST):$(PORT)/ (Ctrl+C stops it)"
	$(if $(filter 1,$(FETCH)),$(BIN)/python manage.py fetch_tokens --first-start &) \
	$(BIN)/daphne -b $(HOST) -p $(PORT) tokensite.asgi:application

# The background worker (jobs, periodic cleanups) for a deployment with REDIS_URL; without it
# jobs run inline in the process that starts them.
worker: migrate
	$(BIN)/python manage.py run_huey

# The deployment topology as processes (2 web, 1 worker) on the PostgreSQL server and Redis
# named below (tests/e2e/test_topology.py makes and drops its own database).
TOPOLOGY_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/postgres
TOPOLOGY_REDIS_URL ?= redis://127.0.0.1:6379/0
topology: install-dev
	DATABASE_URL=$(TOPOLOGY_DATABASE_URL) REDIS_URL=$(TOPOLOGY_REDIS_URL) \
		$(BIN)/python -m pytest tests/e2e/test_topology.py -p no:cacheprovider $(PYTEST_ARGS)

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-dev
	$(BIN)/mypy .

pytest: install-dev symbols
	$(BIN)/python manage.py compile_translations
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck pytest

# Every benchmark, unattended (bench/all.py); PostgreSQL/Redis parts when DATABASE_URL and
# REDIS_URL are set. Ends with bench/scale.py's table, also written to bench/RESULTS.md.
bench: install-dev
	$(BIN)/python bench/all.py

# The multi-process deployment under faults (docs/live.md), apart from `make bench`: it needs
# PostgreSQL and redis-server, and takes minutes. First a PostgreSQL outage through a cuttable
# proxy: answers under 100 ms while it lasts, serving again within 2 s of its return.
# FAULTS=redis-restart,redis-hang runs some faults only.
FAULTS ?=
faults: install-dev
	DATABASE_URL=$${DATABASE_URL:-$(TOPOLOGY_DATABASE_URL)} $(BIN)/python -m pytest \
		tests/tokensite/test_database_outage.py -p no:cacheprovider -q -s
	$(BIN)/python bench/faults.py $(if $(FAULTS),--only $(FAULTS))

faults-short: install-dev
	$(BIN)/python bench/faults.py --short $(if $(FAULTS),--only $(FAULTS))

# Lighthouse 12 (npm, through npx) in Debian's Chromium on home, catalogue, a token and the
# battlefield, mobile and desktop, served as deployed (DEBUG=0); prints the scores. Opt-in: needs
# node/npm, skips without them. AUDIT_ARGS="--only battlefield --form mobile" for one.
# `make audit` is the same (its older name).
AUDIT_ARGS ?=
lighthouse: install-dev
	$(BIN)/python bench/audit.py $(AUDIT_ARGS)
audit: lighthouse

# Every locked dependency (the three lock files) against a vulnerability database; fails on a
# known vulnerability, and (--strict) on a package it could not look up, so an audit that
# reached nothing never passes. AUDIT_SERVICE=pypi (the default) reads PyPI's JSON API, one
# request per package version; AUDIT_SERVICE=osv asks the OSV API (docs/operations.md).
AUDIT_SERVICE ?= pypi
audit-deps: install-dev
	for lock in main deploy dev; do \
		echo "== requirements/$$lock.txt"; \
		$(BIN)/pip-audit --strict --progress-spinner off --vulnerability-service $(AUDIT_SERVICE) \
			--disable-pip --require-hashes -r requirements/$$lock.txt || exit 1; \
	done

# The deployment files as far as no Docker daemon is needed: the Dockerfile linted (hadolint),
# compose.yaml checked against the Compose specification's schema.
lint-deploy: install-dev
	$(BIN)/hadolint Dockerfile
	$(BIN)/check-jsonschema --builtin-schema vendor.compose-spec compose.yaml

# The image's file tree built as the Dockerfile builds it and run under its production settings
# (deploy/image_check.py), on the PostgreSQL server and Redis named here.
IMAGE_CHECK_DATABASE_URL ?= postgres://postgres@127.0.0.1:5432/tokensite_image
IMAGE_CHECK_REDIS_URL ?= redis://127.0.0.1:6379/14
image-check: install-dev
	IMAGE_CHECK_DATABASE_URL=$(IMAGE_CHECK_DATABASE_URL) IMAGE_CHECK_REDIS_URL=$(IMAGE_CHECK_REDIS_URL) \
		$(BIN)/python deploy/image_check.py

clean:
	rm -rf $(VENV) staticfiles node_modules
