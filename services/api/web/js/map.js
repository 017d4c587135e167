// The map: the server's SVG (one polygon per hex, `data-hex`, inside `g#board`) with the pieces,
// highlights and a path drawn on top in the board's own coordinates. Pan by dragging, zoom with
// the wheel or the buttons: only the viewBox changes, so a 2,000-hex map stays one cheap SVG.

const SVG = 'http://www.w3.org/2000/svg';
const DRAG_PX = 5;
const NUMBERS_UP_TO = 22; // hexes across the view: beyond this the numbers would be unreadable clutter
// The NATO symbols, in a box of width w and height h centred on (0, 0).
const GLYPHS = {
  infantry: (w, h) => [`M${-w / 2} ${-h / 2}L${w / 2} ${h / 2}M${-w / 2} ${h / 2}L${w / 2} ${-h / 2}`],
  armour: (w, h) => [null, { rx: w * 0.32, ry: h * 0.3 }],
  mechanized: (w, h) => [`M${-w / 2} ${-h / 2}L${w / 2} ${h / 2}M${-w / 2} ${h / 2}L${w / 2} ${-h / 2}`, { rx: w * 0.32, ry: h * 0.3 }],
  motorized: (w, h) => [`M${-w / 2} ${-h / 2}L${w / 2} ${h / 2}M${-w / 2} ${h / 2}L${w / 2} ${-h / 2}M0 ${-h / 2}L0 ${h / 2}`],
  airborne: (w, h) => [`M${-w / 2} ${-h / 2}L${w / 2} ${h / 2}M${-w / 2} ${h / 2}L${w / 2} ${-h / 2}M${-w * 0.3} ${h * 0.3}Q${-w * 0.15} ${h * 0.05} 0 ${h * 0.3}Q${w * 0.15} ${h * 0.05} ${w * 0.3} ${h * 0.3}`],
  recce: (w, h) => [`M${-w / 2} ${h / 2}L${w / 2} ${-h / 2}`],
  supply: (w, h) => [`M${-w / 2} ${h * 0.25}L${w / 2} ${h * 0.25}`],
  transport: (w, h) => [`M${-w * 0.3} ${-h * 0.1}L${w * 0.3} ${-h * 0.1}`, null, [[-w * 0.22, h * 0.22], [w * 0.22, h * 0.22]]],
};

function svgEl(tag, attrs = {}, text) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

export class Board {
  constructor(container, onHex) {
    this.container = container;
    this.onHex = onHex;
  }

