"""The abuse suite runs against the same apps as tests/api (embedded mode in process, unless a test
says otherwise); its fixtures are those of tests/api/conftest.py."""
from tests.api.conftest import api, client, game, make_api, org, ref  # noqa: F401
