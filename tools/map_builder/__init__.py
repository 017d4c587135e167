"""Generic pieces shared by the map builders (tools/bp_map, tools/abtv_map) that bp_map's own
modules fix to its grid: kept here so neither builder copies the other."""