  load(svgText) {
    this.container.innerHTML = svgText; // our own server's drawing of the pack's map
    const svg = (this.svg = this.container.querySelector('svg'));
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    this.board = svg.querySelector('#board');
    this.polygons = new Map();
    this.centres = new Map();
    for (const p of svg.querySelectorAll('polygon[data-hex]')) {
      const pts = p.getAttribute('points').trim().split(/\s+/).map((xy) => xy.split(',').map(Number));
      this.polygons.set(p.dataset.hex, p);
      this.centres.set(p.dataset.hex, [pts.reduce((s, q) => s + q[0], 0) / pts.length, pts.reduce((s, q) => s + q[1], 0) / pts.length]);
      if (!this.radius) this.radius = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]);
    }
    this.marks = this.board.appendChild(svgEl('g', { class: 'layer marks' }));
    this.pathLayer = this.board.appendChild(svgEl('g', { class: 'layer path' }));
    this.unitLayer = this.board.appendChild(svgEl('g', { class: 'layer units' }));
    // Place names over the counters, never under them; hex numbers only when zoomed in (else on hover).
    const places = svg.querySelector('g.places');
    if (places) { // the names over the counters, smaller, lifted to the hex's upper corner; the dots stay under
      const names = this.board.appendChild(svgEl('g', { class: 'place-names', 'text-anchor': 'middle', 'font-size': (this.radius * 0.26).toFixed(1) }));
      for (const t of [...places.querySelectorAll('text')]) {
        names.append(t);
        t.setAttribute('y', (Number(t.getAttribute('y')) - this.radius * 0.72).toFixed(1));
        if (t.getAttribute('stroke')) t.setAttribute('stroke-width', (this.radius * 0.08).toFixed(1));
      }
    }
    this.numbers = svg.querySelector('g.numbers');
    this.readout = this.container.parentElement?.querySelector('.hex-readout') || null;
    this.whole = svg.getBBox();
    this.setView(this.whole);
    this.wire();
  }

  // --- the view: pan and zoom ----------------------------------------------------------------

  setView({ x, y, width, height }) {
    this.view = { x, y, width, height };
    this.svg.setAttribute('viewBox', `${x} ${y} ${width} ${height}`);
    const across = width / (this.radius * 1.75); // hexes across the view
    this.svg.classList.toggle('far', across > NUMBERS_UP_TO);
  }

  toSvg(clientX, clientY) {
    const m = this.svg.getScreenCTM().inverse();
    return new DOMPoint(clientX, clientY).matrixTransform(m);
  }

  zoom(factor, clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const at = this.toSvg(clientX ?? r.left + r.width / 2, clientY ?? r.top + r.height / 2);
    const v = this.view;
    const width = Math.min(Math.max(v.width / factor, this.radius * 4), this.whole.width * 4);
    const k = width / v.width;
    this.setView({ x: at.x - (at.x - v.x) * k, y: at.y - (at.y - v.y) * k, width, height: v.height * k });
  }

  // Fit the view to these hexes (the whole map if none), with a margin.
  fit(hexes) {
    const pts = (hexes || []).map((h) => this.centres.get(h)).filter(Boolean).map(([x, y]) => this.toRoot(x, y));
    if (!pts.length) return this.setView(this.whole);
    const pad = this.radius * 3;
    const xs = pts.map((p) => p.x), ys = pts.map((p) => p.y);
    // Never closer than about seven hexes across: a few pieces still show their surroundings.
    const width = Math.max(Math.max(...xs) - Math.min(...xs) + 2 * pad, this.radius * 12);
    const height = Math.max(Math.max(...ys) - Math.min(...ys) + 2 * pad, this.radius * 10);
    const cx = (Math.max(...xs) + Math.min(...xs)) / 2, cy = (Math.max(...ys) + Math.min(...ys)) / 2;
    this.setView({ x: cx - width / 2, y: cy - height / 2, width, height });
  }

  toRoot(x, y) {
    const m = this.board.transform.baseVal.consolidate()?.matrix;
    return m ? new DOMPoint(x, y).matrixTransform(m) : new DOMPoint(x, y);
  }

  wire() {
    const svg = this.svg;
    let press = null;
    svg.addEventListener('pointerdown', (e) => {
      press = { x: e.clientX, y: e.clientY, view: { ...this.view }, dragged: false, id: e.pointerId };
    });
    svg.addEventListener('pointermove', (e) => {
      if (!press) return;
      const dx = e.clientX - press.x, dy = e.clientY - press.y;
      if (!press.dragged && Math.hypot(dx, dy) < DRAG_PX) return;
      if (!press.dragged) svg.setPointerCapture(press.id); // only now: a plain click keeps its target
      press.dragged = true;
      svg.classList.add('dragging');
      const k = this.view.width / svg.getBoundingClientRect().width;
      const scale = Math.max(k, this.view.height / svg.getBoundingClientRect().height);
      this.setView({ ...press.view, x: press.view.x - dx * scale, y: press.view.y - dy * scale });
    });
    const release = () => { svg.classList.remove('dragging'); setTimeout(() => { press = null; }, 0); };
    svg.addEventListener('pointerup', release);
    svg.addEventListener('pointercancel', release);
    svg.addEventListener('click', (e) => {
      if (press?.dragged) return;
      const hex = e.target.closest('[data-hex]')?.dataset.hex;
      if (hex) this.onHex(hex);
    });
    svg.addEventListener('keydown', (e) => {
      const hex = e.target.closest?.('.stack[tabindex]')?.dataset.hex;
      if (hex && (e.key === 'Enter' || e.key === ' ')) {
        e.preventDefault();
        this.onHex(hex);
      }
    });
    svg.addEventListener('pointerover', (e) => {
      const hex = e.target.closest('[data-hex]')?.dataset.hex;
      if (hex && this.readout) this.readout.textContent = this.describeHex ? this.describeHex(hex) : hex;
    });
    svg.addEventListener('wheel', (e) => {
      e.preventDefault();
      this.zoom(Math.pow(1.0015, -e.deltaY), e.clientX, e.clientY);
    }, { passive: false });
  }

  // --- what is drawn on top ------------------------------------------------------------------

  // `stacks`: [{hex, units: [{id, side, lines: [..], title, colour, marker}], ring}] top unit first.
  drawUnits(stacks) {
    const r = this.radius;
    const s = r * 1.05;
    this.unitLayer.replaceChildren();
    for (const stack of stacks) {
      const c = this.centres.get(stack.hex);
      if (!c) continue;
      const g = svgEl('g', { class: `stack${stack.ring ? ' can-order' : ''}${stack.selected ? ' selected' : ''}`,
        'data-hex': stack.hex, transform: `translate(${c[0].toFixed(1)} ${c[1].toFixed(1)})` });
      const shown = stack.units.slice(0, 3).reverse(); // the top unit drawn last
      if (stack.title) g.append(svgEl('title', {}, stack.title));
      if (stack.focusable) { // the keyboard reaches the pieces one may act with: Tab to one, Enter to choose
        g.setAttribute('tabindex', '0');
        g.setAttribute('role', 'button');
        g.setAttribute('aria-label', stack.title || stack.hex);
      }
      shown.forEach((u, i) => {
        const off = (shown.length - 1 - i) * r * 0.13;
        const counter = svgEl('g', { class: `counter${u.marker ? ' marker' : ''}${u.disrupted ? ' disrupted' : ''}`, 'data-unit': u.id, 'data-side': u.side,
          transform: `translate(${off.toFixed(1)} ${(-off).toFixed(1)})` });
        counter.append(svgEl('title', {}, u.title));
        counter.append(svgEl('rect', { x: -s / 2, y: -s / 2, width: s, height: s, rx: s * 0.08, fill: u.colour }));
        if (u.symbol) drawSymbol(counter, u, s);
        else {
          const [a, b] = u.lines;
          counter.append(svgEl('text', { y: b ? -s * 0.06 : s * 0.1, 'font-size': (s * (b ? 0.3 : a.length > 3 ? 0.24 : 0.45)).toFixed(1) }, a));
          if (b) counter.append(svgEl('text', { y: s * 0.34, 'font-size': (s * 0.32).toFixed(1) }, b));
        }
        g.append(counter);
      });
      if (stack.units.length > 1) {
        g.append(svgEl('circle', { class: 'count', cx: s * 0.55, cy: -s * 0.62, r: s * 0.22 }));
        g.append(svgEl('text', { class: 'count', x: s * 0.55, y: -s * 0.52, 'font-size': (s * 0.28).toFixed(1) }, stack.units.length));
      }
      this.unitLayer.append(g);
    }
  }

  // Outline hexes: `groups` is {className: [hex, ...]}.
  mark(groups) {
    this.marks.replaceChildren();
    for (const [cls, hexes] of Object.entries(groups)) {
      for (const h of hexes) {
        const p = this.polygons.get(h);
        if (p) this.marks.append(svgEl('polygon', { class: `mark ${cls}`, points: p.getAttribute('points'), 'data-mark': h }));
      }
    }
  }

  drawPath(hexes) {
    this.pathLayer.replaceChildren();
    const pts = hexes.map((h) => this.centres.get(h)).filter(Boolean);
    if (pts.length < 2) return;
    const r = this.radius;
    this.pathLayer.append(svgEl('polyline', { class: 'route', points: pts.map((p) => p.join(',')).join(' '), 'stroke-width': r * 0.18 }));
    pts.slice(1).forEach((p, i) => this.pathLayer.append(svgEl('circle', { class: i === pts.length - 2 ? 'step end' : 'step', cx: p[0], cy: p[1], r: r * 0.16 })));
  }
}

// Size above the symbol's box, the values under it, as printed counters have them.
function drawSymbol(counter, u, s) {
  const w = s * 0.6, h = s * 0.34, cy = -s * 0.08;
  const box = svgEl('g', { class: 'symbol', transform: `translate(0 ${cy.toFixed(1)})` });
  box.append(svgEl('rect', { x: -w / 2, y: -h / 2, width: w, height: h }));
  const [path, ellipse, wheels] = GLYPHS[u.symbol](w, h);
  if (path) box.append(svgEl('path', { d: path }));
  if (ellipse) box.append(svgEl('ellipse', { cx: 0, cy: 0, ...ellipse }));
  for (const [x, y] of wheels || []) box.append(svgEl('circle', { cx: x, cy: y, r: h * 0.12 }));
  counter.append(box);
  if (u.size) counter.append(svgEl('text', { class: 'size', y: -s * 0.3, 'font-size': (s * 0.16).toFixed(1) }, u.size));
  if (u.lines[0]) counter.append(svgEl('text', { y: s * 0.4, 'font-size': (s * 0.26).toFixed(1) }, u.lines[0]));
}
