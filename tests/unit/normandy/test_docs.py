"""docs/normandy-map.md states the calibration map.json holds."""
from __future__ import annotations

from tests.unit.normandy.helpers import ROOT, pack


def test_the_map_doc_gives_every_anchors_residual_and_the_summary_figures():
    doc = (ROOT / "docs" / "normandy-map.md").read_text(encoding="utf-8")
    cal = pack().map.calibration
    for a in cal["anchors"]:
        assert f"| {a['hex']} | {a['place']} | {a['kind']} | L{a['lines'][0]} | {a['residual_hex']:.3f} | " \
               f"{a['warped_residual_hex']:.3f} |" in doc, a["hex"]
    assert f"mean **{cal['residual_mean_hex']}**" in doc and f"max **{cal['residual_max_hex']}**" in doc
    assert all(f"**{h}**" in doc for h in cal["worst_five"])
    for c in cal["checks"]:
        assert f"| {c['hex']} |" in doc and f"{c['residual_hex']:.3f}" in doc
