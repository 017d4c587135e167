// A tournament's public page: its standings and every round's games (status, turn, who is to act,
// time left, result), refreshed until the tournament is finished. Reads only
// GET /v1/tournaments/{id} and GET /v1/tournaments/{id}/standings.

import { client } from './api.js';
import { el, fill } from './dom.js';

const $ = (id) => document.getElementById(id);
const REFRESH_MS = 2000;
const id = decodeURIComponent(location.pathname.split('/').pop());
const api = client(null);
const base = `/v1/tournaments/${encodeURIComponent(id)}`;

function standingRow(r) {
  const breaks = Object.entries(r.tiebreaks).map(([k, v]) => `${k.replace(/_/g, ' ')} ${v}`).join(', ');
  return el('tr', {}, el('td', {}, String(r.rank)), el('td', {}, r.name + (r.withdrawn ? ' (withdrawn)' : '')),
    el('td', {}, String(r.points)), el('td', {}, String(r.played)),
    el('td', {}, `${r.won}-${r.drawn}-${r.lost}`), el('td', { class: 'small' }, breaks));
}

function gameRow(g, names) {
  const seats = Object.entries(g.seats).map(([s, e]) => `${s}: ${names[e] || e}`).join(', ');
  const result = g.result ? `${g.result.level}${g.result.winner ? `, ${g.result.winner} wins` : ''}` : '';
  const left = g.time_left === null ? '' : `${Math.max(0, Math.round(g.time_left))} s left`;
  return el('tr', {}, el('td', {}, el('a', { href: `/play/${encodeURIComponent(g.id)}` }, g.id.slice(0, 8))),
    el('td', {}, seats), el('td', {}, g.status), el('td', {}, g.label || ''),
    el('td', {}, (g.to_act_entrants || []).map((e) => names[e] || e).join(', ')), el('td', {}, left), el('td', {}, result));
}

async function refresh() {
  try {
    const [t, s] = await Promise.all([api.get(base), api.get(`${base}/standings`)]);
    const names = Object.fromEntries(t.entrants.map((e) => [e.id, e.name]));
    $('name').textContent = t.name;
    const games = t.rounds.flatMap((r) => r.games);
    const done = games.filter((g) => g.status === 'finished').length;
    $('progress').textContent = `${t.format.replace('_', ' ')} · round ${t.rounds.length} of ${t.rounds_planned} · `
      + `${done}/${games.length} games finished${t.finished ? ' · finished' : ''}`;
    fill($('standings').tBodies[0], ...s.standings.map(standingRow));
    fill($('rounds'), ...t.rounds.slice().reverse().map((r) => el('section', {},
      el('h3', {}, `Round ${r.round}${r.byes.length ? ` (bye: ${r.byes.map((e) => names[e] || e).join(', ')})` : ''}`),
      el('div', { class: 'table-wrap' }, el('table', {},
        el('thead', {}, el('tr', {}, ...['Game', 'Seats', 'Status', 'Turn', 'To act', 'Time', 'Result'].map((h) => el('th', {}, h)))),
        el('tbody', {}, ...r.games.map((g) => gameRow(g, names))))))));
    $('problem').hidden = true;
    if (!t.finished) setTimeout(refresh, REFRESH_MS);
  } catch (e) {
    $('problem').textContent = e.message;
    $('problem').hidden = false;
    setTimeout(refresh, REFRESH_MS * 2);
  }
}

$('csv').href = `${base}/standings?format=csv`;
$('export').href = `${base}/export`;
refresh();
