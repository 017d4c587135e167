"""The HTTP API (FastAPI): authentication, schema checks, appending commands, serving reads."""
