// The HTTP API as the pages use it: JSON calls with the bearer token, and the SSE stream read
// with fetch (EventSource cannot send an Authorization header).

export class ApiError extends Error {
  constructor(status, error) {
    super(error?.message || `HTTP ${status}`);
    this.status = status;
    this.code = error?.code || `http_${status}`;
    this.details = error?.details || {};
  }
}

export function client(token) {
  const auth = token ? { Authorization: `Bearer ${token}` } : {};

  async function call(method, path, body, headers = {}) {
    const init = { method, headers: { ...auth, ...headers } };
    if (body !== undefined) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const r = await fetch(path, init);
    const text = await r.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch { data = null; }
    if (!r.ok) throw new ApiError(r.status, data?.error || { message: text.slice(0, 200) });
    return { status: r.status, data, text };
  }

  return {
    get: async (path) => (await call('GET', path)).data,
    text: async (path) => (await call('GET', path)).text,
    post: (path, body, headers) => call('POST', path, body, headers),
    stream: (path, signal) => sse(path, auth, signal),
  };
}

async function* sse(path, auth, signal) {
  const r = await fetch(path, { headers: { ...auth, Accept: 'text/event-stream' }, signal });
  if (!r.ok) throw new ApiError(r.status, (await r.json().catch(() => null))?.error);
  const reader = r.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value.replace(/\r\n/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const message = parseBlock(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      if (message) yield message;
    }
  }
}

function parseBlock(block) {
  let event = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (!line || line.startsWith(':')) continue; // a comment: the server's keep-alive
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  return data.length ? { event, data: JSON.parse(data.join('\n')) } : null;
}

// An Idempotency-Key; crypto.randomUUID needs a secure context, getRandomValues does not.
export function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return 'web-' + Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The seat token: from a link's fragment (#token=...), kept in this browser per game.
export function tokenFor(gameId) {
  const key = `umpire.token.${gameId}`;
  const given = new URLSearchParams(location.hash.slice(1)).get('token');
  if (given) {
    localStorage.setItem(key, given);
    history.replaceState(null, '', location.pathname + location.search); // out of sight, out of screenshots
    return given;
  }
  return localStorage.getItem(key);
}

export function forgetToken(gameId) {
  localStorage.removeItem(`umpire.token.${gameId}`);
}
