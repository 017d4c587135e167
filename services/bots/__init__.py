"""Bots that play a seat through the public HTTP API, exactly as a bot author's would."""
