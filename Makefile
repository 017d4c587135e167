# Umpire: developer and CI entry points. `make run` and `make test` are the two the README leads with.
PYTHON ?= python3
VENV ?= .venv
SERVICES_DIR ?= /tmp/umpire-services

# `make test PY=/path/to/python` uses an existing interpreter and leaves the venv alone.
ifeq ($(origin PY), undefined)
PY := $(VENV)/bin/python
VENV_DEP := venv
endif

.PHONY: venv test test-fast test-faults services services-stop migrate worker beat bench bench-quick bench-store

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e '.[test]'
	touch $@

# PostgreSQL and Redis come from UMPIRE_TEST_DATABASE_URL / UMPIRE_TEST_REDIS_URL when set,
# else the tests start throwaway servers from the local binaries (see tests/conftest.py).
test: $(VENV_DEP)                ## every test: unit, contract (both stores), integration, faults
	$(PY) -m pytest tests/ -q

test-fast: $(VENV_DEP)           ## the tests that need no worker process
	$(PY) -m pytest -q tests/unit tests/contract tests/integration

test-faults: $(VENV_DEP)         ## kill -9 workers, duplicate nudges, Redis restarted
	$(PY) -m pytest -q tests/faults

# Long-lived durable PostgreSQL + Redis for development: eval "$$(make -s services)"
services: $(VENV_DEP)
	@$(PY) -m infra.localservices start --dir $(SERVICES_DIR)

services-stop: $(VENV_DEP)
	$(PY) -m infra.localservices stop --dir $(SERVICES_DIR)

migrate: $(VENV_DEP)
	$(PY) -m services.cli db migrate

worker: $(VENV_DEP)
	$(PY) -m services.cli worker

beat: $(VENV_DEP)
	$(PY) -m services.cli beat

bench-quick: $(VENV_DEP)         ## every bench at small sizes (a smoke run; figures not to quote)
	$(PY) -m bench.run --quick

bench: $(VENV_DEP)               ## every bench at full size; writes bench/results.json
	$(PY) -m bench.run

bench-store: $(VENV_DEP)
	$(PY) bench/bench_store.py
