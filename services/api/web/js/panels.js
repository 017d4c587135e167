// The side panels of the game page, each a function of the page's state returning DOM nodes.

import { el } from './dom.js';
import { citationText, eventItem } from './history.js';
import { NATIONALITY_COLOURS, SYMBOLS, SYMBOL_NAMES, nationality, nationalityName } from './pieces.js';
import { attackersOf, describe, groupByKind, hexesOf, isAttack, isMove, kindName, moverOf, placeName, sameSet, targetOf, terms, unitName } from './orders.js';

const seatName = (game, id) => game.layout.seats.find((s) => s.id === id)?.name || id;
const BUTTONS_SHOWN = 12;

export function heading(game) {
  const title = game.scenario?.title || game.summary.scenario;
  const who = game.seat ? `You play ${seatName(game, game.seat)} (${game.seat})`
    : game.me.role === 'public' ? 'Watching as the public (no seat token)'
    : game.me.role === 'seat' ? 'This seat token belongs to another game: watching as the public'
    : `Watching as ${game.me.role} ${game.me.name || ''}`;
  return [el('h1', {}, title), el('p', { class: 'who' }, `${who} · ${game.summary.ruleset} · game ${game.id}`)];
}

export function provenance(game) {
  const sc = game.scenario;
  if (!sc) {
    return el('p', {}, `Provenance unknown: this server does not list scenario ${game.summary.scenario}, so this page cannot `
      + 'say which of its data come from the rulebook.');
  }
  const total = { rulebook: 0, inferred: 0, placeholder: 0 };
  for (const counts of Object.values(sc.provenance)) for (const k of Object.keys(total)) total[k] += counts[k] || 0;
  const reconstructed = total.placeholder + total.inferred;
  const head = reconstructed
    ? `This game uses reconstructed data: ${total.placeholder} placeholder and ${total.inferred} inferred items, `
      + `${total.rulebook} from the rulebook. Placeholders were invented to make the game playable and inferred data were `
      + 'reconstructed from evidence: neither is the published game.'
    : 'All of this game’s data come from the rulebook.';
  const rows = Object.entries(sc.provenance).map(([kind, c]) => el('tr', {}, el('th', {}, kind.replaceAll('_', ' ')),
    el('td', {}, c.rulebook || 0), el('td', {}, c.inferred || 0), el('td', { class: c.placeholder ? 'ph' : '' }, c.placeholder || 0)));
  return [el('strong', {}, head), ' ', el('details', {}, el('summary', {}, 'by kind'),
    el('table', {}, el('tr', {}, el('th', {}, ''), el('th', {}, 'rulebook'), el('th', {}, 'inferred'), el('th', {}, 'placeholder')), rows))];
}

export function status(game) {
  const v = game.view;
  const out = [el('p', { class: 'label', id: 'phase-label' }, v.label)];
  if (v.result) {
    out.push(el('p', { class: 'result' }, `The game is over: ${describe({ type: 'result', ...v.result })}`));
  } else {
    const then = game.at !== null && game.at !== undefined;
    const mine = game.seat && v.to_act.includes(game.seat) && !then;
    out.push(el('p', { class: `to-act${mine ? ' mine' : ''}`, id: 'to-act' }, mine ? 'Your turn. ' : '',
      v.to_act.length ? `${then ? 'To act then' : 'To act'}: ${v.to_act.map((s) => seatName(game, s)).join(', ')}` : 'Nobody is to act (the umpire is ruling).'));
  }
  for (const f of v.frames || []) {
    out.push(el('p', { class: 'frame' }, `Open decision ${f.id}: ${kindName(f.kind)} for ${f.seats.map((s) => seatName(game, s)).join(', ')}`
      + `${f.sealed ? ' (sealed)' : ''}${f.answered?.length ? `; answered: ${f.answered.join(', ')}` : ''}`));
  }
  const ledgers = Object.entries(v.ledgers || {}).filter(([k]) => !game.seat || k.endsWith(`:${game.seat}`));
  if (ledgers.length) {
    out.push(el('p', { class: 'ledgers' }, ledgers.map(([k, l]) => `${k.split(':')[0]} points: ${l.balance}${l.cap != null ? `/${l.cap}` : ''}`).join(' · ')));
  }
  const boxes = Object.entries(v.game?.boxes || {}).filter(([, list]) => list.length);
  if (boxes.length) out.push(el('p', { class: 'boxes' }, 'Off the map: ', boxes.map(([b, list]) => `${b.replaceAll('_', ' ')} ${list.length}`).join(' · ')));
  return out;
}

