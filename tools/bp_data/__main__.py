"""`python -m tools.bp_data`: regenerate the Breakout & Pursuit pack data from the rulebook text.

`--check` writes nothing and fails if a committed file differs from what the tool would write.
"""
from __future__ import annotations

import sys

from tools.bp_data.build import PACK, build, write


def main(argv: list[str]) -> int:
    files = build()
    if "--check" in argv:
        stale = [rel for rel, content in sorted(files.items())
                 if not (PACK / rel).exists() or (PACK / rel).read_bytes() != content]
        for rel in stale:
            print(f"stale: {rel}")
        return 1 if stale else 0
    for rel in write(files):
        print(f"wrote {rel}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
