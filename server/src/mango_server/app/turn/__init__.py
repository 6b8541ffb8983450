"""The turn engine: a Session's agent loop, one provider round per step.

``TurnEngine.step`` reads as probe -> prepare -> ask the model -> commit (``engine``). The
phases live beside it: ``prepare`` (claim or resume the turn and admit its request),
``context_admission`` and ``request`` (the model's input), ``commit`` (the answer or the error),
``rounds`` (what the phases share and the commit fence), and the platform's own tool calls run
between rounds (``mcp_calls``, ``managed_calls``, ``mcp_discovery``, ``mcp_results``,
``skill_loader``, ``evaluator``, ``summarizer``). Not responsible for waiting, timers or signals
(the Session workflow), HTTP admission (``app.admission``) or Threads (``app.threads``).
"""

from __future__ import annotations

from mango_server.app.turn.engine import TurnEngine

__all__ = ["TurnEngine"]
