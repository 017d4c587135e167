"""Schemathesis over the whole OpenAPI document: generated requests to every operation, sent as the
public, an organiser, a referee and a seat, to unknown games and to a real one. No answer may be a
500, have a status or content type the document does not declare for it, or a body that breaks the
declared schema.

(Schemathesis's pytest plugin does not run under pytest 9, so each operation is a test item here and
the cases come from the operation's Hypothesis strategy.)"""
from __future__ import annotations

import pytest
import schemathesis
from schemathesis import GenerationMode
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import (
    content_type_conformance, response_schema_conformance, status_code_conformance,
)

from services.api.app import create_app
from services.config import Settings
from tests.abuse.conftest import DERANDOMIZE
from tests.api.conftest import new_game
from tests.api.schemathesis_support import call_as_everyone, negatable

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_schema_conformance]
# The document only: building an app does no I/O until its lifespan starts.
DOCUMENT = create_app(Settings(), None, None).openapi()
# Negative cases (the document broken: wrong types, missing fields) only where there is input to break.
CASES = [(method.upper(), path, mode) for path, ops in DOCUMENT["paths"].items() for method, op in ops.items()
         for mode in GenerationMode if mode is GenerationMode.POSITIVE or negatable(op)]


@pytest.fixture
def world(make_api):
    """An embedded app with a game whose genesis is ruled, and a token of every role."""
    api = make_api(UMPIRE_WAIT_MAX_SECONDS="0.2", UMPIRE_RATE_ORDERS="off", UMPIRE_RATE_READS="off")
    with TestClient(api.app) as c:
        org = api.token("organiser", "st-org")
        game = new_game(c, org)
        assert api.runtime.wait_for(game.id, 1, 10)
        # The SSE stream never ends by itself: read its first event (the view) and hang up.
        config = SchemathesisConfig.from_dict({"max-stream-events": 1})
        yield {"schema": schemathesis.openapi.from_asgi("/openapi.json", api.app, config=config), "game": game.id,
               "as": {"public": {}, "organiser": org, "referee": api.token("referee", "st-ref"),
                      "seat": game.seats["red"]}}


@pytest.mark.parametrize("method, path, mode", CASES, ids=[f"{m} {p} {g.value}" for m, p, g in CASES])
def test_no_generated_request_makes_a_500_or_an_answer_outside_the_document(world, method, path, mode):
    """Positive cases follow the document; negative ones break it (bad types, missing fields...)."""
    operation = world["schema"][path][method]

    @given(case=operation.as_strategy(generation_mode=mode))
    @settings(max_examples=20, deadline=None, suppress_health_check=list(HealthCheck), database=None, derandomize=DERANDOMIZE)
    def each(case):
        call_as_everyone(world, case, checks=CHECKS)

    each()
