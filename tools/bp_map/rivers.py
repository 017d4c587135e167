"""Rivers and other hand-written lines: waypoints to positions, positions to hexside chains."""
from __future__ import annotations

import numpy as np

from tools.bp_map import geo
from tools.bp_map.data_rivers import RIVERS
from tools.bp_map.hexsides import CornerGraph, Vertex, clip_to_map, on_map
from tools.bp_map.sources import find


def resolve(points: list, cc: str, frame: geo.Frame | None = None) -> list[tuple[float, float, str]]:
    """Waypoints to (lat, lon, label): towns via GeoNames, nearest to the previous waypoint.

    ("corner", hex, k, why) is a corner of a printed hex (geo.corners order), for a course the
    rulebook pins to one side of a hex; it needs the frame.
    """
    out: list[tuple[float, float, str]] = []
    for p in points:
        if isinstance(p, tuple) and p[0] == "corner":
            x, y = geo.corners(p[1])[p[2]]
            lat, lon = frame.to_latlon_many(np.array([x]), np.array([y]))
            out.append((float(lat[0]), float(lon[0]), f"corner {p[2]} of hex {p[1]}: {p[3]}"))
            continue
        if isinstance(p, tuple):
            out.append((p[0], p[1], p[2]))
            continue
        name, _, c = p.partition("/")
        near = (out[-1][0], out[-1][1]) if out else None
        town = find(name, c or cc, near)
        out.append((town.lat, town.lon, f"{town.name} (GeoNames {town.geonameid})"))
    return out


def to_map(frame: geo.Frame, pts: list[tuple[float, float, str]]) -> list[tuple[float, float]]:
    return [frame.to_map(lat, lon) for lat, lon, _ in pts]


def rasterise_rivers(frame: geo.Frame, graph: CornerGraph, sea: set[str]) -> dict[str, dict]:
    """Each river: its corner path (a simple path) and ordered hexsides, cut where it meets the sea.

    Rivers are traced in table order; a river that `joins` another is continued to the nearest
    corner of that river's path, so the network is connected.
    """
    paths: dict[str, list[Vertex]] = {}
    out: dict[str, dict] = {}
    for name, spec in RIVERS.items():
        pts = resolve(spec["points"], spec["cc"], frame)
        full = to_map(frame, pts)
        line = clip_to_map(full)
        if not line:
            continue
        path = _until_sea(graph, graph.trace(line), sea)
        if spec.get("to_sea") and on_map(full[-1]):  # a mouth between land hexes is carried to the coast
            path = _until_sea(graph, graph.extend_to(path, _coast_corners(graph, sea)), sea)
        target = spec.get("joins")
        if target and target in paths:
            path = graph.extend_to(path, set(paths[target]))
            path = _until_sea(graph, path, sea)
        paths[name] = path
        out[name] = {"path": path, "hexsides": graph.sides(path), "waypoints": pts}
    return out


def _coast_corners(graph: CornerGraph, sea: set[str]) -> set[Vertex]:
    out: set[Vertex] = set()
    for e, (h1, h2) in graph.edge_hexes.items():
        if (h1 in sea) != (h2 in sea):
            out |= set(e)
    return out


def _until_sea(graph: CornerGraph, path: list[Vertex], sea: set[str]) -> list[Vertex]:
    """The path up to its first hexside that touches a sea hex (there the river meets the coast)."""
    for i, (a, b) in enumerate(zip(path, path[1:])):
        h1, h2 = graph.edge_hexes[frozenset((a, b))]
        if h1 in sea or h2 in sea:
            return path[: i + 1]
    return path
