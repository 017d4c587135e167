"""The map drawn by services.mapsvg, with Normandy's own terrain colours and its roads.

mapsvg's palette is Breakout & Pursuit's (it has no bocage or marsh), and it draws a line's
hexsides, which for a road through hexes would trace the sides it crosses. Rather than change
shared code while other packs are built, the hex fills are recoloured here and roads and railways
drawn centre to centre. To merge: `fills` and route drawing in render_svg.
"""
from __future__ import annotations

import re

import msgspec

from domain.kernel.pack.schema import MapData
from services.mapsvg import _Geom, render_svg

FILL = {"sea": "#9cc3e6", "clear": "#f3eed6", "bocage": "#cfe0a8", "marsh": "#9fd6c9", "forest": "#86b36b"}
TOWN = {"city": "#c96a6a", "town": "#e0a0a0", "village": "#efc7c7"}
ROUTE = {"road": 'stroke="#8a1c1c" stroke-width="2" fill="none" opacity="0.8"',
         "railway": 'stroke="#222" stroke-width="1.4" stroke-dasharray="5 3" fill="none"'}
SIZE = 28.0  # render_svg's default hex size, which its geometry below must share


def render(m: MapData, units: dict[str, list[str]] | None = None, title: str = "") -> str:
    rivers = {k: v for k, v in m.lines.items() if k.startswith("river:")}
    svg = render_svg(msgspec.structs.replace(m, lines=rivers), units, size=SIZE, title=title)

    def fill(mt: re.Match) -> str:
        h = m.hexes[mt.group(1)]
        colour = next((TOWN[f] for f in ("city", "town", "village") if f in h.features), FILL.get(h.terrain, "#ff00ff"))
        return f'fill="{colour}" data-hex="{mt.group(1)}"'

    svg = re.sub(r'fill="#[0-9a-fA-F]{6}" data-hex="([^"]+)"', fill, svg)
    g = _Geom(m, SIZE, True)
    routes = ["<g>"]
    for key in sorted(m.lines):
        kind = key.split(":")[0]
        if kind in ROUTE:
            d = " ".join(f"{x:.1f},{y:.1f}" for x, y in (g.centre(h) for h in chain(m.lines[key].hexsides)))
            routes.append(f'<polyline points="{d}" {ROUTE[kind]}/>')
    routes.append("</g>")
    head, sep, tail = svg.partition("</g>\n")  # the first group closed holds the hex polygons
    return head + sep + "\n".join(routes) + "\n" + tail


def chain(sides: tuple[str, ...]) -> list[str]:
    """The hexes of a chain of consecutive hexsides "a/b", "b/c", ... in order."""
    if len(sides) == 1:
        return list(sides[0].split("/"))
    a, b = sides[0].split("/")
    nxt = set(sides[1].split("/"))
    out = [a, b] if b in nxt else [b, a]
    for s in sides[1:]:
        x, y = s.split("/")
        out.append(y if x == out[-1] else x)
    return out
