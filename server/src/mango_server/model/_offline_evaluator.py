"""The offline model's deterministic answer to a permission-evaluator prompt.

When a request's system prompt starts with ``EVALUATOR_MARKER`` (``app.turn.evaluator`` builds it),
the offline model answers with the JSON verdict below instead of following directives, so tests
cover all three outcomes without a network:

- any string of the call's input containing ``mango-auto:deny`` gives ``deny``/``high_risk``, and
  ``mango-auto:ask`` gives ``ask``/``uncertain`` (untrusted text may only lower authority);
- ``mango-auto:garbage`` gives an unparsable answer (the evaluator must fail safe and ask);
- otherwise a tool whose name reads as read-only (``read``, ``glob``, ``grep``, or a name starting
  with ``get``, ``list``, ``lookup``, ``read``, ``search``) is ``allow``/``routine``; anything
  else is ``ask``/``uncertain``.

Not responsible for the prompt itself or for how verdicts are enforced.
"""

from __future__ import annotations

import json

EVALUATOR_MARKER = "You are Mango's tool permission evaluator."
_READ_ONLY = ("read", "glob", "grep")
_READ_PREFIXES = ("get", "list", "lookup", "read", "search")


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def verdict(prompt: str) -> str:
    """The answer text to one evaluator prompt (the JSON of the call, see ``app.turn.evaluator``)."""
    try:
        call = json.loads(prompt)
        name = str(call["tool"]["name"])
        texts = _strings(call.get("input"))
    except (ValueError, KeyError, TypeError):
        return json.dumps({"decision": "ask", "reason_type": "indeterminate", "reason": "unreadable call"})
    if any("mango-auto:garbage" in t for t in texts):
        return "I think this is probably fine?"
    if any("mango-auto:deny" in t for t in texts):
        return json.dumps({"decision": "deny", "reason_type": "high_risk", "reason": "the input asks for denial"})
    if any("mango-auto:ask" in t for t in texts):
        return json.dumps({"decision": "ask", "reason_type": "uncertain", "reason": "the input asks for review"})
    if name in _READ_ONLY or name.lower().startswith(_READ_PREFIXES):
        return json.dumps({"decision": "allow", "reason_type": "routine", "reason": f"{name} only reads"})
    return json.dumps({"decision": "ask", "reason_type": "uncertain", "reason": f"{name} may change state"})
