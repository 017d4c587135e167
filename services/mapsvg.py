"""Draw a pack's map as SVG: terrain, rivers and sea on hexsides, lines, places, hex numbers, units.

Standard library only. Hexes point up (offset lines are rows). `mirror=True` draws column
numbers growing to the left, which is how the Breakout & Pursuit grid sits on real geography
(columns grow toward the west-south-west, rows toward the south-south-east).
"""
from __future__ import annotations

import math
from xml.sax.saxutils import escape

from domain.kernel.pack.schema import MapData

S3 = math.sqrt(3.0)

TERRAIN_FILL = {
    "sea": "#9cc3e6",
    "clear": "#f3eed6",
    "coastal": "#e9e0b8",
    "rough": "#c2a878",
    "town": "#d98c8c",
    "woods": "#a9c98f",
    "city": "#c96f6f",
    "village": "#e3a9a0",
    "forest": "#8fbf7a",
    "heath": "#d8c8e0",
    "polder": "#cfe3c8",
    "mixed": "#d6d49a",
}
HEXSIDE_STYLE = {
    "sea": 'stroke="#1f4e89" stroke-width="2.2"',
    "river": 'stroke="#2f7fd8" stroke-width="2.6" stroke-linecap="round"',
    "canal": 'stroke="#2f9fb8" stroke-width="2.2" stroke-linecap="round"',
    "bridge": 'stroke="#6b4a2b" stroke-width="5" stroke-linecap="butt"',
    "ferry": 'stroke="#6b4a2b" stroke-width="3" stroke-dasharray="3 2"',
}
# Roads cross hexsides: drawn from hex centre to hex centre.
ROAD_STYLE = {
    "main_road": 'stroke="#b01818" stroke-width="3" stroke-linecap="round"',
    "road": 'stroke="#7a5a3a" stroke-width="1.6" stroke-linecap="round"',
}
LINE_STYLE = 'stroke="{c}" stroke-width="3" stroke-dasharray="7 4" stroke-linecap="round" fill="none"'
LINE_COLOURS = ("#c0161b", "#e07b00", "#7a2bb0", "#0a7a3a")


def render_svg(
    map: MapData,
    units: dict[str, list[str]] | None = None,
    *,
    size: float = 28.0,
    mirror: bool = True,
    numbers: bool = True,
    title: str = "",
    rotate: float = 0.0,
) -> str:
    """An SVG document of the map; `units` maps a hex id to the labels of the units on it.

    `rotate` turns the drawing (degrees clockwise) about its centre, e.g. to put north up.
    A pack that lists no hex (Home Before the Leaves Fall: the maps are not in its text) draws an
    empty map that says so, so the pages that show a map still open.
    """
    if not map.hexes:
        return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="40" viewBox="0 0 320 40">'
                f'<title>{escape(title)}</title><text x="8" y="24" font-size="13">No map: this pack lists no hex.</text></svg>')
    g = _Geom(map, size, mirror)
    t = math.radians(rotate)
    width = abs(g.width * math.cos(t)) + abs(g.height * math.sin(t))
    height = abs(g.width * math.sin(t)) + abs(g.height * math.cos(t))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="DejaVu Sans, Arial, sans-serif">',
        '<rect width="100%" height="100%" fill="#ffffff"/>',
        f'<g id="board" transform="translate({(width - g.width) / 2:.1f} {(height - g.height) / 2:.1f}) '
        f'rotate({rotate:.3f} {g.width / 2:.1f} {g.height / 2:.1f})">',
    ]
    if title:
        out.append(f'<text x="{g.margin}" y="{g.margin * 0.6:.1f}" font-size="{size * 0.6:.1f}" font-weight="bold">{escape(title)}</text>')
    out.append('<g stroke="#b9b39c" stroke-width="0.5">')
    for hid in sorted(map.hexes):
        h = map.hexes[hid]
        fill = TERRAIN_FILL.get(h.terrain, "#ff00ff")
        out.append(f'<polygon points="{g.poly(hid)}" fill="{fill}" data-hex="{escape(hid)}"/>')
    out.append("</g>")
    out.append(_overlays(map, g))
    out.append(_hexsides(map, g))
    if any(set(ROAD_STYLE) & set(hs.features) for hs in map.hexsides.values()):
        out.append(_roads(map, g))
    out.append(_lines(map, g))
    out.append(_places(map, g))
    if numbers:
        fs = size * 0.22
        out.append(f'<g class="numbers" font-size="{fs:.1f}" fill="#555" text-anchor="middle">')
        for hid in sorted(map.hexes):
            x, y = g.centre(hid)
            out.append(f'<text x="{x:.1f}" y="{y - size * 0.3:.1f}">{hid}</text>')
        out.append("</g>")
    if units:
        out.append(_units(units, g))
    out.append("</g>")
    out.append(_legend(map, g))
    out.append("</svg>")
    return "\n".join(out) + "\n"


