// Orders as the legal list gives them, for any game: names, one-line descriptions, the hexes an
// order touches, grouped by kind. Moves (unit + path) and attacks (attackers + target hex) get
// map interactions; every other kind is a button per legal order.

const KIND_NAMES = {
  move: 'Move', attack: 'Attack', end_phase: 'End phase', bid: 'Bid', deploy: 'Deploy', retreat: 'Retreat',
  place_reinforcement: 'Place reinforcements', place_replacement: 'Place replacements',
  judge_supply: 'Supply judgement', move_to_staging: 'Move to the Staging Area', exchange_losses: 'Exchange losses',
  battlegroups: 'Battlegroups', advance: 'Advance after combat', attest: 'Attest', confirm: 'Confirm',
  dispute_event: 'Dispute an event', supply_entropy: 'Add entropy to the dice', undo: 'Take back',
};

export const kindName = (type) => KIND_NAMES[type] || type.replaceAll('_', ' ');

// What the game calls things (GET /names): orders name their units and places, not ids.
let names = { units: {}, places: {}, terms: {}, seats: {} };
export function setNames(n) { names = { ...names, ...n }; }
export const unitName = (id) => names.units[id] || id;
export const placeName = (hex) => (names.places[hex] ? `${hex} ${names.places[hex]}` : hex);
export const terms = () => names.terms;
const UNIT_KEYS = new Set(['unit', 'truck', 'parent', 'by']);
const HEX_KEYS = new Set(['at', 'to', 'real', 'hex', 'target', 'from']);

// The unit a move moves: `unit`, or a stack of one (`units`, Air Bridge to Victory); null for a stack of several.
export const moverOf = (o) => (typeof o.unit === 'string' ? o.unit : Array.isArray(o.units) && o.units.length === 1 ? o.units[0] : null);
export const isMove = (o) => o.type === 'move' && moverOf(o) !== null && Array.isArray(o.path);
export const attackersOf = (o) => o.attackers || o.units || [];
export const targetOf = (o) => o.hex || o.target;
export const isAttack = (o) => o.type === 'attack' && typeof targetOf(o) === 'string';

export function describe(o) {
  if (o.type === 'undo') return `Take back your last order (event ${o.command})`;
  if (isMove(o)) return `${unitName(moverOf(o))} to ${placeName(o.path[o.path.length - 1])}${o.path.length > 1 ? ` (via ${o.path.slice(0, -1).join(' → ')})` : ''}`;
  if (isAttack(o)) return `${attackersOf(o).map(unitName).join(' + ')} → ${placeName(targetOf(o))}${o.odds ? ` (odds lowered to ${o.odds})` : ''}`;
  const parts = [];
  for (const [k, v] of Object.entries(o)) {
    if (k === 'type' || k === 'frame') continue;
    const shown = UNIT_KEYS.has(k) && typeof v === 'string' ? unitName(v)
      : HEX_KEYS.has(k) && typeof v === 'string' ? placeName(v)
      : (k === 'units' || k === 'attackers') && Array.isArray(v) ? v.map(unitName).join(', ') : value(v);
    if (k === 'unit') continue; // said first: "Naval Supply unit at 0242 Cherbourg", as a player says it
    parts.push(k === 'at' || k === 'to' ? `${k} ${shown}` : `${k.replaceAll('_', ' ')}: ${shown}`);
  }
  const rest = parts.join('; ');
  if (typeof o.unit === 'string') return `${unitName(o.unit)}${rest ? ` ${rest}` : ''}`;
  return rest || kindName(o.type);
}

export function value(v) {
  if (Array.isArray(v)) return v.length ? v.map(value).join(', ') : 'none';
  if (v && typeof v === 'object') return Object.entries(v).map(([k, x]) => `${k} → ${value(x)}`).join(', ');
  return String(v);
}

// The hexes an order names, so clicking a hex can offer the orders about it.
export function hexesOf(o) {
  if (isMove(o)) return [o.path[o.path.length - 1]];
  if (isAttack(o)) return [targetOf(o)];
  const out = [];
  for (const k of ['at', 'to', 'real', 'hex', 'target']) if (typeof o[k] === 'string') out.push(o[k]);
  if (o.moves && typeof o.moves === 'object') out.push(...Object.values(o.moves).filter((x) => typeof x === 'string'));
  return out;
}

export function groupByKind(orders) {
  const groups = new Map();
  for (const o of orders) {
    if (!groups.has(o.type)) groups.set(o.type, []);
    groups.get(o.type).push(o);
  }
  return groups;
}

export const sameSet = (a, b) => a.length === b.length && a.every((x) => b.includes(x));
