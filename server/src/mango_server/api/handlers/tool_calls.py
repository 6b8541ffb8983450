"""Tool call handlers: the operation journal of worker-run built-ins (``sessions.tool_calls.start``)."""

from __future__ import annotations

from mango_server.api.context import RequestContext
from mango_server.api.mappers import tool_calls as wire
from mango_server.app import tool_calls
from mango_server.domain._generated.wire import ToolCall, ToolCallStartParams


async def sessions_tool_calls_start(ctx: RequestContext) -> ToolCall:
    session_id = ctx.path["session_id"]
    ctx.require_session_scope(session_id)
    thread_id = ctx.params(ToolCallStartParams).get("session_thread_id")
    started = await tool_calls.start(
        ctx.services, ctx.principal, session_id, ctx.path["tool_use_id"], thread_id, ctx.session_token
    )
    return wire.tool_call(started)
