// Building DOM nodes. Text always goes in as text: nothing from the server is parsed as HTML.

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else if (k === 'class') node.className = v;
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c !== undefined && c !== null && c !== false) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}

export function fill(node, ...children) {
  node.replaceChildren();
  for (const c of children.flat()) {
    if (c !== undefined && c !== null && c !== false) node.append(c instanceof Node ? c : String(c));
  }
  return node;
}
