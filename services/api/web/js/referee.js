// The referee's desk for one game: its disputes, and the hidden claims it confirms; for one, the disputed ruling as the audit reports
// it (GET /audit), the map before and after side by side with what changed marked, the dice with
// their derivation and the ruling's citations; resolving it with the verdicts the API lists,
// issuing a correction, verifying the log, the head link to record. All through the public API.

import { client, forgetToken, newKey, tokenFor } from './api.js';
import { el, fill } from './dom.js';
import { citationText, eventItem } from './history.js';
import { Board } from './map.js';
import { placeName, setNames, terms, unitName } from './orders.js';
import { looks, sideColours } from './pieces.js';

const $ = (id) => document.getElementById(id);
const gameId = decodeURIComponent(location.pathname.split('/').filter(Boolean).pop());
const token = tokenFor(gameId);
const api = client(token);
const base = `/v1/games/${encodeURIComponent(gameId)}`;
const COMMANDS = new Set(['order.submitted', 'system.command']);

const desk = { names: null, colours: {}, events: [], svg: null, boards: null, disputes: null, open: null, me: null };

async function history() {
  const out = [];
  for (;;) {
    const page = (await api.get(`${base}/history?after=${out.length ? out[out.length - 1].version : 0}&limit=1000`)).events;
    out.push(...page);
    if (page.length < 1000) return out;
  }
}

// --- what changed between two views --------------------------------------------------------

export function differences(before, after) {
  const was = new Map((before.game?.units || []).map((u) => [u.id, u]));
  const now = new Map((after.game?.units || []).map((u) => [u.id, u]));
  const out = [];
  for (const [id, u] of was) {
    const v = now.get(id);
    if (u.hex && (!v || !v.hex)) out.push({ kind: 'gone', unit: id, from: u.hex, text: `${unitName(id)} removed from ${placeName(u.hex)}` });
    else if (v && u.hex !== v.hex) out.push({ kind: 'moved', unit: id, from: u.hex, to: v.hex, text: `${unitName(id)} ${placeName(u.hex)} → ${placeName(v.hex)}` });
    if (v && u.supply !== v.supply && v.hex) out.push({ kind: 'supply', unit: id, to: v.hex, text: `${unitName(id)}: supply ${u.supply ?? '—'} → ${v.supply ?? '—'}` });
    if (v && !!u.disrupted !== !!v.disrupted) out.push({ kind: 'state', unit: id, to: v.hex, text: `${unitName(id)} ${v.disrupted ? 'disrupted' : 'no longer disrupted'}` });
  }
  for (const [id, v] of now) {
    if (v.hex && !was.get(id)?.hex) out.push({ kind: 'arrived', unit: id, to: v.hex, text: `${unitName(id)} placed in ${placeName(v.hex)}` });
  }
  for (const [k, l] of Object.entries(after.ledgers || {})) {
    const b = before.ledgers?.[k]?.balance ?? 0;
    if (b !== l.balance) out.push({ kind: 'ledger', text: `${k.replace(':', ' of ')}: ${b} → ${l.balance}` });
  }
  return out;
}

function stacks(view) {
  const byHex = new Map();
  for (const u of (view.game?.units || []).filter((x) => x.hex)) {
    if (!byHex.has(u.hex)) byHex.set(u.hex, []);
    byHex.get(u.hex).push(looks(u, desk.colours));
  }
  return [...byHex].map(([hex, units]) => ({ hex, units }));
}

function boards() {
  if (!desk.boards) { // loaded once the section shows: an unseen SVG has no size to fit
    desk.boards = ['before', 'after'].map((id) => {
      const b = new Board($(id).querySelector('.map'), () => {});
      b.load(desk.svg);
      return b;
    });
  }
  return desk.boards;
}

// --- a dispute examined ------------------------------------------------------------------------

function commandOf(version) {
  const e = desk.events.find((x) => x.version === version);
  if (e && COMMANDS.has(e.type)) return version;
  const ruling = [...desk.events].reverse().find((x) => x.version <= version && x.type === 'ruling');
  return ruling?.data?.adjudicates ?? null;
}

