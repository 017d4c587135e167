// The game page: the caller's view on the map, what the seat may order now, the rulings, and the
// history, kept live from the SSE stream; a replay of any point of the log (?at=N). Everything
// comes from the public API with the token given (a seat's, a referee's, or none: the public).

import { client, forgetToken, newKey, tokenFor } from './api.js';
import { el, fill } from './dom.js';
import { eventItem } from './history.js';
import { Board } from './map.js';
import { attackersOf, hexesOf, isAttack, isMove, moverOf, placeName, setNames, targetOf, terms, unitName } from './orders.js';
import * as panels from './panels.js';
import { looks, sideColours } from './pieces.js';
import * as replay from './replay.js';

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
const token = tokenFor(gameId);
const api = client(token);
const base = `/v1/games/${encodeURIComponent(gameId)}`;

const game = {
  id: gameId, me: { role: 'public' }, seat: null, layout: { sides: [], seats: [] }, colours: {},
  version: 0, view: null, legal: null, sel: null, busy: false, lastEvent: 0,
  at: replay.parseAt(location.search), events: [], // at: the replayed point, null when live
};
const live = () => game.at === null;
const board = new Board($('map'), (hex) => onHex(hex));

// --- what the legal list offers --------------------------------------------------------------

const legalOrders = () => game.legal?.orders || [];
const movesOf = (unit) => legalOrders().filter((o) => isMove(o) && moverOf(o) === unit);
const attacksOn = (hex) => legalOrders().filter((o) => isAttack(o) && targetOf(o) === hex);

// What an attack would meet (`GET /legal?assess=true`), asked for when one is chosen, not for every
// listed order at every refresh: weighing an attack traces the defenders' supply.
// `${legal version} ${order as JSON}` -> the umpire's answer: an assessment, or null when its rules
// weigh nothing in advance; undefined while the question is out.
const assessed = new Map();
function assessment(order) {
  const version = game.legal?.version;
  const json = JSON.stringify(order);
  const key = `${version} ${json}`;
  if (assessed.has(key)) return assessed.get(key);
  assessed.set(key, undefined);
  api.get(`${base}/legal?assess=true&unit=${encodeURIComponent(attackersOf(order)[0])}`).then((r) => {
    const i = r.orders.findIndex((o) => JSON.stringify(o) === json);
    if (i >= 0 && r.version === version) {
      assessed.set(key, r.assessments[i]);
      renderSelection();
    }
  }, () => assessed.delete(key)); // asked again at the next render
  return null;
}
const units = () => (game.view?.game?.units || []).filter((u) => u.hex);
const unitsIn = (hex) => units().filter((u) => u.hex === hex);
const movers = () => new Set(legalOrders().filter(isMove).map(moverOf));

// --- choosing on the map -----------------------------------------------------------------------

function onHex(hex) {
  const sel = game.sel;
  if (sel && (sel.kind === 'unit' || sel.kind === 'path')) {
    const ways = movesOf(sel.unit).filter((o) => o.path[o.path.length - 1] === hex);
    if (ways.length) return select({ kind: 'path', unit: sel.unit, order: ways[0], ways });
  }
  if (sel?.kind === 'target') {
    const eligible = new Set(attacksOn(sel.hex).flatMap(attackersOf));
    const here = unitsIn(hex).map((u) => u.id).filter((id) => eligible.has(id));
    if (here.length) {
      const chosen = new Set(sel.attackers);
      const on = here.every((id) => chosen.has(id));
      here.forEach((id) => (on ? chosen.delete(id) : chosen.add(id)));
      return select({ ...sel, attackers: [...chosen] });
    }
  }
  const canMove = unitsIn(hex).filter((u) => movers().has(u.id)).map((u) => u.id);
  if (canMove.length) {
    const next = sel?.unit && canMove.includes(sel.unit) ? canMove[(canMove.indexOf(sel.unit) + 1) % canMove.length] : canMove[0];
    return select({ kind: 'unit', unit: next, hex });
  }
  if (attacksOn(hex).length) return selectTarget(hex);
  select({ kind: 'hex', hex });
}

