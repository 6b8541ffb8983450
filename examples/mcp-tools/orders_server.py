"""A small MCP server for the mcp-tools example, built with the `mcp` SDK's server side.

Two tools over streamable HTTP at http://127.0.0.1:PORT/mcp:
- `lookup_order(order_id)`: reads an order (the `auto` evaluator allows it);
- `refund_order(order_id, reason)`: changes state (the `auto` evaluator asks a human first).

Run:  python examples/mcp-tools/orders_server.py PORT
"""

from __future__ import annotations

import sys

import uvicorn
from mcp.server.mcpserver import MCPServer

ORDERS = {"A-100": {"item": "teapot", "status": "delivered", "total": "39.00 EUR"}}
REFUNDS: list[str] = []

mcp = MCPServer("orders", version="1.0.0")


@mcp.tool(description="Read one order by id (read-only).")
def lookup_order(order_id: str) -> str:
    order = ORDERS.get(order_id)
    if order is None:
        return f"no order {order_id}"
    return f"order {order_id}: {order['item']}, {order['status']}, {order['total']}"


@mcp.tool(description="Refund an order. Moves money: needs approval.")
def refund_order(order_id: str, reason: str) -> str:
    REFUNDS.append(order_id)
    return f"refunded {order_id} ({reason}); refunds so far: {len(REFUNDS)}"


def main() -> None:
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    app = mcp.streamable_http_app(json_response=True, stateless_http=True)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


if __name__ == "__main__":
    main()