export function orders(game, act) {
  if (!game.seat) return el('p', { class: 'hint' }, 'Only a seat gives orders. Open this page with a seat token to play.');
  const list = game.legal?.orders || [];
  if (!list.length) return el('p', { class: 'hint', id: 'no-orders' }, 'Nothing to order now: waiting for the other seats or the umpire.');
  const out = [];
  for (const [type, group] of groupByKind(list)) {
    const section = el('section', { class: 'kind', 'data-kind': type }, el('h3', {}, `${kindName(type)} `, el('small', {}, `(${group.length})`)));
    if (type === 'move' && group.every(isMove)) {
      const unitIds = [...new Set(group.map(moverOf))];
      section.append(el('p', { class: 'hint' }, 'Click a ringed unit on the map, then a highlighted hex.'),
        el('div', { class: 'buttons' }, unitIds.map((u) => el('button', { type: 'button', class: 'pick', 'data-unit': u,
          title: u, onclick: () => act.select({ kind: 'unit', unit: u, hex: act.units().find((x) => x.id === u)?.hex }) }, unitName(u)))));
    } else if (type === 'attack' && group.every(isAttack)) {
      const targets = [...new Set(group.map(targetOf))];
      section.append(el('p', { class: 'hint' }, 'Click a target hex outlined in red, then choose the attackers.'),
        el('div', { class: 'buttons' }, targets.map((h) => el('button', { type: 'button', class: 'pick', 'data-target': h,
          onclick: () => act.selectTarget(h) }, `target ${placeName(h)}`))));
    } else {
      const buttons = group.map((o) => el('button', { type: 'button', class: `order ${type === 'end_phase' ? 'end' : ''}`,
        'data-order': JSON.stringify(o), onclick: () => act.submit(o) }, type === 'end_phase' ? 'End phase' : describe(o)));
      if (buttons.length > BUTTONS_SHOWN) {
        section.append(el('div', { class: 'buttons' }, buttons.slice(0, BUTTONS_SHOWN)),
          el('details', {}, el('summary', {}, `${buttons.length - BUTTONS_SHOWN} more`), el('div', { class: 'buttons' }, buttons.slice(BUTTONS_SHOWN))));
      } else section.append(el('div', { class: 'buttons' }, buttons));
    }
    out.push(section);
  }
  return out;
}

