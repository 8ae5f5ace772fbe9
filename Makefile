# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: run test lint typecheck pytest install install-dev migrate bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

# Reinstall only when pyproject.toml changes, so a second `make run` starts in seconds.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $(VENV)/.installed $@

install: $(VENV)/.installed
install-dev: $(VENV)/.installed-dev

migrate: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_catalog

run: migrate
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/daphne -b $(HOST) -p $(PORT) tokensite.asgi:application

lint: install-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

typecheck: install-dev
	$(BIN)/mypy .

pytest: install-dev
	$(BIN)/python -m pytest $(PYTEST_ARGS)

test: lint typecheck pytest

# Every benchmark, unattended (bench/all.py); PostgreSQL/Redis parts when DATABASE_URL and
# REDIS_URL are set. Ends with bench/scale.py's table, also written to bench/RESULTS.md.
bench: install-dev
	$(BIN)/python bench/all.py

clean:
	rm -rf $(VENV) staticfiles
