"""Mango's turn when users take their time: CPU per turn with a pause before every message.

``bench/turn_overhead.py`` sends each Session's next message as soon as its last turn ends, so an
orchestrator's step hold (``orchestration.holds``: the step that leaves a Session idle listens for its
next input for ``MANGO_STEP_HOLD_SECONDS``) catches nearly every message. This bench measures the
other case: every message comes ``--think`` seconds after the last turn ended, past the hold by
default, so each hold waits out its time, releases, runs a step that finds nothing, and the message
then takes the outbox, a Temporal signal and a workflow task. With ``--baseline-src`` it runs
another revision's roles on the same stack, interleaved (the order alternating), so the two compare
in one run. The turn path is ``bench/turn_overhead.py``'s (the Messages adapter to the local provider
stand-in, production defaults); CPU is read from ``/proc`` around the measured window, which now
includes the pauses, so idle work (timers, polls) counts too, alike for both revisions. Bounded: a
fixed number of turns.

    .venv/bin/python bench/think_time.py --sessions 50 --turns 6 --think 3 --repeat 2 --baseline-src <checkout>
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
from pathlib import Path

from mango_server.devstack import DevStack, Platform

sys.path.insert(0, str(Path(__file__).resolve().parent))
from turn_overhead import (
    BENCH_ENV,
    MANGO_ROLES,
    _requests_table,
    _total,
    model_path,
    role_pids,
    run_mango,
    service_pids,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50, help="concurrent Sessions")
    parser.add_argument("--turns", type=int, default=6, help="measured turns per Session")
    parser.add_argument("--think", type=float, default=3.0, help="seconds between a turn's end and the next message")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each revision, interleaved")
    parser.add_argument("--baseline-src", type=Path, help="a checkout of another Mango revision, run beside")
    args = parser.parse_args()
    rows = []
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        model_path("messages") as (model, provider_pid),
        DevStack(Path(tmp) / "stack", "free") as stack,
    ):
        shared = service_pids(stack, provider_pid)
        builds: list[tuple[str, Platform]] = []
        try:
            builds.append(("mango", Platform(stack, Path(tmp) / "logs", extra_env=BENCH_ENV | model.env).start()))
            if args.baseline_src:
                src = args.baseline_src.resolve() / "server" / "src"
                env = BENCH_ENV | model.env | {"PYTHONPATH": f"{src}:{os.environ.get('PYTHONPATH', '')}"}
                builds.append(("mango, baseline", Platform(stack, Path(tmp) / "baseline-logs", extra_env=env).start()))
            tenants = {kind: running.create_tenant("bench") for kind, running in builds}
            for index in range(args.repeat):
                for kind, running in builds if index % 2 else builds[::-1]:
                    pids = shared | role_pids(running)
                    row = asyncio.run(
                        run_mango(
                            running.base_url,
                            tenants[kind].api_key,
                            pids,
                            model,
                            args.sessions,
                            args.turns,
                            kind,
                            stack.temporal.metrics_port,
                            think=args.think,
                        )
                    )
                    rows.append(row)
                    print(_line(row), flush=True)
        finally:
            for _, running in builds:
                running.stop()
    print(f"\n{args.sessions} Sessions, {args.turns} turns each, {args.think:g} s before every message\n")
    print("| run | p50 (ms) | CPU ms/turn: " + " | ".join(MANGO_ROLES) + " | total |")
    print("|" + "---|" * (len(MANGO_ROLES) + 3))
    print("\n".join(_line(row) for row in rows))
    print("\nTemporal frontend requests per turn, by operation:\n\n" + _requests_table(rows))


def _line(row: dict[str, object]) -> str:
    cpu = row["cpu"]
    assert isinstance(cpu, dict)
    cells = " | ".join(f"{cpu.get(role, 0.0):.1f}" for role in MANGO_ROLES)
    return f"| {row['kind']} | {row['p50_ms']:.1f} | {cells} | {_total(row):.1f} |"


if __name__ == "__main__":
    main()
