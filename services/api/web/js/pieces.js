// How a piece of the caller's view looks on the map: its colour, its two lines of text, its
// tooltip. A marker is drawn the same whatever is under it: the view gives only its handle.

const SIDE_COLOURS = { blue: '#3563b8', red: '#b8322a', allied: '#6d7f2c', german: '#5d6b78' };
const PALETTE = ['#3563b8', '#b8322a', '#6d7f2c', '#5d6b78', '#8a5a9e', '#a06a1c'];
const SHORT = { infantry: 'inf', armor: 'arm', armour: 'arm', scout: 'sct', supply: 'SUP', truck: 'TRK', dummy: 'dum',
  pipeline: 'PIPE', artillery: 'art', airborne: 'abn', mechanized: 'mech', battlegroup: 'BG' };

export function sideColours(sides) {
  const out = {};
  sides.forEach((s, i) => { out[s.id] = SIDE_COLOURS[s.id] || PALETTE[i % PALETTE.length]; });
  return out;
}

export function looks(u, colours) {
  const colour = colours[u.side] || '#777';
  if (u.marker && u.kind === undefined && u.type === undefined) {
    return { id: u.id, side: u.side, marker: true, colour, lines: ['?'], title: `a ${u.side} marker: a unit or a dummy` };
  }
  const kind = u.kind || u.type || '';
  const top = u.size || SHORT[kind] || kind.slice(0, 4);
  const values = (u.strength || u.ma) ? `${u.strength ?? '-'}-${u.ma ?? '-'}` : '';
  const facts = [u.id, kind, values && `strength-movement ${values}`, u.hex && `in ${u.hex}`,
    u.supply && `supply: ${u.supply}`, u.disrupted ? 'disrupted' : '', u.marker ? 'hidden from the enemy (marker)' : '',
    u.concealed ? 'concealed from the enemy' : ''];
  return { id: u.id, side: u.side, marker: !!u.marker, colour, lines: values ? [top, values] : [top],
    title: facts.filter(Boolean).join(', ') };
}