async function examine(d, { keep = false } = {}) {
  desk.open = d;
  $('examine').hidden = false;
  const said = (v) => desk.events.find((x) => x.version === v)?.text || `event #${v}`;
  fill($('disputed'), el('strong', {}, `Dispute ${d.id}`), ` by ${desk.names.seats[d.seat] || d.seat} on event #${d.event}: `,
    el('q', {}, d.reason), el('br'), `The event: ${said(d.event)}`);
  const c = commandOf(d.event);
  const report = c ? (await api.get(`${base}/audit?from=${c}&to=${c}`)).commands[0] : null;
  if (!report) {
    fill($('command'), 'No ruled command holds this event: there is nothing to compare.');
    return;
  }
  fill($('command'), `The command #${c}: ${said(c)}${report.sent_by ? ` (sent by ${report.sent_by})` : ''}; `
    + `judged at ${report.judged_on.label}; ${said(report.ruling.version)}`);
  const beforeV = report.judged_on.version;
  const afterV = Math.max(report.ruling.version, ...report.effects.map((e) => e.version));
  const [sb, sa] = await Promise.all([api.get(`${base}/state?at=${beforeV}`), api.get(`${base}/state?at=${afterV}`)]);
  const changes = differences(sb.view, sa.view);
  const [before, after] = boards();
  before.drawUnits(stacks(sb.view));
  after.drawUnits(stacks(sa.view));
  before.mark({ 'moved-from': changes.filter((x) => x.kind === 'moved').map((x) => x.from),
    gone: changes.filter((x) => x.kind === 'gone').map((x) => x.from) });
  after.mark({ 'moved-to': changes.filter((x) => x.kind === 'moved' || x.kind === 'arrived').map((x) => x.to),
    changed: changes.filter((x) => x.kind === 'supply' || x.kind === 'state').map((x) => x.to) });
  const hexes = changes.flatMap((x) => [x.from, x.to]).filter(Boolean);
  const ruled = report.effects.map((e) => e.data?.hex).filter((h) => typeof h === 'string');
  for (const b of [before, after]) b.fit(hexes.length ? hexes : ruled);
  $('before').querySelector('figcaption').textContent = `Before: the map after event #${beforeV}`;
  $('after').querySelector('figcaption').textContent = `After: the map after event #${afterV}`;
  document.body.dataset.before = beforeV;
  document.body.dataset.after = afterV;
  fill($('differences'), changes.length ? changes.map((x) => el('li', { class: `change ${x.kind}` }, x.text))
    : el('li', { class: 'hint' }, 'Nothing on the map or in the ledgers changed.'));
  fill($('effects'), report.effects.map((e) => eventItem({ ...e, text: said(e.version) }, { terms: terms() })));
  fill($('dice'), report.dice.length ? report.dice.map((r) => el('li', { class: 'roll' },
    el('span', { class: 'die' }, `d${r.sides}: ${r.value}`),
    ` for ${r.purpose} (${said(r.version)}): ${r.chain} chain, epoch ${r.epoch}, command ${r.command}, draw ${r.draw}`
    + `${r.attempts > 1 ? `, attempt ${r.attempts}` : ''}. ${r.derivation}`)) : el('li', { class: 'hint' }, 'No die was rolled.'));
  const cites = [...(report.ruling.data?.citations || []), ...report.effects.flatMap((e) => e.data?.cite || [])];
  const unique = [...new Map(cites.map((x) => [JSON.stringify(x), x])).values()];
  fill($('citations'), unique.map((x) => el('li', { class: 'citation' }, citationText(x))));
  fill($('raw-diff'), JSON.stringify(report.diff, null, 1));
  fill($('verdicts'), desk.disputes.verdicts.map((v) => el('button', { type: 'button', class: 'verdict-button', 'data-verdict': v,
    disabled: d.state !== 'open', onclick: () => resolve(d, v) }, `Resolve: ${v}`)));
  if (!keep) fill($('outcome'), d.state === 'open' ? '' : `This dispute is ${d.state}.`); // else: what was just done
  document.body.dataset.examined = d.id;
}

async function referee(order, what) {
  try {
    const r = await api.post(`${base}/referee?wait=10`, { order }, { 'Idempotency-Key': newKey() });
    const ruling = r.data.ruling;
    fill($('outcome'), el('span', { class: `verdict ${ruling?.verdict || ''}`, id: 'outcome-verdict' }, `${what}: ${ruling?.verdict || 'in the log'}`),
      ruling?.message ? ` ${ruling.message}` : '', ruling?.code ? ` [${ruling.code}]` : '');
  } catch (err) {
    fill($('outcome'), el('span', { class: 'verdict rejected', id: 'outcome-verdict' }, `${what}: not sent: ${err.message} (${err.code})`));
  }
  await refresh();
}

async function resolve(d, verdict) {
  const resolution = $('resolution').value.trim();
  if (!resolution) {
    fill($('outcome'), 'Write the resolution first: the seats read it.');
    return;
  }
  await referee({ type: 'resolve_dispute', id: d.id, verdict, resolution }, `Dispute ${d.id}`);
}

async function correct(e) {
  e.preventDefault();
  let effects;
  try {
    effects = JSON.parse($('correction-effects').value || '[]');
  } catch (err) {
    fill($('outcome'), `The effects are not JSON: ${err.message}`);
    return;
  }
  await referee({ type: 'correct', effects, reason: $('correction-reason').value.trim(), dispute: desk.open?.id ?? null,
    citation: { kind: 'house', name: `referee ${desk.me?.name || ''}`.trim(), text: $('correction-rule').value.trim() } }, 'Correction');
}

// --- the lists -----------------------------------------------------------------------------------

function renderHead(summary) {
  const line = `${summary.version}:${summary.head_link}`;
  fill($('head'), `${summary.label} · ${summary.status} · event ${summary.version}, head link `, el('code', { id: 'head-link' }, summary.head_link.slice(0, 16) + '…'), ' ',
    el('button', { type: 'button', id: 'copy-head', onclick: () => copy(`umpire verify ${gameId}.ndjson --head ${line}`) }, 'Copy the head link'),
    el('span', { id: 'copied', class: 'small' }));
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    fill($('copied'), ' copied');
  } catch { // no clipboard outside a secure context: show it to copy by hand
    fill($('copied'), ' ', el('input', { value: text, readonly: true, size: 60, onfocus: (e) => e.target.select() }));
  }
}

