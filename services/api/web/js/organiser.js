// The organiser's list: every game with its scenario, status, turn, who is to act, how long since
// the last order, and its result; filters by status, scenario and "waiting for a seat". Reads
// only GET /v1/games, GET /v1/games/{id}/names and the log's last events.

import { client } from './api.js';
import { el, fill } from './dom.js';

const $ = (id) => document.getElementById(id);
const KEY = 'umpire.organiser';
const COMMANDS = new Set(['order.submitted', 'system.command']);
const TAIL = 20; // the last events read per game to find its last order

function tokenGiven() {
  const given = new URLSearchParams(location.hash.slice(1)).get('token');
  if (given) {
    localStorage.setItem(KEY, given);
    history.replaceState(null, '', location.pathname + location.search);
  }
  return localStorage.getItem(KEY);
}

export function ago(iso, now = Date.now()) {
  const s = Math.max(0, Math.round((now - Date.parse(iso)) / 1000));
  if (s < 60) return `${s} s ago`;
  if (s < 3600) return `${Math.floor(s / 60)} min ago`;
  if (s < 86400) return `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min ago`;
  return `${Math.floor(s / 86400)} days ago`;
}

async function details(api, g) {
  const [names, tail] = await Promise.all([
    api.get(`/v1/games/${encodeURIComponent(g.id)}/names`),
    api.get(`/v1/games/${encodeURIComponent(g.id)}/events?after=${Math.max(0, g.version - TAIL)}&limit=${TAIL}`),
  ]);
  const events = tail.events;
  const last = [...events].reverse().find((e) => COMMANDS.has(e.type)) || events[events.length - 1];
  return { names, lastAt: last?.recorded_at || null, lastIsOrder: !!last && COMMANDS.has(last.type) };
}

function row(g, d, now) {
  const page = `/play/${encodeURIComponent(g.id)}`;
  const toAct = g.to_act.map((s) => d.names.seats[s] || s).join(', ');
  const result = g.result ? `${g.result.level}${g.result.winner ? ` (${d.names.seats[g.result.winner] || g.result.winner})` : ''}` : '';
  return el('tr', { 'data-game': g.id, 'data-status': g.status },
    el('td', {}, el('a', { href: page, title: g.id }, g.id.slice(0, 8)), g.official ? '' : el('span', { class: 'small' }, ' fork')),
    el('td', { class: 'scenario' }, g.scenario),
    el('td', { class: `status ${g.status}` }, g.status),
    el('td', { class: 'turn' }, g.label),
    el('td', { class: 'to-act' }, toAct || (g.status === 'active' ? 'the umpire is ruling' : '—')),
    el('td', { class: 'since', title: d.lastAt || '' }, d.lastAt ? `${ago(d.lastAt, now)}${d.lastIsOrder ? '' : ' (last event)'}` : '—'),
    el('td', { class: 'result' }, result),
    el('td', { class: 'links' }, el('a', { href: page }, 'page'), ' · ',
      el('a', { href: `/v1/games/${encodeURIComponent(g.id)}/export?format=text` }, 'record'), ' · ',
      el('a', { href: `/referee/${encodeURIComponent(g.id)}` }, 'referee desk')));
}

async function load(api) {
  const status = $('status').value;
  const all = [];
  for (let after = null; ;) {
    const q = new URLSearchParams({ limit: '1000', ...(status ? { status } : {}), ...(after ? { after } : {}) });
    const page = (await api.get(`/v1/games?${q}`)).games;
    all.push(...page);
    if (page.length < 1000) break;
    after = page[page.length - 1].id;
  }
  const scenarios = [...new Set(all.map((g) => g.scenario))].sort();
  const chosen = $('scenario-filter').value;
  fill($('scenario-filter'), el('option', { value: '' }, 'all'), scenarios.map((s) => el('option', { value: s, selected: s === chosen }, s)));
  const shown = all.filter((g) => (!chosen || g.scenario === chosen) && (!$('waiting').checked || g.to_act.length));
  const info = await Promise.all(shown.map((g) => details(api, g)));
  const now = Date.now();
  fill($('games').tBodies[0], shown.map((g, i) => row(g, info[i], now)));
  fill($('count'), `${shown.length} of ${all.length} game${all.length === 1 ? '' : 's'}`);
  document.body.dataset.ready = '1';
}

function showProblem(err) {
  fill($('problem'), el('p', {}, `${err.message}${err.code ? ` (${err.code})` : ''}`));
  $('problem').hidden = false;
}

function start() {
  const token = tokenGiven();
  $('forget').addEventListener('click', () => { localStorage.removeItem(KEY); location.reload(); });
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    localStorage.setItem(KEY, $('token').value.trim());
    location.reload();
  });
  if (!token) {
    $('token-form').hidden = false;
    document.body.dataset.ready = '1';
    return;
  }
  const api = client(token);
  const reload = () => { document.body.dataset.ready = '0'; load(api).catch(showProblem); };
  for (const id of ['status', 'scenario-filter', 'waiting']) $(id).addEventListener('change', reload);
  reload();
}

start();
