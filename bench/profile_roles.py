"""Where a role's CPU per turn goes: py-spy samples of the orchestrator during Mango turns on the production path.

Starts the stack and Mango's roles as ``bench/turn_overhead.py`` does (the Messages adapter against
the local provider stand-in; ``--baseline-src`` runs another revision's roles instead), warms
``--sessions`` Sessions up, then runs their turns while ``py-spy record`` samples the orchestrator
(67 Hz, ``--seconds``, raw folded stacks kept in ``--out``). Prints the turn table and, for the
frames that hold the most samples, their share of the orchestrator's CPU per turn in milliseconds
(a frame's share of all samples, its callees included, times the process's CPU per turn): the
figure two revisions' profiles compare by. Needs ``py-spy`` (requirements-dev.txt). Bounded: a fixed
number of turns, and the sampler stops after ``--seconds``. ``--after`` starts it later, to sample the
late turns of long Sessions (``--sessions 1 --turns 300 --after 7 --seconds 3``) against their early ones.

    .venv/bin/python bench/profile_roles.py --sessions 50 --turns 24 --out /tmp/profile
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

from mango_server.devstack import DevStack, Platform

sys.path.insert(0, str(Path(__file__).resolve().parent))
from turn_overhead import BENCH_ENV, _turn_table, model_path, run_mango

SHOWN = 25  # frames printed
NATIVE = "(no Python frame: the SDK core's native threads)"
_LINE = re.compile(r":\d+\)$")  # a frame's line number: frames of one function are counted together


def frames_ms_per_turn(folded: Path, cpu_ms_per_turn: float) -> list[tuple[float, str]]:
    """Each frame's inclusive share of the samples in ``folded`` (py-spy's raw format), in ms per turn."""
    inclusive: collections.Counter[str] = collections.Counter()
    total = 0
    for line in folded.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        total += int(count)
        for frame in {_LINE.sub(")", f) for f in stack.split(";")}:
            inclusive[frame] += int(count)
    return [(n / total * cpu_ms_per_turn, frame) for frame, n in inclusive.most_common()] if total else []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sessions", type=int, default=50, help="concurrent Sessions")
    parser.add_argument("--turns", type=int, default=24, help="measured turns per Session")
    parser.add_argument("--seconds", type=int, default=40, help="how long py-spy samples")
    parser.add_argument("--after", type=float, default=0, help="start sampling this many seconds into the turns")
    parser.add_argument("--out", type=Path, required=True, help="the orchestrator's folded stacks go here")
    parser.add_argument("--baseline-src", type=Path, help="a checkout of another Mango revision: its roles run")
    args = parser.parse_args()
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    env = {}
    if args.baseline_src:
        env["PYTHONPATH"] = f"{args.baseline_src.resolve() / 'server' / 'src'}:{os.environ.get('PYTHONPATH', '')}"
    with (
        tempfile.TemporaryDirectory(prefix="mango-bench-") as tmp,
        model_path("messages") as (model, provider_pid),
        DevStack(Path(tmp) / "stack", "free") as stack,
    ):
        running = Platform(stack, Path(tmp) / "logs", extra_env=BENCH_ENV | model.env | env).start()
        try:
            tenant = running.create_tenant("bench")
            pids = {role: running.processes[role].pid for role in ("api", "orchestrator")}
            pids |= {"temporal": stack.temporal.process.pid, "postgres": stack.postgres.process.pid}
            pids |= {"nats": stack.nats.process.pid} | ({"provider": provider_pid} if provider_pid else {})
            metrics = stack.temporal.metrics_port
            asyncio.run(run_mango(running.base_url, tenant.api_key, pids, model, args.sessions, 4, "warm-up", metrics))
            argv = [spy, "record", "-r", "67", "-d", str(args.seconds), "-f", "raw", "--nonblocking"]
            command = [*argv, "-o", str(args.out), "-p", str(pids["orchestrator"])]
            sampler: list[subprocess.Popen[bytes]] = []
            start = threading.Timer(
                args.after,
                lambda: sampler.append(subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)),
            )
            start.start()
            row = asyncio.run(
                run_mango(running.base_url, tenant.api_key, pids, model, args.sessions, args.turns, "mango", metrics)
            )
            start.join()
            if sampler:
                sampler[0].wait()
        finally:
            running.stop()
    print(_turn_table([row]) + "\n")
    for ms, frame in frames_ms_per_turn(args.out, row["cpu"]["orchestrator"])[:SHOWN]:
        print(f"{ms:6.2f} ms/turn  {frame or NATIVE}")


if __name__ == "__main__":
    main()
