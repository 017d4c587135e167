"""Hypothesis strategies for orders of valid shape and random content.

The shape comes from the order types themselves (msgspec.inspect), so every generated order decodes
with the game's codec; the content is drawn from what the game knows (its unit, hex, seat and frame
ids, so the rules get past their first lookups) mixed with anything at all: empty, long, unicode,
quotes, NUL bytes, huge and negative numbers.
"""
from __future__ import annotations

from typing import Any, Iterable

import msgspec
import msgspec.inspect as mi
from hypothesis import strategies as st

NASTY = ("", " ", "'; DROP TABLE event; --", '{"type": "end_phase"}', "../../etc/passwd", "\x00", "0000", "9999",
         "null", "x" * 10_000, "\u202e\u0000\ud7ff", "marker@0303")
JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
                    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
                    max_leaves=8)


def known_strings(state: Any) -> list[str]:
    """Ids a game's orders name: units, hexes, seats, attestations (from the state, as a referee sees it)."""
    out: set[str] = set(state.core.layout.seat_ids())
    out |= set(state.core.attestations)
    for u in getattr(state, "units", {}).values():
        out.add(u.id)
        if getattr(u, "hex", None):
            out.add(u.hex)
    return sorted(out)


def strategy_for(t: mi.Type, words: list[str], ints: list[int]) -> st.SearchStrategy:
    strings = st.sampled_from(words) | st.sampled_from(NASTY) | st.text(max_size=30) if words else st.text()
    numbers = st.sampled_from(ints) | st.integers() if ints else st.integers()
    match t:
        case mi.StrType():
            return strings
        case mi.IntType():
            return numbers
        case mi.BoolType():
            return st.booleans()
        case mi.FloatType():
            return st.floats(allow_nan=False, allow_infinity=False)
        case mi.NoneType():
            return st.none()
        case mi.AnyType():
            return JSON | strings
        case mi.LiteralType(values=values):
            return st.sampled_from(values)
        case mi.ListType(item_type=item) | mi.VarTupleType(item_type=item) | mi.SetType(item_type=item) | mi.FrozenSetType(item_type=item):
            return st.lists(strategy_for(item, words, ints), max_size=5)
        case mi.TupleType(item_types=items):
            return st.tuples(*(strategy_for(i, words, ints) for i in items)).map(list)
        case mi.DictType(key_type=k, value_type=v):
            return st.dictionaries(strategy_for(k, words, ints), strategy_for(v, words, ints), max_size=4)
        case mi.UnionType(types=types):
            return st.one_of(*(strategy_for(x, words, ints) for x in types))
        case mi.StructType():
            return struct_dicts(t, words, ints)
    raise NotImplementedError(f"no strategy for {t!r}: add one")


def struct_dicts(t: mi.StructType, words: list[str], ints: list[int]) -> st.SearchStrategy[dict]:
    """A struct as the JSON object a client sends: its tag, its required fields, some optional ones."""
    required = {f.encode_name: strategy_for(f.type, words, ints) for f in t.fields if f.required}
    optional = {f.encode_name: strategy_for(f.type, words, ints) for f in t.fields if not f.required}
    tag = {t.tag_field: st.just(t.tag)} if t.tag_field else {}
    return st.fixed_dictionaries({**tag, **required}, optional=optional)


def orders(order_union: Any, words: Iterable[str], ints: Iterable[int] = ()) -> st.SearchStrategy[dict]:
    """Order objects (JSON-ready dicts) of valid shape for the union of order types."""
    info = mi.type_info(order_union)
    members = info.types if isinstance(info, mi.UnionType) else (info,)
    words, ints = list(words), list(ints)
    return st.one_of(*(struct_dicts(m, words, ints) for m in members if isinstance(m, mi.StructType)))


def decodes(codec, order: dict) -> bool:
    """Valid shape: the game's codec decodes it (text with lone surrogates, for one, cannot be sent)."""
    try:
        codec.decode_order(msgspec.json.encode(order))
    except (msgspec.ValidationError, msgspec.EncodeError, UnicodeEncodeError):
        return False
    return True
