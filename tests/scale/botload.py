"""The bots' host: N bot threads playing sandbox games through the API hosts only, timing each order.

    python -m tests.scale.botload --api URL --api URL --organiser TOKEN --bots N --out DIR [--seed S]

Every bot uses services/bots/client.Client (it honours 429/503, retries a dropped connection with
the same Idempotency-Key). Bot i creates its games on API host i mod n and plays seat j through
host (i + j) mod n, so one game's orders arrive through both API hosts. For each accepted order it
records the game, key, version, host, when it was sent and when the bot saw its ruling (in the
`?wait` answer, else by polling the summary's adjudicated_version): wall-clock seconds, which every
namespace of the machine shares. The bots play until DIR/stop exists, then write DIR/orders.json.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import threading
import time
import uuid
from pathlib import Path

from services.bots.client import ApiError, Client

SCENARIO = "sandbox/1"
WAIT = 30.0  # s of ?wait: longer than a stalled game's lock is held (idle_in_transaction_session_timeout)


def bot(i: int, apis: list[str], organiser: str, out: Path, rng: random.Random, orders: list[dict],
        errors: list[BaseException]) -> None:
    stop = out / "stop"
    clients: list[Client] = []
    try:
        creator = Client(apis[i % len(apis)], organiser)
        clients.append(creator)
        while not stop.exists():
            made = creator.create_game(SCENARIO)
            game = made["id"]
            seats = {seat: Client(apis[(i + j) % len(apis)], v["token"])
                     for j, (seat, v) in enumerate(sorted(made["seats"].items()))}
            clients += seats.values()
            while not stop.exists():
                summary = creator.game(game)
                if summary["status"] != "active":
                    break
                if not summary["to_act"]:
                    time.sleep(0.02)
                    continue
                seat = rng.choice(summary["to_act"])
                client = seats[seat]
                legal = client.legal(game)
                if not legal["orders"]:
                    time.sleep(0.02)
                    continue
                key = str(uuid.uuid4())
                sent = time.time()
                try:
                    answer = client.submit(game, rng.choice(legal["orders"]), expected_version=legal["version"],
                                           wait=WAIT, key=key)
                except ApiError as e:
                    if e.status == 409:  # the position moved on since the orders were listed
                        continue
                    raise
                accepted = time.time()
                version = answer["version"]
                while answer.get("ruling") is None and client.game(game)["adjudicated_version"] < version:
                    time.sleep(0.05)
                orders.append({"game": game, "key": key, "version": version, "host": str(client.http.base_url),
                               "sent": sent, "accepted": accepted, "ruled": time.time()})
    except BaseException as exc:  # reported in orders.json: the test fails on any
        errors.append(exc)
    finally:
        for c in clients:
            c.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.scale.botload")
    parser.add_argument("--api", action="append", required=True, help="an API host's URL (repeat)")
    parser.add_argument("--organiser", required=True)
    parser.add_argument("--bots", type=int, default=8)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    orders: list[dict] = []
    errors: list[BaseException] = []
    threads = [threading.Thread(target=bot, args=(i, args.api, args.organiser, args.out, random.Random(f"{args.seed}:{i}"),
                                                  orders, errors), daemon=True) for i in range(args.bots)]
    for t in threads:
        t.start()
    print(f"{args.bots} bots ready.", flush=True)
    for t in threads:
        t.join()
    (args.out / "orders.json").write_text(json.dumps({"orders": orders, "errors": [repr(e) for e in errors]}))
    print(f"bots: {len(orders)} orders, {len(errors)} errors", flush=True)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
