# Umpire. Two commands on a fresh machine with Python 3.11:
#   make run    create .venv, migrate, serve the embedded default (SQLite, fold on a thread)
#   make test   create .venv, install PostgreSQL and Redis where it can, run the whole suite
# Server mode: `make services` (PostgreSQL + Redis from the OS packages, on loopback), then `make serve`.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV ?= .venv
BIN := $(VENV)/bin
UMPIRE_DATA ?= .umpire
# Outside the repository: the postgres user must be able to enter it.
SERVICES_DIR ?= /tmp/umpire-services
SERVICES_ENV := $(SERVICES_DIR)/env
export UMPIRE_DATA

.PHONY: run test services services-stop serve bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(BIN)/umpire serve

test: $(VENV)/.installed
	sh infra/provision.sh
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Durable PostgreSQL (fsync on) and Redis on free loopback ports; their URLs go to $(SERVICES_ENV).
services: $(VENV)/.installed
	sh infra/provision.sh
	mkdir -p $(SERVICES_DIR)
	$(BIN)/python -m infra.localservices start --dir $(SERVICES_DIR) | sed -n 's/^export UMPIRE_TEST_/UMPIRE_/p' > $(SERVICES_ENV).new
	mv $(SERVICES_ENV).new $(SERVICES_ENV)
	@cat $(SERVICES_ENV)

services-stop: $(VENV)/.installed
	$(BIN)/python -m infra.localservices stop --dir $(SERVICES_DIR)

# The API, two workers and beat against UMPIRE_DATABASE_URL / UMPIRE_REDIS_URL (from the
# environment, else from `make services`). Ctrl-C stops all four.
serve: $(VENV)/.installed
	@set -a; if [ -z "$$UMPIRE_DATABASE_URL" ] && [ -f $(SERVICES_ENV) ]; then . $(SERVICES_ENV); fi; set +a; \
	if [ -z "$$UMPIRE_DATABASE_URL" ] || [ -z "$$UMPIRE_REDIS_URL" ]; then \
	  echo "make serve needs UMPIRE_DATABASE_URL and UMPIRE_REDIS_URL (or run: make services)" >&2; exit 1; fi; \
	$(BIN)/umpire db migrate || exit 1; \
	pids=""; trap 'kill $$pids 2>/dev/null; wait' INT TERM EXIT; \
	$(BIN)/umpire worker --concurrency 1 --name w1@%h & pids="$$pids $$!"; \
	$(BIN)/umpire worker --concurrency 1 --name w2@%h & pids="$$pids $$!"; \
	$(BIN)/umpire beat & pids="$$pids $$!"; \
	$(BIN)/umpire serve & pids="$$pids $$!"; \
	wait

bench: $(VENV)/.installed
	for b in bench/bench_*.py; do $(BIN)/python -m bench.$$(basename $$b .py) || exit 1; done

clean:
	rm -rf $(VENV)
