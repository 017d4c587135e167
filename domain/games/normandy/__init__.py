"""Normandy 1944: A Bloody Summer. The content pack only (built by tools/normandy_map); the rules
are issue 23, so its scenarios are listed as not playable until then."""
from pathlib import Path

from domain.kernel.pack.listing import UnplayablePack, register_pack

NORMANDY = register_pack(UnplayablePack(name="normandy-1944", pack_dir=str(Path(__file__).resolve().parent / "pack"),
                                        reason="rules not built yet (issue 23)"))
