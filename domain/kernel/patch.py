"""Structural changes between two states, and applying them: how an order is taken back.

A state is a tree of frozen msgspec Structs and dicts; unchanged branches are the same objects
(effects replace only what they touch), so the changes between the states before and after one
order are found by walking only what differs. Each change names a path of field names and dict
keys and the value to put there (as plain JSON data, so a change reads the same from memory and
from the log) or that the dict entry is to go.
"""
from __future__ import annotations

import typing
from typing import Any

import msgspec
from msgspec.structs import replace

_json = msgspec.json.Encoder(order="deterministic")  # the same bytes in every process


class Change(msgspec.Struct, frozen=True, kw_only=True, omit_defaults=True):
    path: tuple[str, ...]
    value: Any = None
    absent: bool = False  # remove the dict entry at `path`
    keep: int | None = None  # keep only the first `keep` items of the tuple at `path` (undoing appends)


def changes(frm: Any, to: Any) -> tuple[Change, ...]:
    """The changes that turn `frm` into `to` (two states of one type), in a stable order."""
    out: list[Change] = []
    _diff(frm, to, (), out)
    return tuple(out)


def _diff(a: Any, b: Any, path: tuple[str, ...], out: list[Change]) -> None:
    if a is b:
        return
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            _diff(getattr(a, name), getattr(b, name), path + (name,), out)
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a.keys() | b.keys(), key=str):
            at = path + (str(key),)
            if key not in b:
                out.append(Change(path=at, absent=True))
            elif key not in a:
                out.append(Change(path=at, value=_plain(b[key])))
            else:
                _diff(a[key], b[key], at, out)
        return
    if isinstance(a, tuple) and isinstance(b, tuple) and len(b) < len(a) and a[:len(b)] == b:
        out.append(Change(path=path, keep=len(b)))  # a list that grew by appends: say where to cut it
    elif a != b:
        out.append(Change(path=path, value=_plain(b)))


def _plain(value: Any) -> Any:
    return msgspec.json.decode(_json.encode(value))


def apply(state: Any, changes: tuple[Change, ...]) -> Any:
    """`state` with each change made, values typed as the state's own fields declare them."""
    for c in changes:
        state = _set(state, type(state), c.path, c)
    return state


def _set(obj: Any, declared: Any, path: tuple[str, ...], c: Change) -> Any:
    head, rest = path[0], path[1:]
    if isinstance(obj, msgspec.Struct):
        typ = _field_types(type(obj))[head]
        new = _set(getattr(obj, head), typ, rest, c) if rest else _value(getattr(obj, head), typ, c)
        return replace(obj, **{head: new})
    key_type, value_type = _dict_args(declared)
    key = msgspec.convert(head, key_type, strict=False)
    out = dict(obj)
    if rest:
        out[key] = _set(out[key], value_type, rest, c)
    elif c.absent:
        del out[key]
    else:
        out[key] = _value(out.get(key), value_type, c)
    return out


def _value(current: Any, typ: Any, c: Change) -> Any:
    return current[:c.keep] if c.keep is not None else msgspec.convert(c.value, typ)


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def _field_types(cls: type) -> dict[str, Any]:
    found = _FIELD_TYPES.get(cls)
    if found is None:
        found = _FIELD_TYPES[cls] = {f.name: f.type for f in msgspec.structs.fields(cls)}
    return found


def _dict_args(declared: Any) -> tuple[Any, Any]:
    """The key and value types of a field declared as a dict (or an optional dict)."""
    for t in (declared, *typing.get_args(declared)):
        if typing.get_origin(t) is dict:
            return typing.get_args(t)
    return Any, Any
