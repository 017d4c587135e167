// The start page: find the game a seat token belongs to (GET /v1/me) and open its page.

import { client } from './api.js';

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
    message.textContent = `This is a ${me.role} token: give the game id too.`;
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
