"""The abuse suite runs against the same apps as tests/api (embedded mode in process, unless a test
says otherwise); its fixtures are those of tests/api/conftest.py.

Its generated cases are the same on every run (Hypothesis derandomized), so CI does not pass or fail
by luck; `UMPIRE_ABUSE_EXPLORE=1 pytest tests/abuse` draws new ones each run, to hunt for more."""
import os

from tests.api.conftest import api, client, game, make_api, org, ref  # noqa: F401

DERANDOMIZE = os.environ.get("UMPIRE_ABUSE_EXPLORE") != "1"