function renderDisputes() {
  const resolved = new Map(desk.events.filter((e) => e.type === 'dispute.resolved').map((e) => [e.data.id, e]));
  const list = desk.disputes.disputes;
  fill($('disputes'), list.length ? list.map((d) => el('li', { class: `dispute ${d.state}`, 'data-dispute': d.id },
    el('span', { class: `badge ${d.state === 'open' ? 'open' : d.state}` }, d.state), ' ',
    `Dispute ${d.id}: ${desk.names.seats[d.seat] || d.seat} disputes event #${d.event}: “${d.reason}”`,
    resolved.get(d.id) ? el('span', { class: 'small' }, ` (${resolved.get(d.id).text})`) : '', ' ',
    el('button', { type: 'button', class: 'examine', onclick: () => examine(d) }, 'Examine'))) : el('li', { class: 'hint' }, 'No disputes in this game.'));
}

// Attestations the referee confirms (hidden claims): the referee's GET /legal lists their `settle`;
// the claim itself is read from the referee's view of the state.
function renderToConfirm(legal, view) {
  const settles = legal.orders.filter((o) => o.type === 'settle' && view.attestations?.[o.id]?.state === 'asserted');
  fill($('to-confirm'), settles.length ? settles.map((o) => {
    const a = view.attestations[o.id];
    return el('li', { class: 'dispute open', 'data-attestation': o.id },
      `${o.id}: ${desk.names.seats[a.asserter] || a.asserter} claims “${a.predicate}”: `, el('code', {}, String(o.value)), ' ',
      el('button', { type: 'button', class: 'confirm-claim', onclick: () => referee(o, `Claim ${o.id}`) }, 'Confirm'));
  }) : el('li', { class: 'hint' }, 'No claim waits for the referee.'));
}

async function refresh() {
  const mine = desk.me?.role === 'referee'; // only a referee has orders of its own to list
  const [summary, disputes, events, legal, state] = await Promise.all([api.get(base), api.get(`${base}/disputes`), history(),
    mine ? api.get(`${base}/legal`) : { orders: [] }, api.get(`${base}/state`)]);
  desk.disputes = disputes;
  desk.events = events;
  renderHead(summary);
  renderDisputes();
  renderToConfirm(legal, state.view);
  if (desk.open) {
    const again = disputes.disputes.find((d) => d.id === desk.open.id);
    if (again) await examine(again, { keep: true });
  }
  document.body.dataset.version = summary.version;
}

async function verify() {
  fill($('verify-report'), 'Verifying: every ruling is adjudicated again…');
  try {
    const r = (await api.post(`${base}/verify`)).data;
    const { ok, ...rest } = r;
    fill($('verify-report'), el('strong', { id: 'verify-ok', class: ok ? 'ok' : 'bad' }, ok ? 'The log verifies.' : 'The log does NOT verify.'),
      '\n', JSON.stringify(rest, null, 1));
  } catch (err) {
    fill($('verify-report'), `Not verified: ${err.message} (${err.code})`);
  }
}

function showProblem(err) {
  fill($('problem'), el('p', {}, `${err.message}${err.code ? ` (${err.code})` : ''}`));
  $('problem').hidden = false;
}

async function start() {
  $('game-page').href = `/play/${encodeURIComponent(gameId)}`;
  $('forget').addEventListener('click', () => { forgetToken(gameId); location.reload(); });
  $('token-form').addEventListener('submit', (e) => {
    e.preventDefault();
    location.hash = `token=${encodeURIComponent($('token').value.trim())}`;
    location.reload();
  });
  $('correct').addEventListener('submit', correct);
  $('verify').addEventListener('click', verify);
  if (!token) {
    $('token-form').hidden = false;
    document.body.dataset.ready = '1';
    return;
  }
  desk.me = await api.get('/v1/me');
  if (desk.me.role !== 'referee') {
    showProblem(new Error(`This is ${/^[aeiou]/.test(desk.me.role) ? "an" : "a"} ${desk.me.role} token: the desk reads with it, but only a referee token resolves disputes and issues corrections.`));
  }
  const [names, genesis, svg] = await Promise.all([api.get(`${base}/names`), api.get(`${base}/events?after=0&limit=1`), api.text(`${base}/map.svg`)]);
  setNames(names);
  desk.names = names;
  desk.svg = svg;
  desk.colours = sideColours(genesis.events[0]?.data?.layout?.sides || []);
  fill($('heading'), el('h1', {}, 'Referee desk'), el('p', { class: 'who' }, `${genesis.events[0]?.data?.ruleset || ''} · scenario ${genesis.events[0]?.data?.scenario || ''} · game ${gameId}`));
  await refresh();
  document.body.dataset.ready = '1';
}

start().catch(showProblem);