export function selection(game, act) {
  const s = game.sel;
  if (!s) return el('p', { class: 'hint' }, 'Click a unit or a hex on the map. Drag to pan, wheel to zoom, Esc to clear.');
  const cancel = el('button', { type: 'button', class: 'cancel', onclick: () => act.select(null) }, 'Cancel');
  if (s.kind === 'unit') {
    const stack = act.unitsIn(s.hex).filter((u) => act.movesOf(u.id).length);
    return [el('p', {}, `Selected ${unitName(s.unit)} in ${placeName(s.hex)}: click a highlighted hex to move there (${act.movesOf(s.unit).length} legal destinations).`),
      stack.length > 1 ? el('div', { class: 'buttons' }, 'Others here: ', stack.filter((u) => u.id !== s.unit).map((u) =>
        el('button', { type: 'button', class: 'pick', 'data-unit': u.id, title: u.id, onclick: () => act.select({ kind: 'unit', unit: u.id, hex: s.hex }) }, unitName(u.id)))) : null,
      destinations(act, s.unit), cancel];
  }
  if (s.kind === 'path') {
    return [el('p', { id: 'chosen-path' }, `Move ${unitName(s.unit)}: ${[act.units().find((u) => u.id === s.unit)?.hex, ...s.order.path].filter(Boolean).join(' → ')}`
      + (placeName(s.order.path[s.order.path.length - 1]) !== s.order.path[s.order.path.length - 1] ? ` (${placeName(s.order.path[s.order.path.length - 1])})` : '')),
      s.ways.length > 1 ? el('div', { class: 'buttons' }, 'Other paths: ', s.ways.filter((o) => o !== s.order).map((o) =>
        el('button', { type: 'button', onclick: () => act.select({ ...s, order: o }) }, o.path.join('→')))) : null,
      el('div', { class: 'buttons' }, el('button', { type: 'button', class: 'submit', id: 'submit-move', onclick: () => act.submit(s.order) }, 'Submit move'), cancel)];
  }
  if (s.kind === 'target') return attackPanel(game, act, s, cancel);
  const here = act.unitsIn(s.hex);
  const about = (game.legal?.orders || []).filter((o) => !isMove(o) && !isAttack(o) && hexesOf(o).includes(s.hex));
  const name = (u) => (u.marker && !u.kind && !u.type ? `a ${u.side} marker` : unitName(u.id));
  return [el('p', {}, `Hex ${placeName(s.hex)}: ${here.length ? here.map(name).join(', ') : 'no pieces you can see'}.`),
    about.length ? el('div', { class: 'buttons' }, about.map((o) => el('button', { type: 'button', class: 'order', onclick: () => act.submit(o) },
      `${kindName(o.type)}: ${describe(o)}`))) : null, cancel];
}

// The same choice as clicking a highlighted hex, for the keyboard: a button per destination.
function destinations(act, unit) {
  const byHex = new Map();
  for (const o of act.movesOf(unit)) {
    const to = o.path[o.path.length - 1];
    if (!byHex.has(to)) byHex.set(to, []);
    byHex.get(to).push(o);
  }
  const buttons = [...byHex].map(([to, ways]) => el('button', { type: 'button', class: 'dest', 'data-hex': to,
    onclick: () => act.select({ kind: 'path', unit, order: ways[0], ways }) }, placeName(to)));
  const shown = buttons.slice(0, BUTTONS_SHOWN);
  return el('div', { class: 'buttons destinations' }, 'To: ', shown, buttons.length > BUTTONS_SHOWN
    ? el('details', {}, el('summary', {}, `${buttons.length - BUTTONS_SHOWN} more`), el('div', { class: 'buttons' }, buttons.slice(BUTTONS_SHOWN))) : null);
}

function attackPanel(game, act, s, cancel) {
  const options = act.attacksOn(s.hex);
  const eligible = [...new Set(options.flatMap(attackersOf))];
  const matching = options.filter((o) => sameSet(attackersOf(o), s.attackers));
  const chosen = matching.find((o) => (o.odds || '') === s.odds) || matching[0];
  const defenders = act.unitsIn(s.hex).map((u) => (u.marker && !u.kind && !u.type ? `a ${u.side} marker` : unitName(u.id)));
  const boxes = eligible.map((id) => el('label', { class: 'attacker' }, el('input', { type: 'checkbox', value: id, checked: s.attackers.includes(id),
    onchange: (e) => act.select({ ...s, attackers: e.target.checked ? [...s.attackers, id] : s.attackers.filter((x) => x !== id) }) }), ` ${unitName(id)}`));
  const odds = matching.length > 1 || matching.some((o) => o.odds)
    ? el('label', {}, 'Odds: ', el('select', { id: 'odds', onchange: (e) => act.select({ ...s, odds: e.target.value }) },
      matching.map((o) => el('option', { value: o.odds || '', selected: (o.odds || '') === (chosen?.odds || '') },
        o.odds ? `lowered to ${o.odds}` : 'as the umpire computes them'))))
    : null;
  const seen = chosen && act.assessment(chosen);
  const forecast = seen
    ? el('p', { id: 'forecast' }, `${seen.attack} against ${seen.defense}: ${seen.odds}`
      + `${seen.die_modifier ? `, die ${seen.die_modifier > 0 ? '+' : ''}${seen.die_modifier}` : ''}. By the die: `,
      seen.results.flatMap((r, i) => [i ? ', ' : '', `${i + 1} `, el('abbr', { title: terms()[r] || r }, r)]))
    : el('p', { class: 'hint', id: 'forecast' }, seen === undefined ? 'Asking the umpire for the odds...'
      : 'The umpire computes the odds when it rules.');
  return [el('p', {}, `Attack ${placeName(s.hex)} (${defenders.join(', ') || 'the enemy there'}) with:`), el('div', { class: 'attackers' }, boxes),
    ...(matching.length ? [odds, forecast].filter(Boolean) : [el('p', { class: 'warn' }, 'That choice of attackers is not a legal attack now.')]),
    el('div', { class: 'buttons' }, el('button', { type: 'button', class: 'submit', id: 'submit-attack', disabled: !chosen,
      onclick: () => act.submit(chosen) }, 'Submit attack'), cancel)];
}

