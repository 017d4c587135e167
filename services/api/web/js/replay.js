// Replay: the points of the log one may step to (by command, by phase, by turn) and the controls.
// A point is a version of the log: the page shows the state after it (GET state?at=N), and the
// address carries it (?at=N) so it can be shared. No point given: the game as it is now.

import { el } from './dom.js';

const COMMANDS = new Set(['order.submitted', 'system.command']);

// The versions worth stopping at: after each command is fully ruled (just before the next one),
// at each phase's start, at each turn's start. `events` in log order; `head` the last version.
export function points(events, head) {
  const command = [], phase = [], turn = [];
  let lastTurn = null;
  events.forEach((e, i) => {
    const next = events[i + 1];
    if (next && COMMANDS.has(next.type)) command.push(e.version);
    if (e.type === 'phase.advanced') {
      phase.push(e.version);
      const t = e.data?.clock?.turn;
      if (t !== lastTurn) turn.push(e.version);
      lastTurn = t;
    }
  });
  return { command: [...command, head], phase, turn };
}

// The next stop after `at` (dir 1) or before it (dir -1) in `stops`; `at` itself never.
export function step(stops, at, dir, head) {
  if (dir > 0) return stops.find((v) => v > at) ?? head;
  for (let i = stops.length - 1; i >= 0; i--) if (stops[i] < at) return stops[i];
  return 1;
}

export function parseAt(search) {
  const raw = new URLSearchParams(search).get('at');
  const n = raw && /^\d+$/.test(raw) ? Number(raw) : null;
  return n && n >= 1 ? n : null;
}

// The controls: buttons by turn, phase and command each way, the slider, and where one is.
export function controls(shown, head, live, go) {
  const button = (id, label, title, to) => el('button', { type: 'button', id, title, onclick: () => go(to) }, label);
  const slider = el('input', { type: 'range', id: 'replay-slider', min: 1, max: Math.max(head, 1), value: shown,
    'aria-label': 'point in the log', oninput: (e) => go({ to: Number(e.target.value) }) });
  return [
    el('div', { class: 'replay-buttons' },
      button('replay-start', '« start', 'the start of the game (Home)', { to: 1 }),
      button('replay-prev-turn', '◀ turn', 'the start of this turn, or the one before (Page Up)', { by: 'turn', dir: -1 }),
      button('replay-prev-phase', '◀ phase', 'the previous phase (Shift+←)', { by: 'phase', dir: -1 }),
      button('replay-prev', '◀ order', 'the previous order, ruled (←)', { by: 'command', dir: -1 }),
      button('replay-next', 'order ▶', 'the next order, ruled (→)', { by: 'command', dir: 1 }),
      button('replay-next-phase', 'phase ▶', 'the next phase (Shift+→)', { by: 'phase', dir: 1 }),
      button('replay-next-turn', 'turn ▶', 'the next turn (Page Down)', { by: 'turn', dir: 1 }),
      button('replay-live', live ? '● now' : 'now »', 'the game as it is now (End)', { to: head })),
    slider,
    el('p', { class: 'replay-where', id: 'replay-where' }, live ? `Now: event ${head} of ${head}.`
      : `Replaying: the map after event ${shown} of ${head}. Orders are given only at the present.`),
  ];
}

// Keys: ←/→ by order, Shift+←/→ by phase, Page Up/Down by turn, Home/End.
export function keyMove(e) {
  if (e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowLeft': return { by: e.shiftKey ? 'phase' : 'command', dir: -1 };
    case 'ArrowRight': return { by: e.shiftKey ? 'phase' : 'command', dir: 1 };
    case 'PageUp': return { by: 'turn', dir: -1 };
    case 'PageDown': return { by: 'turn', dir: 1 };
    case 'Home': return { to: 1 };
    case 'End': return { to: Infinity };
    default: return null;
  }
}
