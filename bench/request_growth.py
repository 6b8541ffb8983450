"""The orchestrator's CPU per round for the work that grows with a Session: admitting and encoding its request.

Runs, in this process, what a round on the production path does with a Session's transcript between
reading it and reading the provider's answer, over the transcript as it grows turn by turn: the rows
as keyed entries (the rows kept between rounds, as ``store.transcript.TranscriptCache`` keeps them, the
newest answer decoded from JSON as PostgreSQL's is), the request built from them, measured against the
usage anchor of the last answer (``domain.tokens.measure`` with the process's ``PrefixCache``), the
recipe's stored form against the last one (``store.context.stored_recipe``), the body the Messages
adapter sends (``model.messages.encode_request_body``) and the anchor of the answer
(``app.turn.context_admission.completion``). Prints CPU time per round (``time.process_time``)
averaged over whole Sessions of each length, as ``bench/turn_overhead.py`` averages a Session's turns,
so the long / short ratio is the part of that bench's flatness this work accounts for. No database,
network or model: a function-level figure, free of the host noise that end-to-end runs carry.
``--baseline-src`` runs the same in a child process with another revision's ``server/src`` first on
the path, and both are printed side by side (run alternately, ``--repeat`` times).

    .venv/bin/python bench/request_growth.py --baseline-src <checkout of another revision>
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

from mango_server.app.turn import context_admission as admission
from mango_server.app.turn import request as request_module
from mango_server.app.turn.request import build_request
from mango_server.domain import compaction
from mango_server.domain.capabilities import CapabilitySnapshot
from mango_server.domain.tokens import PrefixCache, UsageAnchor, measure
from mango_server.model import ModelResponse, tool_declaration
from mango_server.model._types import Usage
from mango_server.model.messages import encode_request_body
from mango_server.store import transcript as store_transcript
from mango_server.store.context import stored_recipe


def _row(trigger_id: str, position: int, role: str, blocks: list[dict[str, object]]) -> object:
    """A transcript row as the store reads it: an entry, or a ``TranscriptRow`` in revisions before that."""
    legacy = getattr(store_transcript, "TranscriptRow", None)
    if legacy is not None:
        return legacy(trigger_id, position, role, blocks)
    return compaction.Entry(f"{trigger_id}:{position}", role, blocks)


def _entries(rows: list[object]) -> list[compaction.Entry]:
    """What admission makes of the rows: in revisions before the store read entries, it converted them."""
    convert = getattr(admission, "entries_of", None)
    return convert(rows) if convert is not None else rows  # type: ignore[return-value]


def _transcript(entries: list[compaction.Entry]) -> list[compaction.Entry]:
    """What admission builds the request from: the entries, or in revisions before, a role-and-blocks row of each."""
    if "TranscriptMessage" in vars(request_module):
        return [{"role": e.role, "blocks": e.blocks} for e in entries]  # type: ignore[misc]
    return entries


def session_cpu_per_round(turns: int) -> float:
    """CPU seconds per round of one Session of ``turns`` one-round turns, from its first round to its last."""
    agent = {"model": {"id": "claude-sonnet-4-5"}, "system": "You are a helpful agent.", "tools": []}
    snapshot = CapabilitySnapshot.of(agent)
    prefixes = PrefixCache()
    rows: list[object] = []
    anchor: UsageAnchor | None = None
    previous = None
    started = time.process_time()
    for turn in range(turns):
        trigger = f"sevt_{turn:026d}"
        rows = [*rows, _row(trigger, 0, "user", [{"type": "text", "text": f"turn {turn}"}])]
        entries = compaction.apply_projection(None, _entries(rows))
        request = build_request(snapshot, _transcript(entries), attempt=1, max_tokens=4096)
        declared = [tool_declaration(tool) for tool in request.tools]
        measured = measure(request.system, request.messages, declared, anchor, prefixes)
        request_id = f"sevt_start_{turn}"
        if measured.prefix is not None:
            prefixes.put(f"request:{request_id}", measured.prefix)
        recipe = {"system": request.system, "tools": declared, "tool_config": [], "entries": [e.key for e in entries]}
        stored, _ = stored_recipe(recipe, request_id, previous)  # type: ignore[arg-type]
        previous = {
            "id": request_id,
            "count": stored["entries_count"],
            "digest": stored["entries_digest"],
            "system": stored["system"]["part"] if isinstance(stored.get("system"), dict) else None,  # type: ignore[index]
            "tools": None,
            "tool_config": None,
        }
        encode_request_body(request, stream=True)
        content = [{"type": "text", "text": f"You said: turn {turn}"}]
        response = ModelResponse(content=content, stop_reason="end_turn", usage=Usage(input_tokens=9, output_tokens=5))
        done = admission.completion(request_id, request, response, prefixes)
        if done.anchor is not None:
            raw = done.anchor
            anchor = UsageAnchor(str(raw["fingerprint"]), int(raw["messages"]), int(raw["tokens"]), request_id)
        answer = json.loads(json.dumps(content))  # as the next round reads it from PostgreSQL
        rows = [*rows, _row(trigger, 1, "assistant", answer)]
    return (time.process_time() - started) / turns


def measure_lengths(short: int, long: int, sessions: int) -> dict[str, float]:
    """ms per round over ``sessions`` short Sessions and over long ones of as many rounds in all (at least one)."""
    short_ms = sum(session_cpu_per_round(short) for _ in range(sessions)) / sessions * 1000
    long_sessions = max(1, sessions * short // long)
    long_ms = sum(session_cpu_per_round(long) for _ in range(long_sessions)) / long_sessions * 1000
    return {"short": short_ms, "long": long_ms}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--short", type=int, default=8, help="turns of a short Session")
    parser.add_argument("--long", type=int, default=300, help="turns of a long Session")
    parser.add_argument("--sessions", type=int, default=150, help="short Sessions measured (long: as many rounds)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each revision, alternating")
    parser.add_argument("--baseline-src", type=Path, help="a checkout of another Mango revision")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(measure_lengths(args.short, args.long, args.sessions)))
        return
    revisions = [("this revision", None)]
    if args.baseline_src:
        revisions.append(("baseline", args.baseline_src.resolve() / "server" / "src"))
    print(f"| run | revision | {args.short}-turn Sessions: ms per round | {args.long}-turn | long / short |")
    print("|---|---|---|---|---|")
    for run in range(args.repeat):
        for name, src in revisions if run % 2 == 0 else revisions[::-1]:
            env = dict(os.environ)
            if src is not None:
                env["PYTHONPATH"] = f"{src}:{env.get('PYTHONPATH', '')}"
            argv = [sys.executable, __file__, "--child", f"--short={args.short}", f"--long={args.long}"]
            out = subprocess.run([*argv, f"--sessions={args.sessions}"], env=env, check=True, capture_output=True)
            figures = json.loads(out.stdout)
            ratio = figures["long"] / figures["short"]
            print(f"| {run + 1} | {name} | {figures['short']:.3f} | {figures['long']:.3f} | {ratio:.2f} |", flush=True)


if __name__ == "__main__":
    main()
