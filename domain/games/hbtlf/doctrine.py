"""Doctrinal restrictions by date (pack table `dated_restrictions`): entrenchment and permanent
entrenchment (11.36, 12.23, 12.68, 12.77) and artillery spotting by air units other than balloons
(12.22, 12.67, 12.76), each from the Game-Turn printed for the nation. The activity itself is
the Standard Rules' (8.26 entrenchments, 8.3 air): a declaration the other player confirms; the
umpire refuses it before its date, unless the declaration invokes the printed exception (12.23A:
French units by a French fortress in the command radius of a Flexible army commander), which the
other player confirms with the rest."""
from __future__ import annotations

from domain.kernel.citation import Citation
from domain.kernel.commands import Reject
from domain.kernel.pack.provenance import Printed

from domain.games.hbtlf import cite
from domain.games.hbtlf.tables import chart

ACTIVITIES = ("entrenchment", "permanent_entrenchment", "air_spotting")
SR = {"entrenchment": cite.missing("8.26", "entrenchments"), "permanent_entrenchment": cite.missing("8.26", "entrenchments"),
      "air_spotting": cite.missing("8.3", "air operations and artillery spotting")}


def check(state, pack, *, nation: str, activity: str, balloon: bool, exception: str) -> str:
    """The rule case that allowed it ('' if no restriction applies); raises before its date."""
    if activity not in ACTIVITIES:
        raise Reject("bad_activity", f"Declare one of {', '.join(ACTIVITIES)}.", SR["entrenchment"])
    rows = chart(pack, "dated_restrictions")
    row = rows.get(f"{nation}-{activity}")
    if row is None or (activity == "air_spotting" and balloon):
        return ""
    why = _citation(pack, f"{nation}-{activity}")
    gt = state.core.clock.turn
    if gt >= row["from_gt"]:
        return ""
    if exception and exception == row.get("exception"):
        return exception
    more = f" (unless {row['exception']} applies: say so with exception = \"{row['exception']}\")" if row.get("exception") else ""
    raise Reject("too_early", f"No {nation} {activity.replace('_', ' ')} before Game-Turn {row['from_gt']}{more}.", why, first_gt=row["from_gt"])


def _citation(pack, key: str) -> Citation:
    prov = next(r.prov for r in pack.tables["dated_restrictions"].rows if r.key == key)
    return prov.cite if isinstance(prov, Printed) else cite.NOT_BUILT
