"""Transcription of the Breakout & Pursuit rulebook's data into the game's content pack."""
