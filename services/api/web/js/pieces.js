// How a piece of the caller's view looks on the map: its colour (by nationality where the game
// gives one, else by side), its NATO symbol by unit type, its size and values, its tooltip. A
// marker is drawn the same whatever is under it: the view gives only its handle.

import { unitName } from './orders.js';

const SIDE_COLOURS = { blue: '#3563b8', red: '#b8322a', allied: '#6d7f2c', german: '#5d6b78' };
const PALETTE = ['#3563b8', '#b8322a', '#6d7f2c', '#5d6b78', '#8a5a9e', '#a06a1c'];
// Wargame convention: US olive, British khaki, Canadian red-brown, Polish purple, French blue, German field grey.
export const NATIONALITY_COLOURS = { US: '#5f7428', UK: '#9c7a45', Ca: '#9a4a2c', Poles: '#7b4f91', Fr: '#2f5fa8', German: '#56626e' };
const NATIONALITY_NAMES = { US: 'American', UK: 'British', Ca: 'Canadian', Poles: 'Polish', Fr: 'French', German: 'German' };
// Unit type -> the NATO symbol drawn in the counter's box; types without one are written out.
export const SYMBOLS = {
  infantry: 'infantry', motorized_infantry: 'motorized', armored_infantry: 'mechanized', mechanized: 'mechanized',
  armor: 'armour', armour: 'armour', paratroop: 'airborne', airborne: 'airborne', airlanding: 'airborne',
  scout: 'recce', supply: 'supply', truck: 'transport',
};
export const SYMBOL_NAMES = { infantry: 'infantry', motorized: 'motorised infantry', mechanized: 'mechanised (armoured) infantry',
  armour: 'armour', airborne: 'airborne (paratroop, airlanding)', recce: 'reconnaissance', supply: 'supply', transport: 'truck' };
const SHORT = { pipeline: 'PIPE', naval_supply: 'NAVAL', dummy: 'dummy', delay_marker: 'DELAY', airdrop_marker: 'DROP', battlegroup: 'BG' };

export const nationality = (u) => u.nat || u.nationality || null;
export const nationalityName = (n) => NATIONALITY_NAMES[n] || n;

export function sideColours(sides) {
  const out = {};
  sides.forEach((s, i) => { out[s.id] = SIDE_COLOURS[s.id] || PALETTE[i % PALETTE.length]; });
  return out;
}

export function looks(u, colours) {
  const side = colours[u.side] || '#777';
  if (u.marker && u.kind === undefined && u.type === undefined) {
    return { id: u.id, side: u.side, marker: true, colour: side, lines: ['?'], title: `a ${u.side} marker: a unit or a dummy` };
  }
  const kind = u.kind || u.type || '';
  const nat = nationality(u);
  const colour = NATIONALITY_COLOURS[nat] || side;
  const symbol = SYMBOLS[kind] || null;
  const values = (u.strength || u.ma) ? `${u.strength ?? '-'}-${u.ma ?? '-'}` : '';
  const facts = [unitName(u.id), nat && nationalityName(nat), kind.replaceAll('_', ' '), values && `strength-movement ${values}`,
    u.hex && `in ${u.hex}`, u.supply && `supply: ${u.supply}`, u.disrupted ? 'disrupted' : '',
    u.marker ? 'hidden from the enemy (marker)' : '', u.concealed ? 'concealed from the enemy' : ''];
  return { id: u.id, side: u.side, marker: !!u.marker, colour, symbol, size: u.size || '', disrupted: !!u.disrupted,
    lines: symbol ? [values || ''] : [SHORT[kind] || kind.slice(0, 5), values].filter(Boolean), title: facts.filter(Boolean).join(', ') };
}
