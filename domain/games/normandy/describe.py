"""Normandy 1944's effects as sentences, in the rulebook's words (Offensive markers, HQs that Pass
or fight, Player 1, the CRT's columns). Units go by their counter id."""
from __future__ import annotations

from typing import Any, Callable, Mapping

from domain.kernel.describe import generic


def _hexes(path) -> str:
    return " → ".join(path or ()) or "nowhere"


def _some(ids, n: int = 8) -> str:
    ids = list(ids)
    return ", ".join(ids[:n]) + (f" and {len(ids) - n} more" if len(ids) > n else "")


def _resolved(e) -> str:
    shifts = ", ".join(f"{k.replace('_', ' ')} {v:+d}" for k, v in (e.get("shifts") or {}).items())
    return (f"Attack {e.get('attack')} against {e.get('defense')}: {e.get('computed_odds')}"
            + (f", shifted ({shifts}) to {e.get('odds')}" if shifts else "")
            + f"; die {e.get('roll')}" + (f" {e.get('drm'):+d}" if e.get("drm") else "") + f" → {e.get('result')}")


def _weather(e) -> str:
    if e.get("roll") is None:
        return f"The weather is {e.get('weather')} (fixed)"
    return (f"Weather die {e.get('roll')} {e.get('modifier'):+d}: {e.get('weather')}"
            + ("; an unmodified 6: storm tests in phases A and B" if e.get("storm_test") else ""))


