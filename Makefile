# Umpire: common tasks. PY is the interpreter with the project's dependencies (.ci/run picks one).
PY ?= $(shell test -x .venv/bin/python && echo .venv/bin/python || echo python3)

.PHONY: test test-fast test-faults bench bench-quick services migrate worker beat

test:            ## every test: unit, contract (both stores), integration, faults (real PostgreSQL, Redis, workers)
	$(PY) -m pytest -q

test-fast:       ## the tests that need no worker process
	$(PY) -m pytest -q tests/unit tests/contract tests/integration

test-faults:     ## kill -9 workers, duplicate nudges, Redis restarted
	$(PY) -m pytest -q tests/faults

bench-quick:     ## every bench at small sizes (a smoke run; figures not to quote)
	$(PY) -m bench.run --quick

bench:           ## every bench at full size; writes bench/results.json
	$(PY) -m bench.run

services:        ## long-lived durable PostgreSQL + Redis from the local binaries; prints the env to export
	$(PY) -m infra.localservices start

migrate:
	$(PY) -m services.cli db migrate

worker:
	$(PY) -m services.cli worker

beat:
	$(PY) -m services.cli beat
