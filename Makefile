# Umpire: developer and CI entry points. Other targets (run, serve, bench, bench-quick) join these.
PYTHON ?= python3
VENV ?= .venv
SERVICES_DIR ?= /tmp/umpire-services

# `make test PY=/path/to/python` uses an existing interpreter and leaves the venv alone.
ifeq ($(origin PY), undefined)
PY := $(VENV)/bin/python
VENV_DEP := venv
endif

.PHONY: venv test services services-stop bench-store

venv: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install -q --upgrade pip
	$(VENV)/bin/python -m pip install -q -e '.[test]'
	touch $@

# PostgreSQL and Redis come from UMPIRE_TEST_DATABASE_URL / UMPIRE_TEST_REDIS_URL when set,
# else the tests start throwaway servers from the local binaries (see tests/conftest.py).
test: $(VENV_DEP)
	$(PY) -m pytest tests/ -q

# Long-lived durable PostgreSQL + Redis for development: eval "$$(make -s services)"
services: $(VENV_DEP)
	@$(PY) -m infra.localservices start --dir $(SERVICES_DIR)

services-stop: $(VENV_DEP)
	$(PY) -m infra.localservices stop --dir $(SERVICES_DIR)

bench-store: $(VENV_DEP)
	$(PY) bench/bench_store.py
