"""Admission and usage of the bounded side calls: the permission evaluator, the outcome grader, the context summary.

Every model call counts against the Session's budget, not only its rounds. A :class:`Meter` is
opened for one Session (its budget and the usage of all its Threads, read once, plus anything not
yet committed, such as the round being committed), asked before each side call whether the call
could take the Session past its budget (its estimated input and its whole ``max_tokens``, priced
with the call's own model, ``domain.prices.budget_exceeded``), and told the usage each answered
call reported. A refused call is not made (the caller fails safe: the evaluator asks, the grader
stops the Session with ``budget_reached``, the summary falls back to extractive). The caller
adds ``Meter.added`` to the Session's usage in the transaction that commits the call's result and,
for a Session with a budget, appends :func:`report_usage` there: the ``session.usage`` event a round
announces its usage with (the evaluator's calls count in their round's report).

Not responsible for the calls themselves or for writing usage.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from mango_server.app import ledger
from mango_server.app.ledger import Tx
from mango_server.app.threads import delegation
from mango_server.app.turn.rounds import StepOutcome
from mango_server.domain import prices, tokens
from mango_server.domain._generated import wire
from mango_server.domain._generated.events import SessionStatusIdleEvent, SessionUsageEvent
from mango_server.domain.prices import Price
from mango_server.ids import derived_id
from mango_server.model import ModelRequest, Usage, tool_declaration
from mango_server.store import events, sessions
from mango_server.store import threads as thread_rows
from mango_server.store.db import Connection
from mango_server.store.events import NewEvent
from mango_server.store.sessions import SessionRow

__all__ = ["Meter", "budget_scope", "open_meter", "report_usage", "stop_for_budget"]

_TOKEN_KEYS = ("input_tokens", "output_tokens", "cache_creation_input_tokens", "cache_read_input_tokens")


class Meter:
    """The budget check and running usage of one Session's side calls."""

    def __init__(
        self,
        budget: Mapping[str, object] | None,
        used: Mapping[str, int],
        price_of: Callable[[str], Price | None],
    ) -> None:
        self.budget = budget
        self._used = prices.sum_totals([used])
        self._price_of = price_of
        self.added: dict[str, int] = {}
        self.refused = False  # a call was not made because of the budget

    def admits(self, request: ModelRequest) -> bool:
        """Whether ``request`` may be sent; a refusal is remembered in ``refused``."""
        if not self.budget:
            return True
        declared = [tool_declaration(t) for t in request.tools]
        estimate = tokens.estimate_request(request.system, request.messages, declared)
        price = self._price_of(request.model)
        if prices.budget_exceeded(self.budget, self._used, price, estimate, request.max_tokens):
            self.refused = True
            return False
        return True

    def add(self, model_id: str, usage: Usage) -> None:
        """Count one answered call's reported usage, priced with ``model_id``'s list price."""
        counts = {k: int(getattr(usage, k) or 0) for k in _TOKEN_KEYS}
        totals = prices.request_totals(self._price_of(model_id), counts, usage.server_tool_use)
        self._used = prices.sum_totals([self._used, totals])
        self.added = prices.sum_totals([self.added, totals])


async def budget_scope(
    conn: Connection, session: SessionRow, root: SessionRow | None = None
) -> tuple[wire.SessionBudget | None, dict[str, int]]:
    """The budget ``session``'s calls are checked against and the usage it limits (all Threads of its Session).

    A child Thread's calls count against its Session's (``root``: its row when already read) budget.
    No budget means no more reads.
    """
    if root is None:
        root = session
        if session.primary_session_id:
            root = await sessions.lock_any(conn, session.primary_session_id) or session
    if not root.budget:
        return None, {}
    children = (await thread_rows.children_usage(conn, [root.id])).get(root.id, [])
    return root.budget, prices.sum_totals([root.usage or {}, *children])


async def open_meter(
    conn: Connection,
    session: SessionRow,
    price_of: Callable[[str], Price | None],
    pending: Mapping[str, int] | None = None,
) -> Meter:
    """A meter for ``session``; ``pending``: usage already spent but not yet committed (the round's)."""
    budget, used = await budget_scope(conn, session)
    return Meter(budget, prices.sum_totals([used, pending or {}]), price_of)


async def stop_for_budget(tx: Tx, session: SessionRow, budget: wire.SessionBudget, start_id: str) -> StepOutcome:
    """Do not send the request: the Thread goes idle with ``budget_reached`` (announced once per budget).

    Its turn stays open; raising the budget wakes it (``app.sessions.update``). A child Thread's stop
    is announced in the primary ledger too.
    """
    conn = tx.conn
    stop: wire.BudgetReachedStopReason = {"type": "budget_reached"}
    idle_id = derived_id("sevt", start_id, "budget", json.dumps(budget, sort_keys=True))
    if not await events.exists(conn, idle_id):
        idle = NewEvent.of(idle_id, SessionStatusIdleEvent(stop_reason=stop))
        await ledger.append(tx, session.workspace_id, session.id, [idle])
    if session.status != "idle" or session.stop_reason != stop:
        after = await sessions.set_status(conn, session, "idle", stop)
        await delegation.announce_child(tx, session, after, derived_id("sevt", idle_id, "thread"))
    return StepOutcome("idle")


async def report_usage(tx: Tx, session: SessionRow, event_id: str) -> None:
    """Append the ``session.usage`` event announcing ``session``'s usage after a side call, as a round does.

    Only a Session with a budget reports (the event's documented contract). ``event_id`` is derived
    from the call's own anchor; a repeated call (a retried activity) finds it written and adds none.
    """
    if not session.budget or await events.exists(tx.conn, event_id):
        return
    report = SessionUsageEvent(usage=prices.public_usage(session.usage), budget=session.budget)
    await ledger.append(tx, session.workspace_id, session.id, [NewEvent.of(event_id, report)])