SAY: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "normandy.step_not_ruled": lambda e: f"Not ruled by this version: {str(e.get('step')).replace('_', ' ')} ({e.get('reason')})",
    "normandy.phase_begun": lambda e: "A new phase begins",
    "normandy.weather": _weather,
    "normandy.storm_test": lambda e: ("Storm test: no test, the weather is " + str(e.get("weather")) if e.get("roll") is None
                                      else f"Storm test die {e.get('roll')}: " + ("a storm" if e.get("storm") else "no storm")),
    "normandy.initiative": lambda e: f"{str(e.get('first')).capitalize()} has the initiative and is Player 1"
                                     + (" (" + ", ".join(f"{k} {v}" for k, v in (e.get("totals") or {}).items()) + ")"
                                        if e.get("totals") else ""),
    "normandy.supply": lambda e: "Supply checked: " + (_some(e.get("unsupplied") or ()) + " out of supply"
                                                       if e.get("unsupplied") else "every unit supplied"),
    "normandy.markers_received": lambda e: f"The {e.get('side')} player receives {e.get('count')} Offensive marker(s)"
                                           + (f" (die {e.get('roll')})" if e.get("roll") else ""),
    "normandy.marker_given": lambda e: (f"An Offensive marker joins {e.get('hq')}" if e.get("hq")
                                        else f"A {e.get('side')} Offensive marker finds no HQ and is lost"),
    "normandy.unit_placed": lambda e: f"{e.get('unit')} is placed in {e.get('at')} ({e.get('reason')})",
    "normandy.unit_moved": lambda e: f"{e.get('unit')} moves {_hexes(e.get('path'))} ({e.get('cost')} of {e.get('allowance')} MP)",
    "normandy.control": lambda e: f"{str(e.get('side')).capitalize()} controls {', '.join(e.get('hexes') or ())}",
    "normandy.seat_done": lambda e: f"{e.get('seat')} has finished the phase",
    "normandy.hq_acted": lambda e: (f"{e.get('hq')} passes" if e.get("action") == "pass" else
                                    f"{e.get('hq')} chooses Combat" + (", spending an Offensive marker" if e.get("marker_spent") else "")),
    "normandy.activation_ended": lambda e: f"{e.get('hq')} is flipped to its finished side",
    "normandy.attack_declared": lambda e: f"{', '.join((e.get('combat') or {}).get('attackers') or ())} attack "
                                          f"{(e.get('combat') or {}).get('hex')}",
    "normandy.replacements": lambda e: (f"German Resources die {e.get('roll')}: "
                                        + (", ".join(f"{v} {k}" for k, v in (e.get("received") or {}).items()) or "no replacement")),
    "normandy.rest_marked": lambda e: f"{e.get('unit')} is put to rest",
    "normandy.rest_lifted": lambda e: f"{e.get('unit')}'s Rest marker is removed"
    + {"owner": "", "enemy_adjacent": " (an enemy unit is adjacent)", "left_the_map": " (it left the map)"}.get(str(e.get("reason")), ""),
    "normandy.step_rebuilt": lambda e: f"{e.get('unit')} regains a step" + (f" ({e.get('kind')} replacement)" if e.get("kind") else ""),
    "normandy.returned_to_reserve": lambda e: f"{e.get('unit')} returns to the Allied strategic reserve",
    "normandy.on_foot": lambda e: f"{e.get('unit')} moves on foot this phase",
    "normandy.airborne_supplied": lambda e: f"Supplied by air: {', '.join(e.get('units') or ())} ({e.get('sp')} SP)",
    "normandy.withheld": lambda e: ("Withheld from the defence: " + ", ".join(e.get("units") or ())) if e.get("units")
    else "Every unit defends",
    "normandy.defensive_support": lambda e: (f"{e.get('hq')} supports the defence" if e.get("hq") else "No defensive support"),
    "normandy.attack_resolved": _resolved,
    "normandy.step_lost": lambda e: f"{e.get('unit')} loses a step" + (f" and is eliminated ({e.get('to')})" if e.get("eliminated") else ""),
    "normandy.hq_destroyed": lambda e: f"{e.get('hq')} is destroyed; it returns in turn {e.get('returns')}",
    "normandy.retreat_begun": lambda e: ("Retreat: " + ", ".join(e.get("units") or ())) if e.get("units") else "Nobody is left to retreat",
    "normandy.unit_retreated": lambda e: f"{e.get('unit')} retreats to {e.get('to')}",
    "normandy.unit_advanced": lambda e: f"{e.get('unit')} advances into {e.get('to')}",
    "normandy.counterattack": lambda e: f"{e.get('hq')} counterattacks {(e.get('combat') or {}).get('hex')} with "
                                        f"{', '.join((e.get('combat') or {}).get('attackers') or ())}",
    "normandy.combat_ended": lambda e: "The combat is over",
    "normandy.hqs_reset": lambda e: "Finished HQs are put on their front side",
    "normandy.reorganised": lambda e: "Disorganised units reorganise (D1 removed, D2 to D1)",
    "normandy.depot": lambda e: (f"A {e.get('side')} depot opens in {e.get('hex')}" if e.get("side") else f"The depot in {e.get('hex')} is destroyed"),
    "normandy.air_drawn": lambda e: (f"Air availability ({e.get('weather')}): drawn {_some(e.get('drawn') or (), 30) or 'nothing'}"
                                     + (f"; FBAT die {e.get('fbat_roll')}: {e.get('superiority')} fighter-bomber(s) for air superiority"
                                        if e.get("fbat_roll") is not None else "")),
    "normandy.air_assigned": lambda e: f"{e.get('counter')} flies {str(e.get('mission')).replace('_', ' ')}",
    "normandy.air_returned": lambda e: f"{_some(e.get('counters') or ())} to " + {"cup": "their cups", "finished": "the Finished box"}.get(
        str(e.get("to")), str(e.get("to"))),
    "normandy.naval_points": lambda e: "Naval Bombardment track: " + (", ".join(f"{k} {v}" for k, v in (e.get("points") or {}).items())
                                                                     or "no points"),
    "normandy.air_asked": lambda e: "No " + ("Tactical Air Support" if e.get("step") == "tas" else "bombardment"),
    "normandy.tas": lambda e: f"{e.get('counter')} gives Tactical Air Support (one column for the Allies)",
    "normandy.bombarded": lambda e: (f"{str(e.get('kind')).capitalize()} bombardment of {e.get('hex')}: {e.get('points')} point(s), "
                                     f"die {e.get('roll')}" + (f" {e.get('drm'):+d}" if e.get("drm") else "") + f" → {e.get('result')}"
                                     + (f"; the stack is A{e.get('level')}" if e.get("level") else "")),
    "normandy.disorganised": lambda e: f"{e.get('unit')} becomes D{e.get('level')}",
    "normandy.flag": lambda e: f"Recorded: {str(e.get('name')).replace('_', ' ')} = {e.get('value')}",
    "normandy.reserve_set": lambda e: f"{e.get('unit')} goes into Reserve",
    "normandy.overrun_declared": lambda e: (f"{', '.join((e.get('combat') or {}).get('attackers') or ())} overrun "
                                            f"{(e.get('combat') or {}).get('hex')}"
                                            + (f" after moving {_hexes(e.get('path'))}" if e.get("path") else "")),
    "normandy.overrun_ended": lambda e: (f"The overrun succeeds: {_some(e.get('units') or ())} in {e.get('to')}, free to move on"
                                         if e.get("success") else
                                         f"The overrun fails: {_some(e.get('units') or ())} back to {e.get('to')}, disorganised"),
    "normandy.exploitation_earned": lambda e: f"Exploitation: {e.get('hq')} will have a free extra activation",
    "normandy.exploitation_begun": lambda e: (f"{e.get('hq')}'s free Exploitation activation begins"
                                              + (f" (Reserve stacks in {', '.join(e.get('stacks') or ())})" if e.get("stacks")
                                                 else " with no Reserve stack to activate")),
    "normandy.exploitation_chosen": lambda e: ((f"Reserve stacks in {', '.join(e.get('stacks') or ())} exploit: "
                                                f"{_some(e.get('units') or ())}" if e.get("stacks") else "No Reserve stack exploits")
                                               + (", supported (an Offensive marker spent)" if e.get("support") else "")),
    # version 4: the off-map layer and Confusion
    "normandy.offmap_moved": lambda e: (f"{e.get('unit')} leaves the map by {_hexes(e.get('path'))}" if e.get("transfer") else
                                        f"{e.get('unit')} moves off map {_hexes(e.get('path'))}"
                                        + (f" ({e.get('hq')}'s one division this phase)" if e.get("hq") else "")),
    "normandy.interdiction": lambda e: (f"Interdiction die to leave {e.get('box')} ({', '.join(e.get('units') or ())}): {e.get('roll')}"
                                        + "".join(f" {v:+d} {k.replace('_', ' ')}" for k, v in (e.get("modifiers") or {}).items())
                                        + f" against {e.get('value')}: " + ("they leave" if e.get("passed") else "held for the phase")),
    "normandy.box_control": lambda e: f"{str(e.get('side')).capitalize()} controls {', '.join(e.get('boxes') or ())}",
    "normandy.confusion_placed": lambda e: f"A Confusion marker on {e.get('place')}: both sides hold it",
    "normandy.confusion_lifted": lambda e: f"The Confusion marker on {e.get('place')} is lifted",
    "normandy.depot_vanished": lambda e: f"The German depot in {e.get('box')} disappears",
    "normandy.extended_move": lambda e: f"{e.get('hq')} spends an Offensive marker for an Extended move and is flipped",
    "normandy.special_operation": lambda e: (f"{e.get('unit')}: {str(e.get('kind')).replace('_', ' ')} into {e.get('hex')}, "
                                             f"Infiltration die {e.get('roll')}: " + ("done" if e.get("to") else "failed, it stays")),
    "normandy.ffi_paris": lambda e: f"{e.get('unit')} rises in {e.get('box')}",
    "normandy.festung_destroyed": lambda e: f"The Festung in {e.get('festung')} is destroyed",
    "normandy.construction_begun": lambda e: (f"The Allies took {e.get('hex')}: its {str(e.get('kind')).replace('_', ' ')} "
                                              f"depot is built in {e.get('turns')} turns, due in turn {e.get('due')}"),
    "normandy.construction_turn": lambda e: (f"Construction at {e.get('hex')}: " + ("a turn accrues" if e.get("accrued") else
                                             "delayed, no turn accrues") + f", {e.get('left')} left"),
    "normandy.port_placed": lambda e: (f"A {'reduced' if e.get('reduced') else 'full'} {str(e.get('kind')).replace('_', ' ')} depot "
                                       f"({e.get('nat')}) opens in {e.get('hex')}"
                                       + (f", full in turn {e.get('full_at')}" if e.get("full_at") else "")),
    "normandy.port_flipped": lambda e: f"The port in {e.get('hex')} turns to its {e.get('face')} side",
    "normandy.cherbourg_occupied": lambda e: (f"German units have held the Allied port of Cherbourg for {e.get('phases')} "
                                              "Logistics Phases running" if e.get("phases") else "No German unit holds Cherbourg"),
}


def sentence(effect: Mapping[str, Any]) -> str:
    said = SAY.get(str(effect.get("type")))
    return said(effect) if said else generic(effect)
