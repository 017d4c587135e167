"""Offline builder of the Breakout & Pursuit map pack (run: python -m tools.bp_map).

Reconstructs the printed map, which the rulebook does not contain, from real geography fitted
to every hex the rulebook names. Never imported by the service.
"""