class _Geom:
    def __init__(self, map: MapData, size: float, mirror: bool):
        self.size, self.mirror = size, mirror
        self.shift_even = map.grid.shifted == "even"
        rc = [(int(h[:2]), int(h[2:])) for h in map.hexes]
        self.max_col = max(c for _, c in rc) + 1
        self.max_row = max(r for r, _ in rc)
        self.margin = size * 1.6
        self.width = (self.max_col + 0.5) * size + 2 * self.margin
        self.height = (self.max_row * S3 / 2 + 1.2) * size + 2 * self.margin + size * 2.2

    def unit_xy(self, hid: str) -> tuple[float, float]:
        r, c = int(hid[:2]), int(hid[2:])
        shifted = (r % 2 == 0) == self.shift_even
        return c + (0.5 if shifted else 0.0), r * S3 / 2

    def to_px(self, ux: float, uy: float) -> tuple[float, float]:
        x = (self.max_col - 0.5 - ux) if self.mirror else ux
        return self.margin + (x + 0.5) * self.size, self.margin + (uy + 0.6) * self.size

    def centre(self, hid: str) -> tuple[float, float]:
        return self.to_px(*self.unit_xy(hid))

    def poly(self, hid: str) -> str:
        ux, uy = self.unit_xy(hid)
        r = 1 / S3
        pts = []
        for k in range(6):
            a = math.radians(-90 + 60 * k)
            pts.append(self.to_px(ux + r * math.cos(a), uy + r * math.sin(a)))
        return " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)

    def side(self, side: str) -> tuple[float, float, float, float]:
        a, b = side.split("/")
        (ax, ay), (bx, by) = self.unit_xy(a), self.unit_xy(b)
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        L = math.hypot(dx, dy) or 1.0
        px, py = -dy / L * (0.5 / S3), dx / L * (0.5 / S3)
        x1, y1 = self.to_px(mx + px, my + py)
        x2, y2 = self.to_px(mx - px, my - py)
        return x1, y1, x2, y2


def _overlays(map: MapData, g: _Geom) -> str:
    """Feature marks inside hexes: West Wall hatching, fortress squares, edge letters."""
    out = ["<g>"]
    s = g.size
    for hid in sorted(map.hexes):
        h = map.hexes[hid]
        x, y = g.centre(hid)
        if "west_wall" in h.features:
            out.append(
                f'<polygon points="{g.poly(hid)}" fill="none" stroke="#333" stroke-width="{s * 0.09:.1f}" '
                f'stroke-dasharray="{s * 0.12:.1f} {s * 0.08:.1f}" opacity="0.8"/>'
            )
        if "fortress" in h.features:  # a black square below the centre, clear of the name
            k = s * 0.13
            fy = y + s * 0.3
            out.append(f'<rect x="{x - k:.1f}" y="{fy - k:.1f}" width="{2 * k:.1f}" height="{2 * k:.1f}" fill="#222" stroke="#fff" stroke-width="1"/>')
        if h.edges:
            out.append(
                f'<text x="{x:.1f}" y="{y + s * 0.38:.1f}" font-size="{s * 0.3:.1f}" text-anchor="middle" '
                f'fill="#7a1010" font-weight="bold">{escape(",".join(h.edges))}</text>'
            )
    out.append("</g>")
    return "\n".join(out)


def _hexsides(map: MapData, g: _Geom) -> str:
    out = ["<g>"]
    for kind in HEXSIDE_STYLE:  # in this order: a bridge is drawn over its river
        for sid in sorted(map.hexsides):
            hs = map.hexsides[sid]
            if kind not in hs.features:
                continue
            x1, y1, x2, y2 = g.side(sid)
            if kind == "bridge":  # the middle half of the side: the river shows either end
                x1, y1, x2, y2 = (3 * x1 + x2) / 4, (3 * y1 + y2) / 4, (x1 + 3 * x2) / 4, (y1 + 3 * y2) / 4
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {HEXSIDE_STYLE[kind]}/>')
    out.append("</g>")
    return "\n".join(out)


def _roads(map: MapData, g: _Geom) -> str:
    out = ["<g>"]
    for kind, style in ROAD_STYLE.items():
        for sid in sorted(map.hexsides):
            if kind in map.hexsides[sid].features:
                (x1, y1), (x2, y2) = (g.centre(h) for h in sid.split("/"))
                out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {style}/>')
    out.append("</g>")
    return "\n".join(out)


# Lines shown by their hexsides' own drawing, not dashed again: rivers, roads, bridges.
SHOWN_BY_HEXSIDES = ("river:", "road:", "bridge:")


def _drawn_lines(map: MapData) -> list[str]:
    """Lines drawn as dashes: all but those SHOWN_BY_HEXSIDES (a river course shows as river hexsides)."""
    return [n for n in sorted(map.lines) if not n.startswith(SHOWN_BY_HEXSIDES)]


