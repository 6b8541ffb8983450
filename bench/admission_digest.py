"""What context admission's anchor check costs the orchestrator per round as a Session grows.

Replays, in this one process, the token work of every round of a Session of ``--turns`` turns on the
production path's shape (a short user message, a short reply): each round's request is built from
fresh message objects (as a transcript read gives them), measured against the previous answer's
usage anchor (``domain.tokens.measure``) and its answer's anchor fingerprinted, as
``app.turn.context_admission`` ``plan`` and ``completion`` do. Prints the process CPU per round, over
all rounds and over the last 20, for the Mango source tree given with ``--src`` (default: this one),
so two trees compare side by side. No stack, no I/O: only the part of a round that this measures.
Bounded: ``--turns`` rounds.

    .venv/bin/python bench/admission_digest.py --src . --src <checkout of another revision> --turns 300
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SYSTEM = "You are a helpful assistant. " * 20


def _user(i: int) -> dict[str, Any]:
    return {"role": "user", "content": [{"type": "text", "text": f"turn {i}"}]}


def _reply(i: int) -> dict[str, Any]:
    return {"role": "assistant", "content": [{"type": "text", "text": f"Echo: turn {i}"}]}


def replay(turns: int) -> list[float]:
    """Process CPU seconds of each round's measure and anchor (the tree on ``sys.path``)."""
    from mango_server.domain import tokens

    cache = tokens.PrefixCache() if hasattr(tokens, "PrefixCache") else None  # a revision before the cache
    anchor = None
    cpu = []
    for turn in range(turns):
        messages = [m for i in range(turn) for m in (_user(i), _reply(i))] + [_user(turn)]
        started = time.process_time()
        if cache is not None:
            measured = tokens.measure(SYSTEM, messages, [], anchor, cache)
            assert measured.prefix is not None
            answered = measured.prefix.extended([_reply(turn)])
            cache.put(answered.fingerprint(), answered)
            digest, count = answered.fingerprint(), len(answered.messages)
        else:
            measured = tokens.measure(SYSTEM, messages, [], anchor)
            digest, count = tokens.fingerprint(SYSTEM, [], [*messages, _reply(turn)]), len(messages) + 1
        cpu.append(time.process_time() - started)
        assert turn == 0 or measured.anchored  # the anchor applies from the second round on
        anchor = tokens.UsageAnchor(digest, count, 1000 + 20 * turn, f"req{turn}")
    return cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--src", type=Path, action="append", help="a Mango source tree (repeatable; default: this one)")
    parser.add_argument("--turns", type=int, default=300)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        cpu = replay(args.turns)
        print(f"{sum(cpu) / len(cpu) * 1000:.2f} {sum(cpu[-20:]) / len(cpu[-20:]) * 1000:.2f}")
        return
    print("| source tree | turns | CPU ms per round, mean | last 20 rounds |\n|---|---|---|---|")
    for src in args.src or [ROOT]:
        env_path = str(src.resolve() / "server" / "src")
        argv = [sys.executable, __file__, "--child", "--turns", str(args.turns)]
        out = subprocess.run(argv, env={"PYTHONPATH": env_path}, capture_output=True, text=True, check=True)
        mean, last = out.stdout.split()
        print(f"| {src} | {args.turns} | {mean} | {last} |")


if __name__ == "__main__":
    main()
