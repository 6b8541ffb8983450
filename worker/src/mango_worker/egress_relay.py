"""The in-container end of the egress proxy: ``127.0.0.1:<port>`` relayed to the proxy's Unix socket.

Under ``--tool-network proxy`` an item container has no network (``--network none``), so tools
cannot reach the supervisor's proxy over TCP; the proxy's socket is mounted at
``/run/mango-egress/egress.sock`` instead. HTTP clients expect a TCP proxy, so the item runner
starts :func:`start_relay` in its own event loop before any tool runs: it listens on the
container's loopback only and relays the bytes of each connection to the socket, unchanged.
``HTTP_PROXY`` / ``HTTPS_PROXY`` in the container point at it.

Not responsible for: any decision about a request (the proxy on the host makes them all).
"""

from __future__ import annotations

import asyncio
import contextlib

from .container import EGRESS_PORT

__all__ = ["start_relay"]

_CHUNK = 65536


async def _pipe(source: asyncio.StreamReader, sink: asyncio.StreamWriter) -> None:
    try:
        while chunk := await source.read(_CHUNK):
            sink.write(chunk)
            await sink.drain()
        if sink.can_write_eof():
            sink.write_eof()
    except OSError:
        sink.close()


async def start_relay(socket_path: str, port: int = EGRESS_PORT) -> asyncio.AbstractServer:
    """Listen on ``127.0.0.1:port`` and relay every connection to ``socket_path``."""

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_unix_connection(socket_path)
        except OSError:
            writer.close()
            return
        try:
            await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))
        finally:
            for end in (up_writer, writer):
                with contextlib.suppress(OSError, RuntimeError):
                    end.close()

    return await asyncio.start_server(relay, "127.0.0.1", port)
