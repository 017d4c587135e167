"""Request bodies (services/api/wire.py): a body with an optional default decodes as a required one
does, integral floats included (JSON Schema, hence the published document, calls `5.0` an integer)."""
from __future__ import annotations

from types import SimpleNamespace

import msgspec
from fastapi import FastAPI
from fastapi.testclient import TestClient

from services.api import errors
from services.api.wire import body, optional_body


class Count(msgspec.Struct, forbid_unknown_fields=True):
    n: int = 0


def app() -> FastAPI:
    a = FastAPI()
    a.state.settings = SimpleNamespace(max_body_bytes=1000)
    errors.install(a)

    @a.post("/required")
    def required(sent: Count = body(Count)) -> dict:
        return {"n": sent.n}

    @a.post("/optional")
    def optional(sent: Count = optional_body(Count)) -> dict:
        return {"n": sent.n}

    return a


def test_an_optional_body_takes_an_integral_float_for_an_integer_as_a_required_one_does():
    with TestClient(app()) as c:
        for path in ("/required", "/optional"):
            answer = c.post(path, content=b'{"n": 5.0}')
            assert (answer.status_code, answer.json()) == (200, {"n": 5}), path


def test_an_empty_optional_body_is_the_defaults_and_a_fraction_is_refused():
    with TestClient(app()) as c:
        assert c.post("/optional", content=b"").json() == {"n": 0}
        refused = c.post("/optional", content=b'{"n": 5.5}')
        assert (refused.status_code, refused.json()["error"]["code"]) == (422, "invalid_body")
