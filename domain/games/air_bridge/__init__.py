"""Air Bridge to Victory (Operation Market-Garden, 1944): the content pack only.

The rules are not built yet (issue 22): the pack registers as not playable, so `umpire pack
report air-bridge-to-victory` and GET /v1/scenarios show it, and creating a game refuses.
"""
from pathlib import Path

from domain.kernel.pack.listing import UnplayablePack, register_pack

PACK = register_pack(UnplayablePack(
    name="air-bridge-to-victory",
    pack_dir=str(Path(__file__).resolve().parent / "pack"),
    reason="rules not built yet (issue 22)",
))
