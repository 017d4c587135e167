"""The SVG renderer draws a pack's map: one polygon per hex, hexside features, names, units."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from domain.kernel.pack.schema import GridSpec, Hex, Hexside, Line, MapData, Place
from services.mapsvg import render_svg

NS = "{http://www.w3.org/2000/svg}"


def tiny_map() -> MapData:
    hexes = {f"{r:02d}{c:02d}": Hex(prov="p", terrain="sea" if r == 0 else "clear") for r in range(3) for c in range(3)}
    hexes["0101"] = Hex(prov="p", terrain="town", name="Caen", features=("fortress",))
    return MapData(
        grid=GridSpec(),
        hexes=hexes,
        hexsides={"0001/0101": Hexside(prov="p", features=("sea",)), "0101/0102": Hexside(prov="p", features=("river",), name="Orne")},
        places={"Caen": Place(prov="p", kind="town", hexes=("0101",))},
        lines={"front": Line(prov="p", hexsides=("0100/0101",)), "river:Orne": Line(prov="p", hexsides=("0101/0102",))},
    )


def test_render_draws_every_hex_and_is_well_formed_svg():
    root = ET.fromstring(render_svg(tiny_map()))
    polys = root.iter(f"{NS}polygon")
    assert sum(1 for p in polys if p.get("fill") in ("#9cc3e6", "#f3eed6", "#d98c8c")) == 9


def test_render_shows_hex_numbers_names_and_units():
    svg = render_svg(tiny_map(), {"0202": ["XX 12-8"]})
    texts = [t.text for t in ET.fromstring(svg).iter(f"{NS}text")]
    assert "0000" in texts and "0202" in texts
    assert "Caen" in texts and "XX 12-8" in texts


def test_river_courses_are_drawn_as_hexsides_not_as_dashed_lines():
    root = ET.fromstring(render_svg(tiny_map()))
    dashed = [ln for ln in root.iter(f"{NS}line") if ln.get("stroke-dasharray")]
    solid_blue = [ln for ln in root.iter(f"{NS}line") if ln.get("stroke") == "#2f7fd8" and not ln.get("stroke-dasharray")]
    assert len(solid_blue) >= 1
    # the "front" line plus its legend swatch; the river line is not drawn dashed
    assert len(dashed) == 2


def test_every_hex_carries_its_printed_id_inside_the_board_group():
    root = ET.fromstring(render_svg(tiny_map()))
    board = next(g for g in root.iter(f"{NS}g") if g.get("id") == "board")
    assert sorted(p.get("data-hex") for p in board.iter(f"{NS}polygon") if p.get("data-hex")) == sorted(tiny_map().hexes)


def test_the_legend_lists_only_what_the_map_uses():
    legend = next(g for g in ET.fromstring(render_svg(tiny_map())).iter(f"{NS}g") if g.get("id") == "legend")
    texts = [t.text for t in legend.iter(f"{NS}text")]
    assert {"sea", "clear", "town"} <= set(texts)
    assert "rough" not in texts and "woods" not in texts and "bridge hexside" not in texts


def test_a_bridge_is_drawn_over_its_river_and_a_named_hex_outside_any_place_is_labelled():
    from domain.games.sandbox import SANDBOX_PACK

    root = ET.fromstring(render_svg(SANDBOX_PACK.map))
    lines = [ln.get("stroke") for ln in root.iter(f"{NS}line")]
    assert lines.index("#6b4a2b") > lines.index("#2f7fd8")  # the bridge after (over) the river
    assert "Hill 303" in [t.text for t in root.iter(f"{NS}text")]
    assert all(p.get("fill") != "#ff00ff" for p in root.iter(f"{NS}polygon"))  # woods has a colour


def test_a_pack_with_no_hex_draws_an_empty_map_that_says_so():
    """Home Before the Leaves Fall's pack lists no hex (its maps are not in the text): its map is
    an empty, well-formed SVG, not an error that stops the pages showing it."""
    svg = render_svg(MapData(grid=tiny_map().grid, hexes={}), title="HBtLF")
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and "No map" in svg
