// The log as readable lines: each event the caller may see in the game's own words (the `text`
// GET /history gives, from the ruleset), its citations and full fields behind disclosures, dice
// shown as dice, combat results explained on hover from the results table's own key. An event
// without `text` (an order's effects just answered) gets a line built here from its fields.

import { el } from './dom.js';
import { describe, kindName } from './orders.js';

const SKIP = new Set(['type', 'cite', 'vis', 'citations', 'details', 'partial']);

export function citationText(c) {
  switch (c.kind) {
    case 'rulebook': {
      const lines = c.lines ? `, lines ${c.lines[0]}${c.lines[1] !== c.lines[0] ? `–${c.lines[1]}` : ''}` : '';
      return `Rulebook: ${c.section}${c.case ? ` (${c.case})` : ''}${lines} [${c.book}]`;
    }
    case 'errata': return `Corrections: ${c.entry}${c.lines ? `, lines ${c.lines[0]}–${c.lines[1]}` : ''} [${c.book}]`;
    case 'missing': return `${c.reference} (not in the text)${c.note ? `: ${c.note}` : ''}`;
    case 'house': return `House rule ${c.name}: ${c.text}`;
    case 'ruling': return `Option ${c.option} = ${c.value}${c.basis ? `: ${c.basis}` : ''}`;
    default: return JSON.stringify(c);
  }
}

const isRoll = (v) => v && typeof v === 'object' && 'sides' in v && 'value' in v && 'purpose' in v;
export const rollText = (r) => `die ${r.value} (d${r.sides}, ${r.purpose.replaceAll('_', ' ')})`;

export function rollsOf(data) {
  return Object.values(data || {}).filter(isRoll);
}

// Scalars in full; nested tables shortened to `{…}` (the event's full data is one click away).
function brief(v, depth) {
  if (Array.isArray(v)) return v.length ? v.map((x) => brief(x, depth + 1)).join(', ') : 'none';
  if (v && typeof v === 'object') {
    return depth > 1 ? '{…}' : Object.entries(v).map(([k, x]) => `${k} → ${brief(x, depth + 1)}`).join(', ');
  }
  return String(v);
}

function fields(data) {
  const parts = [];
  for (const [k, v] of Object.entries(data || {})) {
    if (SKIP.has(k) || isRoll(v) || v === null || v === '' || (typeof v === 'object' && !Object.keys(v).length)) continue;
    parts.push(`${k.replaceAll('_', ' ')}: ${brief(v, 0)}`);
  }
  return parts.join('; ');
}

// One line of text for an event, as the caller sees it.
export function summary(e) {
  const d = e.data || {};
  if (e.hidden) return `hidden ${e.type} (only its digest is public: ${String(e.data_digest).slice(0, 12)}…)`;
  switch (e.type) {
    case 'game.created': return `Game created: ${d.ruleset}, scenario ${d.scenario}`;
    case 'game.begun': return 'The game begins';
    case 'order.submitted': {
      let order = d.order;
      if (typeof order === 'string') { try { order = JSON.parse(order); } catch { /* shown as is */ } }
      return `${d.seat} ordered: ${kindName(order?.type || '?')} ${order ? describe(order) : ''}`;
    }
    case 'ruling': return `Ruling on #${d.adjudicates}: ${d.verdict}${d.message ? `: ${d.message}` : ''}${d.code ? ` [${d.code}]` : ''}`;
    case 'adjudication.failed': return `The umpire could not rule on #${d.adjudicates}: ${d.error}`;
    case 'phase.advanced': return `Now: ${d.label}`;
    case 'frame.opened': return `Decision ${d.frame?.id ?? ''} opened: ${d.frame?.kind ?? ''} for ${brief(d.frame?.seats ?? [], 0)}`;
    case 'frame.answered': return `${d.seat} answered decision ${d.frame}`;
    case 'frame.closed': return `Decision ${d.frame} closed${d.answers ? `: ${fields(d.answers)}` : ''}`;
    case 'ledger.posted': return `${d.owner}: ${d.kind} ${d.amount} ${d.ledger} point(s)`;
    case 'game.ended': return `The game has ended: ${fields(d)}`;
    default: return [e.type, fields(d)].filter(Boolean).join(' · ');
  }
}

export function citationsOf(e) {
  const d = e.data || {};
  return d.citations || d.cite || [];
}

// Combat results (Ad-Dr, Dr, Ex...) as <abbr> with their meaning; "(placeholder ...)" and
// "(inferred ...)" marked as reconstructed data.
function words(text, terms) {
  const keys = Object.keys(terms || {}).sort((a, b) => b.length - a.length).map((k) => k.replace(/[-]/g, '\\-'));
  const pattern = new RegExp(`(\\((?:placeholder|inferred)[^)]*\\))${keys.length ? `|(?<![\\w-])(${keys.join('|')})(?![\\w-])` : ''}`, 'g');
  const out = [];
  let last = 0;
  for (const m of text.matchAll(pattern)) {
    out.push(text.slice(last, m.index));
    out.push(m[1] ? el('span', { class: 'reconstructed', title: 'reconstructed data: not printed in the rulebook' }, m[1])
      : el('abbr', { title: terms[m[2]] }, m[2]));
    last = m.index + m[0].length;
  }
  out.push(text.slice(last));
  return out;
}

// An <li> for the history feed or (citations open) a ruling's effects. `terms`: the names' key.
export function eventItem(e, { open = false, terms = {} } = {}) {
  const d = e.data || {};
  const verdict = e.type === 'ruling' ? d.verdict : e.type === 'adjudication.failed' ? 'failed' : null;
  const rolls = e.hidden ? [] : rollsOf(d);
  const cites = citationsOf(e);
  const text = e.text || summary(e);
  const item = el('li', { class: `event ${e.hidden ? 'hidden' : ''} ${verdict ? `verdict-${verdict}` : ''}`, 'data-version': e.version, 'data-type': e.type },
    el('a', { class: 'version', href: `?at=${e.version}`, title: `the map after event ${e.version} (${e.type})` }, `#${e.version}`), ' ',
    verdict ? el('span', { class: `badge ${verdict}` }, verdict) : null, verdict ? ' ' : null,
    el('span', { class: 'text' }, words(text, terms)),
    rolls.map((r) => el('span', { class: 'die', title: `${rollText(r)}: draw ${r.draw} of command ${r.command}, ${r.chain} chain` }, `d${r.sides}: ${r.value}`)));
  if (!e.hidden) {
    const shown = Object.fromEntries(Object.entries(d).filter(([k]) => !SKIP.has(k)));
    if (Object.keys(shown).length) {
      item.append(el('details', { class: 'data' }, el('summary', {}, 'fields'), el('pre', {}, JSON.stringify(shown, null, 1))));
    }
  }
  if (cites.length) {
    item.append(el('details', { class: 'citations', open }, el('summary', {}, `${cites.length} citation${cites.length > 1 ? 's' : ''}`),
      el('ul', {}, cites.map((c) => el('li', { class: 'citation' }, citationText(c))))));
  }
  return item;
}
