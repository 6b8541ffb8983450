"""The offline model's deterministic answer to a context-summary prompt.

When a request's system prompt starts with ``SUMMARY_MARKER`` (``app.turn.summarizer`` builds it),
the offline model writes a summary instead of following directives, so the model-written
compaction mode is testable without a network:

- the summary names how many lines of conversation it was given and quotes the first words of
  each ``user:`` line (``Offline summary of N lines: ...``);
- a conversation containing ``mango-summary:fail`` makes the call fail (a retryable provider
  error), so tests cover the fallback to the extractive summary.

Not responsible for the prompt itself or for how the summary is used.
"""

from __future__ import annotations

SUMMARY_MARKER = "You are Mango's context summarizer."
FAIL_MARKER = "mango-summary:fail"
_WORDS = 6


def summary_text(prompt: str) -> str:
    """The deterministic summary of one summarizer prompt (the rendered conversation)."""
    lines = [line for line in prompt.splitlines() if line.strip()]
    quoted = []
    for line in lines:
        if line.startswith("user:"):
            words = line[len("user:") :].split()[:_WORDS]
            if words:
                quoted.append(" ".join(words))
    return f"Offline summary of {len(lines)} lines: " + "; ".join(quoted)
