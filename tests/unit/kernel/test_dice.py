"""Dice: determinism, uniformity, rejection sampling, cups, both key chains, the test vectors."""
import json
import re
from collections import Counter
from itertools import permutations
from pathlib import Path

import pytest
from msgspec.structs import replace

from domain.kernel.dice import (
    KeyedDice, ScriptedDice, ScriptExhausted, commitment, draw_digest, key_chain, key_for, sample, shuffle,
    verify_key, verify_roll,
)

DOCS = Path(__file__).resolve().parents[3] / "docs" / "dice.md"
KEYS = key_chain(b"\x07" * 32, 6)
HIDDEN = key_chain(b"\x08" * 32, 6)


def dice(command=1):
    return KeyedDice(game_id="g", command=command, keys=lambda chain, epoch: (KEYS if chain == "public" else HIDDEN)[epoch])


def chi_square(counts: Counter, n: int, total: int) -> float:
    expected = total / n
    return sum((counts[v] - expected) ** 2 / expected for v in range(1, n + 1))


def test_same_key_command_and_draw_give_the_same_roll():
    a = [dice(5).roll(6, purpose="x", epoch=1) for _ in range(3)]
    b = [dice(5).roll(6, purpose="x", epoch=1) for _ in range(3)]
    assert a == b
    assert dice(6).roll(6, purpose="x", epoch=1).value in range(1, 7)


@pytest.mark.parametrize("sides, critical", [(6, 20.52), (10, 27.88)])  # chi-square, p = 0.001, df = sides - 1
def test_rolls_are_uniform_over_60000_draws(sides, critical):
    d = dice(9)
    counts = Counter(d.roll(sides, purpose="u", epoch=3).value for _ in range(60_000))
    assert set(counts) == set(range(1, sides + 1))
    assert chi_square(counts, sides, 60_000) < critical


def test_a_d10_reads_zero_as_ten():
    d = dice(11)
    rolls = [d.roll(10, purpose="d10", epoch=0) for _ in range(200)]
    tens = [r for r in rolls if r.value == 10]
    assert tens and all(r.face == 0 for r in tens)
    assert {r.value for r in rolls} == set(range(1, 11))


def test_rejection_sampling_retries_with_the_next_attempt():
    # With n just above 2^63, about half of all first attempts fall at or above the limit.
    n = (1 << 63) + 1
    limit = (1 << 64) // n * n
    for draw in range(64):
        first = int.from_bytes(draw_digest(KEYS[1], game_id="g", mix=b"", chain="public", command=1, draw=draw, attempt=0)[:8], "big")
        if first >= limit:
            value, attempts = sample(n, lambda a: draw_digest(KEYS[1], game_id="g", mix=b"", chain="public", command=1, draw=draw, attempt=a))
            assert attempts >= 2 and 0 <= value < n
            second = int.from_bytes(draw_digest(KEYS[1], game_id="g", mix=b"", chain="public", command=1, draw=draw, attempt=attempts - 1)[:8], "big")
            assert second < limit and value == second % n
            return
    pytest.fail("no rejected first attempt found in 64 draws (probability 2^-64)")


def test_cup_draws_are_permutations_and_uniform():
    d = dice(13)
    counts = Counter()
    for _ in range(6_000):
        out, rolls = shuffle(d, "abc", purpose="cup", epoch=2)
        assert sorted(out) == ["a", "b", "c"] and len(rolls) == 2
        counts["".join(out)] += 1
    assert set(counts) == {"".join(p) for p in permutations("abc")}
    expected = 1_000
    assert sum((c - expected) ** 2 / expected for c in counts.values()) < 20.52


def test_each_revealed_key_verifies_against_the_commitment_and_no_other_epoch():
    c = commitment(KEYS[0])
    for epoch, key in enumerate(KEYS):
        assert verify_key(key, epoch, c)
        assert not verify_key(key, epoch + 1, c)
    assert key_for(KEYS[4], 4, 1) == KEYS[1]
    with pytest.raises(ValueError):
        key_for(KEYS[1], 1, 4)


def test_public_and_hidden_chains_are_independent():
    d = dice(21)
    pub = d.roll(6, purpose="p", epoch=2)
    hid = d.roll(6, purpose="h", epoch=2, hidden=True)
    assert (pub.chain, hid.chain) == ("public", "hidden") and hid.draw == 0
    assert verify_roll(pub, KEYS[2], game_id="g")
    assert verify_roll(hid, HIDDEN[2], game_id="g")
    # The public key does not re-derive hidden rolls.
    hidden = [dice(c).roll(6, purpose="h", epoch=2, hidden=True) for c in range(30, 50)]
    assert all(verify_roll(r, HIDDEN[2], game_id="g") for r in hidden)
    assert not all(verify_roll(r, KEYS[2], game_id="g") for r in hidden)


def test_a_changed_roll_does_not_verify():
    d = dice(3)
    rolls = [d.roll(6, purpose="x", epoch=1) for _ in range(20)]
    assert all(verify_roll(r, KEYS[1], game_id="g") for r in rolls)
    assert not any(verify_roll(replace(r, value=r.value % 6 + 1), KEYS[1], game_id="g") for r in rolls)
    # A wrong key or game id matches a single d6 by chance one time in six, never twenty in a row.
    assert not all(verify_roll(r, KEYS[2], game_id="g") for r in rolls)
    assert not all(verify_roll(r, KEYS[1], game_id="other") for r in rolls)


def test_scripted_dice_follow_the_script_and_say_when_it_runs_out():
    s = ScriptedDice([4, 1])
    assert [s.roll(6, purpose="x", epoch=0).value for _ in range(2)] == [4, 1]
    with pytest.raises(ScriptExhausted):
        s.roll(6, purpose="x", epoch=0)
    with pytest.raises(ValueError):
        ScriptedDice([7]).roll(6, purpose="x", epoch=0)


def test_the_vectors_in_docs_dice_md():
    vectors = json.loads(re.search(r"```json\n(.*?)```", DOCS.read_text(), re.S).group(1))
    keys = key_chain(bytes.fromhex(vectors["seed"]), vectors["epochs"])
    assert [k.hex() for k in keys] == vectors["keys"]
    assert commitment(keys[0]).hex() == vectors["commitment"]
    d = KeyedDice(game_id=vectors["game_id"], command=vectors["command"], keys=lambda c, e: keys[e])
    for v in vectors["draws"]:
        r = d.roll(v["sides"], purpose="vector", epoch=vectors["epoch"])
        assert (r.value, r.draw, r.attempts) == (v["value"], v["draw"], v["attempts"])
        digest = draw_digest(keys[vectors["epoch"]], game_id=vectors["game_id"], mix=b"", chain="public", command=vectors["command"], draw=v["draw"], attempt=0)
        assert digest.hex() == v["digest0"]
