"""Every relative link in README.md and docs/ resolves to a file of the repository (issue 15:
the README linked an ARCHITECTURE.md that is not in it). Web links are not fetched here."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def links(text: str) -> list[str]:
    return LINK.findall(FENCE.sub("", text))  # code blocks hold commands, not links


def test_the_link_pattern_finds_links_and_images_outside_code():
    text = "see [a](docs/a.md) and ![m](m.svg#x)\n```sh\n[no](b.md)\n```\n[web](https://example.org)"
    assert links(text) == ["docs/a.md", "m.svg#x", "https://example.org"]


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_relative_link_resolves(doc: Path):
    broken = []
    for target in links(doc.read_text()):
        if re.match(r"[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
            continue  # a web or mail address, or an anchor in this page
        path = (doc.parent / target.split("#", 1)[0]).resolve()
        if not path.exists() or ROOT not in path.parents:
            broken.append(target)
    assert broken == []
