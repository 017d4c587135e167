"""Tournaments' pure part (issue 20): pairings. No framework, no clock, no I/O."""
