# Umpire. Two commands on a fresh machine with Python 3.11:
#   make run    create .venv, migrate, serve the embedded default (SQLite, fold on a thread)
#   make test   create .venv, install PostgreSQL and Redis where it can, run the whole suite
# Server mode: `make services` (PostgreSQL + Redis from the OS packages, on loopback), then `make serve`.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
# The interpreter with the project's dependencies; by default the venv's, made on first use.
PY ?= $(VENV)/bin/python
DEPS := $(if $(filter $(VENV)/bin/python,$(PY)),$(VENV)/.installed)
UMPIRE := $(PY) -m services.cli
UMPIRE_DATA ?= .umpire
# Outside the repository: the postgres user must be able to enter it.
SERVICES_DIR ?= /tmp/umpire-services
SERVICES_ENV := $(SERVICES_DIR)/env
export UMPIRE_DATA

.PHONY: demo run test typecheck test-fast test-faults services services-stop serve migrate worker beat bench bench-quick screenshots clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --upgrade pip
	$(VENV)/bin/pip install --quiet -e '.[test,bench,build]'
	touch $@

run: $(DEPS)
	$(UMPIRE) serve

test: $(DEPS) typecheck          ## every test: types, unit, contract (both stores), integration, faults, API
	sh infra/provision.sh
	$(PY) -m pytest $(PYTEST_ARGS)

typecheck: $(DEPS)               ## mypy over domain/ and services/ (config in pyproject.toml)
	$(PY) -m mypy

test-fast: $(DEPS)               ## the tests that need no worker process
	$(PY) -m pytest -q tests/unit tests/contract tests/integration

test-faults: $(DEPS)             ## kill -9 workers, duplicate nudges, Redis restarted
	$(PY) -m pytest -q tests/faults

# Durable PostgreSQL (fsync on) and Redis on free loopback ports; their URLs go to $(SERVICES_ENV).
services: $(DEPS)
	sh infra/provision.sh
	mkdir -p $(SERVICES_DIR)
	$(PY) -m infra.localservices start --dir $(SERVICES_DIR) | sed -n 's/^export UMPIRE_TEST_/UMPIRE_/p' > $(SERVICES_ENV).new
	mv $(SERVICES_ENV).new $(SERVICES_ENV)
	@cat $(SERVICES_ENV)

services-stop: $(DEPS)
	$(PY) -m infra.localservices stop --dir $(SERVICES_DIR)

# The API, two workers and beat against UMPIRE_DATABASE_URL / UMPIRE_REDIS_URL (from the
# environment, else from `make services`). Ctrl-C stops all four.
serve: $(DEPS)
	@set -a; if [ -z "$$UMPIRE_DATABASE_URL" ] && [ -f $(SERVICES_ENV) ]; then . $(SERVICES_ENV); fi; set +a; \
	if [ -z "$$UMPIRE_DATABASE_URL" ] || [ -z "$$UMPIRE_REDIS_URL" ]; then \
	  echo "make serve needs UMPIRE_DATABASE_URL and UMPIRE_REDIS_URL (or run: make services)" >&2; exit 1; fi; \
	$(UMPIRE) db migrate || exit 1; \
	pids=""; trap 'kill $$pids 2>/dev/null; wait' INT TERM EXIT; \
	$(UMPIRE) worker --concurrency 1 --name w1@%h & pids="$$pids $$!"; \
	$(UMPIRE) worker --concurrency 1 --name w2@%h & pids="$$pids $$!"; \
	$(UMPIRE) beat & pids="$$pids $$!"; \
	$(UMPIRE) serve & pids="$$pids $$!"; \
	wait

migrate: $(DEPS)
	$(UMPIRE) db migrate

worker: $(DEPS)
	$(UMPIRE) worker

beat: $(DEPS)
	$(UMPIRE) beat

bench: $(DEPS)                   ## every bench at full size; prints the table, writes bench/results.json
	$(PY) -m bench.run

bench-quick: $(DEPS)             ## every bench at small sizes (a smoke run CI executes; figures not to quote)
	$(PY) -m bench.run --quick

screenshots: $(DEPS)             ## refresh docs/screenshots/ (the pages in Debian's Chromium, a B&P game played through the API)
	$(PY) -m tools.screenshots

clean:
	rm -rf $(VENV)

# An unattended tournament of reference bots on the embedded service: progress, standings, figures.
# DEMO_SCENARIO (default sandbox/1), DEMO_ENTRANTS (default 8), DEMO_PORT; DEMO_EXIT=1 stops when done.
demo: $(DEPS)
	$(PY) -m services.demo
