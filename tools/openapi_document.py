"""Write the API's OpenAPI document (or one ruleset's: `--ruleset breakout-pursuit`) to a file, as
`GET /openapi.json` (`GET /v1/rulesets/{name}/openapi.json`) serves it, for client generators
(`make clients-ts`). Building the app does no I/O: no server, store or token is needed."""
from __future__ import annotations

import argparse
import json
from pathlib import Path

from services.api import contract
from services.api.app import create_app
from services.config import Settings


def document(ruleset: str | None = None) -> dict:
    doc = create_app(Settings(), None, None).openapi()
    return contract.ruleset_document(doc, ruleset) if ruleset else doc


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--ruleset", help="narrow `Order` to this ruleset's orders (e.g. breakout-pursuit)")
    args = parser.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(document(args.ruleset), indent=1))


if __name__ == "__main__":
    main()
