"""Air Bridge to Victory's counters, tables and scenarios, written as pack files (docs/air-bridge-data.md)."""