function selectTarget(hex) {
  const first = attacksOn(hex)[0];
  select({ kind: 'target', hex, attackers: [...attackersOf(first)], odds: '' });
}

function select(sel) {
  game.sel = sel;
  renderBoard();
  renderSelection();
}

// --- rendering ---------------------------------------------------------------------------------

function renderBoard() {
  if (!board.svg) return;
  const sel = game.sel;
  const canMove = movers();
  const byHex = new Map();
  for (const u of units()) {
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(u);
  }
  const stacks = [...byHex].map(([hex, list]) => {
    const top = list.find((u) => u.id === sel?.unit) || list.find((u) => canMove.has(u.id)) || list[0];
    const ordered = [top, ...list.filter((u) => u !== top)];
    const title = `${placeName(hex)}: ${list.map((u) => (u.marker && !u.kind && !u.type ? `a ${u.side} marker` : unitName(u.id))).join(', ')}`;
    return { hex, title, focusable: list.some((u) => canMove.has(u.id)) || attacksOn(hex).length > 0,
      units: ordered.map((u) => looks(u, game.colours)), ring: list.some((u) => canMove.has(u.id)),
      selected: sel?.hex === hex || (sel?.unit && list.some((u) => u.id === sel.unit)) };
  });
  board.drawUnits(stacks);
  const marks = { target: [...new Set(legalOrders().filter(isAttack).map(targetOf))],
    option: [...new Set(legalOrders().filter((o) => !isMove(o) && !isAttack(o)).flatMap(hexesOf))] };
  if (sel?.kind === 'unit' || sel?.kind === 'path') marks.dest = movesOf(sel.unit).map((o) => o.path[o.path.length - 1]);
  if (sel?.kind === 'target') {
    marks.attacker = [...new Set(units().filter((u) => sel.attackers.includes(u.id)).map((u) => u.hex))];
    marks.chosen = [sel.hex];
  }
  if (sel?.kind === 'hex') marks.chosen = [sel.hex];
  board.mark(marks);
  const from = sel?.unit && units().find((u) => u.id === sel.unit)?.hex;
  board.drawPath(sel?.kind === 'path' ? [from, ...sel.order.path] : []);
}

function renderSelection() {
  fill($('selection'), panels.selection(game, { movesOf, attacksOn, assessment, unitsIn, units, select, selectTarget, submit }));
}

function renderAll() {
  document.body.dataset.version = game.version;
  document.body.dataset.shown = game.version;
  fill($('status'), panels.status(game));
  fill($('legend'), panels.legend(game, units()));
  if (live()) fill($('orders'), panels.orders(game, { submit, select, selectTarget, movesOf, units }));
  else fill($('orders'), el('p', { class: 'hint', id: 'replaying' }, `Replaying event ${game.at}: orders are given at the present (End).`));
  renderReplay();
  if (game.sel) { // keep a choice the new legal list still allows
    const s = game.sel;
    const ok = (s.kind === 'unit' && movesOf(s.unit).length) || (s.kind === 'path' && movesOf(s.unit).some((o) => o === s.order || JSON.stringify(o) === JSON.stringify(s.order)))
      || (s.kind === 'target' && attacksOn(s.hex).length) || s.kind === 'hex';
    if (!ok) game.sel = null;
  }
  renderBoard();
  renderSelection();
}

// --- reading and following -----------------------------------------------------------------

async function refresh() {
  const at = game.at;
  const [st, legal] = await Promise.all([
    api.get(`${base}/state${at === null ? '' : `?at=${at}`}`),
    game.seat && at === null ? api.get(`${base}/legal`) : Promise.resolve(null),
  ]);
  if (at !== game.at) return; // stepped elsewhere meanwhile: that step reads its own state
  game.version = st.version;
  game.view = st.view;
  game.legal = legal;
  renderAll();
}

