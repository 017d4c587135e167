"""12.52B Plan 17's loss count (@2): the SP markers the set-up places on French units count with the
attested losses and the REP Used; Belgian and British markers do not."""
from __future__ import annotations

from domain.games.hbtlf import plans


def test_12_52b_setup_markers_of_french_units_only():
    losses = {"Allied Strategic: 81 territorial (81t) infantry division": "-2C, -1A",  # 3
              "French Fifth Army: 37 infantry division": "-3C, -1A",  # 4
              "Allied Strategic: Belgian 4 infantry division": "-4C",  # Belgian, on the Allied chart
              "Belgian Army: 3 infantry division": "-7C",
              "British Expeditionary Force Army: II Corps": "-2A",
              "Fifth Army: XIII Corps": "-2A"}  # German
    sides = {u: "german" if u.startswith("Fifth Army") else "allied" for u in losses}
    armies = {u: u.split(": ")[0] for u in losses}
    assert plans.setup_markers(losses, sides, armies) == 7
