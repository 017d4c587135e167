// The start page: find the game a seat token belongs to (GET /v1/me) and open its page.

import { client } from './api.js';
import { el } from './dom.js';

const form = document.getElementById('token-form');
const message = document.getElementById('message');
const open = (game, token) => {
  location.href = `/play/${encodeURIComponent(game)}${token ? `#token=${encodeURIComponent(token)}` : ''}`;
};

async function go(token, game) {
  message.textContent = '';
  if (!token) return game ? open(game, '') : undefined;
  try {
    const me = await client(token).get('/v1/me');
    if (me.role === 'seat') return open(me.game, token);
    if (game) return open(game, token);
    message.textContent = `This is ${article(me.role)} ${me.role} token: give the game id too.`;
  } catch (err) {
    message.textContent = `The token was refused: ${err.message}`;
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  go(form.token.value.trim(), form.game.value.trim());
});
const given = new URLSearchParams(location.hash.slice(1)).get('token');
if (given) {
  history.replaceState(null, '', '/');
  go(given, '');
}

// --- the scenarios, and creating a game with an organiser token ---------------------------------

const $ = (id) => document.getElementById(id);
const ORGANISER = 'umpire.organiser';

function totals(provenance) {
  const t = { rulebook: 0, inferred: 0, placeholder: 0 };
  for (const counts of Object.values(provenance || {})) for (const k of Object.keys(t)) t[k] += counts[k] || 0;
  return t;
}

async function scenarios() {
  const list = (await client(null).get('/v1/scenarios')).scenarios;
  const rows = list.map((s) => {
    const t = totals(s.provenance);
    const turns = s.length?.turns ?? (s.length?.last && s.length?.first ? s.length.last - s.length.first + 1 : '');
    return el('tr', { 'data-scenario': s.id }, el('td', {}, el('strong', {}, s.title), el('br'), el('span', { class: 'small' }, s.id)),
      el('td', {}, s.seats.map((x) => x.name).join(', ')), el('td', {}, turns),
      el('td', {}, t.rulebook), el('td', {}, t.inferred), el('td', { class: t.placeholder ? 'ph' : '' }, t.placeholder));
  });
  $('scenarios').tBodies[0].replaceChildren(...rows);
  $('scenario').replaceChildren(...list.map((s) => el('option', { value: s.id }, `${s.title} (${s.id})`)));
  $('organiser-token').value = localStorage.getItem(ORGANISER) || '';
  document.body.dataset.ready = '1';
}

async function create(e) {
  e.preventDefault();
  const token = $('organiser-token').value.trim();
  const out = $('created');
  out.replaceChildren(el('p', { class: 'hint' }, 'Creating…'));
  try {
    const made = (await client(token).post('/v1/games?wait=10', { scenario: $('scenario').value })).data;
    localStorage.setItem(ORGANISER, token);
    const page = `/play/${encodeURIComponent(made.id)}`;
    out.replaceChildren(el('p', {}, 'Game ', el('a', { href: page, id: 'created-game' }, made.id), ' created. Give each player their link (shown once):'),
      el('ul', { class: 'seat-links' }, Object.entries(made.seats).map(([seat, s]) => {
        const link = `${location.origin}${page}#token=${encodeURIComponent(s.token)}`;
        return el('li', { 'data-seat': seat }, `${seat}: `, el('input', { readonly: true, value: link, size: 40, onfocus: (ev) => ev.target.select() }));
      })),
      el('p', {}, el('a', { href: '/organiser' }, 'All your games'), ' · ', el('a', { href: `/referee/${encodeURIComponent(made.id)}` }, 'its referee desk')));
  } catch (err) {
    out.replaceChildren(el('p', { class: 'problem' }, `Not created: ${err.message} (${err.code})`));
  }
}

$('create-form').addEventListener('submit', create);
scenarios().catch((err) => { message.textContent = `The scenarios could not be read: ${err.message}`; });
