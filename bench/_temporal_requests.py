"""Temporal's frontend requests, by operation, read from the dev server's Prometheus ``/metrics``.

The benches read it around a measured window, as they read CPU from ``/proc``: requests per turn say
which Temporal operations a turn costs (signals, workflow and activity task completions, polls), the
figure that tells whether a change removed one. Not responsible for starting Temporal or for
interpreting the counts.
"""

from __future__ import annotations

import time
from collections import Counter

import httpx
from prometheus_client.parser import text_string_to_metric_families

# Temporal reports a request to its metrics a little after serving it: a read waits this long so
# that a window's last requests count in it and the requests before it do not.
SETTLE_SECONDS = 2.0


def frontend_requests(metrics_port: int) -> Counter[str]:
    """The ``service_requests`` counter of Temporal's frontend, summed over namespaces, by operation,
    read ``SETTLE_SECONDS`` from now."""
    time.sleep(SETTLE_SECONDS)
    text = httpx.get(f"http://127.0.0.1:{metrics_port}/metrics", timeout=10).text
    counts: Counter[str] = Counter()
    for family in text_string_to_metric_families(text):
        if family.name != "service_requests":
            continue
        for sample in family.samples:
            if sample.labels.get("service_name") == "frontend":
                counts[sample.labels["operation"]] += int(sample.value)
    return counts


def per_turn(before: Counter[str], after: Counter[str], turns: int) -> dict[str, float]:
    """Each operation's requests per turn over a window (operations seen in it only)."""
    return {op: (after[op] - before[op]) / turns for op in after if after[op] > before[op]}
