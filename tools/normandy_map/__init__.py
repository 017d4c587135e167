"""Offline builder of the Normandy 1944 pack (run: python -m tools.normandy_map).

The rulebook has no map data, no counter values and no table values, but it names hexes, many
with their place, and prints Operation Cobra's set-up hex by hex. The map is reconstructed from
real geography fitted to those hexes; the rest of the pack is the text's data, labelled, with
placeholders where the text is silent. Reuses tools.bp_map's projection, gazetteer, land mask and
polygon helpers unchanged. Never imported by the service.
"""
