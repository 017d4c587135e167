"""The Air Bridge to Victory corridor map, reconstructed from real geography (docs/air-bridge-map.md)."""