def _lines(map: MapData, g: _Geom) -> str:
    out = ["<g>"]
    for i, name in enumerate(_drawn_lines(map)):
        colour = LINE_COLOURS[i % len(LINE_COLOURS)]
        for sid in map.lines[name].hexsides:
            x1, y1, x2, y2 = g.side(sid)
            out.append(f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" {LINE_STYLE.format(c=colour)}/>')
    out.append("</g>")
    return "\n".join(out)


def _places(map: MapData, g: _Geom) -> str:
    s = g.size
    out = [f'<g class="places" font-size="{s * 0.34:.1f}" text-anchor="middle">']
    named = {name: p.hexes for name, p in map.places.items()}
    placed = {h for hexes in named.values() for h in hexes}
    for hid, h in map.hexes.items():  # a named hex that no place covers (the sandbox's Hill 303)
        if h.name and hid not in placed:
            named.setdefault(h.name, (hid,))
    for name in sorted(named):
        xs = [g.centre(h) for h in named[name] if h in map.hexes]
        if not xs:
            continue
        for x, y in xs:
            out.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{s * 0.1:.1f}" fill="#5a0000"/>')
        x = sum(p[0] for p in xs) / len(xs)
        y = sum(p[1] for p in xs) / len(xs)
        label = escape(name)
        # A white copy underneath keeps the name legible on any fill.
        out.append(
            f'<text x="{x:.1f}" y="{y + s * 0.12:.1f}" stroke="#fff" stroke-width="{s * 0.12:.1f}" '
            f'stroke-linejoin="round" fill="#fff" font-weight="bold">{label}</text>'
        )
        out.append(f'<text x="{x:.1f}" y="{y + s * 0.12:.1f}" fill="#300" font-weight="bold">{label}</text>')
    out.append("</g>")
    return "\n".join(out)


def _units(units: dict[str, list[str]], g: _Geom) -> str:
    s = g.size
    out = [f'<g font-size="{s * 0.2:.1f}" text-anchor="middle">']
    for hid in sorted(units):
        x, y = g.centre(hid)
        labels = units[hid]
        for i, lab in enumerate(labels[:4]):
            yy = y - s * 0.25 + i * s * 0.21
            out.append(
                f'<rect x="{x - s * 0.42:.1f}" y="{yy - s * 0.16:.1f}" width="{s * 0.84:.1f}" height="{s * 0.2:.1f}" '
                f'fill="#fffbe6" stroke="#333" stroke-width="0.6"/>'
            )
            out.append(f'<text x="{x:.1f}" y="{yy:.1f}">{escape(lab)}</text>')
    out.append("</g>")
    return "\n".join(out)


def _legend(map: MapData, g: _Geom) -> str:
    """Only what this map uses."""
    s = g.size
    y = g.height - s * 1.4
    x = g.margin
    terrains = {h.terrain for h in map.hexes.values()}
    sides = {f for hs in map.hexsides.values() for f in hs.features}
    features = {f for h in map.hexes.values() for f in h.features}
    out = [f'<g id="legend" font-size="{s * 0.4:.1f}">']
    for name, fill in TERRAIN_FILL.items():
        if name not in terrains:
            continue
        out.append(f'<rect x="{x:.1f}" y="{y - s * 0.35:.1f}" width="{s * 0.5:.1f}" height="{s * 0.45:.1f}" fill="{fill}" stroke="#999"/>')
        out.append(f'<text x="{x + s * 0.6:.1f}" y="{y:.1f}">{name}</text>')
        x += s * 3.2
    for kind, style in HEXSIDE_STYLE.items():
        if kind not in sides:
            continue
        out.append(f'<line x1="{x:.1f}" y1="{y - s * 0.12:.1f}" x2="{x + s * 0.6:.1f}" y2="{y - s * 0.12:.1f}" {style}/>')
        out.append(f'<text x="{x + s * 0.75:.1f}" y="{y:.1f}">{kind} hexside</text>')
        x += s * 4.2
    for i, name in enumerate(_drawn_lines(map)):
        colour = LINE_COLOURS[i % len(LINE_COLOURS)]
        out.append(f'<line x1="{x:.1f}" y1="{y - s * 0.12:.1f}" x2="{x + s * 0.8:.1f}" y2="{y - s * 0.12:.1f}" {LINE_STYLE.format(c=colour)}/>')
        out.append(f'<text x="{x + s * 0.95:.1f}" y="{y:.1f}">{escape(name)}</text>')
        x += s * (1.4 + 0.25 * len(name))
    marks = [m for f, m in (("fortress", "■ fortress"), ("west_wall", "▭ dashed outline: West Wall")) if f in features]
    if marks:
        out.append(f'<text x="{x:.1f}" y="{y:.1f}">{"   ".join(marks)}</text>')
    out.append("</g>")
    return "\n".join(out)
