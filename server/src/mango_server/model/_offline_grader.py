"""The offline model's deterministic answer to an outcome-grader prompt.

When a request's system prompt starts with ``GRADER_MARKER`` (``app.turn.outcome_grader`` builds
it), the offline model answers with the JSON verdict below, driven by directives in the rubric,
so tests cover the grading loop without a network:

- ``mango-grade:revise=N``: iterations before ``N`` (0-based) need revision, later ones are
  satisfied (``N=1`` iterates once, then passes);
- ``mango-grade:require=WORD``: satisfied when the agent's answer contains ``WORD``;
- ``mango-grade:garbage``: an unparsable answer (the grader must record ``failed``);
- otherwise a non-empty answer is satisfied.

Not responsible for the prompt itself or for what the loop does with a verdict.
"""

from __future__ import annotations

import json
import re

GRADER_MARKER = "You are Mango's outcome grader."
_REVISE = re.compile(r"mango-grade:revise=(\d+)")
_REQUIRE = re.compile(r"mango-grade:require=(\S+)")


def _answer(satisfied: bool, explanation: str) -> str:
    return json.dumps({"result": "satisfied" if satisfied else "needs_revision", "explanation": explanation})


def grade(prompt: str) -> str:
    """The answer text to one grader prompt (the JSON of the outcome and the answer)."""
    try:
        subject = json.loads(prompt)
        rubric = str(subject["outcome"]["rubric"])
        iteration = int(subject["iteration"])
        answer = str(subject["answer"])
    except (ValueError, KeyError, TypeError):
        return _answer(False, "the grading request was unreadable")
    if "mango-grade:garbage" in rubric:
        return "Looks good to me, probably."
    revise = _REVISE.search(rubric)
    if revise is not None:
        needed = int(revise.group(1))
        if iteration < needed:
            return _answer(False, f"Iteration {iteration} does not meet the rubric yet; add the missing detail.")
        return _answer(True, f"Iteration {iteration} meets the rubric.")
    require = _REQUIRE.search(rubric)
    if require is not None:
        word = require.group(1)
        if word in answer:
            return _answer(True, f"The answer contains {word!r} as the rubric requires.")
        return _answer(False, f"The answer must contain {word!r}.")
    return _answer(bool(answer.strip()), "The answer is present." if answer.strip() else "There is no answer yet.")
