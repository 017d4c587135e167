"""The docs state what the pack holds: the calibration, the pack report."""
from __future__ import annotations

from domain.kernel.pack.canonical import pack_hash
from domain.kernel.pack.summary import format_summary, summarize
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


def test_the_data_doc_shows_the_current_pack_report():
    doc = (ROOT / "docs" / "normandy-data.md").read_text(encoding="utf-8")
    p = pack()
    assert f"pack {pack_hash(p)}" in doc
    assert format_summary(summarize(p)) in doc
