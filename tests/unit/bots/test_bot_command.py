"""`umpire bot ... --token A --token B`: one process plays each seat it holds a token for, one thread
per seat with the seed `seed + i`, one result line per seat; a seat's failure fails the process."""
from __future__ import annotations

import argparse
import threading

import pytest

from services.cli.bots import _play, bot_arguments


def _args(*argv: str) -> argparse.Namespace:
    p = argparse.ArgumentParser()
    bot_arguments(p)
    return p.parse_args(["--url", "http://u", *argv])


def test_each_token_is_played_in_its_own_thread_with_its_own_seed(capsys):
    calls: dict[str, tuple[int | None, str]] = {}

    def run(url, token, *, seed, verbose):
        calls[token] = (seed, threading.current_thread().name)
        return {"id": "g", "status": "finished", "result": {"level": "German victory"}}

    assert _play(run, _args("--token", "a", "--token", "b", "--seed", "7")) == 0
    assert {t: s for t, (s, _) in calls.items()} == {"a": 7, "b": 8}
    assert calls["a"][1] != calls["b"][1]
    assert capsys.readouterr().out.count("game g: finished; result: German victory") == 2


def test_one_token_plays_as_before_and_a_failing_seat_fails_the_process(capsys):
    def ok(url, token, *, seed, verbose):
        return {"id": "g", "status": "finished", "result": None}

    assert _play(ok, _args("--token", "a")) == 0
    assert capsys.readouterr().out == "game g: finished; result: none\n"

    def failing(url, token, *, seed, verbose):
        if token == "b":
            raise RuntimeError("stuck")
        return {"id": "g", "status": "finished", "result": None}

    with pytest.raises(RuntimeError, match="stuck"):
        _play(failing, _args("--token", "a", "--token", "b"))