let pending = null;
let again = false;
function scheduleRefresh() {
  if (pending) { again = true; return; }
  pending = new Promise((r) => setTimeout(r, 60)).then(async () => {
    do {
      again = false;
      try { await refresh(); } catch (err) { showProblem(err); }
    } while (again);
    pending = null;
  });
}

function addEvent(e) {
  if (e.version <= game.lastEvent) return;
  game.lastEvent = e.version;
  game.events.push(e);
  const item = eventItem(e, { terms: terms() });
  if (!live() && e.version > game.at) item.classList.add('future');
  $('events').prepend(item);
  document.body.dataset.lastEvent = e.version;
}

// The history in the game's words (GET /history), read in order: one reader at a time.
let reading = Promise.resolve();
function catchUp(upTo = Infinity) {
  reading = reading.then(async () => {
    while (game.lastEvent < upTo) {
      const page = (await api.get(`${base}/history?after=${game.lastEvent}&limit=1000`)).events;
      if (!page.length) break;
      page.forEach(addEvent);
    }
    renderReplay();
  }).catch(showProblem);
  return reading;
}

// --- replay ------------------------------------------------------------------------------------

const head = () => Math.max(game.lastEvent, game.summary?.version || 0);

function renderReplay() {
  if (!game.summary) return;
  fill($('replay'), replay.controls(live() ? head() : game.at, head(), live(), goTo));
  document.body.dataset.replaying = live() ? '0' : '1';
}

// `move`: {to: N} or {by: 'command'|'phase'|'turn', dir: 1|-1}. At the head the page is live again.
function goTo(move) {
  const stops = replay.points(game.events, head());
  const from = live() ? head() : game.at;
  let to = move.to ?? replay.step(stops[move.by], from, move.dir, head());
  to = Math.min(Math.max(1, to), head());
  const at = to >= head() ? null : to;
  if (at === game.at) return;
  game.at = at;
  game.sel = null;
  history.replaceState(null, '', location.pathname + (at === null ? '' : `?at=${at}`));
  for (const li of $('events').children) li.classList.toggle('future', at !== null && Number(li.dataset.version) > at);
  renderReplay();
  scheduleRefresh();
}

async function follow() {
  for (let delay = 1000; ; delay = Math.min(delay * 2, 15000)) {
    try {
      for await (const msg of api.stream(`${base}/stream`)) {
        if (msg.event === 'view') {
          setLive(true);
          delay = 1000;
          await catchUp(msg.data.version);
          scheduleRefresh();
        } else if (msg.event === 'event') {
          catchUp(msg.data.version); // its sentence comes from GET /history
          if (live()) scheduleRefresh();
        } else if (msg.event === 'error') break;
      }
    } catch (err) {
      if (err.status === 404) return showProblem(err);
    }
    setLive(false);
    await new Promise((r) => setTimeout(r, delay));
  }
}

function setLive(live) {
  document.body.dataset.live = live ? '1' : '0';
  fill($('live'), live ? '● live' : '○ reconnecting…');
  $('live').className = live ? 'live' : 'offline';
}

// --- ordering ----------------------------------------------------------------------------------

async function submit(order) {
  if (game.busy || !game.legal) return;
  game.busy = true;
  document.body.dataset.busy = '1';
  fill($('ruling'), panels.ruling({ order, pending: true }));
  try {
    let r;
    try {
      r = await send(order);
    } catch (err) { // what never reached the log: a conflict, a refused token, the store down
      fill($('ruling'), panels.ruling({ order, error: err }));
      return;
    }
    if (r.status === 200 && r.data.effects?.length) { // the effects in the game's words
      const said = await api.get(`${base}/history?after=${r.data.ruling.event}&limit=${r.data.effects.length}`).catch(() => null);
      const text = new Map((said?.events || []).map((e) => [e.version, e.text]));
      r.data.effects = r.data.effects.map((e) => ({ ...e, text: text.get(e.version) }));
    }
    fill($('ruling'), panels.ruling({ order, answer: r.data, ruled: r.status === 200 }));
    if (r.status === 200 && r.data.ruling.verdict === 'accepted') game.sel = null;
  } finally {
    game.busy = false;
    document.body.dataset.busy = '0';
    scheduleRefresh();
  }
}

