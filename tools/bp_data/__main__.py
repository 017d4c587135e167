"""`python -m tools.bp_data`: regenerate the Breakout & Pursuit pack data from the rulebook text.

`--check` writes nothing and fails if a committed file differs from what the tool would write.
"""
from __future__ import annotations

import sys

from tools.bp_data.build import DOCS, PACK, build, docs_with_register, write


def main(argv: list[str]) -> int:
    files = build()
    if "--check" in argv:
        stale = [rel for rel, content in sorted(files.items())
                 if not (PACK / rel).exists() or (PACK / rel).read_bytes() != content]
        if not stale and DOCS.read_text(encoding="utf-8") != docs_with_register():
            stale.append(str(DOCS))
        for rel in stale:
            print(f"stale: {rel}")
        return 1 if stale else 0
    for rel in write(files):
        print(f"wrote {rel}")
    docs = docs_with_register()
    if DOCS.read_text(encoding="utf-8") != docs:
        DOCS.write_text(docs, encoding="utf-8")
        print(f"wrote {DOCS.relative_to(PACK.parents[3])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