export function ruling({ order, pending, answer, ruled, error }) {
  const head = el('p', { class: 'ordered' }, `${kindName(order.type)}: ${describe(order)}`);
  if (pending) return [head, el('p', { class: 'hint' }, 'Submitted; waiting for the umpire’s ruling…')];
  if (error) {
    const why = error.code === 'version_conflict' ? 'The game moved on and this order is no longer legal; the legal orders are refreshed.' : error.message;
    return [head, el('p', { class: 'verdict rejected', id: 'ruling-verdict' }, `Not sent: ${why}`), el('p', { class: 'code' }, error.code)];
  }
  if (!ruled) return [head, el('p', { class: 'hint' }, `Order #${answer.version} is in the log; its ruling will appear in the history.`)];
  const r = answer.ruling;
  return [head,
    el('p', { class: `verdict ${r.verdict}`, id: 'ruling-verdict' }, r.verdict, r.code ? ` [${r.code}]` : ''),
    r.message ? el('p', { class: 'message' }, r.message) : null,
    r.partial ? el('p', { class: 'partial' }, `Accepted in part: ${describe({ type: 'partial', ...r.partial })}`) : null,
    r.citations?.length ? el('ul', { class: 'citations', id: 'ruling-citations' }, r.citations.map((c) => el('li', { class: 'citation' }, citationText(c)))) : null,
    answer.effects?.length ? el('ol', { class: 'effects', id: 'ruling-effects' }, answer.effects.map((e) => eventItem(e, { open: true, terms: terms() }))) : null];
}

// Through the CSSOM: the pages' CSP refuses style attributes.
function swatch(colour) {
  const node = el('span', { class: 'swatch' });
  node.style.background = colour;
  return node;
}

// What the colours and symbols on the map mean, for the pieces now on it, by name.
export function legend(game, units) {
  const nats = [...new Set(units.map(nationality).filter(Boolean))].sort();
  const sides = nats.length ? [] : game.layout.sides.filter((s) => units.some((u) => u.side === s.id));
  const symbols = [...new Set(units.map((u) => SYMBOLS[u.kind || u.type]).filter(Boolean))];
  return [
    el('ul', { class: 'colours' }, nats.map((n) => el('li', {}, swatch(NATIONALITY_COLOURS[n] || '#777'), nationalityName(n))),
      sides.map((s) => el('li', {}, swatch(game.colours[s.id]), s.name))),
    el('ul', { class: 'symbols' }, symbols.map((k) => el('li', {}, SYMBOL_NAMES[k]))),
    el('p', { class: 'small' }, 'Counters show size (XX division, X brigade, BG battlegroup) over the NATO symbol, strength-movement under it. '
      + 'A dashed amber edge: disrupted. Hover a hex for its number, place and pieces.'),
  ];
}
