// The log as readable lines: each event the caller may see, rulings with their citations, dice
// shown as dice. Game-specific effects get a generic line built from their fields.

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

// An <li> for the history feed or (citations open) a ruling's effects.
export function eventItem(e, { open = false } = {}) {
  const d = e.data || {};
  const verdict = e.type === 'ruling' ? d.verdict : e.type === 'adjudication.failed' ? 'failed' : null;
  const rolls = e.hidden ? [] : rollsOf(d);
  const cites = citationsOf(e);
  const item = el('li', { class: `event ${e.hidden ? 'hidden' : ''} ${verdict ? `verdict-${verdict}` : ''}`, 'data-version': e.version },
    el('span', { class: 'version' }, `#${e.version}`), ' ',
    verdict ? el('span', { class: `badge ${verdict}` }, verdict) : null, verdict ? ' ' : null,
    el('span', { class: 'text' }, summary(e)),
    rolls.map((r) => el('span', { class: 'die', title: `${rollText(r)}: draw ${r.draw} of command ${r.command}, ${r.chain} chain` }, `d${r.sides}: ${r.value}`)));
  if (!e.hidden && summary(e).includes('{…}')) {
    const shown = Object.fromEntries(Object.entries(d).filter(([k]) => !SKIP.has(k)));
    item.append(el('details', { class: 'data' }, el('summary', {}, 'all fields'), el('pre', {}, JSON.stringify(shown, null, 1))));
  }
  if (cites.length) {
    item.append(el('details', { class: 'citations', open }, el('summary', {}, `${cites.length} citation${cites.length > 1 ? 's' : ''}`),
      el('ul', {}, cites.map((c) => el('li', { class: 'citation' }, citationText(c))))));
  }
  return item;
}