// The order at the version its legal list was read at. If other seats acted in between (a sealed
// bid, say), the list is read again: an order still listed there is sent at the new version, one
// that is not is never sent.
async function send(order) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await api.post(`${base}/orders?wait=10`, { order, expected_version: game.legal.version }, { 'Idempotency-Key': newKey() });
    } catch (err) {
      if (err.code !== 'version_conflict' || attempt >= 3) throw err;
      await refresh();
      const same = JSON.stringify(order);
      if (!legalOrders().some((o) => JSON.stringify(o) === same)) throw err;
    }
  }
}

function showProblem(err) {
  fill($('problem'), el('p', {}, `${err.message}${err.code ? ` (${err.code})` : ''}`));
  $('problem').hidden = false;
}

// --- start ---------------------------------------------------------------------------------------

async function start() {
  $('zoom-in').addEventListener('click', () => board.zoom(1.4));
  $('zoom-out').addEventListener('click', () => board.zoom(1 / 1.4));
  $('fit-units').addEventListener('click', () => board.fit(units().map((u) => u.hex)));
  $('fit-all').addEventListener('click', () => board.fit([]));
  $('forget').addEventListener('click', () => { forgetToken(gameId); location.href = '/'; });
  $('events').addEventListener('click', (e) => { // an event's number: the map after it, here
    const link = e.target.closest('a.version');
    if (!link) return;
    e.preventDefault();
    goTo({ to: Number(link.closest('li').dataset.version) });
  });
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') return select(null);
    if (e.target.closest?.('input, select, textarea')) return; // the slider keeps its own keys
    const move = replay.keyMove(e);
    if (move) {
      e.preventDefault();
      goTo(move);
    }
  });
  try {
    if (token) game.me = await api.get('/v1/me');
  } catch (err) {
    showProblem(new Error(`The token was refused: ${err.message}. Paste a seat token on the start page.`));
  }
  game.seat = game.me.role === 'seat' && game.me.game === gameId ? game.me.seat : null;
  const [summary, genesis, scenarios, svg, names] = await Promise.all([
    api.get(base), api.get(`${base}/events?after=0&limit=1`), api.get('/v1/scenarios').catch(() => ({ scenarios: [] })),
    api.text(`${base}/map.svg`), api.get(`${base}/names`),
  ]);
  setNames(names);
  game.summary = summary;
  if (game.at !== null && game.at >= summary.version) game.at = null;
  game.layout = genesis.events[0]?.data?.layout || game.layout;
  game.colours = sideColours(game.layout.sides);
  game.scenario = scenarios.scenarios.find((s) => s.id === summary.scenario) || null;
  fill($('heading'), panels.heading(game));
  fill($('provenance'), panels.provenance(game));
  board.load(svg);
  board.describeHex = (hex) => {
    const here = unitsIn(hex).map((u) => (u.marker && !u.kind && !u.type ? `a ${u.side} marker` : unitName(u.id)));
    return `${placeName(hex)}${here.length ? `: ${here.join(', ')}` : ''}`;
  };
  await catchUp(summary.version);
  await refresh();
  const side = game.layout.seats.find((s) => s.id === game.seat)?.side;
  const mine = units().filter((u) => u.side === side);
  board.fit((mine.length ? mine : units()).map((u) => u.hex)); // a seat starts on its own pieces
  document.body.dataset.ready = '1';
  follow();
}

start().catch(showProblem);
