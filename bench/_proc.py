"""CPU time of process trees read from ``/proc`` (Linux), for the benches' per-turn figures.

``tree_cpu_seconds(pid)`` sums user + system time over ``pid`` and every live descendant, plus
the time of descendants that already exited and were reaped (``cutime``/``cstime``), so a
PostgreSQL postmaster accounts for all its backends, short-lived ones included;
``self_cpu_seconds()`` is the calling process's own; ``children_of(pid)`` lists a process's children
(the soak's kill of a worker). Not responsible for starting or stopping
anything.
"""

from __future__ import annotations

import os
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")


def _stat(pid: int) -> list[str] | None:
    try:
        raw = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        return None
    # the command name (field 2) may hold spaces and parentheses: split after its last ')'
    return raw[raw.rindex(")") + 2 :].split()


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None:
                kids.setdefault(int(fields[1]), []).append(int(entry.name))
    return kids


def children_of(pid: int) -> list[int]:
    """The live direct children of ``pid`` (a killed worker's shells, which live in their own process groups)."""
    return _children().get(pid, [])


def tree_cpu_seconds(pid: int, kids: dict[int, list[int]] | None = None) -> float:
    """User + system CPU seconds of ``pid``'s process tree (reaped children included)."""
    kids = _children() if kids is None else kids
    total, todo = 0, [pid]
    while todo:
        current = todo.pop()
        fields = _stat(current)
        if fields is None:
            continue
        # fields after the name: [0]=state ... [11]=utime [12]=stime [13]=cutime [14]=cstime
        total += sum(int(x) for x in fields[11:15])
        todo.extend(kids.get(current, []))
    return total / _TICK


def self_cpu_seconds() -> float:
    """User + system CPU seconds of this process (a bench's load generator or harness)."""
    times = os.times()
    return times.user + times.system


def snapshot(pids: dict[str, int]) -> dict[str, float]:
    """CPU seconds of each named process tree, read together."""
    kids = _children()
    return {name: tree_cpu_seconds(pid, kids) for name, pid in pids.items()}


def rss_kib(pid: int) -> int:
    """Resident set size of one process in KiB (``VmRSS``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def tcp_passive_opens() -> int:
    """TCP connections accepted so far in this network namespace (``PassiveOpens`` of ``/proc/net/snmp``):
    every process's, so a window's difference counts the connections any of them accepted."""
    rows = [line.split() for line in Path("/proc/net/snmp").read_text().splitlines() if line.startswith("Tcp:")]
    names, values = rows[0], rows[1]
    return int(values[names.index("PassiveOpens")])
